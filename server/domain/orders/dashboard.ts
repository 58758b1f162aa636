// The start page's day (issue 14): receipts and releases planned for today and done today, overdue orders,
// products under their warning or critical stock, open counts, and the releases ranked for the order
// charts. Each figure is one aggregate over indexed columns; the screen links each to its list. Staff only
// (the routes say so: orders/routes.ts).
import { sql } from "drizzle-orm";
import { z } from "zod";
import type { TenantContext } from "../../kernel/context.ts";
import { fromMilli } from "../stock/quantity.ts";
import { readNames } from "../stock/names.ts";
import { openProcessStatuses } from "./entity.ts";

export const Dashboard = z.object({
  day: z.string(),
  receiptsPlanned: z.number(),
  receiptsDone: z.number(),
  releasesPlanned: z.number(),
  releasesDone: z.number(),
  overdueOrders: z.number(),
  underWarning: z.number(),
  underCritical: z.number(),
  openCounts: z.number(),
});

const open = sql.raw(`(${openProcessStatuses.map((s) => `'${s}'`).join(", ")})`);

/** GET Dashboard/Today. */
export async function dashboard(ctx: TenantContext): Promise<z.output<typeof Dashboard>> {
  const day = new Date().toISOString().slice(0, 10);
  const next = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
  const [[receiptsPlanned, releasesPlanned, overdue, counts]] = await ctx.conn.db.all<
    [number, number, number, number]
  >(sql`
    SELECT
      (SELECT count(*) FROM wms_orders WHERE type_code = 'OIN' AND status_code = 'confirmed'
        AND substr(planned_date, 1, 10) = ${day}),
      (SELECT count(*) FROM wms_orders WHERE type_code IN ('OOU', 'OPI') AND status_code = 'confirmed'
        AND substr(planned_date, 1, 10) = ${day}),
      (SELECT count(*) FROM wms_orders WHERE type_code NOT LIKE 'VER-%' AND status_code = 'confirmed'
        AND process_status_code IN ${open} AND substr(coalesce(deadline, planned_date), 1, 10) < ${day}),
      (SELECT count(*) FROM wms_orders WHERE type_code LIKE 'VER-%' AND status_code = 'confirmed'
        AND verification_status_code NOT IN ('finishedNoDifferences', 'finishedWithDifferences'))`);
  const [[receiptsDone, releasesDone]] = await ctx.conn.db.all<[number, number]>(sql`
    SELECT
      (SELECT count(*) FROM wms_documents WHERE status_code = 'confirmed' AND type_code IN ('OIN', 'DIN', 'IIN')
        AND executed_at >= ${day} AND executed_at < ${next}),
      (SELECT count(*) FROM wms_documents WHERE status_code = 'confirmed' AND type_code IN ('OOU', 'DOU', 'IOU')
        AND executed_at >= ${day} AND executed_at < ${next})`);
  const [[warning, critical]] = await ctx.conn.db.all<[number, number]>(sql`
    SELECT
      coalesce(sum(p.warning_stock IS NOT NULL AND coalesce(t.quantity, 0) <= p.warning_stock * 1000), 0),
      coalesce(sum(p.critical_stock IS NOT NULL AND coalesce(t.quantity, 0) <= p.critical_stock * 1000), 0)
    FROM products p LEFT JOIN stock_product_totals t ON t.product_id = p.id
    WHERE p.warning_stock IS NOT NULL OR p.critical_stock IS NOT NULL`);
  return {
    day,
    receiptsPlanned: Number(receiptsPlanned),
    receiptsDone: Number(receiptsDone),
    releasesPlanned: Number(releasesPlanned),
    releasesDone: Number(releasesDone),
    overdueOrders: Number(overdue),
    underWarning: Number(warning),
    underCritical: Number(critical),
    openCounts: Number(counts),
  };
}

export const TopOrdered = z.object({
  productId: z.number(),
  productIndex: z.string(),
  productName: z.string(),
  /** On release orders made in the range (confirmed, closed or archived; working copies left out). */
  quantity: z.number(),
  /** Of that, confirmed on their documents. */
  quantityDone: z.number(),
  orders: z.number(),
});

/** GET WmsOrder/Charts/TopReleased: the 10 products most asked for on release orders made in the range. */
export async function topReleased(ctx: TenantContext, from: string, to: string) {
  const next = new Date(Date.parse(`${to}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  const rows = await ctx.conn.db.all<[number, number, number, number]>(sql`
    SELECT op.product_id, sum(op.quantity) AS q, sum(coalesce(op.quantity_real, 0)), count(DISTINCT o.id)
    FROM wms_orders o JOIN wms_order_positions op ON op.order_id = o.id
    WHERE o.type_code = 'OOU' AND o.status_code <> 'workingCopy' AND o.created_at >= ${from}
      AND o.created_at < ${next}
    GROUP BY op.product_id ORDER BY q DESC, op.product_id LIMIT 10`);
  const names = await readNames(ctx.conn.db, { products: rows.map((r) => Number(r[0])) });
  return rows.map(([id, q, done, orders]) => ({
    productId: Number(id),
    productIndex: names.product(Number(id))?.index ?? "",
    productName: names.product(Number(id))?.name ?? "",
    quantity: fromMilli(Number(q)),
    quantityDone: fromMilli(Number(done)),
    orders: Number(orders),
  }));
}
