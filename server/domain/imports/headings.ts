// An import file's headings and the fields they name. The template is headed by the fields' labels in the
// user's language, each with a note of what it takes; a file is read whatever language its headings are in
// (a file made in Polish imported by an English user), and by the fields' own names (the templates before,
// `mainGroupId`).
import type { FieldMeta } from "../../../shared/resources/meta.ts";
import type { Language } from "../../../shared/i18n/languages.ts";
import { norm } from "./cells.ts";
import { referenceVariant } from "./references.ts";

type Texts = { t(key: string, params?: Record<string, string | number>): string };

/** The client's catalogue (field labels live there), loaded when first needed as the exports load it. */
async function catalogue() {
  const { translator, languages } = await import("../../../shared/i18n/mod.ts");
  const texts = (lang: Language) => translator(lang) as unknown as Texts;
  return { texts, languages };
}

export async function textsOf(lang: Language): Promise<Texts> {
  return (await catalogue()).texts(lang);
}

/** Each field's heading in `lang`: its label, and its name beside it where two fields' labels are one. */
export function headingsOf(fields: FieldMeta[], t: Texts): string[] {
  const labels = fields.map((f) => t.t(f.labelKey));
  const seen = new Map<string, number>();
  for (const l of labels) seen.set(norm(l), (seen.get(norm(l)) ?? 0) + 1);
  return labels.map((l, i) => (seen.get(norm(l))! > 1 ? `${l} (${fields[i].name})` : l));
}

/** What a heading names: the field's own name first, then the labels in the user's language, then in any. */
export async function headingIndex(fields: FieldMeta[], lang: Language): Promise<Map<string, string>> {
  const { texts, languages } = await catalogue();
  const index = new Map<string, string>();
  const tier = (pairs: [string, string][]) => {
    // Two fields under one heading in a tier: the heading names neither (the person picks the field).
    const here = new Map<string, string | null>();
    for (const [heading, field] of pairs) {
      const k = norm(heading);
      if (!k || index.has(k)) continue;
      here.set(k, here.has(k) && here.get(k) !== field ? null : field);
    }
    for (const [k, field] of here) if (field) index.set(k, field);
  };
  tier(fields.flatMap((f) => [[f.name, f.name], [f.name.replace(/Id$/, ""), f.name]] as [string, string][]));
  for (const l of [lang, ...languages.filter((x) => x !== lang)]) {
    const t = texts(l);
    const headings = headingsOf(fields, t);
    tier(fields.flatMap((f, i) => [[headings[i], f.name], [t.t(f.labelKey), f.name]] as [string, string][]));
  }
  return index;
}

/** Each column's field: the caller's mapping, else the field its heading names; the others ignored. */
export async function guessMapping(
  columns: string[],
  fields: FieldMeta[],
  lang: Language,
  given?: Record<string, string>,
) {
  const index = await headingIndex(fields, lang);
  const known = new Set(fields.map((f) => f.name));
  // No prototype behind it: a column headed "constructor" or "__proto__" is a column like any other.
  const mapping: Record<string, string> = Object.create(null);
  const ignored: string[] = [];
  for (const c of columns) {
    const wanted = given && Object.hasOwn(given, c) ? given[c] : index.get(norm(c));
    if (typeof wanted === "string" && known.has(wanted)) mapping[c] = wanted;
    else ignored.push(c);
  }
  return { mapping, ignored };
}

/** Whether a column is headed by its field's own name (`mainGroupId`): its references are ids first. */
export function headedByName(column: string, field: string): boolean {
  return norm(column) === norm(field);
}

/** A choice's codes by their labels in every language (and by the codes themselves), for each choice field. */
export async function choiceLabels(fields: FieldMeta[]): Promise<Map<string, Map<string, string>>> {
  const { texts, languages } = await catalogue();
  const out = new Map<string, Map<string, string>>();
  for (const f of fields) {
    if (f.kind !== "enum" || !f.options) continue;
    const byLabel = new Map<string, string>();
    for (const code of f.options) byLabel.set(norm(code), code);
    for (const l of languages) {
      const t = texts(l);
      for (const code of f.options) {
        const key = `option.${f.name}.${code}`;
        const label = t.t(key);
        if (label !== key && !byLabel.has(norm(label))) byLabel.set(norm(label), code);
      }
    }
    out.set(f.name, byLabel);
  }
  return out;
}

/** The note on a template's heading: required or not, and what the column takes, in the user's words. */
export function headingNote(f: FieldMeta, t: Texts): string {
  const parts = [t.t(f.form?.required ? "importFile.hint.required" : "importFile.hint.optional")];
  switch (f.kind) {
    case "reference":
      parts.push(t.t(`importFile.hint.reference.${referenceVariant(f)}`));
      break;
    case "boolean":
      parts.push(t.t("importFile.hint.boolean"));
      break;
    case "strings":
      parts.push(t.t("importFile.hint.strings"));
      break;
    case "date":
      parts.push(t.t("importFile.hint.date"));
      break;
    case "number":
    case "money":
      parts.push(t.t("importFile.hint.number"));
      break;
    case "enum": {
      const labels = (f.options ?? []).map((o) => {
        const key = `option.${f.name}.${o}`;
        const label = t.t(key);
        return label === key ? o : label;
      });
      parts.push(t.t("importFile.hint.options", { options: labels.join(", ") }));
      break;
    }
  }
  if (f.unit) parts.push(t.t("importFile.hint.unit", { unit: f.unit }));
  return parts.join(" ");
}
