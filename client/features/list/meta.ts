// Reading the shared resource metadata on the client: labels, list columns and how values are shown.
import type { FieldMeta, ResourceMeta } from "../../../shared/resources/meta.ts";
import type { Translator } from "../../../shared/i18n/mod.ts";
import { startupAtom, store } from "../../state.ts";

export type { FieldMeta, ResourceMeta };

import {
  cellText as cellTextIn,
  formatValue as formatValueIn,
  type PlainKey,
  type Row,
} from "../../../shared/list/format.ts";
export {
  formatAddress,
  formatDay,
  formatLatLng,
  isCalendarDay,
  namesField,
  optionLabel,
  type PlainKey,
  type Row,
  rowOptionLabel,
} from "../../../shared/list/format.ts";

/** The company's base currency (its account's), in which prices and values without a currency of their own are. */
export function baseCurrency(): string {
  return (store.get(startupAtom)?.clientAccount as { baseCurrency?: string } | undefined)?.baseCurrency ??
    "EUR";
}

export function label(t: Translator, f: FieldMeta): string {
  return t.t(f.labelKey as PlainKey);
}

export function listColumns(meta: ResourceMeta): FieldMeta[] {
  return meta.fields.filter((f) => f.list);
}

export function defaultVisibleColumns(meta: ResourceMeta): Set<string> {
  return new Set(listColumns(meta).filter((f) => f.list?.visible).map((f) => f.name));
}

/** A value as text in the user's language ("" when there is none). */
export function formatValue(t: Translator, f: FieldMeta, value: unknown): string {
  return formatValueIn(t, f, value, baseCurrency());
}

/** A list cell as text: the value, or the linked record's name when the row carries it. */
export function cellText(t: Translator, f: FieldMeta, row: Row): string {
  return cellTextIn(t, f, row, baseCurrency());
}

/** The name of a record of a reference's target: its title fields, the first with a value, else "#id". */
export function referenceTitle(titleFields: readonly string[], record: Record<string, unknown>): string {
  for (const name of titleFields) {
    const v = record[name];
    if (typeof v === "string" && v.trim()) return v;
    if (typeof v === "number") return String(v);
  }
  return `#${record.id}`;
}

/** What names a record in titles and confirmations: its title fields, the first that has a value. */
export function recordTitle(meta: ResourceMeta, record: Record<string, unknown> | null | undefined): string {
  if (!record) return "";
  for (const name of meta.titleFields) {
    const v = record[name];
    if (typeof v === "string" && v.trim()) return v;
  }
  return record.id !== undefined ? `#${record.id}` : "";
}
