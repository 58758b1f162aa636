// The client-safe face of the server's catalogue: the six languages and the server's messages (error
// and validation texts), which the browser shows too rather than keeping copies of its own.
export { catalogues, isLanguage, type Language, languages } from "./mod.ts";
export type { Catalogue, MessageKey } from "./en_us.ts";
