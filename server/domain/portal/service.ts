// Free stock of products as the contractor portal promises it (docs/decisions/0011): on hand, less what is
// reserved, less what portal orders still waiting for the warehouse ask for. The portal's verbs are in files
// of their own: cart.ts, submit.ts, direct.ts, receipts.ts, catalogue.ts (their shared checks in rules.ts).
import { inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/connection.ts";
import { reservedOfProducts } from "../stock/reservations/service.ts";
import { stockProductTotals } from "../stock/ledger/table.ts";
import { externalOrderPositions, externalOrders } from "./table.ts";

/**
 * Free stock of products (thousandths): on hand, less what confirmed orders and documents reserve, less what
 * portal orders still waiting for the warehouse ask for (they reserve nothing until staff confirm them, and
 * must not be promised twice); `except`: the portal order being changed or submitted.
 */
export async function freeOf(db: Db, productIds: number[], except = 0): Promise<Map<number, number>> {
  return (await stockOf(db, productIds, except)).free;
}

/** Stock on hand of products and what of it is free (freeOf), in thousandths, from one read of each source. */
export async function stockOf(db: Db, productIds: number[], except = 0) {
  if (productIds.length === 0) return { onHand: new Map<number, number>(), free: new Map<number, number>() };
  const onHand = await db.select({ id: stockProductTotals.productId, q: stockProductTotals.quantity })
    .from(stockProductTotals).where(inArray(stockProductTotals.productId, productIds));
  const reserved = await reservedOfProducts(db, productIds);
  const asked = new Map(
    (await db.all<[number, number]>(sql`
      SELECT p.product_id, sum(p.quantity) FROM ${externalOrderPositions} p
      JOIN ${externalOrders} e ON e.id = p.external_order_id
      WHERE e.status_code = 'submitted' AND e.type_code = 'OOU' AND e.id <> ${except}
        AND p.product_id IN (SELECT value FROM json_each(${JSON.stringify(productIds)}))
      GROUP BY p.product_id`)).map(([p, q]) => [Number(p), Number(q)]),
  );
  const free = new Map(productIds.map((id) => [id, 0]));
  for (const r of onHand) {
    free.set(r.id, Math.max(0, r.q - (reserved.get(r.id) ?? 0) - (asked.get(r.id) ?? 0)));
  }
  return { onHand: new Map(onHand.map((r) => [r.id, r.q])), free };
}
