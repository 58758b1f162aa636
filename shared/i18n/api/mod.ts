// Server-side translation: one catalogue file per language, the language chosen from the user's
// default, else Accept-Language, else en-us.
import { type Catalogue, enUs, type MessageKey } from "./en_us.ts";
import { plPl } from "./pl_pl.ts";
import { deDe } from "./de_de.ts";
import { frFr } from "./fr_fr.ts";
import { esEs } from "./es_es.ts";
import { ruRu } from "./ru_ru.ts";

import { isLanguage, type Language, languages } from "../languages.ts";

export { isLanguage, type Language, languages };
export type { MessageKey };

export const catalogues: Record<Language, Catalogue> = {
  "pl-pl": plPl,
  "en-us": enUs,
  "de-de": deDe,
  "fr-fr": frFr,
  "es-es": esEs,
  "ru-ru": ruRu,
};

/** Picks the best supported language from an Accept-Language header ("de-DE,de;q=0.9,en;q=0.8"). */
export function languageFromHeader(header: string | null | undefined): Language | undefined {
  if (!header) return undefined;
  const ranked = header.split(",").map((part, i) => {
    const [tag, ...params] = part.trim().toLowerCase().split(";");
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    return { tag, q: q ? Number(q.slice(2)) || 0 : 1, i };
  }).filter((r) => r.tag && r.q > 0).sort((a, b) => b.q - a.q || a.i - b.i);
  for (const { tag } of ranked) {
    if (isLanguage(tag)) return tag;
    const base = tag.split("-")[0];
    const match = languages.find((l) => l.startsWith(base + "-"));
    if (match) return match;
  }
  return undefined;
}

/**
 * A message with its values; `{budget:money}` shows a number as an amount, two decimals in the language's
 * own number format ("1.00", "1,00"), so the error's params keep the plain number.
 */
export function translate(
  lang: Language,
  key: MessageKey,
  params: Record<string, string | number> = {},
): string {
  const template = catalogues[lang][key] ?? enUs[key];
  return template.replace(/\{(\w+)(:money)?\}/g, (m, name, money) => {
    if (!(name in params)) return m;
    const v = params[name];
    return money && typeof v === "number"
      ? new Intl.NumberFormat(lang, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(v)
      : String(v);
  });
}

/**
 * An import cell's message: its code's, or its variant's (`import.referenceNotFound.ProductGroup`), with its
 * values; several readings offered are joined as the language lists alternatives ("1.25 or 1,250").
 */
export function rowMessage(
  lang: Language,
  e: { code: string; params?: Record<string, string | number | string[]> },
): string {
  const params = Object.fromEntries(
    Object.entries(e.params ?? {}).map((
      [k, v],
    ) => [k, Array.isArray(v) ? new Intl.ListFormat(lang, { type: "disjunction" }).format(v) : v]),
  );
  const variant = `${e.code}.${params.variant}`;
  const key = params.variant !== undefined && Object.hasOwn(enUs, variant) ? variant : e.code;
  return Object.hasOwn(enUs, key) ? translate(lang, key as MessageKey, params) : e.code;
}
