// The client's catalogue in es-es: every area's texts (shared/areas.ts), the keys of en_us.ts with the
// plural forms Spanish uses.
import { textsOf } from "./texts.ts";
import type { LanguageCatalogue } from "./types.ts";

export const esEs = textsOf("es-es") satisfies LanguageCatalogue;
