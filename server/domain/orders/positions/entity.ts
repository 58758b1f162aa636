// Positions of warehouse orders: a product and its quantity, with the locations and containers it comes
// from and goes to (an order's own, when left empty). Logistics staff keep them on working copies; the
// positions of a count (a verification order) are made from its scope when counting starts, never by
// hand. Every change recomputes the order's position count and quantity sum. Quantities are thousandths.
// Deleting a (working-copy) order deletes its positions.
import { and, eq, inArray, notInArray, sql } from "drizzle-orm";
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { z } from "zod";
import type { Db } from "../../../db/connection.ts";
import { bounds } from "../../../../shared/limits.ts";
import { AppError, fieldError, notFound } from "../../../kernel/errors.ts";
import { products } from "../../assortment/products/entity.ts";
import { storageSpaces } from "../../storage/locations/entity.ts";
import { wmsOrderDefinitions } from "../../config/definitions.ts";
import { Resource } from "../../../engine/engine.ts";
import { containers } from "../../stock/containers/table.ts";
import { readNames } from "../../stock/names.ts";
import { milli, optQuantityMilli, quantityMilli } from "../../stock/quantity.ts";
import { wmsOrders } from "../entity.ts";
import { presentCountPositions } from "../blind_count.ts";
import { productOfCode } from "../../stock/positions/entity.ts";
import { optText } from "../../../engine/fields.ts";

export const wmsOrderPositions = sqliteTable("wms_order_positions", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  orderId: integer("order_id").notNull().references(() => wmsOrders.id, { onDelete: "cascade" }),
  productId: integer("product_id").notNull().references(() => products.id, { onDelete: "restrict" }),
  quantity: integer("quantity").notNull(),
  /** What was counted (a count) or done; null until then. */
  quantityReal: integer("quantity_real"),
  sourceLocationId: integer("source_location_id").references(() => storageSpaces.id, {
    onDelete: "restrict",
  }),
  sourceContainerId: integer("source_container_id").references(() => containers.id, {
    onDelete: "restrict",
  }),
  destinationLocationId: integer("destination_location_id").references(() => storageSpaces.id, {
    onDelete: "restrict",
  }),
  destinationContainerId: integer("destination_container_id").references(() => containers.id, {
    onDelete: "restrict",
  }),
  comment: text("comment"),
  /** The lot a position names (a count's: the counted line's). */
  expiryDate: text("expiry_date"),
  productionDate: text("production_date"),
  serialNumber: text("serial_number"),
  /** A count's position: the stock line it counts (its whole key, as `stock_lines.line_key`). */
  lineKey: text("line_key"),
  /** A count: what the books held of the line when it was counted (thousandths; decision 0008). */
  bookQuantity: integer("book_quantity"),
  /** A count: the ledger's highest movement id when it was counted. */
  countedAtMovementId: integer("counted_at_movement_id"),
  countedAt: text("counted_at"),
  countedByUserId: integer("counted_by_user_id"),
  createdAt: text("created_at").notNull(),
  updatedAt: text("updated_at").notNull(),
  version: integer("version").notNull().default(1),
}, (t) => [
  index("wms_order_positions_order").on(t.orderId, t.id),
  // A count has one position per stock line: making them again (a slice retried) adds none twice.
  uniqueIndex("wms_order_positions_line").on(t.orderId, t.lineKey),
  // A count's differences, found without reading every position of a count over a million lines.
  index("wms_order_positions_differing").on(t.orderId)
    .where(sql`${t.quantityReal} IS NOT NULL AND ${t.quantityReal} <> ${t.bookQuantity}`),
  index("wms_order_positions_product").on(t.productId, t.id),
  index("wms_order_positions_source_location").on(t.sourceLocationId, t.id),
  index("wms_order_positions_destination_location").on(t.destinationLocationId, t.id),
  index("wms_order_positions_source_container").on(t.sourceContainerId, t.id),
  index("wms_order_positions_destination_container").on(t.destinationContainerId, t.id),
  index("wms_order_positions_created_at").on(t.createdAt, t.id),
]);

type PositionRow = typeof wmsOrderPositions.$inferSelect;

/** The order's position count and quantity sum, from its positions. */
export async function refreshOrderTotals(tx: Db, orderId: number): Promise<void> {
  await tx.run(sql`
    UPDATE wms_orders SET
      positions_count = (SELECT count(*) FROM wms_order_positions WHERE order_id = ${orderId}),
      quantity_sum = (SELECT coalesce(sum(quantity), 0) FROM wms_order_positions WHERE order_id = ${orderId})
    WHERE id = ${orderId}`);
}

/** The position's order, which must be a working copy whose type takes positions by hand. */
async function changeableOrder(tx: Db, orderId: number): Promise<void> {
  const [order] = await tx.select({ statusCode: wmsOrders.statusCode, typeCode: wmsOrders.typeCode })
    .from(wmsOrders).where(eq(wmsOrders.id, orderId));
  if (!order) throw notFound();
  if (order.statusCode !== "workingCopy") throw new AppError("order.statusChangeNotAllowed");
  const kind = wmsOrderDefinitions.find((d) => d.typeCode === order.typeCode)!.kind;
  // A count's positions come from its scope when counting starts.
  if (kind === "verification") throw fieldError({ orderId: ["validation.invalidValue"] });
}

async function positionExtras(db: Db, rows: PositionRow[]): Promise<Map<number, Record<string, unknown>>> {
  const names = await readNames(db, {
    products: rows.map((r) => r.productId),
    locations: rows.flatMap((r) => [r.sourceLocationId, r.destinationLocationId]),
    containers: rows.flatMap((r) => [r.sourceContainerId, r.destinationContainerId]),
  });
  const orderIds = [...new Set(rows.map((r) => r.orderId))];
  const numbers = new Map(
    orderIds.length
      ? (await db.select({ id: wmsOrders.id, orderNumber: wmsOrders.orderNumber }).from(wmsOrders)
        .where(inArray(wmsOrders.id, orderIds))).map((o) => [o.id, o.orderNumber])
      : [],
  );
  return new Map(rows.map((r) => [r.id, {
    orderNumber: numbers.get(r.orderId) ?? null,
    productIndex: names.product(r.productId)?.index ?? null,
    productName: names.product(r.productId)?.name ?? null,
    sourceLocationLabel: names.location(r.sourceLocationId),
    destinationLocationLabel: names.location(r.destinationLocationId),
    sourceContainerNumber: names.container(r.sourceContainerId),
    destinationContainerNumber: names.container(r.destinationContainerId),
  }]));
}

const listed = "sort filter show";
const name = z.string().nullable();
const quantity = { output: z.number(), codec: milli, formLimits: bounds("quantity") } as const;

export const wmsOrderPosition = new Resource({
  resource: "WmsOrderPosition",
  table: wmsOrderPositions,
  title: ["productIndex", "productName"],
  sort: "id",
  keyColumns: ["orderId", "productId", "quantity", "quantityReal"],
  fields: {
    // The order's own rule checks it (a position of a missing or confirmed order is refused).
    orderId: { input: "add", check: false, display: "orderNumber", list: listed },
    productId: { optional: true, display: "productName", list: listed },
    /** An index or a barcode (or a GS1 scan), used when productId is absent: a scanned product. */
    productCode: { schema: optText(200), meta: false },
    // An order asks for something: more than nothing.
    // Null to a counter while a count is blind (counts.ts).
    quantity: {
      ...quantity,
      output: z.number().nullable(),
      schema: quantityMilli.refine((v) => v > 0, { params: { code: "validation.tooSmall" } }),
      list: "show",
    },
    quantityReal: { ...quantity, schema: optQuantityMilli, output: z.number().nullable(), list: "show" },
    sourceLocationId: { display: "sourceLocationLabel", list: listed },
    destinationLocationId: { display: "destinationLocationLabel", list: listed },
    comment: { kind: "textarea", max: 2000 },
    expiryDate: { kind: "date", day: true, list: "show" },
    productionDate: { kind: "date", day: true, meta: false },
    serialNumber: { max: 100, list: "show" },
    bookQuantity: { ...quantity, input: false, output: z.number().nullable(), list: "show" },
    countedAt: { kind: "date", input: false, list: "show" },
    lineKey: { input: false, output: false, meta: false },
    countedAtMovementId: { input: false, output: false, meta: false },
    countedByUserId: { input: false, meta: false },
    createdAt: { list: "sort filter" },
    updatedAt: { meta: false },
    productIndex: { output: name, input: false, meta: false },
    sourceContainerId: { meta: false },
    sourceContainerNumber: { output: name, input: false, meta: false },
    destinationContainerId: { meta: false },
    destinationContainerNumber: { output: name, input: false, meta: false },
  },
  // productCode is not a column: derive resolves it to productId (and a GS1 label's lot).
  toRow: (input, row, _ctx, old) => ({
    ...row,
    orderId: old ? old.orderId : input.orderId,
    productCode: input.productCode,
  }),
  derive: (tx, values) => productOfCode(tx, values),
  readAccess: "user",
  writeAccess: "logistics",
  // A contractor user: positions of their contractor's orders, without the products hidden from the
  // portal (a count of the contractor's goods counts those too).
  scope: (actor) =>
    actor.contractorId === null ? undefined : and(
      inArray(
        wmsOrderPositions.orderId,
        sql`(SELECT ${wmsOrders.id} FROM ${wmsOrders} WHERE ${wmsOrders.contractorId} = ${actor.contractorId})`,
      ),
      notInArray(
        wmsOrderPositions.productId,
        sql`(SELECT ${products.id} FROM ${products} WHERE ${products.contractorPortalHide} = 1)`,
      ),
    ),
  validate: async (tx, _ctx, values, old) => {
    if (old && old.orderId !== values.orderId) throw notFound();
    await changeableOrder(tx, values.orderId as number);
  },
  afterWrite: (tx, row) => refreshOrderTotals(tx, row.orderId),
  beforeDelete: (tx, _ctx, old) => changeableOrder(tx, old.orderId),
  afterDelete: (tx, old) => refreshOrderTotals(tx, old.orderId),
  readExtra: (db, rows) => positionExtras(db, rows as unknown as PositionRow[]),
  // Blind counting: a counter does not see a count's expected quantities (counts.ts).
  present: (db, ctx, records) => presentCountPositions(db, ctx, records),
});

export const wmsOrderPositionMeta = wmsOrderPosition.meta;
