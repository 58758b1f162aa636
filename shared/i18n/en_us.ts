// The client's catalogue in en-us. Every other language file has exactly these keys (a test compares
// them). `{name}` marks a parameter; keys ending in `#one`, `#few`, `#many`, `#other` are plural forms
// chosen with Intl.PluralRules.
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
export const enUs = {
  ...listMessages["en-us"],
  ...editsMessages["en-us"],
  ...hubMessages["en-us"],
  ...favoritesMessages["en-us"],
  ...errorsMessages["en-us"],
  ...thirdPartyMessages["en-us"],
  ...appVersionMessages["en-us"],
  ...masterMessages["en-us"],
  ...businessMessages["en-us"],
  ...assortmentMessages["en-us"],
  ...infrastructureMessages["en-us"],
  ...stockMessages["en-us"],
  ...documentsMessages["en-us"],
  ...inventoryMessages["en-us"],
  ...recordsMessages["en-us"],
  ...securityLogMessages["en-us"],
  ...ordersMessages["en-us"],
  ...terminalMessages["en-us"],
  ...sharingMessages["en-us"],
  ...portalMessages["en-us"],
  ...logisticsMessages["en-us"],
  ...calendarMessages["en-us"],
  ...pricingMessages["en-us"],
  ...mapMessages["en-us"],
  ...fileMessages["en-us"],
  ...importMessages["en-us"],
  ...exportMessages["en-us"],
  ...printingMessages["en-us"],
  ...printAgentMessages["en-us"],
  ...messagingMessages["en-us"],
  ...transportMessages["en-us"],
  ...externalMessages["en-us"],
  ...facesMessages["en-us"],
  ...secondFactorMessages["en-us"],
  ...offersMessages["en-us"],
  ...discussionMessages["en-us"],
  ...titleMessages["en-us"],
  ...accountMessages["en-us"],
  ...userMenuMessages["en-us"],
  ...sessionsMessages["en-us"],
  "app.name": "WMS",
  "app.tagline": "Warehouse management",
  "common.loading": "Loading…",
  "common.save": "Save",
  "common.cancel": "Cancel",
  "common.close": "Close",
  "common.refresh": "Refresh",
  "common.signOut": "Sign out",
  "common.language": "Language",
  "common.nightMode": "Night mode",
  "common.compactMenu": "Compact menu",
  "common.simplifiedMenu": "Simplified menu",
  "common.menu": "Menu",
  "common.openMenu": "Open the menu",
  "common.settings": "Settings",
  "common.signedInAs": "Signed in as {name}",
  "common.items#one": "{count} item",
  "common.items#other": "{count} items",

  "shell.serverUnreachable": "The server cannot be reached. The data you see may be out of date.",
  "shell.chunkTimeout":
    "Part of the application did not load within 120 seconds. Check the connection and refresh.",
  "shell.comingSoon": "Coming in a later version",
  "menu.soon": "later",
  "shell.comingSoonBody": "This screen is part of the product and arrives in a later version.",
  "shell.notFound": "Page not found",
  "shell.notFoundBody":
    "This page has been moved or does not exist. If you came here from a favorite, recreate that favorite.",
  "shell.goHome": "Go to the start page",
  "shell.home": "Start",
  "shell.homeBody": "Choose a section in the menu.",
  "shell.dialog": "Record {id}",

  "signin.title": "Sign in to WMS",
  "signin.tab.login": "Sign in",
  "signin.tab.register": "Register company",
  "signin.tab.reset": "Forgot password",
  "signin.tab.activation": "Activation",
  "signin.username": "User name",
  "signin.password": "Password",
  "signin.repeatPassword": "Repeat password",
  "signin.email": "E-mail",
  "signin.companyName": "Company name",
  "signin.taxId": "Tax ID",
  "signin.acceptTerms": "I accept the terms of service",
  "signin.submit": "Sign in",
  "signin.register": "Register",
  "signin.sendReset": "Send reset code",
  "signin.resetCode": "Reset code",
  "signin.setPassword": "Set new password",
  "signin.activationCode": "Activation code",
  "signin.activate": "Activate",
  "signin.registered":
    "Thank you. Your registration awaits confirmation by the provider; you will receive an activation e-mail.",
  "signin.resetSent": "If the address is known, a reset code is on its way. Check your mailbox.",
  "signin.resetDone": "Your password has been changed. You can sign in now.",
  "signin.activated": "Your account is active. You can sign in now.",
  "signin.signingIn": "Signing in…",

  "error.network": "The server cannot be reached. Check the connection.",
  "error.unknown": "An unknown error occurred.",
  "error.formHasErrors": "The form has errors, review the fields.",
  "error.clientOutdated": "This version of the application is outdated. Refresh to load the latest.",

  "menu.favorites": "Favorites",
  "menu.administration": "Administration",
  "menu.business": "Business",
  "menu.logistics": "Logistics",
  "menu.warehouseOperations": "Warehouse operations",
  "menu.terminal": "Terminal",
  "menu.trade": "Trade",
  "menu.shippingTransport": "Shipping and transport",
  "menu.pricing": "Pricing",
  "menu.statistics": "Statistics",
  "menu.assortment": "Assortment",
  "menu.infrastructure": "Infrastructure",
  "menu.records": "Records",
  "menu.calendar": "Calendar",
  "menu.contractorPortal": "Contractor portal",

  "route.log": "System log",
  "route.my-company": "My company",
  "route.print-layouts": "Print layouts",
  "route.email-templates": "E-mail templates",
  "route.email-accounts": "E-mail accounts",
  "route.logistics-config": "Logistics configuration",
  "route.users": "Users",
  "route.import-file": "Import from file",
  "route.dictionaries": "Dictionaries",
  "route.tags": "Tags",
  "route.history": "Change history",
  "route.shared-access": "Shared access",
  "route.external-credentials": "External services",
  "route.external-shop-activation": "Online shop activation",
  "route.computer-vision-faces": "Face recognition",
  "route.addresses": "Addresses",
  "route.companies": "Companies",
  "route.contacts": "Contacts",
  "route.geo-locations": "Geo locations",
  "route.products": "Products",
  "route.product-external": "External products",
  "route.product-groups": "Product groups",
  "route.products-price-list": "Price list",
  "route.exchange-rates": "Exchange rates",
  "route.warehouse-locations": "Storage locations",
  "route.warehouse-location-types": "Location types",
  "route.warehouse-map": "Warehouse map",
  "route.warehouse-product-movements": "Product movements",
  "route.warehouse-product-group-movements": "Product group movements",
  "route.warehouse-order-charts": "Order charts",
  "route.direct-transport-offer": "Transport offers",
  "route.direct-transport-message": "Transport messages",
  "route.active-sell-offers": "Active sell offers",
  "route.archive-sell-offers": "Archived sell offers",
  "route.warehouse-documents": "Warehouse documents",
  "route.warehouse-documents-positions": "Document positions",
  "route.warehouse-product-stock": "Total stock",
  "route.warehouse-product-inventory": "Detailed inventory",
  "route.warehouse-new-document": "New document",
  "route.warehouse-new-order": "New order",
  "route.warehouse-orders": "All orders",
  "route.warehouse-orders-operational": "Operational orders",
  "route.warehouse-orders-delay-monitor": "Overdue orders",
  "route.warehouse-orders-positions": "Order positions",
  "route.warehouse-orders-verify": "Verification orders",
  "route.warehouse-orders-verify-positions": "Verification positions",
  "route.warehouse-supply": "Supply",
  "route.warehouse-supply-reports": "Supply reports",
  "route.external-order": "New order",
  "route.my-orders": "My orders",
  "route.warehouse-calendar-month": "Calendar: month",
  "route.warehouse-calendar-day": "Calendar: day",
  "route.warehouse-calendar-agenda-day": "Calendar: agenda",
  "route.warehouse-calendar-resources": "Resource planner",
  "route.wms-terminal-collect": "Picking",
  "route.wms-terminal-in": "Receipt",
  "route.wms-terminal-out": "Release",
  "route.wms-terminal-relocate": "Relocation",
  "route.wms-terminal-check": "Verification",
  "route.production-picking": "Production: resource picking",
  "route.production-summary": "Production: summary",
  "route.production-labels": "Production: labels",
  "route.production-finish": "Production: finish",
  "route.activate": "Account activation",
  "route.recovery": "Password recovery",
  "route.title": "WMS",
  "route.shared": "Shared stock",
  "route.shared/wms-inventory": "Shared detailed inventory",
  "route.shared/wms-stock": "Shared total stock",
} as const;

export type MessageKey = keyof typeof enUs;
export type Catalogue = Record<MessageKey, string>;
