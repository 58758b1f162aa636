// The list's query: page, sort, per-column filters and the quick search, turned into the contract's
// query string (PageNumber, PageSize, sortColumn, sortDescending, BasicFiltersSerialized), and a filter in
// words for its chip. Pure, so both are tested without a browser.
import type { FieldKind, FieldMeta } from "../../../shared/resources/meta.ts";
import type { ListOperator } from "../../../shared/list/contract.ts";
import type { Translator } from "../../../shared/i18n/mod.ts";
import { formatValue, isCalendarDay, label, optionLabel, type PlainKey } from "./meta.ts";

export type Operator = ListOperator;

/** A bound of a range; null: open on that side. */
export type Bound = string | number | null;

/**
 * A filter as the user set it. Dates are whole local days (`YYYY-MM-DD`); they become instants only on
 * the wire, so that a day means the user's day.
 */
export interface ColumnFilter {
  field: string;
  operator: Operator;
  value?: string | number | boolean | [Bound, Bound];
  /** What the value is called (the linked record's name of a reference filter), for the filter's chip. */
  display?: string;
}

/** A filter of BasicFiltersSerialized. */
export interface WireFilter {
  field: string;
  operator: Operator;
  value?: unknown;
}

export interface Sort {
  column: string;
  descending: boolean;
}

/** The operators offered for a kind of field, the first being the default. */
export function operatorsFor(kind: FieldKind): Operator[] {
  switch (kind) {
    case "number":
    case "money":
      return ["eq", "neq", "gt", "gte", "lt", "lte", "between", "isNull", "isNotNull"];
    case "boolean":
      return ["eq"];
    case "date":
      return ["between", "gte", "lte", "isNull", "isNotNull"];
    case "enum":
      return ["eq", "neq", "isNull", "isNotNull"];
    case "reference":
    case "colour":
      return ["eq", "isNull", "isNotNull"];
    case "latlng":
      return ["isNull", "isNotNull"];
    default:
      return ["contains", "startsWith", "eq", "neq", "isNull", "isNotNull"];
  }
}

export function takesValue(op: Operator): boolean {
  return op !== "isNull" && op !== "isNotNull";
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The first (or, with `end`, the last) millisecond of a local day, as the ISO instant the server stores. */
export function dayBound(day: string, end: boolean): string | null {
  const m = DAY.exec(day);
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]) - 1, Number(m[3])];
  const date = end ? new Date(y, mo, d, 23, 59, 59, 999) : new Date(y, mo, d, 0, 0, 0, 0);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

function present(v: Bound | undefined): boolean {
  return v !== null && v !== undefined && !(typeof v === "string" && v.trim() === "");
}

/** One filter on the wire, or null while it is incomplete (no value yet): an incomplete filter filters nothing. */
export function toWireFilter(field: FieldMeta, f: ColumnFilter): WireFilter | null {
  if (!takesValue(f.operator)) return { field: f.field, operator: f.operator };
  if (field.kind === "date") {
    const [from, to] = f.operator === "between"
      ? (Array.isArray(f.value) ? f.value : [null, null])
      : f.operator === "gte"
      ? [f.value as Bound, null]
      : [null, f.value as Bound];
    // A calendar-day field compares days as they are; an instant compares the local day's first and last ms.
    const bound = (v: Bound | undefined, end: boolean) =>
      !present(v) ? null : field.day ? (isCalendarDay(v) ? v : null) : dayBound(String(v), end);
    const lo = bound(from, false);
    const hi = bound(to, true);
    if (lo && hi) return { field: f.field, operator: "between", value: lo <= hi ? [lo, hi] : [hi, lo] };
    if (lo) return { field: f.field, operator: "gte", value: lo };
    if (hi) return { field: f.field, operator: "lte", value: hi };
    return null;
  }
  if (f.operator === "between") {
    const [from, to] = Array.isArray(f.value) ? f.value : [null, null];
    if (present(from) && present(to)) return { field: f.field, operator: "between", value: [from, to] };
    if (present(from)) return { field: f.field, operator: "gte", value: from };
    if (present(to)) return { field: f.field, operator: "lte", value: to };
    return null;
  }
  if (field.kind === "boolean") {
    return typeof f.value === "boolean" ? { field: f.field, operator: "eq", value: f.value } : null;
  }
  if (typeof f.value === "string") {
    const text = f.value.trim();
    return text ? { field: f.field, operator: f.operator, value: text } : null;
  }
  if (typeof f.value === "number" && Number.isFinite(f.value)) {
    return { field: f.field, operator: f.operator, value: f.value };
  }
  return null;
}

/** The filters and the quick search as the contract's AND-ed list. */
export function toWireFilters(
  fields: readonly FieldMeta[],
  filters: readonly ColumnFilter[],
  search: string,
): WireFilter[] {
  const byName = new Map(fields.map((f) => [f.name, f]));
  const out: WireFilter[] = [];
  for (const f of filters) {
    const field = byName.get(f.field);
    if (!field?.list?.filterable) continue;
    const wire = toWireFilter(field, f);
    if (wire) out.push(wire);
  }
  const q = search.trim();
  if (q) out.push({ field: "*", operator: "contains", value: q });
  return out;
}

/** The query string of one page of the list. */
export function listQueryString(
  q: { page: number; pageSize: number; sort: Sort; filters: readonly WireFilter[] },
): string {
  const params = new URLSearchParams({
    PageNumber: String(q.page),
    PageSize: String(q.pageSize),
    sortColumn: q.sort.column,
    sortDescending: String(q.sort.descending),
  });
  if (q.filters.length) params.set("BasicFiltersSerialized", JSON.stringify(q.filters));
  return params.toString();
}

/** The next sort when a column header is pressed: ascending first, then the other way. */
export function nextSort(current: Sort, column: string): Sort {
  return current.column === column
    ? { column, descending: !current.descending }
    : { column, descending: false };
}

export function operatorLabel(t: Translator, op: Operator): string {
  return t.t(`list.op.${op}` as PlainKey);
}

/** A filter in words: "E-mail contains kowal". */
export function describeFilter(t: Translator, field: FieldMeta, f: ColumnFilter): string {
  const show = (v: unknown) => {
    if (f.display !== undefined) return f.display;
    // The filter holds days (an instant's field too): each in the one date format.
    if (field.kind === "date") return t.day(typeof v === "string" ? v : null);
    return field.kind === "enum" ? optionLabel(t, field, String(v)) : formatValue(t, field, v);
  };
  let value = "";
  if (takesValue(f.operator)) {
    value = Array.isArray(f.value)
      ? f.value.map((v) => (v === null || v === "" ? "…" : show(v))).join(" – ")
      : show(
        f.value,
      );
  }
  return t.t("list.filterChip", { column: label(t, field), operator: operatorLabel(t, f.operator), value })
    .trim();
}
