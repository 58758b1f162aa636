// The client's catalogue in ru-ru: every area's texts (shared/areas.ts), the keys of en_us.ts with the
// plural forms Russian uses.
import { textsOf } from "./texts.ts";
import type { LanguageCatalogue } from "./types.ts";

export const ruRu = textsOf("ru-ru") satisfies LanguageCatalogue;
