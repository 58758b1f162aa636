// The six languages of the product, apart from their catalogues (so the browser can name them without
// carrying every language's texts).
export const languages = ["pl-pl", "en-us", "de-de", "fr-fr", "es-es", "ru-ru"] as const;
export type Language = (typeof languages)[number];

export function isLanguage(v: unknown): v is Language {
  return typeof v === "string" && (languages as readonly string[]).includes(v);
}
