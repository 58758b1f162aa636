// Messages of one area of the client, in all six languages. The language catalogues (../en_us.ts, ...)
// spread these in; the catalogue test checks every language has every key. This area: the company's
// account beyond its generic fields (my-company): changing the base currency with the exchange rates, and
// the month's documents against the account's limit.
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
    "usage.title": "Documents this month",
    "usage.count": "{documents} of {limit} documents in {month}",
    "usage.countUnlimited": "{documents} documents in {month}, no monthly limit",
    "usage.extraTitle": "Extra documents",
    "usage.extra":
      "{count} past the limit, costing {cost} of this month's budget of {budget} ({left} left, {price} each)",
    "usage.nearLimit": "Nearly all of this month's documents are used: {documents} of {limit}.",
    "usage.limitReached":
      "This month's {limit} documents are used up: each further document costs {price} from the budget for extra operations ({left} left).",
    "usage.budgetSpent":
      "This month's documents and the budget for extra documents are used up: confirming documents is refused until the provider raises the limit or the budget.",
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
    "usage.title": "Dokumenty w tym miesiącu",
    "usage.count": "{documents} z {limit} dokumentów ({month})",
    "usage.countUnlimited": "{documents} dokumentów ({month}), bez miesięcznego limitu",
    "usage.extraTitle": "Dodatkowe dokumenty",
    "usage.extra":
      "{count} ponad limit, za {cost} z tegomiesięcznego budżetu {budget} (zostało {left}, {price} za dokument)",
    "usage.nearLimit": "Wykorzystano prawie wszystkie dokumenty na ten miesiąc: {documents} z {limit}.",
    "usage.limitReached":
      "Limit {limit} dokumentów na ten miesiąc został wykorzystany: każdy kolejny dokument kosztuje {price} z budżetu na dodatkowe operacje (zostało {left}).",
    "usage.budgetSpent":
      "Dokumenty na ten miesiąc i budżet na dodatkowe dokumenty zostały wykorzystane: zatwierdzanie dokumentów jest wstrzymane, dopóki usługodawca nie zwiększy limitu lub budżetu.",
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
    "usage.title": "Dokumente in diesem Monat",
    "usage.count": "{documents} von {limit} Dokumenten im {month}",
    "usage.countUnlimited": "{documents} Dokumente im {month}, ohne Monatslimit",
    "usage.extraTitle": "Zusätzliche Dokumente",
    "usage.extra":
      "{count} über dem Limit, für {cost} aus dem Monatsbudget von {budget} (noch {left}, je {price})",
    "usage.nearLimit": "Die Dokumente dieses Monats sind fast aufgebraucht: {documents} von {limit}.",
    "usage.limitReached":
      "Die {limit} Dokumente dieses Monats sind aufgebraucht: Jedes weitere Dokument kostet {price} aus dem Budget für zusätzliche Vorgänge (noch {left}).",
    "usage.budgetSpent":
      "Die Dokumente dieses Monats und das Budget für zusätzliche Dokumente sind aufgebraucht: Dokumente können erst wieder bestätigt werden, wenn der Anbieter das Limit oder das Budget erhöht.",
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
    "usage.title": "Documents ce mois-ci",
    "usage.count": "{documents} documents sur {limit} en {month}",
    "usage.countUnlimited": "{documents} documents en {month}, sans limite mensuelle",
    "usage.extraTitle": "Documents supplémentaires",
    "usage.extra":
      "{count} au-delà de la limite, pour {cost} sur le budget du mois de {budget} (reste {left}, {price} l'unité)",
    "usage.nearLimit": "Presque tous les documents du mois sont utilisés : {documents} sur {limit}.",
    "usage.limitReached":
      "Les {limit} documents du mois sont épuisés : chaque document de plus coûte {price} sur le budget des opérations supplémentaires (reste {left}).",
    "usage.budgetSpent":
      "Les documents du mois et le budget des documents supplémentaires sont épuisés : la confirmation des documents est refusée jusqu'à ce que le prestataire augmente la limite ou le budget.",
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
    "usage.title": "Documentos este mes",
    "usage.count": "{documents} de {limit} documentos en {month}",
    "usage.countUnlimited": "{documents} documentos en {month}, sin límite mensual",
    "usage.extraTitle": "Documentos adicionales",
    "usage.extra":
      "{count} por encima del límite, por {cost} del presupuesto del mes de {budget} (quedan {left}, {price} cada uno)",
    "usage.nearLimit": "Casi se han agotado los documentos de este mes: {documents} de {limit}.",
    "usage.limitReached":
      "Se han agotado los {limit} documentos de este mes: cada documento más cuesta {price} del presupuesto para operaciones adicionales (quedan {left}).",
    "usage.budgetSpent":
      "Se han agotado los documentos de este mes y el presupuesto para documentos adicionales: no se pueden confirmar documentos hasta que el proveedor aumente el límite o el presupuesto.",
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
    "usage.title": "Документы в этом месяце",
    "usage.count": "{documents} из {limit} документов за {month}",
    "usage.countUnlimited": "{documents} документов за {month}, без месячного лимита",
    "usage.extraTitle": "Дополнительные документы",
    "usage.extra":
      "{count} сверх лимита, на {cost} из бюджета месяца {budget} (осталось {left}, по {price} за документ)",
    "usage.nearLimit": "Документы этого месяца почти исчерпаны: {documents} из {limit}.",
    "usage.limitReached":
      "Лимит {limit} документов в этом месяце исчерпан: каждый следующий документ стоит {price} из бюджета на дополнительные операции (осталось {left}).",
    "usage.budgetSpent":
      "Документы этого месяца и бюджет на дополнительные документы исчерпаны: подтверждение документов невозможно, пока поставщик не увеличит лимит или бюджет.",
  },
};
