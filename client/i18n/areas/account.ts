// Messages of one area of the client, in all six languages. The language catalogues (../en_us.ts, ...)
// spread these in; the catalogue test checks every language has every key. This area: the company's
// account beyond its generic fields (my-company): changing the base currency with the exchange rates.
export const accountMessages = {
  "en-us": {
    "myCompany.changeBaseCurrency": "Change base currency…",
    "baseCurrency.title": "Change the base currency",
    "baseCurrency.intro":
      "Prices and exchange rates are kept in the base currency, now {currency}: an exchange rate says how much of it one unit of another currency is worth.",
    "baseCurrency.new": "New base currency",
    "baseCurrency.newHint": "Its three-letter code (ISO 4217), e.g. PLN.",
    "baseCurrency.rates": "What becomes of the exchange rates?",
    "baseCurrency.recompute": "Recompute them against the new currency",
    "baseCurrency.recomputeHint":
      "From its own rate, {rate}: every other rate is restated, and its row becomes {old}'s.",
    "baseCurrency.recomputeNoRate": "Needs an exchange rate of the new currency, and there is none.",
    "baseCurrency.keep": "Keep them as they are",
    "baseCurrency.keepHint":
      "The numbers stay as typed, to be corrected by hand; the new currency's own rate is removed.",
    "baseCurrency.clear": "Remove them all",
    "baseCurrency.clearHint": "Every exchange rate is deleted; add the ones you need again.",
    "baseCurrency.pricesNote": "Product prices keep their numbers, which are then read in the new currency.",
    "baseCurrency.submit": "Change base currency",
    "baseCurrency.changed": "The base currency is now {currency}.",
  },
  "pl-pl": {
    "myCompany.changeBaseCurrency": "Zmień walutę bazową…",
    "baseCurrency.title": "Zmiana waluty bazowej",
    "baseCurrency.intro":
      "Ceny i kursy walut są wyrażone w walucie bazowej, obecnie {currency}: kurs mówi, ile jest w niej warta jedna jednostka innej waluty.",
    "baseCurrency.new": "Nowa waluta bazowa",
    "baseCurrency.newHint": "Jej trzyliterowy kod (ISO 4217), np. PLN.",
    "baseCurrency.rates": "Co zrobić z kursami walut?",
    "baseCurrency.recompute": "Przelicz je względem nowej waluty",
    "baseCurrency.recomputeHint":
      "Na podstawie jej kursu, {rate}: pozostałe kursy zostaną przeliczone, a jej wiersz stanie się wierszem {old}.",
    "baseCurrency.recomputeNoRate": "Wymaga kursu nowej waluty, a takiego nie ma.",
    "baseCurrency.keep": "Zachowaj je bez zmian",
    "baseCurrency.keepHint":
      "Liczby pozostają takie, jak je wpisano, i trzeba je poprawić ręcznie; kurs samej nowej waluty zostaje usunięty.",
    "baseCurrency.clear": "Usuń je wszystkie",
    "baseCurrency.clearHint": "Wszystkie kursy zostaną usunięte; dodaj ponownie te, których potrzebujesz.",
    "baseCurrency.pricesNote":
      "Ceny produktów zachowują swoje liczby, które będą odczytywane w nowej walucie.",
    "baseCurrency.submit": "Zmień walutę bazową",
    "baseCurrency.changed": "Walutą bazową jest teraz {currency}.",
  },
  "de-de": {
    "myCompany.changeBaseCurrency": "Basiswährung ändern…",
    "baseCurrency.title": "Basiswährung ändern",
    "baseCurrency.intro":
      "Preise und Wechselkurse werden in der Basiswährung geführt, derzeit {currency}: Ein Wechselkurs gibt an, wie viel davon eine Einheit einer anderen Währung wert ist.",
    "baseCurrency.new": "Neue Basiswährung",
    "baseCurrency.newHint": "Ihr dreistelliger Code (ISO 4217), z. B. PLN.",
    "baseCurrency.rates": "Was soll mit den Wechselkursen geschehen?",
    "baseCurrency.recompute": "Gegen die neue Währung umrechnen",
    "baseCurrency.recomputeHint":
      "Aus ihrem eigenen Kurs, {rate}: Alle übrigen Kurse werden umgerechnet, ihre Zeile wird zu der von {old}.",
    "baseCurrency.recomputeNoRate": "Dafür ist ein Wechselkurs der neuen Währung nötig, und es gibt keinen.",
    "baseCurrency.keep": "Unverändert lassen",
    "baseCurrency.keepHint":
      "Die Zahlen bleiben wie eingegeben und sind von Hand zu korrigieren; der Kurs der neuen Währung selbst wird entfernt.",
    "baseCurrency.clear": "Alle entfernen",
    "baseCurrency.clearHint": "Alle Wechselkurse werden gelöscht; legen Sie die benötigten neu an.",
    "baseCurrency.pricesNote":
      "Produktpreise behalten ihre Zahlen, die dann in der neuen Währung gelesen werden.",
    "baseCurrency.submit": "Basiswährung ändern",
    "baseCurrency.changed": "Die Basiswährung ist jetzt {currency}.",
  },
  "fr-fr": {
    "myCompany.changeBaseCurrency": "Changer la devise de base…",
    "baseCurrency.title": "Changer la devise de base",
    "baseCurrency.intro":
      "Les prix et les taux de change sont exprimés dans la devise de base, actuellement {currency} : un taux indique combien en vaut une unité d'une autre devise.",
    "baseCurrency.new": "Nouvelle devise de base",
    "baseCurrency.newHint": "Son code à trois lettres (ISO 4217), par ex. PLN.",
    "baseCurrency.rates": "Que faire des taux de change ?",
    "baseCurrency.recompute": "Les recalculer par rapport à la nouvelle devise",
    "baseCurrency.recomputeHint":
      "À partir de son propre taux, {rate} : tous les autres taux sont recalculés et sa ligne devient celle de {old}.",
    "baseCurrency.recomputeNoRate": "Il faut un taux de change de la nouvelle devise, et il n'y en a pas.",
    "baseCurrency.keep": "Les conserver tels quels",
    "baseCurrency.keepHint":
      "Les nombres restent tels que saisis et sont à corriger à la main ; le taux de la nouvelle devise elle-même est supprimé.",
    "baseCurrency.clear": "Les supprimer tous",
    "baseCurrency.clearHint":
      "Tous les taux de change sont supprimés ; ajoutez à nouveau ceux dont vous avez besoin.",
    "baseCurrency.pricesNote":
      "Les prix des produits gardent leurs nombres, lus alors dans la nouvelle devise.",
    "baseCurrency.submit": "Changer la devise de base",
    "baseCurrency.changed": "La devise de base est désormais {currency}.",
  },
  "es-es": {
    "myCompany.changeBaseCurrency": "Cambiar la moneda base…",
    "baseCurrency.title": "Cambiar la moneda base",
    "baseCurrency.intro":
      "Los precios y los tipos de cambio se expresan en la moneda base, ahora {currency}: un tipo de cambio indica cuánto de ella vale una unidad de otra moneda.",
    "baseCurrency.new": "Nueva moneda base",
    "baseCurrency.newHint": "Su código de tres letras (ISO 4217), p. ej. PLN.",
    "baseCurrency.rates": "¿Qué hacer con los tipos de cambio?",
    "baseCurrency.recompute": "Recalcularlos respecto a la nueva moneda",
    "baseCurrency.recomputeHint":
      "A partir de su propio tipo, {rate}: se recalculan todos los demás y su fila pasa a ser la de {old}.",
    "baseCurrency.recomputeNoRate": "Necesita un tipo de cambio de la nueva moneda, y no lo hay.",
    "baseCurrency.keep": "Conservarlos tal como están",
    "baseCurrency.keepHint":
      "Los números quedan como se escribieron y hay que corregirlos a mano; se elimina el tipo de la propia moneda nueva.",
    "baseCurrency.clear": "Eliminarlos todos",
    "baseCurrency.clearHint": "Se eliminan todos los tipos de cambio; vuelva a añadir los que necesite.",
    "baseCurrency.pricesNote":
      "Los precios de los productos conservan sus números, que pasan a leerse en la nueva moneda.",
    "baseCurrency.submit": "Cambiar la moneda base",
    "baseCurrency.changed": "La moneda base es ahora {currency}.",
  },
  "ru-ru": {
    "myCompany.changeBaseCurrency": "Сменить базовую валюту…",
    "baseCurrency.title": "Смена базовой валюты",
    "baseCurrency.intro":
      "Цены и курсы валют ведутся в базовой валюте, сейчас это {currency}: курс показывает, сколько в ней стоит одна единица другой валюты.",
    "baseCurrency.new": "Новая базовая валюта",
    "baseCurrency.newHint": "Её трёхбуквенный код (ISO 4217), например PLN.",
    "baseCurrency.rates": "Что сделать с курсами валют?",
    "baseCurrency.recompute": "Пересчитать их относительно новой валюты",
    "baseCurrency.recomputeHint":
      "По её собственному курсу, {rate}: остальные курсы пересчитываются, а её строка становится строкой {old}.",
    "baseCurrency.recomputeNoRate": "Нужен курс новой валюты, а его нет.",
    "baseCurrency.keep": "Оставить как есть",
    "baseCurrency.keepHint":
      "Числа остаются как введены и исправляются вручную; курс самой новой валюты удаляется.",
    "baseCurrency.clear": "Удалить все",
    "baseCurrency.clearHint": "Все курсы удаляются; добавьте нужные заново.",
    "baseCurrency.pricesNote": "Цены товаров сохраняют свои числа, которые затем читаются в новой валюте.",
    "baseCurrency.submit": "Сменить базовую валюту",
    "baseCurrency.changed": "Базовая валюта теперь {currency}.",
  },
};
