// Shapes of the logistics configuration and the per-user settings, shared by validation, OpenAPI and the
// client (the account's are declared in account/entity.ts).
// Top-level schemas are marked /* @__PURE__ */ so that a client bundle taking only the metadata
// leaves zod out (see access/users/contract.ts).
import { z } from "zod";
import { languages } from "../i18n/languages.ts";

import { documentTypeCodes, type Numbering, numbering, orderTypeCodes } from "./codes.ts";

export { documentTypeCodes, orderTypeCodes, productionNumbering, shipmentNumbering } from "./codes.ts";

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

// codes.ts states the same shape as plain data (the client's screen imports it without zod): they agree.
const sameNumbering: [z.output<typeof NumberingSchema>] extends [Numbering]
  ? ([Numbering] extends [z.output<typeof NumberingSchema>] ? true : never)
  : never = true;
void sameNumbering;

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
    /** Production orders' numbers (ZPRD/yyyy/mm/counter when not set). */
    numbering: NumberingSchema.optional(),
  }),
  /**
   * Counts: whether a counter sees the expected quantity (false: blind counting; managers always see it,
   * and everyone once the count is finished).
   */
  counting: z.object({ showExpected: z.boolean() }).default({ showExpected: false }),
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
    counting: { showExpected: false },
  });
}

/** The key a user's scanner gun ends a scan with (the terminal's wedge reader); `none`: a pause ends it. */
export const scannerSuffixes = ["Enter", "Tab", "none"] as const;

export const ChangeUserConfig = /* @__PURE__ */ z.discriminatedUnion("paramName", [
  z.object({ paramName: z.literal("defaultLanguage"), paramValue: z.enum(languages) }),
  z.object({ paramName: z.literal("nightMode"), paramValue: z.boolean() }),
  z.object({ paramName: z.literal("compactMenu"), paramValue: z.boolean() }),
  z.object({ paramName: z.literal("simplifiedMenu"), paramValue: z.boolean() }),
  z.object({ paramName: z.literal("scannerSuffix"), paramValue: z.enum(scannerSuffixes) }),
]);
