// Every language's catalogue, all at hand: what the server's render and the tests use. The browser build
// puts ./catalogues_browser.ts in this module's place (client/build.mjs), which loads only the languages
// a page needs, each as its own scripts (the sign-in's texts first, the rest with the signed-in frame).
import { enUs } from "./en_us.ts";
import { plPl } from "./pl_pl.ts";
import { deDe } from "./de_de.ts";
import { frFr } from "./fr_fr.ts";
import { esEs } from "./es_es.ts";
import { ruRu } from "./ru_ru.ts";
import type { LanguageCatalogue } from "./types.ts";
import type { Language } from "./languages.ts";

export const catalogues: Partial<Record<Language, LanguageCatalogue>> = {
  "pl-pl": plPl,
  "en-us": enUs,
  "de-de": deDe,
  "fr-fr": frFr,
  "es-es": esEs,
  "ru-ru": ruRu,
};

/** Every catalogue is already here. */
export function loadLanguage(_lang: Language): Promise<void> {
  return Promise.resolve();
}

/** Every text is already here. */
export function loadAllTexts(): Promise<void> {
  return Promise.resolve();
}
