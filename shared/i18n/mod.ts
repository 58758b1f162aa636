// The client's translations: six complete catalogues, plural forms by Intl.PluralRules, numbers and money
// by Intl in the chosen language, dates and instants in each language's one format
// (shared/i18n/dates.ts). The language follows the browser (en-us fallback) unless the user chose
// one; the server renders the shell in the same language. In the browser a language's catalogue is loaded
// before it is used (`loadLanguage`, ./catalogues_browser.ts).
import type { MessageKey } from "./en_us.ts";
import type { PluralBase } from "./types.ts";
import { isLanguage, type Language, languages } from "./languages.ts";
import { formatDate, formatInstant } from "./dates.ts";
import { catalogues, loadAllTexts, loadLanguage } from "./catalogues.ts";

export { isLanguage, type Language, languages, loadAllTexts, loadLanguage };

let latest = 0;
/**
 * Loads a language and then applies it, unless another was asked for meanwhile (the last choice wins,
 * not the last script to arrive). False when it was overtaken.
 */
export async function switchLanguage(lang: Language, apply: (lang: Language) => void): Promise<boolean> {
  const mine = ++latest;
  await loadLanguage(lang);
  if (mine !== latest) return false;
  apply(lang);
  return true;
}
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

/** A language's catalogue; one not loaded (yet) falls back to English, else to any that is. */
function catalogueOf(lang: Language): Record<string, string | undefined> {
  const cat = catalogues[lang] ?? catalogues["en-us"] ?? Object.values(catalogues)[0] ?? {};
  return cat as Record<string, string | undefined>;
}

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
  /** The time zone instants are shown in (IANA); undefined: the runtime's own (in the browser, the user's). */
  timeZone: string | undefined;
  /** A calendar day (or an instant's day in the time zone) in the language's one date format; "" for none. */
  day(value: string | Date | null | undefined): string;
  /** An instant as its day and time (hh:mm) in the time zone, in the language's one format; "" for none. */
  instant(value: string | Date | null | undefined): string;
  /** Whether the catalogue has a text for `key` (a code the server sent, say). */
  has(key: string): boolean;
}

/**
 * The user's time zone (IANA): the browser's, which the client shows instants in; sent with the calls whose
 * files or messages the server writes (an export, a printout, an e-mail) so they show the same times.
 */
export function userTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** The translator of `lang`; `timeZone` for instants written where the reader is not (the server's PDFs). */
export function translator(lang: Language, timeZone?: string): Translator {
  const cat = catalogueOf(lang);
  const english = catalogueOf("en-us");
  const rules = new Intl.PluralRules(lang);
  return {
    lang,
    timeZone,
    t: (key, params = {}) => fill(cat[key] ?? english[key] ?? key, params),
    has: (key) => key in cat,
    plural: (base, count, params = {}) => {
      const form = cat[`${base}#${rules.select(count)}`] ?? cat[`${base}#other`] ?? english[`${base}#other`];
      return fill(form ?? base, { count: new Intl.NumberFormat(lang).format(count), ...params });
    },
    number: (n, options) => new Intl.NumberFormat(lang, options).format(n),
    money: (n, currency) => new Intl.NumberFormat(lang, { style: "currency", currency }).format(n),
    day: (value) => formatDate(lang, value, timeZone),
    instant: (value) => formatInstant(lang, value, timeZone),
  };
}
