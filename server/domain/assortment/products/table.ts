import { index, integer, primaryKey, real, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { companies } from "../../parties/companies/table.ts";
import { productGroups } from "../product_groups/table.ts";
import { storageSpaces } from "../../infrastructure/locations/table.ts";

/** Products of the assortment. Every sortable or filterable column has an index ending in id (lists at 1M). */
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
