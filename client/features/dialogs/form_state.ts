// The add/edit form's values, driven by the resource metadata: what a new or loaded record starts as,
// what is sent (a password only when one was typed, `version` on an edit, empty optional text as null),
// and where the server's field codes go. Pure, so it is tested without a browser.
import type { FieldMeta, ResourceMeta } from "../../../shared/resources/meta.ts";

export type Mode = "add" | "edit" | "preview";
export type Values = Record<string, unknown>;
export type Address = Record<(typeof ADDRESS_FIELDS)[number], string>;

export const ADDRESS_FIELDS = ["street", "number", "postalCode", "city", "province", "country"] as const;
export const MAX_ADDRESSES = 10;

/** A new row of a "rows" field: empty texts and numbers, an enum's first option when one is required. */
export function emptyRow(f: FieldMeta): Values {
  return Object.fromEntries((f.rows?.columns ?? []).map((c) => [
    c.name,
    c.kind === "text" ? "" : c.kind === "enum" && c.required ? c.options?.[0] ?? null : null,
  ]));
}

export function emptyAddress(): Address {
  return { street: "", number: "", postalCode: "", city: "", province: "", country: "" };
}

/** Whether the field is edited in this mode by this user. */
export function isEditable(f: FieldMeta, mode: Mode, isAdmin: boolean): boolean {
  if (mode === "preview" || !f.form) return false;
  if (!(mode === "add" ? f.form.add : f.form.edit)) return false;
  return !(f.form.adminOnly && !isAdmin);
}

export function isRequired(f: FieldMeta, mode: Mode): boolean {
  return f.form?.required === "always" || (f.form?.required === "add" && mode === "add");
}

function blank(f: FieldMeta, mode: Mode): unknown {
  if (f.form?.default !== undefined && mode === "add") return f.form.default;
  switch (f.kind) {
    case "boolean":
      return false;
    case "number":
    case "money":
    case "reference":
    case "colour":
    case "latlng":
      return null;
    case "references":
    case "strings":
      return [];
    case "enum":
      return isRequired(f, mode) ? f.options?.[0] ?? null : null;
    case "addresses":
    case "rows":
      return [];
    default:
      return "";
  }
}

/** The form's starting values: the record's (edit) or the defaults (add). Passwords start empty. */
export function initialValues(meta: ResourceMeta, mode: Mode, record: Values | null): Values {
  const values: Values = {};
  for (const f of meta.fields) {
    if (!f.form) continue;
    const stored = record?.[f.name];
    if (f.writeOnly || stored === undefined || stored === null || mode === "add") {
      values[f.name] = blank(f, mode);
    } else if (f.kind === "addresses" && Array.isArray(stored)) {
      values[f.name] = stored.map((a) => ({ ...emptyAddress(), ...nonNull(a as Values) }));
    } else if (f.kind === "rows" && Array.isArray(stored)) {
      values[f.name] = stored.map((r) => ({ ...emptyRow(f), ...nonNull(r as Values) }));
    } else {
      values[f.name] = stored;
    }
  }
  return values;
}

function nonNull(v: Values): Values {
  return Object.fromEntries(Object.entries(v).filter(([, x]) => x !== null && x !== undefined));
}

function clean(f: FieldMeta, mode: Mode, value: unknown): unknown {
  if (typeof value === "string") {
    // An empty optional field is "no value"; an empty required one is sent so the server names it.
    return value.trim() === "" && !isRequired(f, mode) ? null : value;
  }
  if (typeof value === "number" && Number.isNaN(value)) return null;
  if (f.kind === "strings" && Array.isArray(value)) {
    return value.map((v) => String(v).trim()).filter(Boolean);
  }
  if (f.kind === "latlng") {
    const p = value as { lat?: number | null; lng?: number | null } | null;
    const lat = p?.lat ?? null;
    const lng = p?.lng ?? null;
    return lat === null && lng === null ? null : { lat, lng };
  }
  if (f.kind === "rows" && Array.isArray(value)) {
    // Only the declared columns; an empty optional text is "no value", an empty required one is sent.
    return value.map((r) =>
      Object.fromEntries((f.rows?.columns ?? []).map((c) => {
        const v = (r as Values)[c.name];
        if (typeof v === "string") return [c.name, v.trim() === "" && !c.required ? null : v.trim()];
        return [c.name, typeof v === "number" && Number.isNaN(v) ? null : v ?? null];
      }))
    );
  }
  if (f.kind === "addresses" && Array.isArray(value)) {
    return value.map((a) =>
      Object.fromEntries(
        Object.entries(a as Values).map(([k, v]) => [k, typeof v === "string" && v.trim() === "" ? null : v]),
      )
    );
  }
  return value;
}

/**
 * The body of POST (add) or PUT (edit): the fields this user edits in this mode, plus `id` and
 * `version` on an edit. A password field on an edit is sent only when a new password was typed.
 */
export function buildBody(
  meta: ResourceMeta,
  mode: "add" | "edit",
  values: Values,
  record: Values | null,
  isAdmin: boolean,
): Values {
  const body: Values = {};
  const passwordTyped = meta.fields.some((f) => f.kind === "password" && String(values[f.name] ?? "") !== "");
  for (const f of meta.fields) {
    if (!isEditable(f, mode, isAdmin)) continue;
    if (f.kind === "password" && mode === "edit" && !passwordTyped) continue;
    body[f.name] = f.kind === "password" ? String(values[f.name] ?? "") : clean(f, mode, values[f.name]);
  }
  if (mode === "edit" && record) {
    if (record.id !== undefined && !meta.singleton) body.id = record.id;
    body.version = record.version;
  }
  return body;
}

/**
 * The server's field codes split into those shown beside a field of the form (by the field's name, or
 * `addresses.0.city` / `customFields.1.code` for a part of a list) and the rest, shown above the form.
 */
export function placeErrors(
  shown: ReadonlySet<string>,
  fields: Record<string, string[]> | undefined,
): { byField: Record<string, string[]>; other: string[] } {
  const byField: Record<string, string[]> = {};
  const other: string[] = [];
  for (const [path, codes] of Object.entries(fields ?? {})) {
    const root = path.split(".")[0];
    if (shown.has(root) && path !== "_") (byField[path] ??= []).push(...codes);
    else other.push(...codes);
  }
  return { byField, other: [...new Set(other)] };
}
