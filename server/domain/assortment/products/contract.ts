// Product shapes, shared by server validation and the OpenAPI document.
import { z } from "zod";
import { editBase, optNumber, optText, recordBase, refId, refIds, reqText } from "../../resource/fields.ts";
import { customFieldTypes, MAX_CUSTOM_FIELDS } from "./meta.ts";

/** Barcodes: 1..64 printable characters without spaces; duplicates are dropped. */
const barcode = z.string().trim().min(1).max(64).regex(/^[^\s\p{C}]*$/u);

/** The product's code: saved in capitals, and "_" is not allowed in it. */
const productIndex = reqText(64)
  .refine((v) => !v.includes("_"), { params: { code: "validation.forbiddenCharacter" } })
  .transform((v) => v.toUpperCase());

export const CustomField = z.object({
  code: reqText(50),
  name: reqText(100),
  type: z.enum(customFieldTypes),
  printId: optText(50),
});
export type CustomField = z.output<typeof CustomField>;

const flags = {
  fragile: z.boolean().default(false),
  disabled: z.boolean().default(false),
  contractorPortalHide: z.boolean().default(false),
  lockIn: z.boolean().default(false),
  lockOut: z.boolean().default(false),
  lockRelocate: z.boolean().default(false),
  expiryDateVisible: z.boolean().default(false),
  expiryDateRequired: z.boolean().default(false),
  productionDateVisible: z.boolean().default(false),
  productionDateRequired: z.boolean().default(false),
  serialNumberVisible: z.boolean().default(false),
  serialNumberRequired: z.boolean().default(false),
};

const fields = {
  name: reqText(200),
  index: productIndex,
  barcodes: z.array(barcode).max(100).default([]).transform((v) => [...new Set(v)]),
  sapId: optText(64),
  description: optText(4000),
  unit: optText(20),
  weight: optNumber(0, 1e9),
  dimensionX: optNumber(0, 1e9),
  dimensionY: optNumber(0, 1e9),
  dimensionZ: optNumber(0, 1e9),
  cashValue: optNumber(0, 1e12),
  imageUrl: optText(2000),
  mainGroupId: refId,
  groupIds: refIds,
  contractorId: refId,
  defaultLocationId: refId,
  palQuantity: optNumber(0, 1e9),
  warningStock: optNumber(0, 1e12),
  criticalStock: optNumber(0, 1e12),
  minTemperature: optNumber(-273.15, 1000),
  maxTemperature: optNumber(-273.15, 1000),
  minimalExpDays: z.number().int().min(0).max(100_000).nullish().transform((v) => v ?? null),
  receiptComment: optText(2000),
  releaseComment: optText(2000),
  internalComment: optText(2000),
  contractorPortalComment: optText(2000),
  customFields: z.array(CustomField).max(MAX_CUSTOM_FIELDS).default([]),
  ...flags,
};

interface Ranges {
  warningStock: number | null;
  criticalStock: number | null;
  minTemperature: number | null;
  maxTemperature: number | null;
  customFields: CustomField[];
}

/** Critical stock is at most the warning stock, the minimum temperature at most the maximum, codes unique. */
function checkRanges(p: Ranges, ctx: z.RefinementCtx): void {
  if (p.warningStock !== null && p.criticalStock !== null && p.criticalStock > p.warningStock) {
    ctx.addIssue({ code: "custom", path: ["criticalStock"], params: { code: "validation.tooLarge" } });
  }
  if (p.minTemperature !== null && p.maxTemperature !== null && p.minTemperature > p.maxTemperature) {
    ctx.addIssue({ code: "custom", path: ["minTemperature"], params: { code: "validation.tooLarge" } });
  }
  const codes = p.customFields.map((f) => f.code.toUpperCase());
  if (new Set(codes).size !== codes.length) {
    ctx.addIssue({ code: "custom", path: ["customFields"], params: { code: "validation.mustBeUnique" } });
  }
}

export const ProductCreate = z.object(fields).superRefine(checkRanges);
export type ProductCreate = z.output<typeof ProductCreate>;
export const ProductUpdate = z.object({ ...editBase, ...fields }).superRefine(checkRanges);
export type ProductUpdate = z.output<typeof ProductUpdate>;

const flagValues = Object.fromEntries(Object.keys(flags).map((k) => [k, z.boolean()])) as {
  [K in keyof typeof flags]: z.ZodBoolean;
};

export const Product = z.object({
  ...recordBase,
  name: z.string(),
  index: z.string(),
  barcodes: z.array(z.string()),
  sapId: z.string().nullable(),
  description: z.string().nullable(),
  unit: z.string().nullable(),
  weight: z.number().nullable(),
  dimensionX: z.number().nullable(),
  dimensionY: z.number().nullable(),
  dimensionZ: z.number().nullable(),
  cashValue: z.number().nullable(),
  imageUrl: z.string().nullable(),
  mainGroupId: z.number().nullable(),
  mainGroupName: z.string().nullable(),
  groupIds: z.array(z.number()),
  contractorId: z.number().nullable(),
  contractorName: z.string().nullable(),
  defaultLocationId: z.number().nullable(),
  palQuantity: z.number().nullable(),
  warningStock: z.number().nullable(),
  criticalStock: z.number().nullable(),
  minTemperature: z.number().nullable(),
  maxTemperature: z.number().nullable(),
  minimalExpDays: z.number().nullable(),
  receiptComment: z.string().nullable(),
  releaseComment: z.string().nullable(),
  internalComment: z.string().nullable(),
  contractorPortalComment: z.string().nullable(),
  customFields: z.array(z.object({
    code: z.string(),
    name: z.string(),
    type: z.enum(customFieldTypes),
    printId: z.string().nullable(),
  })),
  ...flagValues,
});
export type Product = z.output<typeof Product>;
