// Messages for every error code the API answers and every field code of a form, in all six languages:
// taken from the server's catalogue (the same texts the server sends), so a failed call becomes a toast
// in the user's language even when there is no response to read. Plus the client's own failures.
import { type Catalogue, catalogues, type MessageKey } from "../api/contract.ts";

type FieldKey = Exclude<Extract<MessageKey, `validation.${string}`>, "validation.failed">;
type ErrorKey = Exclude<MessageKey, FieldKey | `mail.${string}`>;
type Shared = { [K in ErrorKey as `apiError.${K}`]: string } & { [K in FieldKey]: string };

/** Field codes keep their names (`validation.required`); error codes become `apiError.<code>`. */
function shared(cat: Catalogue): Shared {
  const out: Record<string, string> = {};
  for (const [key, text] of Object.entries(cat)) {
    if (key.startsWith("mail.")) continue;
    out[key.startsWith("validation.") && key !== "validation.failed" ? key : `apiError.${key}`] = text;
  }
  return out as Shared;
}

export const errorsMessages = {
  "en-us": {
    ...shared(catalogues["en-us"]),
    "error.configDownloadFailed": "The configuration could not be downloaded. Refresh the page.",
  },
  "pl-pl": {
    ...shared(catalogues["pl-pl"]),
    "error.configDownloadFailed": "Nie udało się pobrać konfiguracji. Odśwież stronę.",
  },
  "de-de": {
    ...shared(catalogues["de-de"]),
    "error.configDownloadFailed": "Die Konfiguration konnte nicht geladen werden. Laden Sie die Seite neu.",
  },
  "fr-fr": {
    ...shared(catalogues["fr-fr"]),
    "error.configDownloadFailed": "Impossible de télécharger la configuration. Actualisez la page.",
  },
  "es-es": {
    ...shared(catalogues["es-es"]),
    "error.configDownloadFailed": "No se pudo descargar la configuración. Actualice la página.",
  },
  "ru-ru": {
    ...shared(catalogues["ru-ru"]),
    "error.configDownloadFailed": "Не удалось загрузить конфигурацию. Обновите страницу.",
  },
};
