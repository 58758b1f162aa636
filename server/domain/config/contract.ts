// Shapes of the account and logistics configuration, shared by validation, OpenAPI and the client.
// Top-level schemas are marked /* @__PURE__ */ so that a client bundle taking only the metadata
// leaves zod out (see access/users/contract.ts).
import { z } from "zod";
import { languages } from "../../kernel/i18n/mod.ts";
import { email } from "../access/users/contract.ts";
import type { ResourceMeta } from "../../kernel/resource_meta.ts";

export const documentTypeCodes = ["DIN", "DOU", "IIN", "IOU", "OIN", "OOU", "CRL", "ARL", "PRL"] as const;
export const orderTypeCodes = ["OIN", "OOU", "OPI", "VER-A", "VER-P", "VER-C", "VER-L"] as const;

export const Address = /* @__PURE__ */ z.object({
  street: z.string().trim().max(200).nullish(),
  number: z.string().trim().max(20).nullish(),
  city: z.string().trim().max(100).nullish(),
  postalCode: z.string().trim().max(20).nullish(),
  province: z.string().trim().max(100).nullish(),
  country: z.string().trim().max(100).nullish(),
});

export const ClientAccountUpdate = /* @__PURE__ */ z.object({
  version: z.number().int().positive(),
  invoiceName: z.string().trim().min(1).max(200),
  taxId: z.string().trim().max(32).nullish(),
  addresses: z.array(Address).max(10).default([]),
  // An emptied field clears the address; a wrong one is reported as an e-mail error, not a bad union.
  invoiceEmail: z.string().trim().max(254).transform((v) => (v === "" ? null : v))
    .pipe(email.nullable()).nullish(),
  theme: z.enum(["light", "dark"]).default("light"),
  windowAnimations: z.boolean().default(true),
  appTitle: z.string().trim().max(100).nullish(),
});

export const ClientAccount = /* @__PURE__ */ z.object({
  id: z.number(),
  invoiceName: z.string(),
  taxId: z.string().nullable(),
  addresses: z.array(Address),
  invoiceEmail: z.string().nullable(),
  subscriptionType: z.string(),
  subscriptionCode: z.string().nullable(),
  monthlyDocumentLimit: z.number(),
  extraDocumentPriceEur: z.number(),
  extraOperationsBudget: z.number(),
  theme: z.string(),
  windowAnimations: z.boolean(),
  appTitle: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  version: z.number(),
});

/** The company's own account for the generic dialogs: one record, edited by administrators. */
export const clientAccountMeta: ResourceMeta = {
  resource: "ClientAccount",
  path: "/ClientAccount",
  nameKey: "resource.account",
  titleFields: ["invoiceName"],
  defaultSort: { column: "id", descending: false },
  singleton: true,
  fields: [
    {
      name: "invoiceName",
      kind: "text",
      labelKey: "field.account.invoiceName",
      form: { edit: true, required: "always", maxLength: 200 },
      groupKey: "group.account.invoice",
    },
    {
      name: "taxId",
      kind: "text",
      labelKey: "field.account.taxId",
      form: { edit: true, maxLength: 32 },
      groupKey: "group.account.invoice",
    },
    {
      name: "invoiceEmail",
      kind: "email",
      labelKey: "field.account.invoiceEmail",
      form: { edit: true, maxLength: 254 },
      groupKey: "group.account.invoice",
    },
    {
      name: "addresses",
      kind: "addresses",
      labelKey: "field.account.addresses",
      form: { edit: true },
      groupKey: "group.account.invoice",
    },
    {
      name: "subscriptionType",
      kind: "text",
      labelKey: "field.account.subscriptionType",
      groupKey: "group.account.subscription",
    },
    {
      name: "subscriptionCode",
      kind: "text",
      labelKey: "field.account.subscriptionCode",
      groupKey: "group.account.subscription",
    },
    {
      name: "monthlyDocumentLimit",
      kind: "number",
      labelKey: "field.account.monthlyDocumentLimit",
      groupKey: "group.account.subscription",
    },
    {
      name: "extraDocumentPriceEur",
      kind: "money",
      currency: "EUR",
      labelKey: "field.account.extraDocumentPriceEur",
      groupKey: "group.account.subscription",
    },
    {
      name: "extraOperationsBudget",
      kind: "money",
      currency: "EUR",
      labelKey: "field.account.extraOperationsBudget",
      groupKey: "group.account.subscription",
    },
    {
      name: "appTitle",
      kind: "text",
      labelKey: "field.account.appTitle",
      form: { edit: true, maxLength: 100 },
      groupKey: "group.account.appearance",
    },
    {
      name: "theme",
      kind: "enum",
      options: ["light", "dark"],
      labelKey: "field.account.theme",
      form: { edit: true, required: "always" },
      groupKey: "group.account.appearance",
    },
    {
      name: "windowAnimations",
      kind: "boolean",
      labelKey: "field.account.windowAnimations",
      form: { edit: true },
      groupKey: "group.account.appearance",
    },
  ],
};

/** A numbering schema: parts joined in order, e.g. DIN / 2026 / 11 / 000123. */
export const NumberingPart = /* @__PURE__ */ z.discriminatedUnion("type", [
  z.object({ type: z.literal("counter"), digits: z.number().int().min(5).max(8) }),
  z.object({ type: z.literal("year"), digits: z.union([z.literal(2), z.literal(4)]) }),
  z.object({ type: z.literal("month") }),
  z.object({ type: z.literal("text"), value: z.string().min(1).max(20) }),
  z.object({ type: z.literal("separator"), value: z.enum(["/", "-", ".", "_", " "]) }),
]);

export const NumberingSchema = /* @__PURE__ */ z.object({
  parts: z.array(NumberingPart).min(1).max(12).refine(
    (parts) => parts.filter((p) => p.type === "counter").length === 1,
    { params: { code: "validation.invalidValue" } },
  ),
  /** When the counter starts again from 1. */
  reset: z.enum(["never", "yearly", "monthly"]).default("yearly"),
});

const rule = /* @__PURE__ */ z.enum(["block", "warn", "allow"]);

export const LogisticsConfigData = /* @__PURE__ */ z.object({
  numbering: z.object({
    documents: z.record(z.enum(documentTypeCodes), NumberingSchema),
    orders: z.record(z.enum(orderTypeCodes), NumberingSchema),
    container: NumberingSchema,
    draftPrefix: z.string().max(20),
  }),
  /** Which document and order types are in use. */
  documentTypesEnabled: z.record(z.enum(documentTypeCodes), z.boolean()),
  orderTypesEnabled: z.record(z.enum(orderTypeCodes), z.boolean()),
  generateDocumentsOnOrderSave: z.enum(["ask", "always", "never"]),
  rules: z.object({
    expiredOnReceipt: rule,
    expiredOnRelease: rule,
    shortExpiryDays: z.number().int().min(0).max(3650),
    shortExpiryOnReceipt: rule,
    shortExpiryOnRelease: rule,
    rackLoad: rule,
    storageTemperature: rule,
  }),
  units: z.array(z.string().trim().min(1).max(10)).min(1).max(50),
  defaultUnit: z.string().trim().min(1).max(10),
  production: z.object({
    enabled: z.boolean(),
    rawMaterialLocationId: z.number().int().positive().nullable(),
    finishedGoodsLocationId: z.number().int().positive().nullable(),
  }),
}).refine((d) => d.units.includes(d.defaultUnit), {
  path: ["defaultUnit"],
  params: { code: "validation.invalidValue" },
});
export type LogisticsConfigData = z.output<typeof LogisticsConfigData>;

export const ClientLogisticsConfigUpdate = /* @__PURE__ */ LogisticsConfigData.and(
  z.object({ version: z.number().int().positive() }),
);

export const ClientLogisticsConfig = /* @__PURE__ */ z.object({
  id: z.number(),
  version: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
}).and(LogisticsConfigData);

function numbering(prefix: string): z.input<typeof NumberingSchema> {
  return {
    parts: [
      { type: "text", value: prefix },
      { type: "separator", value: "/" },
      { type: "year", digits: 4 },
      { type: "separator", value: "/" },
      { type: "month" },
      { type: "separator", value: "/" },
      { type: "counter", digits: 6 },
    ],
    reset: "yearly",
  };
}

export function defaultLogisticsConfig(): LogisticsConfigData {
  return LogisticsConfigData.parse({
    numbering: {
      documents: Object.fromEntries(documentTypeCodes.map((c) => [c, numbering(c)])),
      orders: Object.fromEntries(orderTypeCodes.map((c) => [c, numbering(`Z${c}`)])),
      container: { parts: [{ type: "text", value: "C" }, { type: "counter", digits: 8 }], reset: "never" },
      draftPrefix: "DRAFT/",
    },
    documentTypesEnabled: Object.fromEntries(documentTypeCodes.map((c) => [c, true])),
    orderTypesEnabled: Object.fromEntries(orderTypeCodes.map((c) => [c, true])),
    generateDocumentsOnOrderSave: "ask",
    rules: {
      expiredOnReceipt: "block",
      expiredOnRelease: "block",
      shortExpiryDays: 30,
      shortExpiryOnReceipt: "warn",
      shortExpiryOnRelease: "warn",
      rackLoad: "warn",
      storageTemperature: "block",
    },
    units: ["pcs", "kg", "g", "l", "m", "m2", "m3", "box", "pal", "set"],
    defaultUnit: "pcs",
    production: { enabled: false, rawMaterialLocationId: null, finishedGoodsLocationId: null },
  });
}

export const userConfigParams = ["defaultLanguage", "nightMode", "compactMenu", "simplifiedMenu"] as const;

export const ChangeUserConfig = /* @__PURE__ */ z.discriminatedUnion("paramName", [
  z.object({ paramName: z.literal("defaultLanguage"), paramValue: z.enum(languages) }),
  z.object({ paramName: z.literal("nightMode"), paramValue: z.boolean() }),
  z.object({ paramName: z.literal("compactMenu"), paramValue: z.boolean() }),
  z.object({ paramName: z.literal("simplifiedMenu"), paramValue: z.boolean() }),
]);
