// Shapes of the account and logistics configuration, shared by validation, OpenAPI and the client.
import { z } from "zod";
import { languages } from "../../kernel/i18n/mod.ts";
import { email } from "../access/users/contract.ts";

export const documentTypeCodes = ["DIN", "DOU", "IIN", "IOU", "OIN", "OOU", "CRL", "ARL", "PRL"] as const;
export const orderTypeCodes = ["OIN", "OOU", "OPI", "VER-A", "VER-P", "VER-C", "VER-L"] as const;

export const Address = z.object({
  street: z.string().trim().max(200).nullish(),
  number: z.string().trim().max(20).nullish(),
  city: z.string().trim().max(100).nullish(),
  postalCode: z.string().trim().max(20).nullish(),
  province: z.string().trim().max(100).nullish(),
  country: z.string().trim().max(100).nullish(),
});

export const ClientAccountUpdate = z.object({
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

export const ClientAccount = z.object({
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

/** A numbering schema: parts joined in order, e.g. DIN / 2026 / 11 / 000123. */
export const NumberingPart = z.discriminatedUnion("type", [
  z.object({ type: z.literal("counter"), digits: z.number().int().min(5).max(8) }),
  z.object({ type: z.literal("year"), digits: z.union([z.literal(2), z.literal(4)]) }),
  z.object({ type: z.literal("month") }),
  z.object({ type: z.literal("text"), value: z.string().min(1).max(20) }),
  z.object({ type: z.literal("separator"), value: z.enum(["/", "-", ".", "_", " "]) }),
]);

export const NumberingSchema = z.object({
  parts: z.array(NumberingPart).min(1).max(12).refine(
    (parts) => parts.filter((p) => p.type === "counter").length === 1,
    { params: { code: "validation.invalidValue" } },
  ),
  /** When the counter starts again from 1. */
  reset: z.enum(["never", "yearly", "monthly"]).default("yearly"),
});

const rule = z.enum(["block", "warn", "allow"]);

export const LogisticsConfigData = z.object({
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

export const ClientLogisticsConfigUpdate = LogisticsConfigData.and(
  z.object({ version: z.number().int().positive() }),
);

export const ClientLogisticsConfig = z.object({
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

export const ChangeUserConfig = z.discriminatedUnion("paramName", [
  z.object({ paramName: z.literal("defaultLanguage"), paramValue: z.enum(languages) }),
  z.object({ paramName: z.literal("nightMode"), paramValue: z.boolean() }),
  z.object({ paramName: z.literal("compactMenu"), paramValue: z.boolean() }),
  z.object({ paramName: z.literal("simplifiedMenu"), paramValue: z.boolean() }),
]);
