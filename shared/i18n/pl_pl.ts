import type { LanguageCatalogue } from "./types.ts";

// The client's catalogue in pl-pl: the keys of en_us.ts, with the plural forms Polish uses.
import { listMessages } from "./areas/list.ts";
import { editsMessages } from "./areas/edits.ts";
import { hubMessages } from "./areas/hub.ts";
import { favoritesMessages } from "./areas/favorites.ts";
import { errorsMessages } from "./areas/errors.ts";
import { thirdPartyMessages } from "./areas/third_party.ts";
import { appVersionMessages } from "./areas/app_version.ts";
import { masterMessages } from "./areas/master.ts";
import { businessMessages } from "./areas/business.ts";
import { assortmentMessages } from "./areas/assortment.ts";
import { infrastructureMessages } from "./areas/infrastructure.ts";
import { stockMessages } from "./areas/stock.ts";
import { documentsMessages } from "./areas/documents.ts";
import { inventoryMessages } from "./areas/inventory.ts";
import { recordsMessages } from "./areas/records.ts";
import { securityLogMessages } from "./areas/security_log.ts";
import { ordersMessages } from "./areas/orders.ts";
import { terminalMessages } from "./areas/terminal.ts";
import { sharingMessages } from "./areas/sharing.ts";
import { portalMessages } from "./areas/portal.ts";
import { logisticsMessages } from "./areas/logistics.ts";
import { calendarMessages } from "./areas/calendar.ts";
import { pricingMessages } from "./areas/pricing.ts";
import { mapMessages } from "./areas/maps.ts";
import { fileMessages } from "./areas/files.ts";
import { importMessages } from "./areas/imports.ts";
import { exportMessages } from "./areas/exports.ts";
import { printingMessages } from "./areas/printing.ts";
import { printAgentMessages } from "./areas/print_agent.ts";
import { messagingMessages } from "./areas/messaging.ts";
import { transportMessages } from "./areas/transport.ts";
import { externalMessages } from "./areas/external.ts";
import { facesMessages } from "./areas/faces.ts";
import { secondFactorMessages } from "./areas/second_factor.ts";
import { offersMessages } from "./areas/offers.ts";
import { discussionMessages } from "./areas/discussions.ts";
import { titleMessages } from "./areas/title.ts";
import { accountMessages } from "./areas/account.ts";
import { userMenuMessages } from "./areas/user_menu.ts";
import { sessionsMessages } from "./areas/sessions.ts";
export const plPl = {
  ...listMessages["pl-pl"],
  ...editsMessages["pl-pl"],
  ...hubMessages["pl-pl"],
  ...favoritesMessages["pl-pl"],
  ...errorsMessages["pl-pl"],
  ...thirdPartyMessages["pl-pl"],
  ...appVersionMessages["pl-pl"],
  ...masterMessages["pl-pl"],
  ...businessMessages["pl-pl"],
  ...assortmentMessages["pl-pl"],
  ...infrastructureMessages["pl-pl"],
  ...stockMessages["pl-pl"],
  ...documentsMessages["pl-pl"],
  ...inventoryMessages["pl-pl"],
  ...recordsMessages["pl-pl"],
  ...securityLogMessages["pl-pl"],
  ...ordersMessages["pl-pl"],
  ...terminalMessages["pl-pl"],
  ...sharingMessages["pl-pl"],
  ...portalMessages["pl-pl"],
  ...logisticsMessages["pl-pl"],
  ...calendarMessages["pl-pl"],
  ...pricingMessages["pl-pl"],
  ...mapMessages["pl-pl"],
  ...fileMessages["pl-pl"],
  ...importMessages["pl-pl"],
  ...exportMessages["pl-pl"],
  ...printingMessages["pl-pl"],
  ...printAgentMessages["pl-pl"],
  ...messagingMessages["pl-pl"],
  ...transportMessages["pl-pl"],
  ...externalMessages["pl-pl"],
  ...facesMessages["pl-pl"],
  ...secondFactorMessages["pl-pl"],
  ...offersMessages["pl-pl"],
  ...discussionMessages["pl-pl"],
  ...titleMessages["pl-pl"],
  ...accountMessages["pl-pl"],
  ...userMenuMessages["pl-pl"],
  ...sessionsMessages["pl-pl"],
  "app.name": "WMS",
  "app.tagline": "Zarządzanie magazynem",
  "common.loading": "Wczytywanie…",
  "common.save": "Zapisz",
  "common.cancel": "Anuluj",
  "common.close": "Zamknij",
  "common.refresh": "Odśwież",
  "common.signOut": "Wyloguj",
  "common.language": "Język",
  "common.nightMode": "Tryb nocny",
  "common.compactMenu": "Menu kompaktowe",
  "common.simplifiedMenu": "Menu uproszczone",
  "common.menu": "Menu",
  "common.openMenu": "Otwórz menu",
  "common.settings": "Ustawienia",
  "common.signedInAs": "Zalogowano jako {name}",
  "common.items#one": "{count} pozycja",
  "common.items#few": "{count} pozycje",
  "common.items#many": "{count} pozycji",
  "common.items#other": "{count} pozycji",

  "shell.serverUnreachable": "Brak połączenia z serwerem. Wyświetlane dane mogą być nieaktualne.",
  "shell.chunkTimeout":
    "Część aplikacji nie została wczytana w ciągu 120 sekund. Proszę sprawdzić połączenie i odświeżyć stronę.",
  "shell.comingSoon": "Dostępne w kolejnej wersji",
  "menu.soon": "wkrótce",
  "shell.comingSoonBody": "Ten ekran jest częścią produktu i zostanie udostępniony w kolejnej wersji.",
  "shell.notFound": "Nie znaleziono strony",
  "shell.notFoundBody":
    "Ta strona została przeniesiona lub nie istnieje. Jeśli otwarto ją z ulubionych, proszę ponownie utworzyć tę pozycję w ulubionych.",
  "shell.goHome": "Przejdź do strony startowej",
  "shell.home": "Start",
  "shell.homeBody": "Proszę wybrać sekcję w menu.",
  "shell.dialog": "Rekord {id}",

  "signin.title": "Logowanie do WMS",
  "signin.tab.login": "Logowanie",
  "signin.tab.register": "Rejestracja firmy",
  "signin.tab.reset": "Nie pamiętam hasła",
  "signin.tab.activation": "Aktywacja",
  "signin.username": "Nazwa użytkownika",
  "signin.password": "Hasło",
  "signin.repeatPassword": "Powtórz hasło",
  "signin.email": "E-mail",
  "signin.companyName": "Nazwa firmy",
  "signin.taxId": "NIP",
  "signin.acceptTerms": "Akceptuję regulamin usługi",
  "signin.submit": "Zaloguj się",
  "signin.register": "Zarejestruj",
  "signin.sendReset": "Wyślij kod resetowania",
  "signin.resetCode": "Kod resetowania",
  "signin.setPassword": "Ustaw nowe hasło",
  "signin.activationCode": "Kod aktywacyjny",
  "signin.activate": "Aktywuj",
  "signin.registered":
    "Dziękujemy. Rejestracja oczekuje na potwierdzenie przez usługodawcę; następnie zostanie wysłany e-mail aktywacyjny.",
  "signin.resetSent":
    "Jeśli adres jest zarejestrowany, kod resetowania został wysłany. Proszę sprawdzić skrzynkę pocztową.",
  "signin.resetDone": "Hasło zostało zmienione. Można się teraz zalogować.",
  "signin.activated": "Konto jest aktywne. Można się teraz zalogować.",
  "signin.signingIn": "Logowanie…",

  "error.network": "Brak połączenia z serwerem. Proszę sprawdzić połączenie.",
  "error.unknown": "Wystąpił nieznany błąd.",
  "error.formHasErrors": "Formularz zawiera błędy. Proszę sprawdzić pola.",
  "error.clientOutdated":
    "Ta wersja aplikacji jest nieaktualna. Proszę odświeżyć stronę, aby wczytać najnowszą wersję.",

  "menu.favorites": "Ulubione",
  "menu.administration": "Administracja",
  "menu.business": "Biznes",
  "menu.logistics": "Logistyka",
  "menu.warehouseOperations": "Operacje magazynowe",
  "menu.terminal": "Terminal",
  "menu.trade": "Handel",
  "menu.shippingTransport": "Wysyłka i transport",
  "menu.pricing": "Ceny",
  "menu.statistics": "Statystyki",
  "menu.assortment": "Asortyment",
  "menu.infrastructure": "Infrastruktura",
  "menu.records": "Ewidencja",
  "menu.calendar": "Kalendarz",
  "menu.contractorPortal": "Portal kontrahenta",

  "route.log": "Dziennik systemowy",
  "route.my-company": "Moja firma",
  "route.print-layouts": "Szablony wydruków",
  "route.email-templates": "Szablony e-mail",
  "route.email-accounts": "Konta e-mail",
  "route.logistics-config": "Konfiguracja logistyki",
  "route.users": "Użytkownicy",
  "route.import-file": "Import z pliku",
  "route.dictionaries": "Słowniki",
  "route.tags": "Tagi",
  "route.history": "Historia zmian",
  "route.shared-access": "Udostępnianie",
  "route.external-credentials": "Usługi zewnętrzne",
  "route.external-shop-activation": "Aktywacja sklepu internetowego",
  "route.computer-vision-faces": "Rozpoznawanie twarzy",
  "route.addresses": "Adresy",
  "route.companies": "Firmy",
  "route.contacts": "Kontakty",
  "route.geo-locations": "Lokalizacje geograficzne",
  "route.products": "Produkty",
  "route.product-external": "Produkty zewnętrzne",
  "route.product-groups": "Grupy produktów",
  "route.products-price-list": "Cennik",
  "route.exchange-rates": "Kursy walut",
  "route.warehouse-locations": "Lokalizacje magazynowe",
  "route.warehouse-location-types": "Typy lokalizacji",
  "route.warehouse-map": "Mapa magazynu",
  "route.warehouse-product-movements": "Ruchy produktów",
  "route.warehouse-product-group-movements": "Ruchy grup produktów",
  "route.warehouse-order-charts": "Wykresy zamówień",
  "route.direct-transport-offer": "Oferty transportowe",
  "route.direct-transport-message": "Wiadomości transportowe",
  "route.active-sell-offers": "Aktywne oferty sprzedaży",
  "route.archive-sell-offers": "Archiwalne oferty sprzedaży",
  "route.warehouse-documents": "Dokumenty magazynowe",
  "route.warehouse-documents-positions": "Pozycje dokumentów",
  "route.warehouse-product-stock": "Stany łączne",
  "route.warehouse-product-inventory": "Stany szczegółowe",
  "route.warehouse-new-document": "Nowy dokument",
  "route.warehouse-new-order": "Nowe zamówienie",
  "route.warehouse-orders": "Wszystkie zamówienia",
  "route.warehouse-orders-operational": "Zamówienia w realizacji",
  "route.warehouse-orders-delay-monitor": "Opóźnione zamówienia",
  "route.warehouse-orders-positions": "Pozycje zamówień",
  "route.warehouse-orders-verify": "Zamówienia do weryfikacji",
  "route.warehouse-orders-verify-positions": "Pozycje do weryfikacji",
  "route.warehouse-supply": "Zaopatrzenie",
  "route.warehouse-supply-reports": "Raporty zaopatrzenia",
  "route.external-order": "Nowe zamówienie",
  "route.my-orders": "Moje zamówienia",
  "route.warehouse-calendar-month": "Kalendarz: miesiąc",
  "route.warehouse-calendar-day": "Kalendarz: dzień",
  "route.warehouse-calendar-agenda-day": "Kalendarz: agenda",
  "route.warehouse-calendar-resources": "Planowanie zasobów",
  "route.wms-terminal-collect": "Kompletacja",
  "route.wms-terminal-in": "Przyjęcie",
  "route.wms-terminal-out": "Wydanie",
  "route.wms-terminal-relocate": "Przesunięcie",
  "route.wms-terminal-check": "Weryfikacja",
  "route.production-picking": "Produkcja: kompletacja zasobów",
  "route.production-summary": "Produkcja: podsumowanie",
  "route.production-labels": "Produkcja: etykiety",
  "route.production-finish": "Produkcja: zakończenie",
  "route.activate": "Aktywacja konta",
  "route.recovery": "Odzyskiwanie hasła",
  "route.title": "WMS",
  "route.shared": "Udostępnione stany",
  "route.shared/wms-inventory": "Udostępnione stany szczegółowe",
  "route.shared/wms-stock": "Udostępnione stany łączne",
} satisfies LanguageCatalogue;
