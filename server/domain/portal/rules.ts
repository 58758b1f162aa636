// What every portal verb checks alike (docs/decisions/0011): the contractor the caller orders for, a product
// they may order, no more goods out than are free, a delivery date not past, and an external order's totals
// and event.
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/connection.ts";
import type { Actor, TenantContext } from "../../kernel/context.ts";
import { demand } from "../../kernel/access.ts";
import { AppError, fieldError, notFound } from "../../kernel/errors.ts";
import { nowIso } from "../../kernel/time.ts";
import type { Outbox } from "../../hub/outbox.ts";
import type { HubAction } from "../../../shared/hub/contract.ts";
import { optDate } from "../../engine/fields.ts";
import { products } from "../assortment/products/entity.ts";
import { fromMilli, quantityMilli } from "../stock/quantity.ts";
import { freeStockOf } from "../orders/free_stock.ts";
import { externalOrders, type ExternalOrderType } from "./table.ts";

export type OrderRow = typeof externalOrders.$inferSelect;

/** The contractor the caller orders for; staff and API keys have no cart (403). */
export function contractorOf(ctx: TenantContext): number {
  const { contractorId, userId } = ctx.actor;
  // An API key (no user) orders nothing; a contractor user without the portal module is told so.
  if (userId === 0) throw new AppError("auth.forbidden");
  demand("portal", ctx.actor, "auth.forbidden");
  return contractorId!;
}

/**
 * The portal's orders are made as warehouse working copies through the orders' own rules, by the contractor
 * user acting for the warehouse in this one step (the record log names them).
 */
export function onBehalf(ctx: TenantContext): TenantContext {
  const actor: Actor = { ...ctx.actor, contractorId: null, logisticsEnabled: true };
  return { ...ctx, actor };
}

/**
 * A product the contractor may order: theirs, not hidden from the portal (else 404; `inCart`: a line put in
 * the cart while it could be ordered, which now cannot: 409 naming it), not disabled nor locked.
 */
export async function orderable(
  tx: Db,
  ctx: TenantContext,
  productId: number,
  type: ExternalOrderType,
  inCart = false,
) {
  const [p] = await tx.select().from(products).where(and(
    eq(products.id, productId),
    eq(products.contractorId, contractorOf(ctx)),
    eq(products.contractorPortalHide, false),
  ));
  if (!p && inCart) {
    const [was] = await tx.select({ index: products.index, name: products.name }).from(products)
      .where(eq(products.id, productId));
    throw new AppError("portal.productUnavailable", { params: { product: was?.index ?? was?.name ?? "" } });
  }
  if (!p) throw notFound();
  if (p.disabled || (type === "OOU" ? p.lockOut : p.lockIn)) {
    throw new AppError("portal.productUnavailable", { params: { product: p.index ?? p.name } });
  }
  return p;
}

/** Goods out: no more than is free now (goods announced in have no such bound). */
export async function checkFree(
  tx: Db,
  ctx: TenantContext,
  lines: { productId: number; quantity: number }[],
  except = 0,
) {
  const free = await freeStockOf(tx, lines.map((l) => l.productId), except);
  for (const l of lines) {
    const left = free.get(l.productId) ?? 0;
    if (l.quantity > left) {
      const [p] = await tx.select({ index: products.index, name: products.name }).from(products)
        .where(eq(products.id, l.productId));
      throw new AppError("portal.notEnoughStock", {
        params: {
          product: p?.index ?? p?.name ?? "",
          free: new Intl.NumberFormat(ctx.lang).format(fromMilli(left)),
        },
      });
    }
  }
}

/** An external order's position count and quantity sum, from its positions. */
export async function refreshTotals(tx: Db, id: number): Promise<void> {
  await tx.run(sql`
    UPDATE external_orders SET
      positions_count = (SELECT count(*) FROM external_order_positions WHERE external_order_id = ${id}),
      quantity_sum = (SELECT coalesce(sum(quantity), 0) FROM external_order_positions WHERE external_order_id = ${id}),
      updated_at = ${nowIso()}, version = version + 1
    WHERE id = ${id}`);
}

export const changed = (
  outbox: Outbox,
  order: Pick<OrderRow, "id" | "contractorId">,
  action: HubAction = "changed",
) => outbox.add("ExternalOrder", action, order.id, order.contractorId);

/** A quantity asked for: more than nothing (thousandths). */
export const positive = quantityMilli.refine((v) => v > 0, { params: { code: "validation.tooSmall" } });
/** A delivery date: a calendar date that exists, required. */
export const DeliveryDate = optDate.refine((v) => v !== null, { params: { code: "validation.required" } })
  .transform((v) => v as string);

/** A delivery date not past anywhere yet: the day it is now in the world's westernmost time zone (UTC−12). */
export function checkDeliveryDate(date: string) {
  const earliest = new Date(Date.now() - 12 * 3_600_000).toISOString().slice(0, 10);
  if (date < earliest) throw fieldError({ deliveryDate: ["validation.tooSmall"] });
}
