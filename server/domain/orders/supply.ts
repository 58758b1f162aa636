// Supply (product-spec: warehouse-supply, warehouse-supply-reports): the products at or below their
// warning or critical stock, with what is on hand, reserved and already on its way (open receipt orders),
// who supplies each and how much to order; receipt orders made for them in one step, one per supplier; and
// the supply report over a date range (ordered, received and released per product).
import { sql } from "drizzle-orm";
import { z } from "zod";
import { paramId, paramInt } from "../../kernel/params.ts";
import type { TenantContext } from "../../kernel/context.ts";
import { fieldError } from "../../kernel/errors.ts";
import { LIMITS } from "../../../shared/limits.ts";
import { transactionWithEvents } from "../../hub/outbox.ts";
import { demand } from "../../kernel/access.ts";
import { fromMilli, toMilli } from "../stock/quantity.ts";
import { addOrderIn } from "./verbs.ts";

export const SupplyLine = z.object({
  productId: z.number(),
  productIndex: z.string(),
  productName: z.string(),
  unit: z.string().nullable(),
  /** `critical` at or below the critical stock, else `warning`. */
  level: z.enum(["critical", "warning"]),
  warningStock: z.number().nullable(),
  criticalStock: z.number().nullable(),
  onHand: z.number(),
  reserved: z.number(),
  /** Still to come on receipt orders that are open. */
  inbound: z.number(),
  /** Up to the warning stock, less what is on hand and on its way; whole containers when palQuantity is set. */
  suggestedQuantity: z.number(),
  /** The product's contractor, else the contractor of its latest confirmed receipt; null when unknown. */
  supplierId: z.number().nullable(),
  supplierName: z.string().nullable(),
});
export type SupplyLine = z.output<typeof SupplyLine>;

export const SupplyQuery = z.object({
  PageNumber: paramInt(1, Number.MAX_SAFE_INTEGER, 1),
  PageSize: paramInt(1, 1000, 50),
  level: z.enum(["critical", "warning"]).optional(),
  /** One product's line only (a link to the screen naming the product). */
  productId: paramId.optional(),
});

/** GET Supply/Products: the products under their warning or critical stock, the critical ones first. */
export async function supplyProducts(ctx: TenantContext, query: z.output<typeof SupplyQuery>) {
  const db = ctx.conn.db;
  const under = sql`(p.warning_stock IS NOT NULL AND coalesce(t.quantity, 0) <= p.warning_stock * 1000)
    OR (p.critical_stock IS NOT NULL AND coalesce(t.quantity, 0) <= p.critical_stock * 1000)`;
  const critical = sql`(p.critical_stock IS NOT NULL AND coalesce(t.quantity, 0) <= p.critical_stock * 1000)`;
  const level = query.level === "critical"
    ? critical
    : query.level === "warning"
    ? sql`NOT ${critical}`
    : sql`1`;
  const one = query.productId === undefined ? sql`1` : sql`p.id = ${query.productId}`;
  const [[total]] = await db.all<[number]>(sql`
    SELECT count(*) FROM products p LEFT JOIN stock_product_totals t ON t.product_id = p.id
    WHERE (${under}) AND ${level} AND ${one}`);
  const rows = await db.all<
    [
      number,
      string,
      string,
      string | null,
      number | null,
      number | null,
      number | null,
      number,
      number,
      number,
      number | null,
      string | null,
      number,
    ]
  >(sql`
    SELECT p.id, p.product_index, p.name, p.unit, p.warning_stock, p.critical_stock, p.pal_quantity,
      coalesce(t.quantity, 0),
      coalesce((SELECT sum(r.quantity) FROM stock_reservations r WHERE r.product_id = p.id), 0),
      coalesce((SELECT sum(max(op.quantity - coalesce(op.quantity_real, 0), 0)) FROM wms_order_positions op
        JOIN wms_orders o ON o.id = op.order_id
        WHERE op.product_id = p.id AND o.type_code = 'OIN' AND o.status_code IN ('workingCopy', 'confirmed')
          AND o.process_status_code NOT IN ('closedFully', 'closedManually', 'archived')), 0),
      s.id, s.short_name, ${critical}
    FROM products p
    LEFT JOIN stock_product_totals t ON t.product_id = p.id
    LEFT JOIN companies s ON s.id = coalesce(p.contractor_id, (
      SELECT d.contractor_id FROM wms_document_positions dp JOIN wms_documents d ON d.id = dp.document_id
      WHERE dp.product_id = p.id AND d.type_code IN ('OIN', 'DIN') AND d.status_code = 'confirmed'
        AND d.contractor_id IS NOT NULL
      ORDER BY d.executed_at DESC LIMIT 1))
    WHERE (${under}) AND ${level} AND ${one}
    ORDER BY ${critical} DESC, p.product_index, p.id
    LIMIT ${query.PageSize} OFFSET ${(query.PageNumber - 1) * query.PageSize}`);
  const results: SupplyLine[] = rows.map((
    [
      id,
      index,
      name,
      unit,
      warning,
      criticalStock,
      pal,
      onHand,
      reserved,
      inbound,
      supplierId,
      supplierName,
      isCritical,
    ],
  ) => {
    const target = toMilli(Number(warning ?? criticalStock ?? 0)) ?? 0;
    let suggested = Math.max(0, target - Number(onHand) - Number(inbound));
    const perContainer = pal ? toMilli(Number(pal)) ?? 0 : 0;
    if (suggested > 0 && perContainer > 0) suggested = Math.ceil(suggested / perContainer) * perContainer;
    return {
      productId: Number(id),
      productIndex: index,
      productName: name,
      unit,
      level: Number(isCritical) ? "critical" : "warning",
      warningStock: warning === null ? null : Number(warning),
      criticalStock: criticalStock === null ? null : Number(criticalStock),
      onHand: fromMilli(Number(onHand)),
      reserved: fromMilli(Number(reserved)),
      inbound: fromMilli(Number(inbound)),
      suggestedQuantity: fromMilli(suggested),
      supplierId: supplierId === null ? null : Number(supplierId),
      supplierName,
    };
  });
  return { results, allFilteredRowCount: Number(total) };
}

export const SupplyOrderRequest = z.object({
  items: z.array(z.object({
    productId: z.number().int().positive(),
    quantity: z.number().gt(0).max(LIMITS.quantity.max),
    supplierId: z.number().int().positive().nullable(),
  })).min(1).max(1000),
  plannedDate: z.iso.date().nullish(),
});

/**
 * POST Supply/GenerateOrders: receipt orders (OIN working copies, sourceType `supply`) for the items, one
 * per supplier (items without one together), in one transaction. Answers the orders.
 */
export async function generateSupplyOrders(ctx: TenantContext, request: z.output<typeof SupplyOrderRequest>) {
  demand("logistics", ctx.actor);
  const bySupplier = new Map<number | null, typeof request.items>();
  for (const item of request.items) {
    const list = bySupplier.get(item.supplierId) ?? [];
    list.push(item);
    bySupplier.set(item.supplierId, list);
  }
  return await transactionWithEvents(ctx, async (tx, outbox) => {
    const made = [];
    for (const [supplierId, items] of bySupplier) {
      made.push(
        await addOrderIn(
          tx,
          outbox,
          ctx,
          { typeCode: "OIN", contractorId: supplierId, plannedDate: request.plannedDate ?? null },
          items.map((i) => ({ productId: i.productId, quantity: i.quantity })),
          "supply",
        ),
      );
    }
    return made;
  });
}

export const SupplyReportQuery = z.object({
  dateFrom: z.iso.date(),
  dateTo: z.iso.date(),
  PageNumber: paramInt(1, Number.MAX_SAFE_INTEGER, 1),
  PageSize: paramInt(1, 1000, 50),
  /** One product's line only. */
  productId: paramId.optional(),
});

export const SupplyReportLine = z.object({
  productId: z.number(),
  productIndex: z.string(),
  productName: z.string(),
  /** On receipt orders made in the range. */
  ordered: z.number(),
  /** Brought in by receipts confirmed in the range (OIN, DIN, IIN). */
  received: z.number(),
  /** Taken out by releases confirmed in the range (OOU, DOU, IOU). */
  released: z.number(),
  onHand: z.number(),
  warningStock: z.number().nullable(),
  criticalStock: z.number().nullable(),
});

/**
 * GET Supply/Report: per product with anything ordered, received or released in the range (at most a year).
 * What was received and released comes from the products' flows (stock_product_flows): two rows a product,
 * whatever the ledger holds in the range (decision 0024).
 */
export async function supplyReport(ctx: TenantContext, query: z.output<typeof SupplyReportQuery>) {
  if (query.dateFrom > query.dateTo) throw fieldError({ dateTo: ["validation.tooSmall"] });
  const days = (Date.parse(query.dateTo) - Date.parse(query.dateFrom)) / 86_400_000;
  if (days > 366) throw fieldError({ dateTo: ["validation.tooLarge"] });
  const ofOrder = query.productId === undefined ? sql`1` : sql`op.product_id = ${query.productId}`;
  const ofProduct = query.productId === undefined ? sql`1` : sql`p.id = ${query.productId}`;
  const activity = sql`
    SELECT product_id, sum(ordered) AS ordered, sum(received) AS received, sum(released) AS released FROM (
      SELECT op.product_id, op.quantity AS ordered, 0 AS received, 0 AS released
      FROM wms_order_positions op JOIN wms_orders o ON o.id = op.order_id
      WHERE o.type_code = 'OIN' AND o.created_at BETWEEN ${`${query.dateFrom}T00:00:00.000Z`}
        AND ${`${query.dateTo}T23:59:59.999Z`} AND ${ofOrder}
      UNION ALL
      SELECT p.id, 0, a.received - coalesce(b.received, 0), a.released - coalesce(b.released, 0)
      FROM products p
      JOIN stock_product_flows a ON a.product_id = p.id
        AND a.day = (SELECT max(day) FROM stock_product_flows WHERE product_id = p.id AND day <= ${query.dateTo})
      LEFT JOIN stock_product_flows b ON b.product_id = p.id
        AND b.day = (SELECT max(day) FROM stock_product_flows WHERE product_id = p.id AND day < ${query.dateFrom})
      WHERE a.movements > coalesce(b.movements, 0) AND ${ofProduct}
    ) GROUP BY product_id`;
  const rows = await ctx.conn.db.all<
    [number, string, string, number, number, number, number, number | null, number | null, number]
  >(sql`
    SELECT a.product_id, p.product_index, p.name, a.ordered, a.received, a.released, coalesce(t.quantity, 0),
      p.warning_stock, p.critical_stock, count(*) OVER ()
    FROM (${activity}) a JOIN products p ON p.id = a.product_id
    LEFT JOIN stock_product_totals t ON t.product_id = a.product_id
    ORDER BY p.product_index, p.id
    LIMIT ${query.PageSize} OFFSET ${(query.PageNumber - 1) * query.PageSize}`);
  // A page past the end carries no count: then it is counted apart.
  const total = rows.length > 0
    ? Number(rows[0][9])
    : Number((await ctx.conn.db.all<[number]>(sql`SELECT count(*) FROM (${activity})`))[0][0]);
  return {
    allFilteredRowCount: total,
    results: rows.map(([id, index, name, ordered, received, released, onHand, warning, critical]) => ({
      productId: Number(id),
      productIndex: index,
      productName: name,
      ordered: fromMilli(Number(ordered)),
      received: fromMilli(Number(received)),
      released: fromMilli(Number(released)),
      onHand: fromMilli(Number(onHand)),
      warningStock: warning === null ? null : Number(warning),
      criticalStock: critical === null ? null : Number(critical),
    })),
  };
}
