// Blind counting (decision 0008): what a caller sees of a count's positions, applied by the positions'
// resource as it answers (positions/entity.ts); apart from counts.ts, which writes the positions through it.
import { sql } from "drizzle-orm";
import type { Db } from "../../db/connection.ts";
import type { TenantContext } from "../../kernel/context.ts";
import { allows } from "../../kernel/access.ts";
import { readLogisticsConfig } from "../stock/config.ts";

/**
 * What a caller sees of a count's positions: a counter does not see the expected or book quantity while
 * counting (blind counting) unless the configuration allows it; managers always do, and everyone once the
 * count has finished.
 */
export async function presentCountPositions(
  db: Db,
  ctx: TenantContext,
  records: Record<string, unknown>[],
): Promise<Record<string, unknown>[]> {
  if (records.length === 0 || allows("manager", ctx.actor)) return records;
  if ((await readLogisticsConfig(db)).counting.showExpected) return records;
  const orderIds = [...new Set(records.map((r) => r.orderId as number))];
  const blind = new Set(
    (await db.all<[number]>(sql`
      SELECT id FROM wms_orders WHERE id IN (SELECT value FROM json_each(${JSON.stringify(orderIds)}))
        AND type_code LIKE 'VER-%'
        AND coalesce(verification_status_code, '') NOT IN ('finishedNoDifferences', 'finishedWithDifferences')`))
      .map(([id]) => Number(id)),
  );
  if (blind.size === 0) return records;
  return records.map((
    r,
  ) => (blind.has(r.orderId as number) ? { ...r, quantity: null, bookQuantity: null } : r));
}
