// The browser's catalogues: each language is its own script, loaded when the page first needs it (the
// page's language before it hydrates, preloaded by the server's render; another when the user picks it).
// The sign-in page thus carries one language's texts, not six. Replaces ./catalogues.ts in the browser
// build; the same exports.
import type { LanguageCatalogue } from "./types.ts";
import type { Language } from "./languages.ts";

const loaders: Record<Language, () => Promise<LanguageCatalogue>> = {
  "pl-pl": () => import("./pl_pl.ts").then((m) => m.plPl),
  "en-us": () => import("./en_us.ts").then((m) => m.enUs),
  "de-de": () => import("./de_de.ts").then((m) => m.deDe),
  "fr-fr": () => import("./fr_fr.ts").then((m) => m.frFr),
  "es-es": () => import("./es_es.ts").then((m) => m.esEs),
  "ru-ru": () => import("./ru_ru.ts").then((m) => m.ruRu),
};

export const catalogues: Partial<Record<Language, LanguageCatalogue>> = {};

/** Loads a language's catalogue once; later calls answer at once. */
export async function loadLanguage(lang: Language): Promise<void> {
  catalogues[lang] ??= await loaders[lang]();
}
