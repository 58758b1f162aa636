import type { LanguageCatalogue } from "./types.ts";

// The client's catalogue in de-de: the keys of en_us.ts, with the plural forms German uses.
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
export const deDe = {
  ...listMessages["de-de"],
  ...editsMessages["de-de"],
  ...hubMessages["de-de"],
  ...favoritesMessages["de-de"],
  ...errorsMessages["de-de"],
  ...thirdPartyMessages["de-de"],
  ...appVersionMessages["de-de"],
  ...masterMessages["de-de"],
  ...businessMessages["de-de"],
  ...assortmentMessages["de-de"],
  ...infrastructureMessages["de-de"],
  ...stockMessages["de-de"],
  ...documentsMessages["de-de"],
  ...inventoryMessages["de-de"],
  ...recordsMessages["de-de"],
  ...securityLogMessages["de-de"],
  ...ordersMessages["de-de"],
  ...terminalMessages["de-de"],
  ...sharingMessages["de-de"],
  ...portalMessages["de-de"],
  ...logisticsMessages["de-de"],
  ...calendarMessages["de-de"],
  ...pricingMessages["de-de"],
  ...mapMessages["de-de"],
  ...fileMessages["de-de"],
  ...importMessages["de-de"],
  ...exportMessages["de-de"],
  ...printingMessages["de-de"],
  ...printAgentMessages["de-de"],
  ...messagingMessages["de-de"],
  ...transportMessages["de-de"],
  ...externalMessages["de-de"],
  ...facesMessages["de-de"],
  ...secondFactorMessages["de-de"],
  ...offersMessages["de-de"],
  ...discussionMessages["de-de"],
  ...titleMessages["de-de"],
  ...accountMessages["de-de"],
  ...userMenuMessages["de-de"],
  ...sessionsMessages["de-de"],
  "app.name": "WMS",
  "app.tagline": "Lagerverwaltung",
  "common.loading": "Wird geladen…",
  "common.save": "Speichern",
  "common.cancel": "Abbrechen",
  "common.close": "Schließen",
  "common.refresh": "Aktualisieren",
  "common.signOut": "Abmelden",
  "common.language": "Sprache",
  "common.nightMode": "Nachtmodus",
  "common.compactMenu": "Kompaktes Menü",
  "common.simplifiedMenu": "Vereinfachtes Menü",
  "common.menu": "Menü",
  "common.openMenu": "Menü öffnen",
  "common.settings": "Einstellungen",
  "common.signedInAs": "Angemeldet als {name}",
  "common.items#one": "{count} Eintrag",
  "common.items#other": "{count} Einträge",

  "shell.serverUnreachable":
    "Der Server ist nicht erreichbar. Die angezeigten Daten sind möglicherweise nicht aktuell.",
  "shell.chunkTimeout":
    "Ein Teil der Anwendung wurde nicht innerhalb von 120 Sekunden geladen. Überprüfen Sie die Verbindung und laden Sie die Seite neu.",
  "shell.comingSoon": "In einer späteren Version verfügbar",
  "menu.soon": "später",
  "shell.comingSoonBody": "Diese Ansicht ist Teil des Produkts und folgt in einer späteren Version.",
  "shell.notFound": "Seite nicht gefunden",
  "shell.notFoundBody":
    "Diese Seite wurde verschoben oder existiert nicht. Wenn Sie über einen Favoriten hierher gelangt sind, legen Sie diesen Favoriten neu an.",
  "shell.goHome": "Zur Startseite",
  "shell.home": "Start",
  "shell.homeBody": "Wählen Sie einen Bereich im Menü.",
  "shell.dialog": "Datensatz {id}",

  "signin.title": "Bei WMS anmelden",
  "signin.tab.login": "Anmelden",
  "signin.tab.register": "Unternehmen registrieren",
  "signin.tab.reset": "Passwort vergessen",
  "signin.tab.activation": "Aktivierung",
  "signin.username": "Benutzername",
  "signin.password": "Passwort",
  "signin.repeatPassword": "Passwort wiederholen",
  "signin.email": "E-Mail",
  "signin.companyName": "Firmenname",
  "signin.taxId": "Steuernummer",
  "signin.acceptTerms": "Ich akzeptiere die Nutzungsbedingungen",
  "signin.submit": "Anmelden",
  "signin.register": "Registrieren",
  "signin.sendReset": "Rücksetzcode senden",
  "signin.resetCode": "Rücksetzcode",
  "signin.setPassword": "Neues Passwort festlegen",
  "signin.activationCode": "Aktivierungscode",
  "signin.activate": "Aktivieren",
  "signin.registered":
    "Vielen Dank. Ihre Registrierung wartet auf die Bestätigung durch den Anbieter; Sie erhalten eine Aktivierungs-E-Mail.",
  "signin.resetSent":
    "Falls die Adresse bekannt ist, wurde ein Rücksetzcode versendet. Bitte prüfen Sie Ihr Postfach.",
  "signin.resetDone": "Ihr Passwort wurde geändert. Sie können sich jetzt anmelden.",
  "signin.activated": "Ihr Konto ist aktiv. Sie können sich jetzt anmelden.",
  "signin.signingIn": "Anmeldung läuft…",

  "error.network": "Der Server ist nicht erreichbar. Überprüfen Sie die Verbindung.",
  "error.unknown": "Ein unbekannter Fehler ist aufgetreten.",
  "error.formHasErrors": "Das Formular enthält Fehler. Bitte überprüfen Sie die Felder.",
  "error.clientOutdated":
    "Diese Version der Anwendung ist veraltet. Laden Sie die Seite neu, um die neueste Version zu erhalten.",

  "menu.favorites": "Favoriten",
  "menu.administration": "Administration",
  "menu.business": "Geschäftspartner",
  "menu.logistics": "Logistik",
  "menu.warehouseOperations": "Lagerprozesse",
  "menu.terminal": "Terminal",
  "menu.trade": "Handel",
  "menu.shippingTransport": "Versand und Transport",
  "menu.pricing": "Preise",
  "menu.statistics": "Statistik",
  "menu.assortment": "Sortiment",
  "menu.infrastructure": "Infrastruktur",
  "menu.records": "Register",
  "menu.calendar": "Kalender",
  "menu.contractorPortal": "Partnerportal",

  "route.log": "Systemprotokoll",
  "route.my-company": "Mein Unternehmen",
  "route.print-layouts": "Drucklayouts",
  "route.email-templates": "E-Mail-Vorlagen",
  "route.email-accounts": "E-Mail-Konten",
  "route.logistics-config": "Logistikkonfiguration",
  "route.users": "Benutzer",
  "route.import-file": "Import aus Datei",
  "route.dictionaries": "Wertelisten",
  "route.tags": "Tags",
  "route.history": "Änderungsverlauf",
  "route.shared-access": "Freigaben",
  "route.external-credentials": "Externe Dienste",
  "route.external-shop-activation": "Onlineshop-Aktivierung",
  "route.computer-vision-faces": "Gesichtserkennung",
  "route.addresses": "Adressen",
  "route.companies": "Unternehmen",
  "route.contacts": "Kontakte",
  "route.geo-locations": "Geostandorte",
  "route.products": "Produkte",
  "route.product-external": "Externe Produkte",
  "route.product-groups": "Produktgruppen",
  "route.products-price-list": "Preisliste",
  "route.exchange-rates": "Wechselkurse",
  "route.warehouse-locations": "Lagerplätze",
  "route.warehouse-location-types": "Lagerplatztypen",
  "route.warehouse-map": "Lagerplan",
  "route.warehouse-product-movements": "Produktbewegungen",
  "route.warehouse-product-group-movements": "Produktgruppenbewegungen",
  "route.warehouse-order-charts": "Auftragsdiagramme",
  "route.direct-transport-offer": "Transportangebote",
  "route.direct-transport-message": "Transportnachrichten",
  "route.active-sell-offers": "Aktive Verkaufsangebote",
  "route.archive-sell-offers": "Archivierte Verkaufsangebote",
  "route.warehouse-documents": "Lagerbelege",
  "route.warehouse-documents-positions": "Belegpositionen",
  "route.warehouse-product-stock": "Gesamtbestand",
  "route.warehouse-product-inventory": "Detailbestand",
  "route.warehouse-new-document": "Neuer Beleg",
  "route.warehouse-new-order": "Neuer Auftrag",
  "route.warehouse-orders": "Alle Aufträge",
  "route.warehouse-orders-operational": "Aufträge in Bearbeitung",
  "route.warehouse-orders-delay-monitor": "Überfällige Aufträge",
  "route.warehouse-orders-positions": "Auftragspositionen",
  "route.warehouse-orders-verify": "Prüfaufträge",
  "route.warehouse-orders-verify-positions": "Prüfpositionen",
  "route.warehouse-supply": "Beschaffung",
  "route.warehouse-supply-reports": "Beschaffungsberichte",
  "route.external-order": "Neue Bestellung",
  "route.my-orders": "Meine Bestellungen",
  "route.warehouse-calendar-month": "Kalender: Monat",
  "route.warehouse-calendar-day": "Kalender: Tag",
  "route.warehouse-calendar-agenda-day": "Kalender: Agenda",
  "route.warehouse-calendar-resources": "Ressourcenplanung",
  "route.wms-terminal-collect": "Kommissionierung",
  "route.wms-terminal-in": "Wareneingang",
  "route.wms-terminal-out": "Warenausgang",
  "route.wms-terminal-relocate": "Umlagerung",
  "route.wms-terminal-check": "Prüfung",
  "route.production-picking": "Produktion: Ressourcenentnahme",
  "route.production-summary": "Produktion: Übersicht",
  "route.production-labels": "Produktion: Etiketten",
  "route.production-finish": "Produktion: Abschluss",
  "route.activate": "Kontoaktivierung",
  "route.recovery": "Passwort-Wiederherstellung",
  "route.title": "WMS",
  "route.shared": "Freigegebener Bestand",
  "route.shared/wms-inventory": "Freigegebener Detailbestand",
  "route.shared/wms-stock": "Freigegebener Gesamtbestand",
} satisfies LanguageCatalogue;
