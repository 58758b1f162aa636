// The client's catalogue in de-de: every area's texts (shared/areas.ts), the keys of en_us.ts with the
// plural forms German uses.
import { textsOf } from "./texts.ts";
import type { LanguageCatalogue } from "./types.ts";

export const deDe = textsOf("de-de") satisfies LanguageCatalogue;
