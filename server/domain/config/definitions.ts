// The fixed vocabulary the client builds its screens from: warehouse document and order types with
// their direction and location rules, the actions per status, and the menu sections with who may open
// them. Labels are translation keys; the client's catalogue holds their texts.
import { allows } from "../../kernel/access.ts";
import type { Actor } from "../../kernel/context.ts";

export const wmsDocumentDefinitions = [
  {
    typeCode: "DIN",
    labelKey: "document.type.DIN",
    direction: "in",
    internal: false,
    fromOrder: false,
    source: "forbidden",
    destination: "required",
  },
  {
    typeCode: "DOU",
    labelKey: "document.type.DOU",
    direction: "out",
    internal: false,
    fromOrder: false,
    source: "required",
    destination: "forbidden",
  },
  {
    typeCode: "IIN",
    labelKey: "document.type.IIN",
    direction: "in",
    internal: true,
    fromOrder: false,
    source: "forbidden",
    destination: "required",
  },
  {
    typeCode: "IOU",
    labelKey: "document.type.IOU",
    direction: "out",
    internal: true,
    fromOrder: false,
    source: "required",
    destination: "forbidden",
  },
  {
    typeCode: "OIN",
    labelKey: "document.type.OIN",
    direction: "in",
    internal: false,
    fromOrder: true,
    source: "forbidden",
    destination: "required",
  },
  {
    typeCode: "OOU",
    labelKey: "document.type.OOU",
    direction: "out",
    internal: false,
    fromOrder: true,
    source: "required",
    destination: "forbidden",
  },
  {
    typeCode: "CRL",
    labelKey: "document.type.CRL",
    direction: "relocation",
    internal: true,
    fromOrder: true,
    source: "required",
    destination: "required",
  },
  {
    typeCode: "ARL",
    labelKey: "document.type.ARL",
    direction: "relocation",
    internal: true,
    fromOrder: false,
    source: "required",
    destination: "required",
  },
  {
    typeCode: "PRL",
    labelKey: "document.type.PRL",
    direction: "relocation",
    internal: true,
    fromOrder: false,
    source: "required",
    destination: "required",
  },
] as const;

/** The document types moving stock one way: "in" (receipts), "out" (releases) or "relocation". */
export const documentTypesOf = (direction: "in" | "out" | "relocation"): string[] =>
  wmsDocumentDefinitions.filter((d) => d.direction === direction).map((d) => d.typeCode as string);

/** The header fields every order takes; each type adds its own (`fields`), and a form shows no others. */
const orderHeader = ["priority", "plannedDate", "deadline", "assignedUserId", "comment"] as const;

/**
 * The order types. `fields`: the header fields an order of the type takes, in the form's order (a receipt
 * where the goods go and by when to unpack them, a release where they come from and by when to pack them, a
 * count its scope); `required`: those of them it cannot do without.
 */
export const wmsOrderDefinitions = [
  {
    typeCode: "OIN",
    labelKey: "order.type.OIN",
    kind: "receipt",
    generates: ["OIN"],
    fields: ["contractorId", "destinationLocationId", ...orderHeader, "unpackBy"],
    required: [],
  },
  {
    typeCode: "OOU",
    labelKey: "order.type.OOU",
    kind: "release",
    generates: ["OOU"],
    fields: ["contractorId", "sourceLocationId", ...orderHeader, "packBy"],
    required: [],
  },
  {
    typeCode: "OPI",
    labelKey: "order.type.OPI",
    kind: "picking",
    generates: ["CRL"],
    fields: ["sourceLocationId", "destinationLocationId", ...orderHeader, "packBy"],
    required: [],
  },
  {
    typeCode: "VER-A",
    labelKey: "order.type.VER-A",
    kind: "verification",
    scope: "all",
    generates: ["IIN", "IOU"],
    fields: [...orderHeader],
    required: [],
  },
  {
    typeCode: "VER-P",
    labelKey: "order.type.VER-P",
    kind: "verification",
    scope: "product",
    generates: ["IIN", "IOU"],
    fields: ["scopeProductIds", ...orderHeader],
    required: ["scopeProductIds"],
  },
  {
    typeCode: "VER-C",
    labelKey: "order.type.VER-C",
    kind: "verification",
    scope: "contractor",
    generates: ["IIN", "IOU"],
    fields: ["contractorId", ...orderHeader],
    required: ["contractorId"],
  },
  {
    typeCode: "VER-L",
    labelKey: "order.type.VER-L",
    kind: "verification",
    scope: "location",
    generates: ["IIN", "IOU"],
    fields: ["scopeLocationId", ...orderHeader],
    required: ["scopeLocationId"],
  },
  // Made by POST WmsOrder/GenerateProduction only: its raw material goes out (IOU), its product comes in (IIN).
  {
    typeCode: "PRD",
    labelKey: "order.type.PRD",
    kind: "production",
    generates: ["IOU", "IIN"],
    fields: ["sourceLocationId", "destinationLocationId", ...orderHeader],
    required: [],
  },
] as const;

export const documentStatuses = ["workingCopy", "confirmed", "reverted"] as const;

export const wmsDocumentActions = [
  { code: "edit", labelKey: "document.action.edit", allowedStatuses: ["workingCopy"] },
  { code: "confirm", labelKey: "document.action.confirm", allowedStatuses: ["workingCopy"] },
  { code: "revert", labelKey: "document.action.revert", allowedStatuses: ["confirmed"] },
  { code: "delete", labelKey: "document.action.delete", allowedStatuses: ["workingCopy"] },
  {
    code: "print",
    labelKey: "document.action.print",
    allowedStatuses: ["workingCopy", "confirmed", "reverted"],
  },
] as const;

/** An order's status (api-contract.md, Orders): closed manually carries a reason. */
export const orderStatuses = ["workingCopy", "confirmed", "archived", "closedManually"] as const;
/** How far the work on an order has come; it follows the order's documents. */
export const orderProcessStatuses = [
  "pending",
  "waitingToProcess",
  "inProgress",
  "doneUnconfirmed",
  "doneConfirmed",
  "closedFully",
  "closedManually",
  "archived",
  "unknown",
] as const;
/** A count's (verification order's) progress. */
export const orderVerificationStatuses = [
  "notStarted",
  "inProgressNoDifferences",
  "inProgressWithDifferences",
  "finishedNoDifferences",
  "finishedWithDifferences",
] as const;
export const orderPriorities = ["low", "normal", "high"] as const;

export const wmsOrderActions = [
  { code: "edit", labelKey: "order.action.edit", allowedStatuses: ["workingCopy"] },
  { code: "confirm", labelKey: "order.action.confirm", allowedStatuses: ["workingCopy"] },
  {
    code: "revert",
    labelKey: "order.action.revert",
    allowedStatuses: ["confirmed"],
    onlyBeforeExecution: true,
  },
  {
    code: "reopen",
    labelKey: "order.action.reopen",
    allowedStatuses: ["closedManually"],
    onlyBeforeExecution: true,
  },
  { code: "generateDocuments", labelKey: "order.action.generateDocuments", allowedStatuses: ["confirmed"] },
  { code: "closeManually", labelKey: "order.action.closeManually", allowedStatuses: ["confirmed"] },
  { code: "archive", labelKey: "order.action.archive", allowedStatuses: ["confirmed", "closedManually"] },
  {
    code: "clone",
    labelKey: "order.action.clone",
    allowedStatuses: ["workingCopy", "confirmed", "archived", "closedManually"],
  },
  { code: "delete", labelKey: "order.action.delete", allowedStatuses: ["workingCopy"] },
] as const;

type Rule = (a: Actor) => boolean;
const anyone: Rule = () => true;
const staff: Rule = (a) => a.contractorId === null;
const admin: Rule = (a) => a.isSuperUser;
const manager: Rule = (a) => a.isSuperUser || a.isPowerUser;
const logistics: Rule = (a) => staff(a) && (a.isSuperUser || a.logisticsEnabled);
const terminal: Rule = (a) => staff(a) && (a.isSuperUser || a.terminalEnabled);
/** Dispatchers write freight tickets; a carrier's users see published ones and offer (kernel/access.ts). */
const shipping: Rule = (a) => allows("transport", a);
const portal: Rule = (a) => a.contractorPortalEnabled;

interface Section {
  code: string;
  labelKey: string;
  rule: Rule;
  routes: string[];
}

export const drawerSectionTable: Section[] = [
  { code: "favorites", labelKey: "menu.favorites", rule: anyone, routes: [] },
  {
    code: "administration",
    labelKey: "menu.administration",
    rule: admin,
    routes: [
      "log",
      "security-log",
      "my-company",
      "print-layouts",
      "printers",
      "email-templates",
      "email-accounts",
      "messages",
      "logistics-config",
      "users",
      "import-file",
      "dictionaries",
      "tags",
      "history",
      "shared-access",
      "external-credentials",
      "computer-vision-faces",
    ],
  },
  {
    code: "business",
    labelKey: "menu.business",
    rule: staff,
    routes: ["addresses", "companies", "contacts", "geo-locations"],
  },
  {
    code: "logistics",
    labelKey: "menu.logistics",
    rule: logistics,
    routes: [
      "warehouse-documents",
      "warehouse-documents-positions",
      "warehouse-orders",
      "warehouse-orders-operational",
      "warehouse-orders-delay-monitor",
      "warehouse-orders-positions",
      "warehouse-orders-verify",
      "warehouse-orders-verify-positions",
      "warehouse-new-document",
      "warehouse-new-order",
    ],
  },
  {
    code: "warehouseOperations",
    labelKey: "menu.warehouseOperations",
    rule: logistics,
    routes: [
      "warehouse-product-stock",
      "warehouse-product-inventory",
      "warehouse-supply",
      "warehouse-supply-reports",
    ],
  },
  {
    code: "terminal",
    labelKey: "menu.terminal",
    rule: terminal,
    routes: [
      "wms-terminal-collect",
      "wms-terminal-in",
      "wms-terminal-out",
      "wms-terminal-relocate",
      "wms-terminal-check",
    ],
  },
  {
    code: "trade",
    labelKey: "menu.trade",
    rule: logistics,
    routes: ["active-sell-offers", "archive-sell-offers"],
  },
  {
    code: "shippingTransport",
    labelKey: "menu.shippingTransport",
    rule: shipping,
    routes: ["direct-transport-offer", "direct-transport-message"],
  },
  {
    code: "pricing",
    labelKey: "menu.pricing",
    rule: manager,
    routes: ["products-price-list", "exchange-rates"],
  },
  {
    code: "statistics",
    labelKey: "menu.statistics",
    rule: logistics,
    routes: ["warehouse-product-movements", "warehouse-product-group-movements", "warehouse-order-charts"],
  },
  {
    code: "assortment",
    labelKey: "menu.assortment",
    rule: staff,
    routes: ["products", "product-external", "product-groups"],
  },
  {
    code: "infrastructure",
    labelKey: "menu.infrastructure",
    rule: staff,
    routes: ["warehouse-locations", "warehouse-location-types", "warehouse-map"],
  },
  { code: "records", labelKey: "menu.records", rule: manager, routes: ["dictionaries", "tags"] },
  {
    code: "calendar",
    labelKey: "menu.calendar",
    rule: staff,
    routes: [
      "warehouse-calendar-month",
      "warehouse-calendar-day",
      "warehouse-calendar-agenda-day",
      "warehouse-calendar-resources",
    ],
  },
  {
    code: "contractorPortal",
    labelKey: "menu.contractorPortal",
    rule: portal,
    routes: ["external-order", "my-orders"],
  },
];

export function drawerSectionsFor(actor: Actor) {
  return drawerSectionTable.filter((s) => s.rule(actor)).map(({ code, labelKey, routes }) => ({
    code,
    labelKey,
    routes,
  }));
}
