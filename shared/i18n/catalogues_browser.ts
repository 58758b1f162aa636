// The browser's catalogues: each language is two scripts, loaded when the page first needs them. The first
// holds the texts of the areas marked `first` (shared/areas.ts): what the sign-in, the title page and the
// banners show, so a sign-in page carries one language's few texts. The rest arrives with the signed-in
// frame or a screen's code (`loadAllTexts`, which the shell's lazy parts await), and from then on with every
// language the user picks. Replaces ./catalogues.ts in the browser build; the same exports.
import type { LanguageCatalogue } from "./types.ts";
import type { Language } from "./languages.ts";

type Part = "first" | "rest";
type Texts = Record<string, string>;
const part = (load: () => Promise<{ texts: Texts }>) => () => load().then((m) => m.texts);

const loaders: Record<Language, Record<Part, () => Promise<Texts>>> = {
  "pl-pl": {
    first: part(() => import("./parts/pl_pl_first.ts")),
    rest: part(() => import("./parts/pl_pl_rest.ts")),
  },
  "en-us": {
    first: part(() => import("./parts/en_us_first.ts")),
    rest: part(() => import("./parts/en_us_rest.ts")),
  },
  "de-de": {
    first: part(() => import("./parts/de_de_first.ts")),
    rest: part(() => import("./parts/de_de_rest.ts")),
  },
  "fr-fr": {
    first: part(() => import("./parts/fr_fr_first.ts")),
    rest: part(() => import("./parts/fr_fr_rest.ts")),
  },
  "es-es": {
    first: part(() => import("./parts/es_es_first.ts")),
    rest: part(() => import("./parts/es_es_rest.ts")),
  },
  "ru-ru": {
    first: part(() => import("./parts/ru_ru_first.ts")),
    rest: part(() => import("./parts/ru_ru_rest.ts")),
  },
};

/** Each language whose first part is here; its object gains the rest in place when that arrives. */
export const catalogues: Partial<Record<Language, LanguageCatalogue>> = {};

/** Each language's texts as they arrive (shown through `catalogues` once its first part is here). */
const texts: Partial<Record<Language, Texts>> = {};
const pending = new Map<string, Promise<void>>();
/** The languages asked for so far. */
const asked = new Set<Language>();
/** Whether the rest of the texts is wanted: for every language asked for, then and later. */
let everything = false;

function loadPart(lang: Language, which: Part): Promise<void> {
  const key = `${lang} ${which}`;
  let p = pending.get(key);
  if (!p) {
    p = loaders[lang][which]().then((loaded) => {
      // Into the same object: a translator made earlier sees the texts that arrive later.
      Object.assign(texts[lang] ??= {}, loaded);
    }, (err) => {
      pending.delete(key);
      throw err;
    });
    pending.set(key, p);
  }
  return p;
}

/** Loads a language's texts (the first part; the rest too once it is wanted) once; later calls answer at once. */
export async function loadLanguage(lang: Language): Promise<void> {
  asked.add(lang);
  await Promise.all([loadPart(lang, "first"), ...(everything ? [loadPart(lang, "rest")] : [])]);
  // Wanted meanwhile (the frame opened while this language was on its way).
  if (everything) await loadPart(lang, "rest");
  catalogues[lang] = texts[lang] as LanguageCatalogue;
}

/** Loads the rest of the texts of every language asked for, and of each asked for later. */
export async function loadAllTexts(): Promise<void> {
  everything = true;
  await Promise.all([...asked].map((lang) => loadPart(lang, "rest")));
}
