// Messages of one area of the client, in all six languages. The language catalogues (../en_us.ts, ...)
// spread these in; the catalogue test checks every language has every key.
// Shared access pages (issue 16): what a contractor opens from a link, without signing in.
export const sharingMessages = {
  "en-us": {
    "shared.stockTitle": "Stock",
    "shared.inventoryTitle": "Detailed inventory",
    "shared.noKey": "This link is incomplete: it carries no key. Open the whole link you were sent.",
    "shared.intro": "Shared by the warehouse. Only your own goods are shown.",
  },
  "pl-pl": {
    "shared.stockTitle": "Stan magazynowy",
    "shared.inventoryTitle": "Szczegółowa inwentaryzacja",
    "shared.noKey": "Ten link jest niepełny: nie zawiera klucza. Otwórz cały otrzymany link.",
    "shared.intro": "Udostępnione przez magazyn. Widoczne są tylko Twoje towary.",
  },
  "de-de": {
    "shared.stockTitle": "Bestand",
    "shared.inventoryTitle": "Detaillierter Bestand",
    "shared.noKey":
      "Dieser Link ist unvollständig: Er enthält keinen Schlüssel. Öffnen Sie den ganzen Link, den Sie erhalten haben.",
    "shared.intro": "Vom Lager freigegeben. Es werden nur Ihre eigenen Waren angezeigt.",
  },
  "fr-fr": {
    "shared.stockTitle": "Stock",
    "shared.inventoryTitle": "Inventaire détaillé",
    "shared.noKey":
      "Ce lien est incomplet : il ne contient pas de clé. Ouvrez le lien complet que vous avez reçu.",
    "shared.intro": "Partagé par l'entrepôt. Seules vos propres marchandises sont affichées.",
  },
  "es-es": {
    "shared.stockTitle": "Existencias",
    "shared.inventoryTitle": "Inventario detallado",
    "shared.noKey":
      "Este enlace está incompleto: no contiene ninguna clave. Abra el enlace completo que recibió.",
    "shared.intro": "Compartido por el almacén. Solo se muestran sus propias mercancías.",
  },
  "ru-ru": {
    "shared.stockTitle": "Остатки",
    "shared.inventoryTitle": "Подробная инвентаризация",
    "shared.noKey": "Ссылка неполная: в ней нет ключа. Откройте полную ссылку, которую вы получили.",
    "shared.intro": "Предоставлено складом. Показаны только ваши товары.",
  },
};
