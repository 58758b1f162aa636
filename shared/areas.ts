// The product's areas, each once: its texts in the catalogue (shared/i18n/areas/), the resources whose
// metadata the client keeps at hand, and the routes its generic resource screens answer. A new area is one
// entry here. Derived from it: the six language catalogues (shared/i18n/en_us.ts, ...), the client's
// resource list (client/screens/resources.ts) and the resource screens of its route table
// (client/shell/routes.ts). The browser gets this file without the texts (client/build.mjs): each
// language's texts reach it as that language's own script.
import { listMessages } from "./i18n/areas/list.ts";
import { editsMessages } from "./i18n/areas/edits.ts";
import { hubMessages } from "./i18n/areas/hub.ts";
import { favoritesMessages } from "./i18n/areas/favorites.ts";
import { errorsMessages } from "./i18n/areas/errors.ts";
import { thirdPartyMessages } from "./i18n/areas/third_party.ts";
import { appVersionMessages } from "./i18n/areas/app_version.ts";
import { masterMessages } from "./i18n/areas/master.ts";
import { businessMessages } from "./i18n/areas/business.ts";
import { assortmentMessages } from "./i18n/areas/assortment.ts";
import { infrastructureMessages } from "./i18n/areas/infrastructure.ts";
import { stockMessages } from "./i18n/areas/stock.ts";
import { documentsMessages } from "./i18n/areas/documents.ts";
import { inventoryMessages } from "./i18n/areas/inventory.ts";
import { recordsMessages } from "./i18n/areas/records.ts";
import { securityLogMessages } from "./i18n/areas/security_log.ts";
import { ordersMessages } from "./i18n/areas/orders.ts";
import { terminalMessages } from "./i18n/areas/terminal.ts";
import { sharingMessages } from "./i18n/areas/sharing.ts";
import { portalMessages } from "./i18n/areas/portal.ts";
import { logisticsMessages } from "./i18n/areas/logistics.ts";
import { calendarMessages } from "./i18n/areas/calendar.ts";
import { pricingMessages } from "./i18n/areas/pricing.ts";
import { mapMessages } from "./i18n/areas/maps.ts";
import { fileMessages } from "./i18n/areas/files.ts";
import { importMessages } from "./i18n/areas/imports.ts";
import { exportMessages } from "./i18n/areas/exports.ts";
import { printingMessages } from "./i18n/areas/printing.ts";
import { printAgentMessages } from "./i18n/areas/print_agent.ts";
import { messagingMessages } from "./i18n/areas/messaging.ts";
import { transportMessages } from "./i18n/areas/transport.ts";
import { externalMessages } from "./i18n/areas/external.ts";
import { facesMessages } from "./i18n/areas/faces.ts";
import { secondFactorMessages } from "./i18n/areas/second_factor.ts";
import { offersMessages } from "./i18n/areas/offers.ts";
import { discussionMessages } from "./i18n/areas/discussions.ts";
import { titleMessages } from "./i18n/areas/title.ts";
import { accountMessages } from "./i18n/areas/account.ts";
import { userMenuMessages } from "./i18n/areas/user_menu.ts";
import { sessionsMessages } from "./i18n/areas/sessions.ts";
import { appMessages } from "./i18n/areas/app.ts";

export interface Area {
  /** The area's catalogue texts, in each of the six languages. */
  messages: { [lang: string]: { [key: string]: string } };
  /**
   * Its texts (`true`), or those whose keys start with one of these, are in the browser's first script of a
   * language: what the pages outside the signed-in frame (sign-in, title, a third party's return) and the
   * banners over them show. Every other text arrives with the frame or a lazily loaded part's code
   * (shared/i18n/catalogues_browser.ts).
   */
  first?: true | readonly string[];
  /** Resources (by their API name) the client reads the metadata of (shared/resources/generated/). */
  resources?: readonly string[];
  /** The generic resource screens: a route's name and the resource its list and dialogs show. */
  screens?: { readonly [route: string]: string };
}

/** The areas in the catalogue's order (a later area's text would win a key two areas both had). */
export const areas = {
  list: {
    messages: listMessages,
    resources: ["User"],
  },
  edits: { messages: editsMessages, first: true },
  hub: { messages: hubMessages },
  favorites: { messages: favoritesMessages },
  // The API's error texts are what the server's answers say (in the language the client asks for): the
  // pages outside the frame show the answer's own message, and these two of their own.
  errors: {
    messages: errorsMessages,
    first: ["validation.", "error.", "apiError.auth.thirdPartyFailed", "apiError.face.deviceNotEnrolled"],
  },
  thirdParty: { messages: thirdPartyMessages, first: true },
  appVersion: { messages: appVersionMessages, first: true },
  master: {
    messages: masterMessages,
    resources: ["ProductGroup"],
    screens: { "product-groups": "ProductGroup" },
  },
  business: {
    messages: businessMessages,
    resources: ["Address", "GeoLocation", "Company", "Person", "Tags", "Dictionary"],
    screens: {
      "addresses": "Address",
      "geo-locations": "GeoLocation",
      "companies": "Company",
      "contacts": "Person",
      "tags": "Tags",
      "dictionaries": "Dictionary",
    },
  },
  assortment: {
    messages: assortmentMessages,
    resources: ["Product", "ExchangeRate"],
    screens: { "products": "Product", "exchange-rates": "ExchangeRate" },
  },
  infrastructure: {
    messages: infrastructureMessages,
    resources: ["StorageSpaceType", "StorageSpace"],
    screens: { "warehouse-location-types": "StorageSpaceType" },
  },
  stock: {
    messages: stockMessages,
    resources: ["Container", "WmsDocument", "WmsDocumentPosition"],
  },
  documents: { messages: documentsMessages },
  inventory: { messages: inventoryMessages },
  records: {
    messages: recordsMessages,
    resources: ["PrintLayout", "EmailAccount", "EmailTemplate", "RecordLog", "SystemLog"],
    screens: {
      "print-layouts": "PrintLayout",
      "email-accounts": "EmailAccount",
      "email-templates": "EmailTemplate",
      "history": "RecordLog",
      "log": "SystemLog",
    },
  },
  securityLog: {
    messages: securityLogMessages,
    resources: ["SecurityLog"],
    screens: { "security-log": "SecurityLog" },
  },
  orders: { messages: ordersMessages },
  terminal: { messages: terminalMessages },
  sharing: {
    messages: sharingMessages,
    resources: ["SharedAccess"],
  },
  portal: {
    messages: portalMessages,
    resources: ["ExternalOrder"],
  },
  logistics: { messages: logisticsMessages },
  calendar: {
    messages: calendarMessages,
    resources: ["Calendar"],
  },
  pricing: { messages: pricingMessages },
  maps: { messages: mapMessages },
  files: { messages: fileMessages },
  imports: { messages: importMessages },
  exports: { messages: exportMessages },
  printing: {
    messages: printingMessages,
    resources: ["Printer"],
    screens: { "printers": "Printer" },
  },
  printAgent: {
    messages: printAgentMessages,
    resources: ["PrintSite", "PrintJob"],
    screens: { "print-jobs": "PrintJob" },
  },
  messaging: {
    messages: messagingMessages,
    resources: ["Message"],
  },
  transport: { messages: transportMessages },
  external: { messages: externalMessages },
  // Face sign-in's entry on the sign-in page; its camera (a lazy part) and the enrolment bring the rest.
  faces: { messages: facesMessages, first: ["face.signIn", "face.loadingModels"] },
  secondFactor: { messages: secondFactorMessages },
  offers: { messages: offersMessages },
  discussions: { messages: discussionMessages },
  title: { messages: titleMessages, first: true },
  account: { messages: accountMessages },
  userMenu: { messages: userMenuMessages },
  sessions: { messages: sessionsMessages },
  // The menu's and the routes' names are the frame's.
  app: { messages: appMessages, first: ["app.", "common.", "shell.", "signin.", "error."] },
} satisfies Record<string, Area>;
