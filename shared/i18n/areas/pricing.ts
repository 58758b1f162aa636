// Messages of one area of the client, in all six languages. The language catalogues (../en_us.ts, ...)
// spread these in; the catalogue test checks every language has every key.
// The price list (issue 17).
export const pricingMessages = {
  "en-us": {
    "priceList.priceOf": "Unit price of {product}",
    "priceList.baseCurrency": "{currency} (base currency)",
    "priceList.showIn": "Show prices in",
    "priceList.intro":
      "Unit prices are kept in {currency}, the base currency; the last two columns show them in the currency chosen through its exchange rate.",
    "priceList.introEdit":
      "Unit prices are kept in {currency}, the base currency: type a new one into its row and leave the field to save it. The last two columns show prices in the currency chosen through its exchange rate.",
    "resource.priceList": "Price list",
    "field.priceList.productId": "Product id",
    "field.priceList.productIndex": "Index",
    "field.priceList.productName": "Name",
    "field.priceList.unit": "Unit",
    "field.priceList.cashValue": "Unit price",
    "field.priceList.quantity": "Stock",
    "field.priceList.stockValue": "Stock value",
    "field.priceList.price": "Price in the chosen currency",
    "field.priceList.value": "Value in the chosen currency",
  },
  "pl-pl": {
    "priceList.priceOf": "Cena jednostkowa {product}",
    "priceList.baseCurrency": "{currency} (waluta bazowa)",
    "priceList.showIn": "Pokaż ceny w",
    "priceList.intro":
      "Ceny jednostkowe są w {currency}, walucie bazowej; dwie ostatnie kolumny pokazują je w wybranej walucie według jej kursu.",
    "priceList.introEdit":
      "Ceny jednostkowe są w {currency}, walucie bazowej: wpisz nową cenę w wierszu i opuść pole, aby ją zapisać. Dwie ostatnie kolumny pokazują ceny w wybranej walucie według jej kursu.",
    "resource.priceList": "Cennik",
    "field.priceList.productId": "Id produktu",
    "field.priceList.productIndex": "Indeks",
    "field.priceList.productName": "Nazwa",
    "field.priceList.unit": "Jednostka",
    "field.priceList.cashValue": "Cena jednostkowa",
    "field.priceList.quantity": "Stan",
    "field.priceList.stockValue": "Wartość stanu",
    "field.priceList.price": "Cena w wybranej walucie",
    "field.priceList.value": "Wartość w wybranej walucie",
  },
  "de-de": {
    "priceList.priceOf": "Stückpreis von {product}",
    "priceList.baseCurrency": "{currency} (Basiswährung)",
    "priceList.showIn": "Preise anzeigen in",
    "priceList.intro":
      "Stückpreise werden in {currency}, der Basiswährung, geführt; die letzten beiden Spalten zeigen sie über den Wechselkurs in der gewählten Währung.",
    "priceList.introEdit":
      "Stückpreise werden in {currency}, der Basiswährung, geführt: Geben Sie in der Zeile einen neuen ein und verlassen Sie das Feld, um ihn zu speichern. Die letzten beiden Spalten zeigen die Preise über den Wechselkurs in der gewählten Währung.",
    "resource.priceList": "Preisliste",
    "field.priceList.productId": "Produkt-ID",
    "field.priceList.productIndex": "Index",
    "field.priceList.productName": "Name",
    "field.priceList.unit": "Einheit",
    "field.priceList.cashValue": "Stückpreis",
    "field.priceList.quantity": "Bestand",
    "field.priceList.stockValue": "Bestandswert",
    "field.priceList.price": "Preis in gewählter Währung",
    "field.priceList.value": "Wert in gewählter Währung",
  },
  "fr-fr": {
    "priceList.priceOf": "Prix unitaire de {product}",
    "priceList.baseCurrency": "{currency} (devise de base)",
    "priceList.showIn": "Afficher les prix en",
    "priceList.intro":
      "Les prix unitaires sont en {currency}, la devise de base ; les deux dernières colonnes les montrent dans la devise choisie selon son taux de change.",
    "priceList.introEdit":
      "Les prix unitaires sont en {currency}, la devise de base : saisissez un nouveau prix dans sa ligne et quittez le champ pour l’enregistrer. Les deux dernières colonnes montrent les prix dans la devise choisie selon son taux de change.",
    "resource.priceList": "Liste de prix",
    "field.priceList.productId": "Id du produit",
    "field.priceList.productIndex": "Référence",
    "field.priceList.productName": "Nom",
    "field.priceList.unit": "Unité",
    "field.priceList.cashValue": "Prix unitaire",
    "field.priceList.quantity": "Stock",
    "field.priceList.stockValue": "Valeur du stock",
    "field.priceList.price": "Prix dans la devise choisie",
    "field.priceList.value": "Valeur dans la devise choisie",
  },
  "es-es": {
    "priceList.priceOf": "Precio unitario de {product}",
    "priceList.baseCurrency": "{currency} (moneda base)",
    "priceList.showIn": "Mostrar precios en",
    "priceList.intro":
      "Los precios unitarios están en {currency}, la moneda base; las dos últimas columnas los muestran en la moneda elegida según su tipo de cambio.",
    "priceList.introEdit":
      "Los precios unitarios están en {currency}, la moneda base: escriba uno nuevo en su fila y salga del campo para guardarlo. Las dos últimas columnas muestran los precios en la moneda elegida según su tipo de cambio.",
    "resource.priceList": "Lista de precios",
    "field.priceList.productId": "Id del producto",
    "field.priceList.productIndex": "Índice",
    "field.priceList.productName": "Nombre",
    "field.priceList.unit": "Unidad",
    "field.priceList.cashValue": "Precio unitario",
    "field.priceList.quantity": "Existencias",
    "field.priceList.stockValue": "Valor de las existencias",
    "field.priceList.price": "Precio en la moneda elegida",
    "field.priceList.value": "Valor en la moneda elegida",
  },
  "ru-ru": {
    "priceList.priceOf": "Цена за единицу {product}",
    "priceList.baseCurrency": "{currency} (базовая валюта)",
    "priceList.showIn": "Показывать цены в",
    "priceList.intro":
      "Цены за единицу хранятся в {currency}, базовой валюте; последние два столбца показывают их в выбранной валюте по её курсу.",
    "priceList.introEdit":
      "Цены за единицу хранятся в {currency}, базовой валюте: введите новую цену в строке и покиньте поле, чтобы сохранить её. Последние два столбца показывают цены в выбранной валюте по её курсу.",
    "resource.priceList": "Прайс-лист",
    "field.priceList.productId": "Id товара",
    "field.priceList.productIndex": "Индекс",
    "field.priceList.productName": "Наименование",
    "field.priceList.unit": "Единица",
    "field.priceList.cashValue": "Цена за единицу",
    "field.priceList.quantity": "Остаток",
    "field.priceList.stockValue": "Стоимость остатка",
    "field.priceList.price": "Цена в выбранной валюте",
    "field.priceList.value": "Стоимость в выбранной валюте",
  },
} as const;
