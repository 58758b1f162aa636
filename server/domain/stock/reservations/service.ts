// Free quantity: what a stock line holds minus what orders' documents reserved of it (decision 0008). The
// reservations are orders' (orders/reservations.ts writes them); stock reads them by the table's name, so
// that the allocator, the validators and the lists see free stock without importing orders.
import { sql } from "drizzle-orm";
import type { Db } from "../../../db/connection.ts";
import { arrays } from "../../../db/prepared.ts";

/** Lines whose reservations one statement reads. */
const KEYS_PER_READ = 500;

/**
 * Thousandths reserved on each of these lines (by line key; a line with none is absent), leaving out the
 * reservations of document `exceptDocumentId` (a document sees its own reservations as its stock).
 */
export async function reservedOn(
  db: Db,
  lineKeys: readonly string[],
  exceptDocumentId: number | null = null,
): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  const keys = [...new Set(lineKeys)];
  for (let i = 0; i < keys.length; i += KEYS_PER_READ) {
    // Prepared once: a release scan asks for the lines it may take from on every scan.
    const rows = await arrays(
      db,
      "reservations.onLines",
      (on) =>
        on.select({ lineKey: sql<string>`line_key`, quantity: sql<number>`sum(quantity)` })
          .from(sql`stock_reservations`)
          .where(sql`line_key IN (SELECT value FROM json_each(${sql.placeholder("keys")}))
            AND document_id IS NOT ${sql.placeholder("except")}`)
          .groupBy(sql`line_key`),
      { keys: JSON.stringify(keys.slice(i, i + KEYS_PER_READ)), except: exceptDocumentId },
    ) as [string, number][];
    for (const [key, quantity] of rows) out.set(key, Number(quantity));
  }
  return out;
}

/**
 * The lines with what each has free as `quantity`: reserved quantity taken off (a line wholly reserved
 * answers 0), and what the line holds in all as `held` where that differs.
 */
export async function freeOnLine<L extends { lineKey: string; quantity: number }>(
  db: Db,
  lines: L[],
  exceptDocumentId: number | null = null,
): Promise<(L & { held?: number })[]> {
  if (lines.length === 0) return lines;
  const reserved = await reservedOn(db, lines.map((l) => l.lineKey), exceptDocumentId);
  if (reserved.size === 0) return lines;
  return lines.map((l) => {
    const r = reserved.get(l.lineKey);
    return r ? { ...l, quantity: Math.max(0, l.quantity - r), held: l.quantity } : l;
  });
}

/** Thousandths reserved of each product (all its lines), for the stock lists. */
export async function reservedOfProducts(
  db: Db,
  productIds: readonly number[],
): Promise<Map<number, number>> {
  if (productIds.length === 0) return new Map();
  const rows = await db.all<[number, number]>(sql`
    SELECT product_id, sum(quantity) FROM stock_reservations
    WHERE product_id IN (SELECT value FROM json_each(${JSON.stringify([...new Set(productIds)])}))
    GROUP BY product_id`);
  return new Map(rows.map(([p, q]) => [Number(p), Number(q)]));
}

/** Whether an order's reservation holds stock for the document position. */
export async function heldFor(db: Db, positionId: number): Promise<boolean> {
  const [held] = await db.all<[number]>(
    sql`SELECT 1 FROM stock_reservations WHERE document_position_id = ${positionId} LIMIT 1`,
  );
  return held !== undefined;
}
