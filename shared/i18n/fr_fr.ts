// The client's catalogue in fr-fr: every area's texts (shared/areas.ts), the keys of en_us.ts with the
// plural forms French uses.
import { textsOf } from "./texts.ts";
import type { LanguageCatalogue } from "./types.ts";

export const frFr = textsOf("fr-fr") satisfies LanguageCatalogue;
