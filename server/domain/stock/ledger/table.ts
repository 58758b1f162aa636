// The stock model (docs/decisions/0003-stock-quantities.md): stock lines, the append-only movement ledger
// they are the sum of, and two summaries kept in the same transaction. Quantities are integer thousandths.
import { sql } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { products } from "../../assortment/products/entity.ts";
import { storageSpaces } from "../../storage/locations/entity.ts";
import { containers } from "../containers/table.ts";

/**
 * One line per product, location, container, expiry date, production date and serial number. `lineKey`
 * is that whole key as one non-null text (SQLite's unique indexes treat NULLs as distinct, so a unique
 * index over the nullable columns would allow duplicates). A line that reaches 0 is deleted.
 */
export const stockLines = sqliteTable("stock_lines", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  lineKey: text("line_key").notNull(),
  productId: integer("product_id").notNull().references(() => products.id, { onDelete: "restrict" }),
  locationId: integer("location_id").notNull().references(() => storageSpaces.id, { onDelete: "restrict" }),
  containerId: integer("container_id").references(() => containers.id, { onDelete: "restrict" }),
  expiryDate: text("expiry_date"),
  productionDate: text("production_date"),
  serialNumber: text("serial_number"),
  /** Thousandths, > 0. */
  quantity: integer("quantity").notNull(),
  createdAt: text("created_at").notNull(),
  updatedAt: text("updated_at").notNull(),
}, (t) => [
  // Every index here costs WAL pages on every confirmation; each one is proved by the query plan of a real
  // query in tests/integration/stock/index_plans.test.ts (decision 0005). A line by its key (the ledger's
  // guarded update and delete); a document's (product, location) pairs and a zone's lines; a container's lines.
  uniqueIndex("stock_lines_key").on(t.lineKey),
  index("stock_lines_location").on(t.locationId, t.productId, t.id),
  index("stock_lines_container").on(t.containerId, t.id),
  // The detailed inventory pages by each sortable column (ties by id); by product also FEFO's candidates
  // (sorted in JS), the product filters and the delete rules.
  index("stock_lines_product_id").on(t.productId, t.id),
  index("stock_lines_location_id").on(t.locationId, t.id),
  index("stock_lines_expiry").on(t.expiryDate, t.id),
  index("stock_lines_production").on(t.productionDate, t.id),
  index("stock_lines_serial").on(t.serialNumber, t.id),
  index("stock_lines_quantity").on(t.quantity, t.id),
  index("stock_lines_created_at").on(t.createdAt, t.id),
]);

/** A stock line as the allocator, the validators and an order's documents read it (StockLineSnap, keyed). */
export const stockLineColumns = {
  id: stockLines.id,
  lineKey: stockLines.lineKey,
  productId: stockLines.productId,
  locationId: stockLines.locationId,
  containerId: stockLines.containerId,
  expiryDate: stockLines.expiryDate,
  productionDate: stockLines.productionDate,
  serialNumber: stockLines.serialNumber,
  quantity: stockLines.quantity,
};
/** A row of `stockLineColumns`. */
export type StockLineRow = Pick<typeof stockLines.$inferSelect, keyof typeof stockLineColumns>;

/**
 * The ledger: one row per change of a stock line, append-only. For every key, sum(delta) equals the
 * line's quantity (0 when there is no line), and each row's `balanceAfter` is that sum up to and including it.
 */
export const stockMovements = sqliteTable("stock_movements", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  documentId: integer("document_id").notNull(),
  positionId: integer("position_id"),
  lineKey: text("line_key").notNull(),
  productId: integer("product_id").notNull(),
  locationId: integer("location_id").notNull(),
  containerId: integer("container_id"),
  expiryDate: text("expiry_date"),
  productionDate: text("production_date"),
  serialNumber: text("serial_number"),
  /** Signed thousandths. */
  delta: integer("delta").notNull(),
  /**
   * The key's quantity right after this movement (thousandths): the running sum of its deltas in id order.
   * A movement whose balance after is its own positive delta started the key's stock from zero: that is
   * where a line's arrival (FIFO, inventory/arrival.ts) is read, one index seek at any length of history.
   */
  balanceAfter: integer("balance_after").notNull().default(0),
  /** `confirm` or `revert`. */
  reason: text("reason", { enum: ["confirm", "revert"] }).notNull(),
  createdAt: text("created_at").notNull(),
}, (t) => [
  index("stock_movements_document").on(t.documentId, t.id),
  index("stock_movements_key").on(t.lineKey, t.id),
  // The movements that started a key's stock (its balance before was 0): a line's arrival reads the last one
  // before a given movement. Partial, so a confirmation's takes and top-ups add no entry.
  index("stock_movements_starts").on(t.lineKey, t.id)
    .where(sql`${t.balanceAfter} = ${t.delta} AND ${t.delta} > 0`),
  index("stock_movements_product").on(t.productId, t.createdAt, t.id),
  index("stock_movements_created_at").on(t.createdAt, t.id),
  // Covers the per-day report (productGroupMovements): a date range is read from the index alone.
  index("stock_movements_day").on(t.createdAt, t.productId, t.documentId, t.delta),
]);

/** The total stock of each product (thousandths), kept with every movement; a product at 0 has no row. */
export const stockProductTotals = sqliteTable("stock_product_totals", {
  productId: integer("product_id").primaryKey().references(() => products.id, { onDelete: "restrict" }),
  quantity: integer("quantity").notNull(),
}, (t) => [
  // The total stock list sorted by quantity (ties by product).
  index("stock_product_totals_quantity").on(t.quantity, t.productId),
]);

/**
 * What receipts brought in (OIN, DIN, IIN) and releases took out (OOU, DOU, IOU) of each product, in
 * thousandths, and how many movements of theirs there were, each summed from the product's first movement up
 * to the end of a day (UTC) it moved on; reverts count with their sign. Kept with every movement (a day
 * without any has no row): the supply report over any range reads two rows a product, the last at or before
 * the range's end less the last before its start, never the ledger's rows (decision 0024).
 */
export const stockProductFlows = sqliteTable("stock_product_flows", {
  productId: integer("product_id").notNull().references(() => products.id, { onDelete: "restrict" }),
  /** YYYY-MM-DD (UTC). */
  day: text("day").notNull(),
  received: integer("received").notNull(),
  released: integer("released").notNull(),
  movements: integer("movements").notNull(),
}, (t) => [primaryKey({ columns: [t.productId, t.day] })]);

/** The stock of each product at each location (thousandths); a pair at 0 has no row. */
export const stockLocationTotals = sqliteTable("stock_location_totals", {
  productId: integer("product_id").notNull().references(() => products.id, { onDelete: "restrict" }),
  locationId: integer("location_id").notNull().references(() => storageSpaces.id, { onDelete: "restrict" }),
  quantity: integer("quantity").notNull(),
}, (t) => [
  primaryKey({ columns: [t.productId, t.locationId] }),
  index("stock_location_totals_location").on(t.locationId, t.productId),
]);

/**
 * The weight of the stock at each location, in grams (each movement adds its quantity times the
 * product's weight, rounded to the gram; a product's new weight re-weighs its stock): the warehouse map's
 * occupancy reads it, never the stock lines. A location without stock has no row or 0.
 */
export const stockLocationLoads = sqliteTable("stock_location_loads", {
  locationId: integer("location_id").primaryKey().references(() => storageSpaces.id, { onDelete: "cascade" }),
  weightG: integer("weight_g").notNull(),
});
