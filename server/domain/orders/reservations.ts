// Reservations (docs/decisions/0008-orders-reservations-and-counts.md): the stock an order's documents
// will take, pinned to the lines they will take it from. A line's free quantity is its quantity minus its
// reservations; every other document, order and bestsourcematerial answer sees only that. Orders write
// them (here and documents.ts); the stock engine only reads them, by the table's name
// (stock/reservations/service.ts), and asks orders through its hooks (orders/stock_hooks.ts) when a
// document that took them is confirmed or a position is cut short.
import { eq } from "drizzle-orm";
import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import type { Db } from "../../db/connection.ts";
import { wmsOrders } from "./entity.ts";
import { wmsDocuments } from "../stock/documents/table.ts";
import { wmsDocumentPositions } from "../stock/positions/entity.ts";

export const stockReservations = sqliteTable("stock_reservations", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  orderId: integer("order_id").notNull().references(() => wmsOrders.id, { onDelete: "cascade" }),
  /** The working copy that will take it; deleting the document (or its position) gives it back. */
  documentId: integer("document_id").notNull().references(() => wmsDocuments.id, { onDelete: "cascade" }),
  documentPositionId: integer("document_position_id").notNull()
    .references(() => wmsDocumentPositions.id, { onDelete: "cascade" }),
  /** The stock line (its whole key, as `stock_lines.line_key`). */
  lineKey: text("line_key").notNull(),
  productId: integer("product_id").notNull(),
  locationId: integer("location_id").notNull(),
  /** Thousandths, > 0. */
  quantity: integer("quantity").notNull(),
  createdAt: text("created_at").notNull(),
}, (t) => [
  // A line's reservations (free quantity for the allocator, the validators and bestsourcematerial).
  index("stock_reservations_line").on(t.lineKey, t.documentId),
  index("stock_reservations_order").on(t.orderId, t.id),
  index("stock_reservations_document").on(t.documentId, t.id),
  index("stock_reservations_position").on(t.documentPositionId),
  index("stock_reservations_product").on(t.productId, t.quantity),
]);

/** What the document reserved has been taken: its confirmation moved the stock. */
export async function takenBy(tx: Db, documentId: number): Promise<void> {
  await tx.delete(stockReservations).where(eq(stockReservations.documentId, documentId));
}

/** The position's reservations cut down to `keep` thousandths (the latest given back first). */
export async function trimReservations(tx: Db, positionId: number, keep: number): Promise<void> {
  const rows = await tx.select({ id: stockReservations.id, quantity: stockReservations.quantity })
    .from(stockReservations).where(eq(stockReservations.documentPositionId, positionId))
    .orderBy(stockReservations.id);
  let left = keep;
  for (const r of rows) {
    if (left >= r.quantity) {
      left -= r.quantity;
      continue;
    }
    if (left > 0) {
      await tx.update(stockReservations).set({ quantity: left }).where(eq(stockReservations.id, r.id));
      left = 0;
    } else {
      await tx.delete(stockReservations).where(eq(stockReservations.id, r.id));
    }
  }
}
