// The client's catalogue in pl-pl: every area's texts (shared/areas.ts), the keys of en_us.ts with the
// plural forms Polish uses.
import { textsOf } from "./texts.ts";
import type { LanguageCatalogue } from "./types.ts";

export const plPl = textsOf("pl-pl") satisfies LanguageCatalogue;
