// How a list shows a value, as text in the user's language: pure (no state), so that the server's exports
// (server/domain/exports/) write a PDF's cells exactly as the list shows them. `currency` is the company's
// base currency, for money without a currency of its own.
import type { FieldMeta } from "../resources/meta.ts";
import type { MessageKey, Translator } from "../i18n/mod.ts";
import { isLanguage, languageNames } from "../i18n/mod.ts";

/** A catalogue key that is not a plural form (metadata keys are plain strings, checked by a test). */
export type PlainKey = Exclude<MessageKey, `${string}#${string}`>;

export type Row = Record<string, unknown> & { id: number };

export function optionLabel(t: Translator, f: FieldMeta, value: string): string {
  if (f.name === "defaultLanguage" && isLanguage(value)) return languageNames[value];
  return t.t(`option.${f.name}.${value}` as PlainKey);
}

const CALENDAR_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A calendar day as `YYYY-MM-DD` (an expiry date, a statistics range's end). */
export function isCalendarDay(value: unknown): value is string {
  return typeof value === "string" && CALENDAR_DAY.test(value);
}

/** A calendar day in the user's one date format: the same day everywhere; "" for anything else. */
export function formatDay(t: Translator, value: unknown): string {
  return isCalendarDay(value) ? t.day(value) : "";
}

/** A value as text in the user's language ("" when there is none). */
export function formatValue(t: Translator, f: FieldMeta, value: unknown, currency: string): string {
  if (value === null || value === undefined || value === "") return "";
  switch (f.kind) {
    case "boolean":
      return t.t(value ? "list.yes" : "list.no");
    case "date":
      // An instant shows in the user's time zone; a calendar day (also one in a field that may hold either,
      // a planned date) shows as a date.
      if (typeof value !== "string" && !(value instanceof Date)) return "";
      return f.day ? t.day(value) : t.instant(value);
    case "number":
      return typeof value === "number" ? withUnit(t.number(value), f.unit) : String(value);
    case "money":
      return typeof value === "number" ? t.money(value, f.currency ?? currency) : String(value);
    case "enum":
      return optionLabel(t, f, String(value));
    case "addresses":
      return Array.isArray(value) ? value.map((a) => formatAddress(a)).filter(Boolean).join("; ") : "";
    case "password":
      return "";
    case "reference":
      return String(value);
    case "references":
      return Array.isArray(value) && value.length ? t.plural("master.linked", value.length) : "";
    case "strings":
      return Array.isArray(value) ? value.join(", ") : String(value);
    case "latlng":
      return formatLatLng(value);
    case "rows":
      return Array.isArray(value)
        ? value.map((r) => rowText(t, f, r as Record<string, unknown>)).join("; ")
        : "";
    default:
      return String(value);
  }
}

/** The label of an enum column's value in a "rows" field (`option.customFields.type.date`). */
export function rowOptionLabel(t: Translator, f: FieldMeta, column: string, value: string): string {
  return t.t(`option.${f.name}.${column}.${value}` as PlainKey);
}

/** One row of a "rows" field as text: its values in column order, the empty ones left out. */
function rowText(t: Translator, f: FieldMeta, row: Record<string, unknown>): string {
  return (f.rows?.columns ?? []).map((c) => {
    const v = row[c.name];
    if (v === null || v === undefined || v === "") return "";
    if (c.kind === "enum") return rowOptionLabel(t, f, c.name, String(v));
    return typeof v === "number" ? t.number(v) : String(v);
  }).filter(Boolean).join(" · ");
}

function withUnit(text: string, unit: string | undefined): string {
  return unit ? `${text} ${unit}` : text;
}

/** A point as "52.2297, 21.0122" (coordinates keep the dot in every language). */
export function formatLatLng(value: unknown): string {
  const p = value as { lat?: unknown; lng?: unknown } | null;
  return p && typeof p.lat === "number" && typeof p.lng === "number" ? `${p.lat}, ${p.lng}` : "";
}

/** The list row's field with the names of a references field's records (`productGroupIds` → `productGroupNames`). */
export function namesField(f: FieldMeta): string {
  return `${f.name.replace(/Ids$/, "")}Names`;
}

/** A list cell as text: the value, or the linked record's name when the row carries it. */
export function cellText(t: Translator, f: FieldMeta, row: Row, currency: string): string {
  const value = row[f.name];
  if (f.kind === "reference" && value !== null && value !== undefined && f.reference?.displayField) {
    const shown = row[f.reference.displayField];
    if (typeof shown === "string" && shown) return shown;
  }
  if (f.kind === "references") {
    const names = row[namesField(f)];
    if (Array.isArray(names) && names.length) return names.join(", ");
  }
  return formatValue(t, f, value, currency);
}

export function formatAddress(a: Record<string, unknown>): string {
  const line1 = [a.street, a.number].filter(Boolean).join(" ");
  const line2 = [a.postalCode, a.city].filter(Boolean).join(" ");
  return [line1, line2, a.province, a.country].filter(Boolean).join(", ");
}
