// Free stock per product (thousandths): what is on hand, less what orders' documents reserved of it, less
// what portal orders still waiting for the warehouse ask for. One read module, so that the portal, sell
// offers and the shop push (external/) all promise the same quantity without importing one another.
import { inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/connection.ts";
import { stockProductTotals } from "../stock/ledger/table.ts";
import { reservedOfProducts } from "../stock/reservations/service.ts";

/**
 * Stock on hand of products and what of it is free, from one read of each source. A portal order waiting
 * for the warehouse reserves nothing until staff confirm it and must not be promised twice: its goods out
 * are taken off too (`except`: the portal order being changed or submitted). The portal's table is read by
 * its SQL name: the portal sits above orders and is not imported here.
 */
export async function productStock(db: Db, productIds: number[], except = 0) {
  if (productIds.length === 0) return { onHand: new Map<number, number>(), free: new Map<number, number>() };
  const onHand = await db.select({ id: stockProductTotals.productId, q: stockProductTotals.quantity })
    .from(stockProductTotals).where(inArray(stockProductTotals.productId, productIds));
  const reserved = await reservedOfProducts(db, productIds);
  const asked = new Map(
    (await db.all<[number, number]>(sql`
      SELECT p.product_id, sum(p.quantity) FROM external_order_positions p
      JOIN external_orders e ON e.id = p.external_order_id
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

/** Free stock of each product (productStock's `free`). */
export async function freeStockOf(db: Db, productIds: number[], except = 0): Promise<Map<number, number>> {
  return (await productStock(db, productIds, except)).free;
}
