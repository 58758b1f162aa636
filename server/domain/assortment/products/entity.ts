// Products of the assortment. Business managers and administrators keep them, all staff read them, and a
// contractor user reads only their contractor's products that are not hidden from the portal. A product with
// stock or on a document is kept (its history stays readable). Every sortable or filterable column has an
// index ending in id (lists at 1M).
import { bounds, LIMITS } from "../../../../shared/limits.ts";
import { and, eq, inArray, sql } from "drizzle-orm";
import { fieldError } from "../../../kernel/errors.ts";
import { index, integer, primaryKey, real, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { z } from "zod";
import { companies } from "../../parties/companies/entity.ts";
import { productGroups } from "../product_groups/entity.ts";
import { storageSpaces } from "../../storage/locations/entity.ts";
import { jsonText } from "../../../engine/declare.ts";
import { Resource } from "../../../engine/engine.ts";
import { optText, reqText } from "../../../engine/fields.ts";
import { optQuantityUnits } from "../../stock/quantity.ts";

export const products = sqliteTable("products", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  name: text("name").notNull(),
  /** The product's code, unique, saved in capitals. */
  index: text("product_index").notNull(),
  /** The id of the product in the company's ERP. */
  sapId: text("sap_id"),
  description: text("description"),
  unit: text("unit"),
  weight: real("weight"),
  dimensionX: real("dimension_x"),
  dimensionY: real("dimension_y"),
  dimensionZ: real("dimension_z"),
  /** The unit price. */
  cashValue: real("cash_value"),
  imageUrl: text("image_url"),
  mainGroupId: integer("main_group_id").references(() => productGroups.id, { onDelete: "restrict" }),
  contractorId: integer("contractor_id").references(() => companies.id, { onDelete: "restrict" }),
  /** A storage space; its table arrives with the locations work, which adds the link. */
  defaultLocationId: integer("default_location_id").references(() => storageSpaces.id, {
    onDelete: "restrict",
  }),
  /** Quantity per container (pallet). */
  palQuantity: real("pal_quantity"),
  warningStock: real("warning_stock"),
  criticalStock: real("critical_stock"),
  /** Storage temperatures in degrees Celsius. */
  minTemperature: real("min_temperature"),
  maxTemperature: real("max_temperature"),
  minimalExpDays: integer("minimal_exp_days"),
  receiptComment: text("receipt_comment"),
  releaseComment: text("release_comment"),
  internalComment: text("internal_comment"),
  contractorPortalComment: text("contractor_portal_comment"),
  /** JSON: [{code, name, type, printId}]. */
  customFields: text("custom_fields").notNull().default("[]"),
  /** The bill of materials, JSON: [{productId, quantity}], the units of each raw material one unit takes. */
  resources: text("resources").notNull().default("[]"),
  fragile: integer("fragile", { mode: "boolean" }).notNull().default(false),
  disabled: integer("disabled", { mode: "boolean" }).notNull().default(false),
  contractorPortalHide: integer("contractor_portal_hide", { mode: "boolean" }).notNull().default(false),
  lockIn: integer("lock_in", { mode: "boolean" }).notNull().default(false),
  lockOut: integer("lock_out", { mode: "boolean" }).notNull().default(false),
  lockRelocate: integer("lock_relocate", { mode: "boolean" }).notNull().default(false),
  expiryDateVisible: integer("expiry_date_visible", { mode: "boolean" }).notNull().default(false),
  expiryDateRequired: integer("expiry_date_required", { mode: "boolean" }).notNull().default(false),
  productionDateVisible: integer("production_date_visible", { mode: "boolean" }).notNull().default(false),
  productionDateRequired: integer("production_date_required", { mode: "boolean" }).notNull().default(false),
  serialNumberVisible: integer("serial_number_visible", { mode: "boolean" }).notNull().default(false),
  serialNumberRequired: integer("serial_number_required", { mode: "boolean" }).notNull().default(false),
  createdAt: text("created_at").notNull(),
  updatedAt: text("updated_at").notNull(),
  version: integer("version").notNull().default(1),
}, (t) => [
  uniqueIndex("products_index").on(t.index),
  index("products_name").on(t.name, t.id),
  index("products_sap_id").on(t.sapId, t.id),
  index("products_unit").on(t.unit, t.id),
  index("products_weight").on(t.weight, t.id),
  index("products_cash_value").on(t.cashValue, t.id),
  index("products_main_group").on(t.mainGroupId, t.id),
  index("products_contractor").on(t.contractorId, t.contractorPortalHide, t.id),
  // A contractor's products by name (a contractor's own list, or staff filtering by contractor): the filter
  // and the sort from one index, so no page sorts a contractor's whole assortment.
  index("products_contractor_name").on(t.contractorId, t.name, t.id),
  // ... and by index, a contractor's default order (the portal, an API key's page): the first page is the
  // index's first rows, not a sort of the contractor's whole assortment.
  index("products_contractor_product_index").on(t.contractorId, t.index),
  index("products_default_location").on(t.defaultLocationId, t.id),
  index("products_warning_stock").on(t.warningStock, t.id),
  index("products_critical_stock").on(t.criticalStock, t.id),
  index("products_fragile").on(t.fragile, t.id),
  index("products_disabled").on(t.disabled, t.id),
  index("products_contractor_portal_hide").on(t.contractorPortalHide, t.id),
  index("products_created_at").on(t.createdAt, t.id),
  index("products_updated_at").on(t.updatedAt, t.id),
]);

/** A product's barcodes; a barcode belongs to one product, and finding a product by barcode is one lookup. */
export const productBarcodes = sqliteTable("product_barcodes", {
  productId: integer("product_id").notNull().references(() => products.id, { onDelete: "cascade" }),
  barcode: text("barcode").notNull(),
}, (t) => [
  primaryKey({ columns: [t.productId, t.barcode] }),
  uniqueIndex("product_barcodes_barcode").on(t.barcode),
]);

/** The further groups of a product (besides its main group). */
export const productGroupLinks = sqliteTable("product_group_links", {
  productId: integer("product_id").notNull().references(() => products.id, { onDelete: "cascade" }),
  groupId: integer("group_id").notNull().references(() => productGroups.id, { onDelete: "restrict" }),
}, (t) => [
  primaryKey({ columns: [t.productId, t.groupId] }),
  index("product_group_links_group").on(t.groupId, t.productId),
]);

/** The kinds of value a custom field holds. */
export const customFieldTypes = ["text", "number", "date", "boolean"] as const;
export const MAX_CUSTOM_FIELDS = 50;

/** One raw material of a bill of materials: a product and how much of it one unit of the product takes. */
export const BomResource = z.object({
  productId: z.number().int().positive(),
  quantity: z.number().gt(0).max(LIMITS.quantity.max)
    .refine(
      (v) => Number.isInteger(Math.round(v * 1000)) && Math.abs(v * 1000 - Math.round(v * 1000)) < 1e-6,
      {
        params: { code: "validation.invalidValue" },
      },
    ),
});

export const CustomField = z.object({
  code: reqText(50),
  name: reqText(100),
  type: z.enum(customFieldTypes),
  printId: optText(50),
});
export type CustomField = z.output<typeof CustomField>;

/** Barcodes: 1..64 printable characters without spaces; duplicates are dropped. */
const barcode = z.string().trim().min(1).max(64).regex(/^[^\s\p{C}]*$/u);

/** The product's code: saved in capitals, and "_" is not allowed in it. */
const productIndex = reqText(64)
  .refine((v) => !v.includes("_"), { params: { code: "validation.forbiddenCharacter" } })
  .transform((v) => v.toUpperCase());

/** Critical stock is at most the warning stock, the minimum temperature at most the maximum, codes unique. */
function checkRanges(p: Record<string, unknown>, ctx: z.RefinementCtx): void {
  const n = (k: string) => p[k] as number | null;
  // A rule between two fields is said on both, naming the rule (not "too large" on one of them).
  if (n("warningStock") !== null && n("criticalStock") !== null && n("criticalStock")! > n("warningStock")!) {
    for (const path of ["criticalStock", "warningStock"]) {
      ctx.addIssue({ code: "custom", path: [path], params: { code: "validation.criticalAboveWarning" } });
    }
  }
  if (
    n("minTemperature") !== null && n("maxTemperature") !== null &&
    n("minTemperature")! > n("maxTemperature")!
  ) {
    for (const path of ["minTemperature", "maxTemperature"]) {
      ctx.addIssue({ code: "custom", path: [path], params: { code: "validation.minAboveMax" } });
    }
  }
  const codes = (p.customFields as CustomField[]).map((f) => f.code.toUpperCase());
  if (new Set(codes).size !== codes.length) {
    ctx.addIssue({ code: "custom", path: ["customFields"], params: { code: "validation.mustBeUnique" } });
  }
}

const general = "group.product.general";
const measures = "group.product.measures";
const storage = "group.product.storage";
const comments = "group.product.comments";
const flags = "group.product.flags";
const dimension = { ...bounds("dimension"), unit: "cm", group: measures } as const;
// Stock levels and a pallet's quantity are quantities: thousandths at most, as every quantity (quantity.ts).
const stock = {
  ...bounds("stockLevel"),
  schema: optQuantityUnits(LIMITS.stockLevel.min, LIMITS.stockLevel.max),
  group: storage,
} as const;
const temperature = { ...bounds("temperature"), unit: "°C", group: storage } as const;
const comment = { kind: "textarea", max: 2000, group: comments } as const;
const flag = { group: flags } as const;
const listedFlag = { group: flags, list: "filter" } as const;

export const product = new Resource({
  resource: "Product",
  table: products,
  title: ["index", "name"],
  sort: "index",
  keyColumns: ["index", "name", "mainGroupId"],
  writers: "manager",
  // The index is saved in capitals, so a plain comparison is a case-insensitive one and uses the index.
  unique: [{ fields: ["index"] }],
  // Quick search through the FTS5 trigram index of migration 0009 (docs/decisions/0004-quick-search.md).
  search: "products_search",
  refine: checkRanges,
  fields: {
    index: { schema: productIndex, upper: true, group: general, list: "sort filter search show" },
    name: { max: 200, group: general, list: "sort filter search show" },
    barcodes: {
      values: { table: productBarcodes, unique: true },
      schema: z.array(barcode).max(100).default([]).transform((v) => [...new Set(v)]),
      group: general,
      list: "filter search show",
      // EAN-13 values too: the spec names CODE128 as the preview format, and it carries the same digits.
      barcode: "code128",
    },
    sapId: { max: 64, group: general, list: "sort filter search" },
    description: { kind: "textarea", max: 4000, group: general },
    mainGroupId: { display: "mainGroupName", group: general, list: "filter show" },
    groupIds: { link: { table: productGroupLinks }, group: general },
    contractorId: {
      display: "contractorName",
      only: { keyRole: "contractor" },
      group: general,
      list: "filter show",
    },
    imageUrl: { max: 2000, group: general },
    unit: { max: 20, group: measures, list: "sort filter show" },
    weight: { ...bounds("weight"), unit: "kg", group: measures, list: "sort filter" },
    dimensionX: dimension,
    dimensionY: dimension,
    dimensionZ: dimension,
    cashValue: { kind: "money", ...bounds("price"), group: measures, list: "sort filter" },
    palQuantity: {
      ...bounds("quantity"),
      schema: optQuantityUnits(LIMITS.quantity.min, LIMITS.quantity.max),
      group: measures,
    },
    defaultLocationId: { group: storage, list: "filter" },
    warningStock: { ...stock, list: "sort filter" },
    criticalStock: { ...stock, list: "sort filter" },
    minTemperature: temperature,
    maxTemperature: temperature,
    minimalExpDays: { ...bounds("days"), group: storage },
    customFields: {
      rows: { label: "field.customField" },
      schema: z.array(CustomField).max(MAX_CUSTOM_FIELDS).default([]),
      output: z.array(z.object({
        code: z.string(),
        name: z.string(),
        type: z.enum(customFieldTypes),
        printId: z.string().nullable(),
      })),
      codec: jsonText,
      group: "group.product.extra",
    },
    resources: {
      rows: { label: "field.resource", refs: { productId: () => products } },
      schema: z.array(BomResource).max(100).default([]),
      output: z.array(z.object({ productId: z.number(), quantity: z.number() })),
      codec: jsonText,
      group: "group.product.extra",
    },
    receiptComment: comment,
    releaseComment: comment,
    internalComment: comment,
    contractorPortalComment: comment,
    fragile: listedFlag,
    disabled: listedFlag,
    contractorPortalHide: listedFlag,
    lockIn: flag,
    lockOut: flag,
    lockRelocate: flag,
    expiryDateVisible: flag,
    expiryDateRequired: flag,
    productionDateVisible: flag,
    productionDateRequired: flag,
    serialNumberVisible: flag,
    serialNumberRequired: flag,
  },
  // A value that must be entered is shown too.
  toRow: (input, row) => ({
    ...row,
    expiryDateVisible: !!(input.expiryDateVisible || input.expiryDateRequired),
    productionDateVisible: !!(input.productionDateVisible || input.productionDateRequired),
    serialNumberVisible: !!(input.serialNumberVisible || input.serialNumberRequired),
  }),
  readAccess: "user",
  scope: (actor) =>
    actor.contractorId === null
      ? undefined
      : and(eq(products.contractorId, actor.contractorId), eq(products.contractorPortalHide, false)),
  // A new weight re-weighs the product's stock at every location (the map's occupancy: stock_location_loads).
  afterWrite: async (tx, row, old) => {
    if (!old || old.weight === row.weight) return;
    await tx.run(sql`
      UPDATE stock_location_loads SET weight_g = weight_g + (
        SELECT CAST(round(coalesce(${row.weight}, 0) * t.quantity) AS INTEGER)
          - CAST(round(coalesce(${old.weight}, 0) * t.quantity) AS INTEGER)
        FROM stock_location_totals t
        WHERE t.product_id = ${row.id} AND t.location_id = stock_location_loads.location_id)
      WHERE location_id IN (SELECT location_id FROM stock_location_totals WHERE product_id = ${row.id})`);
  },
  // A bill of materials names other products that exist, each once.
  validate: async (tx, _ctx, values, old) => {
    // The row's value: JSON text (the codec's), or the list itself.
    const stored = values.resources;
    const resources = (typeof stored === "string" ? JSON.parse(stored) : stored ?? []) as {
      productId: number;
    }[];
    if (resources.length === 0) return;
    const ids = resources.map((r) => r.productId);
    const found = await tx.select({ id: products.id }).from(products).where(inArray(products.id, ids));
    if (
      new Set(ids).size !== ids.length || found.length !== new Set(ids).size ||
      (old !== undefined && ids.includes(old.id))
    ) throw fieldError({ resources: ["validation.invalidValue"] });
  },
});

export const productMeta = product.meta;
export type Product = z.output<typeof product.entity.record>;
export type ProductCreate = z.output<typeof product.entity.create>;
