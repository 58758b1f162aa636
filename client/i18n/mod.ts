// The client's translations: six complete catalogues, plural forms by Intl.PluralRules, and dates,
// numbers and money by Intl in the chosen language. The language follows the browser (en-us fallback)
// unless the user chose one; the server renders the shell in the same language.
import { enUs, type MessageKey } from "./en_us.ts";
import { plPl } from "./pl_pl.ts";
import { deDe } from "./de_de.ts";
import { frFr } from "./fr_fr.ts";
import { esEs } from "./es_es.ts";
import { ruRu } from "./ru_ru.ts";
import type { LanguageCatalogue, PluralBase } from "./types.ts";
import { isLanguage, type Language, languages } from "../../server/kernel/i18n/contract.ts";

export { isLanguage, type Language, languages };
export type { MessageKey };

/** Each language's own name, shown in the language choice. */
export const languageNames: Record<Language, string> = {
  "pl-pl": "Polski",
  "en-us": "English",
  "de-de": "Deutsch",
  "fr-fr": "Français",
  "es-es": "Español",
  "ru-ru": "Русский",
};

const catalogues: Record<Language, LanguageCatalogue> = {
  "pl-pl": plPl,
  "en-us": enUs,
  "de-de": deDe,
  "fr-fr": frFr,
  "es-es": esEs,
  "ru-ru": ruRu,
};

type Params = Record<string, string | number>;

function fill(template: string, params: Params): string {
  return template.replace(/\{(\w+)\}/g, (m, name) => (name in params ? String(params[name]) : m));
}

export interface Translator {
  lang: Language;
  t(key: Exclude<MessageKey, `${PluralBase}#${string}`>, params?: Params): string;
  /** A plural message: `count` picks the form. */
  plural(base: PluralBase, count: number, params?: Params): string;
  number(n: number, options?: Intl.NumberFormatOptions): string;
  money(n: number, currency: string): string;
  date(d: Date | string, options?: Intl.DateTimeFormatOptions): string;
}

export function translator(lang: Language): Translator {
  const cat = catalogues[lang] as Record<string, string | undefined>;
  const rules = new Intl.PluralRules(lang);
  return {
    lang,
    t: (key, params = {}) => fill(cat[key] ?? (enUs as Record<string, string>)[key], params),
    plural: (base, count, params = {}) => {
      const form = cat[`${base}#${rules.select(count)}`] ?? cat[`${base}#other`] ??
        (enUs as Record<string, string>)[`${base}#other`];
      return fill(form ?? base, { count: new Intl.NumberFormat(lang).format(count), ...params });
    },
    number: (n, options) => new Intl.NumberFormat(lang, options).format(n),
    money: (n, currency) => new Intl.NumberFormat(lang, { style: "currency", currency }).format(n),
    date: (d, options = { dateStyle: "medium" }) =>
      new Intl.DateTimeFormat(lang, options).format(typeof d === "string" ? new Date(d) : d),
  };
}
