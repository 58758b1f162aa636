// Messages of one area of the client, in all six languages. The language catalogues (../en_us.ts, ...)
// spread these in; the catalogue test checks every language has every key.
export const businessMessages = {
  "en-us": {},
  "pl-pl": {},
  "de-de": {},
  "fr-fr": {},
  "es-es": {},
  "ru-ru": {},
};
