import type { Catalogue } from "./en_us.ts";

export const plPl: Catalogue = {
  "validation.failed": "Formularz zawiera błędy. Proszę sprawdzić pola.",
  "request.badQuery": "Żądanie jest nieprawidłowe: {detail}.",
  "request.timeout": "Żądanie docierało zbyt długo. Spróbuj ponownie.",
  "request.notJson": "Treść żądania należy wysłać jako JSON (Content-Type: application/json).",
  "request.crossSite":
    "To wywołanie jest obsługiwane tylko dla stron samej aplikacji, nie dla innej witryny, odnośnika ani obrazka.",
  "request.tooLarge": "Żądanie jest za duże (najwyżej {limit}).",
  "request.tooLarge.tooCostly":
    "To żądanie wymaga więcej pracy, niż dopuszcza jedno żądanie (najwyżej {seconds} s i {memory} MB). Wybierz mniej rekordów lub prostszy układ.",
  "request.idempotencyKeyReused":
    "Ten klucz został już użyty dla innego żądania. Dla nowego żądania użyj nowego klucza.",
  "request.idempotencyKeyInProgress":
    "Żądanie z tym kluczem jest w trakcie przetwarzania albo jego odpowiedź zaginęła. Sprawdź wynik, zanim spróbujesz ponownie.",
  "auth.wrongCredentials": "Nieprawidłowa nazwa użytkownika lub hasło.",
  "auth.blocked": "To konto jest zablokowane. Proszę skontaktować się z biurem.",
  "auth.notActivated":
    "To konto nie zostało jeszcze aktywowane. Proszę poczekać na e-mail aktywacyjny lub skontaktować się z pomocą techniczną.",
  "auth.awaitingApproval": "Rejestracja firmy oczekuje na potwierdzenie przez usługodawcę.",
  "auth.suspended": "Konto firmy zostało zawieszone. Proszę skontaktować się z usługodawcą.",
  "auth.tokenMissing": "Aby kontynuować, należy się zalogować.",
  "auth.tokenInvalid": "Logowanie jest nieważne. Proszę zalogować się ponownie.",
  "auth.tokenExpired": "Ważność logowania wygasła.",
  "auth.refreshInvalid": "Sesja została zakończona. Proszę zalogować się ponownie.",
  "auth.thirdPartyFailed": "Logowanie przez zewnętrznego dostawcę tożsamości nie powiodło się.",
  "auth.thirdPartyNotConfigured":
    "Logowanie przez zewnętrznego dostawcę tożsamości nie jest skonfigurowane w tej usłudze.",
  "auth.forbidden": "Brak uprawnień do wykonania tej operacji.",
  "auth.moduleDisabled": "Ten moduł nie jest włączony dla tego konta.",
  "auth.tooManyAttempts": "Zbyt wiele prób. Proszę spróbować ponownie za {minutes} min.",
  "auth.secondFactorInvalid":
    "Kod lub klucz dostępu nie został przyjęty: kod jest błędny lub został już użyty. Spróbuj ponownie.",
  "auth.secondFactorExpired": "To logowanie wygasło. Zaloguj się ponownie hasłem.",
  "auth.secondFactorSetupRequired":
    "Twoja firma wymaga drugiego składnika. Aby kontynuować, dodaj klucz dostępu lub aplikację uwierzytelniającą.",
  "secondFactor.lastRequired": "Twoja firma wymaga drugiego składnika: zanim usuniesz ten, dodaj inny.",
  "secondFactor.notSetUp": "Najpierw skonfiguruj drugi składnik (lub rozpocznij konfigurację od nowa).",
  "secondFactor.passkeyNotVerified": "Nie udało się zweryfikować klucza dostępu. Spróbuj dodać go ponownie.",
  "register.activationCodeNotFound": "Nie znaleziono kodu aktywacyjnego. Być może został już wykorzystany.",
  "register.wrongResetCode": "Nieprawidłowy lub wygasły kod resetowania hasła.",
  "register.emailNotFound": "Nie znaleziono adresu e-mail.",
  "record.notFoundOrNoPermission": "Nie znaleziono obiektu lub brak wystarczających uprawnień.",
  "route.notFound": "Taki adres nie istnieje w API.",
  "method.notAllowed": "Ta metoda nie jest tutaj dozwolona.",
  "document.numberCollision": "Numer dokumentu musi być unikalny. Proszę zapisać ponownie.",
  "record.foreignKey": "Ten wpis jest powiązany z innymi rekordami i nie można go usunąć.",
  "record.foreignKey.company": "Ten wpis jest powiązany z firmą i nie można go usunąć.",
  "record.foreignKey.message": "Ten wpis jest powiązany z wiadomością i nie można go usunąć.",
  "record.foreignKey.externalOrder":
    "Ten wpis jest powiązany z zamówieniem zewnętrznym i nie można go usunąć.",
  "record.uniqueConflict":
    "Wartość, która musi być unikalna, jest już używana. Proszę sprawdzić pola unikalne.",
  "record.uniqueConflict.value": "Wartość {value} jest już użyta przez {owner}.",
  "record.statusForbidsDelete": "Status tego rekordu nie pozwala na jego usunięcie.",
  "order.nothingToGenerate": "Całe to zamówienie jest już na dokumentach.",
  "production.disabled": "Produkcja jest wyłączona w konfiguracji logistyki.",
  "production.noResources": "Ten produkt nie ma surowców do produkcji (jego receptura jest pusta).",
  "production.nothingLeftToProduce": "W tym zleceniu produkcyjnym nie zostało nic do wyprodukowania.",
  "order.statusChangeNotAllowed": "Zmiana statusu tego zamówienia jest niedozwolona.",
  "transport.statusChangeNotAllowed": "Stan tego zlecenia transportowego nie pozwala na tę zmianę.",
  "external.refreshTokenInvalid":
    "Token odświeżania jest nieprawidłowy lub nieznany: połącz usługę ponownie.",
  "external.busy": "Import lub aktualizacja stanów dla tych poświadczeń już trwa.",
  "external.serviceRefused": "Usługa zewnętrzna odrzuciła żądanie: {detail}",
  "external.serviceFailed":
    "Import z usługi zewnętrznej nie powiódł się: usługa nie odpowiadała lub odmawiała. Spróbuj ponownie później.",
  "face.notRecognised": "Nikogo nie rozpoznano. Spróbuj ponownie lub zaloguj się hasłem.",
  "face.notDetected":
    "Nie wykryto twarzy lub obraz był zbyt słabej jakości. Spójrz w kamerę przy dobrym świetle i spróbuj ponownie.",
  "face.unsupported":
    "Ten serwer nie obsługuje rozpoznawania obrazu lub logowanie twarzą jest wyłączone w tej firmie.",
  "face.taken": "Ta twarz jest już zarejestrowana dla innego użytkownika.",
  "face.deviceNotEnrolled":
    "To urządzenie nie jest zarejestrowane do logowania twarzą albo zostało wycofane. Administrator rejestruje je na ekranie „Rozpoznawanie twarzy”; do tego czasu zaloguj się hasłem.",
  "face.challengeInvalid": "Żądanie logowania wygasło lub zostało już użyte. Spróbuj ponownie.",
  "face.administrator": "Administratorzy logują się hasłem: logowanie twarzą nie jest dla administratorów.",
  "face.nothingPending": "Żadna rejestracja twarzy tego użytkownika nie czeka na potwierdzenie.",
  "record.changedByAnotherUser":
    "W międzyczasie inny użytkownik zmienił ten rekord. Proszę wczytać go ponownie i powtórzyć zmianę.",
  "map.fileTooLarge": "Plik mapy jest za duży (najwyżej {limit}).",
  "map.fileTooLarge.tooCostly":
    "Odczytanie mapy wymaga więcej pracy, niż dopuszcza jeden plik (najwyżej {seconds} s i {memory} MB). Uprość rysunek lub podziel go.",
  "map.noMap": "Ta lokalizacja nie ma jeszcze mapy. Najpierw ją wgraj.",
  "portal.cartEmpty": "Koszyk jest pusty: dodaj produkty przed potwierdzeniem zamówienia.",
  "portal.notEnoughStock": "Za mało wolnego stanu produktu {product}: można teraz zamówić {free}.",
  "portal.productUnavailable": "Produktu {product} nie można teraz zamówić: jest wyłączony lub zablokowany.",
  "sharedAccess.ended":
    "Ten udostępniony dostęp wygasł: został wycofany, upłynął jego czas lub został już wykorzystany. Poproś magazyn o nowy link.",
  "sharedAccess.rateLimited": "Zbyt wiele zapytań z tym kluczem. Spróbuj ponownie za {seconds} s.",
  "request.rateLimited": "Zbyt wiele żądań z Twojego konta. Spróbuj ponownie za {seconds} s.",
  "record.alreadyRemoved": "Ten wpis został już usunięty.",
  "record.importing":
    "Ten rekord jest właśnie importowany i import może go jeszcze wycofać: można go użyć lub zmienić po zakończeniu importu.",
  "import.interrupted":
    "Import został przerwany (serwer uruchomiono ponownie) i nic z niego nie zostało zapisane: uruchom go jeszcze raz.",
  "import.tenantMoving":
    "Import został zatrzymany, ponieważ dane tego magazynu są przenoszone na inny serwer, i nic z niego nie zostało zapisane: uruchom go ponownie za kilka minut.",
  "import.fileTooLarge": "Plik jest za duży (maksymalnie 20 MB).",
  "import.fileTooLarge.tooCostly":
    "Odczytanie pliku wymaga więcej pracy, niż dopuszcza jeden import (najwyżej {seconds} s i {memory} MB). Podziel go na mniejsze pliki.",
  "import.fileEmpty": "Plik jest pusty: pod nagłówkiem nie ma wierszy.",
  "import.fileUnreadable": "Nie można odczytać pliku: to nie jest tabela CSV ani XLSX.",
  "import.tooManyRows": "Plik ma więcej niż {max} wierszy: podziel go na kilka importów.",
  "export.tooManyRows": "PDF mieści najwyżej {max} wierszy: wyeksportuj do CSV lub XLSX albo zawęź filtr.",
  "print.printerNotFound": "Nie znaleziono drukarki.",
  "print.noDefaultLayout":
    "Brak domyślnego szablonu etykiety dla tego typu ({type}): ustaw jeden z jego szablonów jako domyślny w Szablonach wydruku.",
  "print.connectionFailed":
    "Nie udało się połączyć z drukarką {printer}: sprawdź, czy jest włączona i dostępna w sieci.",
  "egress.refused":
    "Serwer nie łączy się z tym adresem: należy on do sieci prywatnej, lokalnej lub zastrzeżonej albo jego nazwa nie wskazuje publicznego adresu. Operator serwera może na to zezwolić (EGRESS_ALLOW).",
  "print.invalidLayout": "Nie można odczytać szablonu: {detail}",
  "print.barcodeUnencodable": "Wartości {value} nie można wydrukować jako kodu {symbology}.",
  "message.noRecipients":
    "Brak odbiorców: nikt z tymi tagami nie ma adresu dla tego kanału i nie podano żadnego adresu.",
  "message.noEmailAccount": "Brak konta e-mail do wysyłki: dodaj je w Kontach e-mail.",
  "import.tooManyColumns": "Plik ma więcej niż {max} kolumn.",
  "import.invalidRows":
    "Nie można zaimportować {count} komórek; nic nie zaimportowano. Każda jest wskazana wierszem i kolumną.",
  "import.numberAmbiguous": "{value} można odczytać na kilka sposobów: czy chodziło o {suggestions}?",
  "import.referenceNotFound": "Nic tu nie nazywa się {value}.",
  "import.referenceNotFound.ProductGroup": "Nie ma grupy produktów o nazwie {value}.",
  "import.referenceNotFound.Company": "Żadna firma nie ma nazwy skróconej ani NIP-u {value}.",
  "import.referenceNotFound.Contractor": "Żaden kontrahent nie ma nazwy skróconej ani NIP-u {value}.",
  "import.referenceNotFound.StorageSpace": "Żadna lokalizacja nie ma etykiety ani kodu kreskowego {value}.",
  "import.referenceNotFound.StorageSpaceType": "Nie ma typu lokalizacji o kodzie {value}.",
  "import.referenceNotFound.User": "Żaden użytkownik nie ma nazwy użytkownika ani adresu e-mail {value}.",
  "import.referenceNotFound.Product": "Żaden produkt nie ma indeksu {value}.",
  "import.referenceNotFound.Address":
    "Nie ma adresu o numerze {value} (adres wskazuje się jego identyfikatorem).",
  "import.referenceAmbiguous": "{value} wskazuje kilka rekordów: wpisz identyfikator właściwego.",
  "import.referenceAmbiguous.Company":
    "{value} pasuje do kilku firm (nazwa skrócona lub NIP): wpisz nazwę skróconą.",
  "import.referenceAmbiguous.Contractor":
    "{value} pasuje do kilku kontrahentów (nazwa skrócona lub NIP): wpisz nazwę skróconą.",
  "import.referenceAmbiguous.StorageSpace":
    "{value} to etykieta lub kod kreskowy kilku lokalizacji: wpisz identyfikator właściwej.",
  "import.referenceAmbiguous.User": "{value} pasuje do kilku użytkowników: wpisz nazwę użytkownika.",
  "import.alreadyStored":
    "Wartości {value} używa już {owner}. Aby zmienić zapisane rekordy, wybierz ich aktualizację.",
  "import.usedByOther": "Wartości {value} używa już {owner}, a nie rekord aktualizowany tym wierszem.",
  "import.repeatedInFile": "{value} występuje już w wierszu {row} tego pliku.",
  "import.sameRecordTwice": "Ten wiersz aktualizuje ten sam rekord co wiersz {row}.",
  "file.tooLarge": "Plik jest za duży (maksymalnie {limit}).",
  "file.tooLarge.tooCostly":
    "Przekształcenie pliku wymaga więcej pracy, niż dopuszcza jeden plik (najwyżej {seconds} s i {memory} MB).",
  "file.typeNotAllowed": "Ten typ pliku jest niedozwolony.",
  "file.infected": "Plik zawiera znane złośliwe oprogramowanie ({signature}) i nie został zapisany.",
  "file.scanUnavailable":
    "Nie udało się sprawdzić pliku pod kątem wirusów, więc nie został zapisany. Spróbuj ponownie później.",
  "document.validation": "Dokument nie przeszedł walidacji.",
  "document.notWorkingCopy":
    "Zmieniać można tylko kopię roboczą; ten dokument jest już zatwierdzony lub wycofany.",
  "document.generatedPositions": "Pozycji dokumentów wygenerowanych nie można modyfikować.",
  "document.revertBlocked":
    "Nie można wycofać dokumentu: przyjęty nim towar został już wydany lub przesunięty.",
  "document.issue.notWorkingCopy": "Dokument musi być kopią roboczą.",
  "document.issue.notConfirmed": "Wycofać można tylko zatwierdzony dokument.",
  "document.issue.noPositions": "Dokument nie ma pozycji.",
  "document.issue.internalWithContractor": "Dokument wewnętrzny nie może być powiązany z kontrahentem.",
  "document.issue.contractorMismatch": "Produkt {product} należy do innego kontrahenta niż dokument.",
  "document.issue.sourceLocationRequired": "Lokalizacja źródłowa jest wymagana.",
  "document.issue.sourceLocationForbidden": "Przyjęcie nie może mieć lokalizacji źródłowej.",
  "document.issue.sourceContainerForbidden": "Przyjęcie nie może mieć nośnika źródłowego.",
  "document.issue.sourceContainerRequired": "Przesunięcie nośnika musi wskazywać przesuwany nośnik.",
  "document.issue.destinationLocationRequired": "Lokalizacja docelowa jest wymagana.",
  "document.issue.destinationLocationForbidden": "Wydanie nie może mieć lokalizacji docelowej.",
  "document.issue.destinationContainerForbidden": "Wydanie nie może mieć nośnika docelowego.",
  "document.issue.locationLocked": "Lokalizacja {location} jest zablokowana dla tej operacji.",
  "document.issue.containerLocked": "Nośnik {container} jest zablokowany dla tej operacji.",
  "document.issue.containerAtOtherLocation":
    "Nośnik {container} nie znajduje się w {location}, lecz w {actual}.",
  "document.issue.rackOverloaded":
    "{location} ma już {load} kg z {capacity} kg nośności; dodatkowe {incoming} kg to za dużo.",
  "document.issue.temperatureUnsuitable":
    "Lokalizacja {location} ma {temperature} °C; produkt wymaga od {min} do {max} °C.",
  "document.issue.expiryDateRequired": "Produkt {product} wymaga daty ważności.",
  "document.issue.productionDateRequired": "Produkt {product} wymaga daty produkcji.",
  "document.issue.serialNumberRequired": "Produkt {product} wymaga numeru seryjnego.",
  "document.issue.productExpired": "Produkt {product} utracił ważność {expiryDate}.",
  "document.issue.shortExpiry":
    "Produkt {product} traci ważność {expiryDate}, za {days} dni (oczekiwano co najmniej {minimumDays}).",
  "document.issue.productLockedIn": "Przyjęcie produktu {product} jest zablokowane.",
  "document.issue.productLockedOut": "Wydanie produktu {product} jest zablokowane.",
  "document.issue.productLockedRelocate": "Przesunięcie produktu {product} jest zablokowane.",
  "document.issue.quantityNotPositive": "Ilość musi być większa od 0.",
  "document.issue.quantityAboveAvailable": "Ilość przekracza stan dostępny w miejscu źródłowym.",
  "document.issue.stockAboveLimit":
    "Stan produktu przekroczyłby 1 000 000 000 000 jednostek, najwięcej, ile magazyn zapisuje.",
  "document.issue.productNotFound": "Żaden produkt nie pasuje do {code}.",
  "document.issue.gs1Unreadable":
    "Nie można odczytać zeskanowanego kodu GS1 {code}: sprawdź etykietę (błędna cyfra kontrolna, data lub element).",
  "document.issue.productAmbiguous": "Do {code} pasuje kilka produktów ({count}): {products}.",
  "document.issue.orderNotConfirmed":
    "Zamówienie {order} nie jest zatwierdzone: jego dokumentów nie można zatwierdzić.",
  "document.issue.productNotOnOrder": "Produktu {product} nie ma w zamówieniu {order}.",
  "document.issue.quantityAboveOrder":
    "Ilość produktu {product} przekracza to, co zostało w zamówieniu ({left}).",
  "document.issue.stockAlreadyLeft": "Towar przyjęty tym dokumentem został już wydany (brakuje {missing}).",
  "document.issue.wrongProduct": "To nie jest {product}: zeskanowano {code}.",
  "document.issue.wrongLot": "Zła partia {product}: oczekiwano {expected}, zeskanowano {scanned}.",
  "document.issue.wrongLocation": "Zła lokalizacja {location}: oczekiwano {expected}.",
  "document.issue.quantityAbovePosition": "Za dużo {product}: pozostało tylko {left}.",
  "document.issue.otherContainer": "To trafia do nośnika {expected}, nie {container}.",
  "document.issue.containerEmpty": "Nośnik {container} jest pusty.",
  "document.issue.locationEmpty": "W lokalizacji {location} nic nie jest składowane.",
  "document.issue.containerNotWhole":
    "Przesunięcie nośnika przenosi cały nośnik {container}; pozostałoby {left}.",
  "document.issue.containerMoved":
    "Nośnik {container} został w międzyczasie przeniesiony; towar nie może wrócić na poprzednie miejsce.",
  "client.outdated":
    "Ta wersja aplikacji jest nieaktualna. Proszę odświeżyć stronę, aby wczytać najnowszą wersję.",
  "server.unknown": "Wystąpił nieznany błąd. Identyfikator żądania: {requestId}.",
  "server.misconfigured": "Serwer jest nieprawidłowo skonfigurowany. Proszę skontaktować się z usługodawcą.",
  "server.mailFailed": "Nie udało się wysłać wiadomości e-mail. Proszę spróbować ponownie później.",
  "server.unavailable": "Ta część serwera uruchamia się ponownie. Spróbuj ponownie za chwilę.",

  "validation.required": "To pole jest wymagane.",
  "validation.invalidEmail": "To nie jest prawidłowy adres e-mail.",
  "validation.tooLong": "Wartość jest za długa.",
  "validation.tooShort": "Wartość jest za krótka.",
  "validation.tooSmall": "Wartość jest za mała.",
  "validation.tooLarge": "Wartość jest za duża.",
  "validation.forbiddenCharacter": "Wartość zawiera niedozwolony znak.",
  "validation.passwordsMustMatch": "Hasła muszą być identyczne.",
  "validation.currentPasswordWrong": "To nie jest Twoje obecne hasło.",
  "validation.codeWrong": "Ten kod jest nieprawidłowy. Wpisz bieżący kod z aplikacji.",
  "validation.passwordTooCommon":
    "To hasło jest jednym z najpopularniejszych i zgaduje się je w pierwszej kolejności. Wybierz inne.",
  "validation.passwordContextWord":
    "To hasło składa się z Twojej nazwy, nazwy Twojej firmy lub nazwy programu, które zgaduje się najpierw. Wybierz inne.",
  "validation.passwordBreached":
    "To hasło występuje w danych wykradzionych z innych serwisów i jest zgadywane wcześnie. Wybierz inne.",
  "validation.phoneCountryCode": "Numer telefonu musi zawierać numer kierunkowy kraju, np. +48 600 700 800.",
  "validation.emailExists": "Ten adres e-mail już istnieje.",
  "validation.usernameExists": "Ta nazwa użytkownika już istnieje.",
  "validation.mustBeUnique": "Ta wartość musi być unikalna.",
  "validation.invalidValue": "Ta wartość jest niedozwolona.",
  "validation.egressRefused":
    "Serwer nie łączy się z tym adresem: podaj publiczny adres w internecie lub nazwę, która na taki adres wskazuje.",
  "validation.mustAcceptTerms": "Należy zaakceptować regulamin usługi.",
  "validation.criticalAboveWarning": "Stan krytyczny nie może być wyższy niż stan ostrzegawczy.",
  "validation.productionNaming": "Przed produkcją to pole musi zawierać ' - ' (np. \"Chleb - biały\").",
  "validation.minAboveMax": "Temperatura minimalna nie może być wyższa niż maksymalna.",
  "validation.finishBeforeStart": "Koniec musi być po początku.",
  "validation.unknownField": "Nieznane pole.",

  "calendar.feed.name": "Kalendarz {name}",
  "calendar.entry.plannedDate": "Planowane",
  "calendar.entry.deadline": "Termin",
  "calendar.entry.packBy": "Spakować do",
  "calendar.entry.unpackBy": "Rozpakować do",
  "calendar.entry.pickupTime": "Odbiór",
  "calendar.entry.deliveryTime": "Dostawa",

  "mail.activation.subject": "Aktywacja konta w {appName}",
  "mail.activation.body":
    "Dzień dobry, {name}!\n\nRejestracja firmy {company} została potwierdzona. Aby aktywować konto, proszę otworzyć ten link:\n{link}\n\nLink jest ważny do {expires} ({timeZone}).",
  "mail.reset.subject": "Resetowanie hasła w {appName}",
  "mail.reset.body":
    "Dzień dobry, {name}!\n\nOtrzymaliśmy prośbę o zresetowanie hasła do konta {username}. Kod resetowania:\n{code}\n\nMożna też otworzyć ten link:\n{link}\n\nKod jest ważny do {expires} ({timeZone}). Jeśli prośba nie pochodzi od Państwa, proszę zignorować tę wiadomość.",
  "mail.registered.subject": "Otrzymaliśmy zgłoszenie rejestracji firmy {company}",
  "mail.registered.body":
    "Dzień dobry, {name}!\n\nDziękujemy za zarejestrowanie firmy {company}. Usługodawca wkrótce potwierdzi rejestrację, a następnie otrzymają Państwo link aktywacyjny.",
  "validation.personHasNoEmail": "Ta osoba nie ma adresu e-mail.",
  "mail.fileAttached.body": "W załączniku przesyłamy {fileName}.",
  "validation.noRateForNewBase":
    "Brak kursu nowej waluty bazowej, z którego można przeliczyć pozostałe: najpierw go dodaj albo zachowaj lub usuń kursy.",
  "validation.baseCurrencyByItsOwnCall":
    "Walutę bazową zmienia się osobnym przyciskiem, który pyta, co zrobić z kursami walut.",
  "validation.baseCurrencyRate": "To jest waluta bazowa: jej kurs wynosi 1.",
  "account.documentLimitReached":
    "Limit {limit} dokumentów w tym miesiącu został wykorzystany, a budżet na dodatkowe dokumenty ({budget:money} EUR) nie wystarczy na kolejny: dokument nie został zatwierdzony. Poproś usługodawcę o zwiększenie limitu lub budżetu.",
};
