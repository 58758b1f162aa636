// Messages of one area of the client, in all six languages. The language catalogues (../en_us.ts, ...)
// spread these in; the catalogue test checks every language has every key.
export const appVersionMessages = {
  "en-us": { "appVersion.updating": "Loading the latest version…" },
  "pl-pl": { "appVersion.updating": "Wczytywanie najnowszej wersji…" },
  "de-de": { "appVersion.updating": "Die neueste Version wird geladen…" },
  "fr-fr": { "appVersion.updating": "Chargement de la dernière version…" },
  "es-es": { "appVersion.updating": "Cargando la versión más reciente…" },
  "ru-ru": { "appVersion.updating": "Загрузка последней версии…" },
};
