// The contractor portal's verbs (api-contract.md, Contractor portal; docs/decisions/0011): a contractor
// user browses their contractor's products that are not hidden from the portal with their free stock, fills
// a cart (one per user for goods out, one for goods announced in), and confirms it: in one transaction each
// non-empty cart becomes a warehouse order (OOU or OIN, a working copy from the portal that staff confirm)
// and a submitted external order. Until staff confirm it the contractor may still change or cancel it; after,
// its status follows the warehouse order (table.ts), and the contractor says what reached them.
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { z } from "zod";
import { paramDecimal, paramId } from "../../kernel/params.ts";
import type { Db } from "../../db/connection.ts";
import type { Actor, TenantContext } from "../../kernel/context.ts";
import { demand } from "../../kernel/access.ts";
import { AppError, fieldError, notFound } from "../../kernel/errors.ts";
import { type ListQuery, MAX_PAGE_SIZE } from "../../kernel/list.ts";
import { nowIso } from "../../kernel/time.ts";
import { type Outbox, transactionWithEvents } from "../../hub/outbox.ts";
import type { HubAction } from "../../hub/contract.ts";
import { parseInput } from "../../kernel/validation.ts";
import { optDate } from "../../engine/fields.ts";
import { writeRecordLog } from "../logs/record_log/service.ts";
import { product as productResource, productGroupLinks, products } from "../assortment/products/entity.ts";
import { productGroups } from "../assortment/product_groups/entity.ts";
import { wmsOrders } from "../orders/entity.ts";
import { wmsOrderPosition, wmsOrderPositions } from "../orders/positions/entity.ts";
import { addOrderIn } from "../orders/verbs.ts";
import { freeStockOf, productStock } from "../orders/free_stock.ts";
import { fromMilli, quantityMilli } from "../stock/quantity.ts";
import { externalOrder, externalOrderPosition } from "./entity.ts";
import {
  externalOrderPositions,
  externalOrders,
  type ExternalOrderType,
  externalOrderTypes,
} from "./table.ts";

type OrderRow = typeof externalOrders.$inferSelect;

/** The contractor the caller orders for; staff and API keys have no cart (403). */
function contractorOf(ctx: TenantContext): number {
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
function onBehalf(ctx: TenantContext): TenantContext {
  const actor: Actor = { ...ctx.actor, contractorId: null, logisticsEnabled: true };
  return { ...ctx, actor };
}

/**
 * A product the contractor may order: theirs, not hidden from the portal (else 404; `inCart`: a line put in
 * the cart while it could be ordered, which now cannot: 409 naming it), not disabled nor locked.
 */
async function orderable(
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
async function checkFree(
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

/**
 * The caller's cart of one direction, of the contractor they order for now (a cart left from a contractor
 * the user no longer belongs to is void: dropped when a new one is made).
 */
async function cartOf(tx: Db, ctx: TenantContext, type: ExternalOrderType, make: boolean) {
  const mine = and(
    eq(externalOrders.createdByUserId, ctx.actor.userId),
    eq(externalOrders.typeCode, type),
    eq(externalOrders.statusCode, "cart"),
  );
  const [cart] = await tx.select().from(externalOrders)
    .where(and(mine, eq(externalOrders.contractorId, contractorOf(ctx))));
  if (cart || !make) return cart;
  await tx.delete(externalOrders).where(mine);
  const now = nowIso();
  const [made] = await tx.insert(externalOrders).values({
    contractorId: contractorOf(ctx),
    typeCode: type,
    statusCode: "cart",
    createdByUserId: ctx.actor.userId,
    createdByName: ctx.actor.username,
    createdAt: now,
    updatedAt: now,
  }).returning();
  return made;
}

/** An external order's position count and quantity sum, from its positions. */
async function refreshTotals(tx: Db, id: number): Promise<void> {
  await tx.run(sql`
    UPDATE external_orders SET
      positions_count = (SELECT count(*) FROM external_order_positions WHERE external_order_id = ${id}),
      quantity_sum = (SELECT coalesce(sum(quantity), 0) FROM external_order_positions WHERE external_order_id = ${id}),
      updated_at = ${nowIso()}, version = version + 1
    WHERE id = ${id}`);
}

const changed = (
  outbox: Outbox,
  order: Pick<OrderRow, "id" | "contractorId">,
  action: HubAction = "changed",
) => outbox.add("ExternalOrder", action, order.id, order.contractorId);

/** Sets (or with 0 removes) a cart line's quantity; `add` adds to what is there. */
function setCartLine(
  ctx: TenantContext,
  type: ExternalOrderType,
  productId: number,
  quantity: number,
  add: boolean,
) {
  return transactionWithEvents(ctx, async (tx, outbox) => {
    await putInCart(tx, outbox, ctx, type, productId, quantity, add);
    return await cartSummaryIn(tx, ctx);
  });
}

/** A cart line set (or added to) in the caller's transaction. */
async function putInCart(
  tx: Db,
  outbox: Outbox,
  ctx: TenantContext,
  type: ExternalOrderType,
  productId: number,
  quantity: number,
  add: boolean,
) {
  await orderable(tx, ctx, productId, type);
  const cart = (await cartOf(tx, ctx, type, true))!;
  const [line] = await tx.select().from(externalOrderPositions).where(and(
    eq(externalOrderPositions.externalOrderId, cart.id),
    eq(externalOrderPositions.productId, productId),
  ));
  const wanted = add ? (line?.quantity ?? 0) + quantity : quantity;
  if (wanted > 0 && type === "OOU") await checkFree(tx, ctx, [{ productId, quantity: wanted }]);
  const now = nowIso();
  if (wanted <= 0) {
    if (line) await tx.delete(externalOrderPositions).where(eq(externalOrderPositions.id, line.id));
  } else if (line) {
    await tx.update(externalOrderPositions).set({
      quantity: wanted,
      updatedAt: now,
      version: line.version + 1,
    })
      .where(eq(externalOrderPositions.id, line.id));
  } else {
    await tx.insert(externalOrderPositions).values({
      externalOrderId: cart.id,
      productId,
      quantity: wanted,
      createdAt: now,
      updatedAt: now,
    });
  }
  await refreshTotals(tx, cart.id);
  changed(outbox, cart);
}

/**
 * POST contractororders/orders/{id}/order-again: every position of one of the contractor's orders added to
 * the cart of its direction, in one transaction (one that cannot be ordered now, or more than is free, and
 * nothing is added).
 */
export async function orderAgain(ctx: TenantContext, id: number) {
  contractorOf(ctx);
  return await transactionWithEvents(ctx, async (tx, outbox) => {
    const order = await externalOrder.getIn(tx, ctx, id);
    const lines = await tx.select().from(externalOrderPositions)
      .where(eq(externalOrderPositions.externalOrderId, id)).orderBy(externalOrderPositions.id);
    for (const l of lines) {
      await putInCart(tx, outbox, ctx, order.typeCode as ExternalOrderType, l.productId, l.quantity, true);
    }
    return await cartSummaryIn(tx, ctx);
  });
}

/** A quantity asked for: more than nothing (thousandths). */
const positive = quantityMilli.refine((v) => v > 0, { params: { code: "validation.tooSmall" } });
const ProductQuantity = z.object({
  productId: paramId,
  quantity: paramDecimal(positive),
});
/** product-in / product-out: a quantity of 0 takes the product out of the cart. */
export const CartLineQuery = z.object({
  productId: paramId,
  quantity: paramDecimal(z.union([z.literal(0), quantityMilli])),
});
export const AddToCartQuery = ProductQuantity;

export const addToCart = (ctx: TenantContext, q: z.output<typeof AddToCartQuery>) =>
  setCartLine(ctx, "OOU", q.productId, q.quantity, true);
export const productOut = (ctx: TenantContext, q: z.output<typeof CartLineQuery>) =>
  setCartLine(ctx, "OOU", q.productId, q.quantity, false);
export const productIn = (ctx: TenantContext, q: z.output<typeof CartLineQuery>) =>
  setCartLine(ctx, "OIN", q.productId, q.quantity, false);

/** The caller's cart lines (positions of their carts), each with its direction, product and free stock. */
async function cartLines(db: Db, ctx: TenantContext) {
  const contractorId = contractorOf(ctx);
  const rows = await db.select({
    id: externalOrderPositions.id,
    externalOrderId: externalOrderPositions.externalOrderId,
    typeCode: externalOrders.typeCode,
    productId: externalOrderPositions.productId,
    productIndex: products.index,
    productName: products.name,
    unit: products.unit,
    quantity: externalOrderPositions.quantity,
    version: externalOrderPositions.version,
    owner: products.contractorId,
    hidden: products.contractorPortalHide,
    disabled: products.disabled,
    lockIn: products.lockIn,
    lockOut: products.lockOut,
  }).from(externalOrderPositions)
    .innerJoin(externalOrders, eq(externalOrders.id, externalOrderPositions.externalOrderId))
    .innerJoin(products, eq(products.id, externalOrderPositions.productId))
    .where(and(
      eq(externalOrders.createdByUserId, ctx.actor.userId),
      eq(externalOrders.contractorId, contractorId),
      eq(externalOrders.statusCode, "cart"),
    ))
    .orderBy(externalOrderPositions.id);
  const free = await freeStockOf(db, [...new Set(rows.map((r) => r.productId))]);
  return rows.map(({ owner, hidden, disabled, lockIn, lockOut, ...r }) => {
    // A line put in while the product could be ordered that now cannot: shown, to be taken out.
    const available = owner === contractorId && !hidden && !disabled &&
      !(r.typeCode === "OOU" ? lockOut : lockIn);
    return {
      ...r,
      quantity: fromMilli(r.quantity),
      freeQuantity: available ? fromMilli(free.get(r.productId) ?? 0) : 0,
      available,
    };
  });
}

export async function listCartProducts(ctx: TenantContext) {
  contractorOf(ctx);
  return { results: await cartLines(ctx.conn.db, ctx) };
}

async function cartSummaryIn(db: Db, ctx: TenantContext) {
  const lines = await cartLines(db, ctx);
  const of = (type: ExternalOrderType) => {
    const mine = lines.filter((l) => l.typeCode === type);
    return {
      positionsCount: mine.length,
      quantitySum: Math.round(mine.reduce((s, l) => s + l.quantity, 0) * 1000) / 1000,
    };
  };
  return { positionsCount: lines.length, out: of("OOU"), in: of("OIN"), positions: lines };
}

export function cartSummary(ctx: TenantContext) {
  contractorOf(ctx);
  return cartSummaryIn(ctx.conn.db, ctx);
}

/** The caller's own cart line (another's, or one of a submitted order, is 404). */
async function ownCartLine(tx: Db, ctx: TenantContext, id: number) {
  const [line] = await tx.select({ line: externalOrderPositions, order: externalOrders })
    .from(externalOrderPositions)
    .innerJoin(externalOrders, eq(externalOrders.id, externalOrderPositions.externalOrderId))
    .where(and(
      eq(externalOrderPositions.id, id),
      eq(externalOrders.createdByUserId, ctx.actor.userId),
      eq(externalOrders.contractorId, contractorOf(ctx)),
      eq(externalOrders.statusCode, "cart"),
    ));
  if (!line) throw notFound();
  return line;
}

export const EditCartLine = z.object({ id: z.number().int().positive(), quantity: positive });

export function editCartProduct(ctx: TenantContext, body: z.output<typeof EditCartLine>) {
  contractorOf(ctx);
  return transactionWithEvents(ctx, async (tx, outbox) => {
    const { line, order } = await ownCartLine(tx, ctx, body.id);
    if (order.typeCode === "OOU") {
      await checkFree(tx, ctx, [{ productId: line.productId, quantity: body.quantity }]);
    }
    await tx.update(externalOrderPositions)
      .set({ quantity: body.quantity, updatedAt: nowIso(), version: line.version + 1 })
      .where(eq(externalOrderPositions.id, line.id));
    await refreshTotals(tx, order.id);
    changed(outbox, order);
    return await cartSummaryIn(tx, ctx);
  });
}

export function deleteCartProduct(ctx: TenantContext, id: number) {
  contractorOf(ctx);
  return transactionWithEvents(ctx, async (tx, outbox) => {
    const { line, order } = await ownCartLine(tx, ctx, id);
    await tx.delete(externalOrderPositions).where(eq(externalOrderPositions.id, line.id));
    await refreshTotals(tx, order.id);
    changed(outbox, order);
    return await cartSummaryIn(tx, ctx);
  });
}

/** A delivery date: a calendar date that exists, required. */
const DeliveryDate = optDate.refine((v) => v !== null, { params: { code: "validation.required" } })
  .transform((v) => v as string);

export const ConfirmOrder = z.object({
  deliveryDate: DeliveryDate,
  comment: z.string().max(2000).nullish(),
});

/** A delivery date not past anywhere yet: the day it is now in the world's westernmost time zone (UTC−12). */
function checkDeliveryDate(date: string) {
  const earliest = new Date(Date.now() - 12 * 3_600_000).toISOString().slice(0, 10);
  if (date < earliest) throw fieldError({ deliveryDate: ["validation.tooSmall"] });
}

/**
 * Makes an external order's warehouse order (a working copy from the portal, its positions in the order's
 * own rules) and links both; the external order is then submitted.
 */
async function submitIn(
  tx: Db,
  outbox: Outbox,
  ctx: TenantContext,
  order: OrderRow,
  header: { deliveryDate: string; comment?: string | null },
) {
  const lines = await tx.select().from(externalOrderPositions)
    .where(eq(externalOrderPositions.externalOrderId, order.id)).orderBy(externalOrderPositions.id);
  for (const l of lines) await orderable(tx, ctx, l.productId, order.typeCode, true);
  if (order.typeCode === "OOU") await checkFree(tx, ctx, lines, order.id);
  const made = await addOrderIn(
    tx,
    outbox,
    onBehalf(ctx),
    {
      typeCode: order.typeCode,
      contractorId: order.contractorId,
      plannedDate: header.deliveryDate,
      comment: header.comment ?? null,
    },
    [],
    "portal",
  );
  await linkPositions(tx, outbox, ctx, made.id as number, lines);
  const now = nowIso();
  await tx.update(externalOrders).set({
    statusCode: "submitted",
    wmsOrderId: made.id as number,
    orderNumber: made.orderNumber as string,
    deliveryDate: header.deliveryDate,
    comment: header.comment ?? null,
    submittedAt: order.submittedAt ?? now,
    updatedAt: now,
    version: order.version + 1,
  }).where(eq(externalOrders.id, order.id));
  changed(outbox, order);
}

/** The warehouse order's positions made from the external order's lines, each line linked to its own. */
async function linkPositions(
  tx: Db,
  outbox: Outbox,
  ctx: TenantContext,
  wmsOrderId: number,
  lines: (typeof externalOrderPositions.$inferSelect)[],
) {
  for (const l of lines) {
    const p = await wmsOrderPosition.addIn(
      tx,
      outbox,
      onBehalf(ctx),
      parseInput(wmsOrderPosition.entity.create, {
        orderId: wmsOrderId,
        productId: l.productId,
        quantity: fromMilli(l.quantity),
      }),
    );
    await tx.update(externalOrderPositions).set({ wmsOrderPositionId: p.id as number })
      .where(eq(externalOrderPositions.id, l.id));
  }
}

/** POST confirm-order: every non-empty cart of the caller becomes a submitted order, all or none. */
export async function confirmCart(ctx: TenantContext, body: z.output<typeof ConfirmOrder>) {
  contractorOf(ctx);
  checkDeliveryDate(body.deliveryDate);
  const ids = await transactionWithEvents(ctx, async (tx, outbox) => {
    const carts = await tx.select().from(externalOrders).where(and(
      eq(externalOrders.createdByUserId, ctx.actor.userId),
      eq(externalOrders.contractorId, contractorOf(ctx)),
      eq(externalOrders.statusCode, "cart"),
    )).orderBy(externalOrders.typeCode);
    const full = carts.filter((c) => c.positionsCount > 0);
    if (full.length === 0) throw new AppError("portal.cartEmpty");
    for (const cart of full) await submitIn(tx, outbox, ctx, cart, body);
    return full.map((c) => c.id);
  });
  const results = [];
  for (const id of ids) results.push(await externalOrder.get(ctx, id));
  return { results };
}

export const OrderBody = z.object({
  typeCode: z.enum(externalOrderTypes),
  deliveryDate: DeliveryDate,
  comment: z.string().max(2000).nullish(),
  positions: z.array(z.object({ productId: z.number().int().positive(), quantity: positive }))
    .min(1).max(500),
});
export const OrderEdit = OrderBody.omit({ typeCode: true }).extend({
  id: z.number().int().positive(),
  version: z.number().int().positive(),
});

function distinctProducts(positions: { productId: number }[]) {
  if (new Set(positions.map((p) => p.productId)).size !== positions.length) {
    throw fieldError({ positions: ["validation.mustBeUnique"] });
  }
}

/** POST contractororders/orders: an order placed at once (no cart), submitted to the warehouse. */
export async function createOrder(ctx: TenantContext, body: z.output<typeof OrderBody>) {
  const contractorId = contractorOf(ctx);
  checkDeliveryDate(body.deliveryDate);
  distinctProducts(body.positions);
  const id = await transactionWithEvents(ctx, async (tx, outbox) => {
    // The positions judged before anything is written: another's product is 404, as a missing one.
    for (const p of body.positions) await orderable(tx, ctx, p.productId, body.typeCode);
    if (body.typeCode === "OOU") await checkFree(tx, ctx, body.positions);
    const now = nowIso();
    const [order] = await tx.insert(externalOrders).values({
      contractorId,
      typeCode: body.typeCode,
      statusCode: "submitted",
      createdByUserId: ctx.actor.userId,
      createdByName: ctx.actor.username,
      createdAt: now,
      updatedAt: now,
    }).returning();
    await tx.insert(externalOrderPositions).values(body.positions.map((p) => ({
      externalOrderId: order.id,
      productId: p.productId,
      quantity: p.quantity,
      createdAt: now,
      updatedAt: now,
    })));
    await refreshTotals(tx, order.id);
    const [fresh] = await tx.select().from(externalOrders).where(eq(externalOrders.id, order.id));
    await submitIn(tx, outbox, ctx, fresh, body);
    return order.id;
  });
  return await externalOrder.get(ctx, id);
}

/** The caller's contractor's order that staff have not confirmed yet (else 409; another's is 404). */
async function changeable(tx: Db, ctx: TenantContext, id: number) {
  const contractorId = contractorOf(ctx);
  const [order] = await tx.select().from(externalOrders).where(and(
    eq(externalOrders.id, id),
    eq(externalOrders.contractorId, contractorId),
  ));
  if (!order || order.statusCode === "cart") throw notFound();
  if (order.statusCode !== "submitted") throw new AppError("order.statusChangeNotAllowed");
  const [wms] = await tx.select().from(wmsOrders).where(eq(wmsOrders.id, order.wmsOrderId!));
  if (!wms || wms.statusCode !== "workingCopy") throw new AppError("order.statusChangeNotAllowed");
  return { order, wms };
}

/** PUT contractororders/orders: a submitted order's date, comment and positions, while staff have not confirmed it. */
export async function editOrder(ctx: TenantContext, body: z.output<typeof OrderEdit>) {
  checkDeliveryDate(body.deliveryDate);
  distinctProducts(body.positions);
  await transactionWithEvents(ctx, async (tx, outbox) => {
    const { order, wms } = await changeable(tx, ctx, body.id);
    if (order.version !== body.version) throw new AppError("record.changedByAnotherUser");
    for (const p of body.positions) await orderable(tx, ctx, p.productId, order.typeCode);
    if (order.typeCode === "OOU") await checkFree(tx, ctx, body.positions, order.id);
    const before = await externalOrder.getIn(tx, ctx, order.id);
    await tx.delete(externalOrderPositions).where(eq(externalOrderPositions.externalOrderId, order.id));
    await tx.delete(wmsOrderPositions).where(eq(wmsOrderPositions.orderId, wms.id));
    const now = nowIso();
    const lines = await tx.insert(externalOrderPositions).values(body.positions.map((p) => ({
      externalOrderId: order.id,
      productId: p.productId,
      quantity: p.quantity,
      createdAt: now,
      updatedAt: now,
    }))).returning();
    await linkPositions(tx, outbox, ctx, wms.id, lines);
    await tx.update(wmsOrders).set({
      plannedDate: body.deliveryDate,
      comment: body.comment ?? null,
      updatedAt: now,
      version: wms.version + 1,
    }).where(eq(wmsOrders.id, wms.id));
    await tx.update(externalOrders).set({ deliveryDate: body.deliveryDate, comment: body.comment ?? null })
      .where(eq(externalOrders.id, order.id));
    await refreshTotals(tx, order.id);
    await writeRecordLog(tx, {
      action: "changed",
      resourceType: "ExternalOrder",
      resourceId: order.id,
      title: wms.orderNumber,
      oldObject: before,
      newObject: await externalOrder.getIn(tx, ctx, order.id),
      userId: ctx.actor.userId,
      userName: ctx.actor.username,
    });
    outbox.add("WmsOrder", "changed", wms.id);
    changed(outbox, order);
  });
  return await externalOrder.get(ctx, body.id);
}

/** DELETE contractororders/orders/{id}: cancels an order staff have not confirmed (its warehouse order goes too). */
export async function cancelOrder(ctx: TenantContext, id: number) {
  await transactionWithEvents(ctx, async (tx, outbox) => {
    const { order, wms } = await changeable(tx, ctx, id);
    await tx.delete(externalOrders).where(eq(externalOrders.id, order.id));
    await tx.delete(wmsOrders).where(eq(wmsOrders.id, wms.id));
    for (const [resourceType, resourceId] of [["ExternalOrder", order.id], ["WmsOrder", wms.id]] as const) {
      await writeRecordLog(tx, {
        action: "deleted",
        resourceType,
        resourceId,
        title: wms.orderNumber,
        userId: ctx.actor.userId,
        userName: ctx.actor.username,
      });
    }
    outbox.add("WmsOrder", "deleted", wms.id);
    changed(outbox, order, "deleted");
  });
}

/** quantityRecieved (the contract's spelling), in units with at most three decimals; answered in thousandths. */
export const ReceivedQuery = z.object({ quantityRecieved: paramDecimal(quantityMilli) });

/**
 * POST contractororders/orders/{orderId}/position/{positionId}?quantityRecieved=N: what of a release
 * reached the contractor (at most what the warehouse released).
 */
export async function recordReceived(
  ctx: TenantContext,
  orderId: number,
  positionId: number,
  milliReceived: number,
) {
  contractorOf(ctx);
  await transactionWithEvents(ctx, async (tx, outbox) => {
    const order = await externalOrder.getIn(tx, ctx, orderId);
    const [line] = await tx.select().from(externalOrderPositions).where(and(
      eq(externalOrderPositions.id, positionId),
      eq(externalOrderPositions.externalOrderId, orderId),
    ));
    if (!line) throw notFound();
    if (order.typeCode !== "OOU") throw fieldError({ quantityRecieved: ["validation.invalidValue"] });
    const [wms] = line.wmsOrderPositionId === null
      ? []
      : await tx.select({ done: wmsOrderPositions.quantityReal })
        .from(wmsOrderPositions).where(eq(wmsOrderPositions.id, line.wmsOrderPositionId));
    if (milliReceived > (wms?.done ?? 0)) throw fieldError({ quantityRecieved: ["validation.tooLarge"] });
    await tx.update(externalOrderPositions)
      .set({ quantityReceived: milliReceived, receivedAt: nowIso(), version: line.version + 1 })
      .where(eq(externalOrderPositions.id, line.id));
    changed(outbox, { id: orderId, contractorId: order.contractorId as number });
  });
  return await externalOrderPosition.get(ctx, positionId);
}

/** GET orders/{id}/positions: a page of an order's positions (another contractor's order is 404). */
export async function orderPositions(ctx: TenantContext, id: number, query: ListQuery) {
  await externalOrder.get(ctx, id);
  return await externalOrderPosition.list(ctx, query, eq(externalOrderPositions.externalOrderId, id));
}

/** GET availible-prod-groups: the groups holding products the contractor may order, with how many. */
export async function availableGroups(ctx: TenantContext) {
  const contractorId = contractorOf(ctx);
  const rows = await ctx.conn.db.all<[number, string, number]>(sql`
    SELECT g.id, g.name, count(DISTINCT p.id) FROM ${productGroups} g
    JOIN ${products} p ON (p.main_group_id = g.id OR p.id IN
      (SELECT l.product_id FROM ${productGroupLinks} l WHERE l.group_id = g.id))
    WHERE p.contractor_id = ${contractorId} AND p.contractor_portal_hide = 0 AND p.disabled = 0
    GROUP BY g.id ORDER BY g.name`);
  return {
    results: rows.map(([id, name, count]) => ({ id: Number(id), name, productsCount: Number(count) })),
  };
}

export const AvailableQuery = z.object({ groupId: paramId.optional() });

/**
 * GET availible-products: a page of the products the contractor may order (paged, sorted, filtered and
 * searched as Product), optionally of one group, each with its stock on hand and what of it is free.
 */
export async function availableProducts(ctx: TenantContext, query: ListQuery & { groupId?: number }) {
  contractorOf(ctx);
  const { groupId, ...list } = query;
  const inGroup = groupId === undefined
    ? undefined
    : sql`(${products.mainGroupId} = ${groupId} OR ${products.id} IN
    (SELECT ${productGroupLinks.productId} FROM ${productGroupLinks} WHERE ${productGroupLinks.groupId} = ${groupId}))`;
  const page = await productResource.list(ctx, list, and(eq(products.disabled, false), inGroup));
  const { onHand, free } = await productStock(ctx.conn.db, page.results.map((p) => p.id as number));
  return {
    allFilteredRowCount: page.allFilteredRowCount,
    results: page.results.map((p) => ({
      ...p,
      stockQuantity: fromMilli(onHand.get(p.id as number) ?? 0),
      freeQuantity: fromMilli(free.get(p.id as number) ?? 0),
    })),
  };
}

/** GET last-orders: the contractor's latest submitted orders with their positions, to order again. */
export async function lastOrders(ctx: TenantContext, count: number) {
  const contractorId = contractorOf(ctx);
  const rows = await ctx.conn.db.select({ id: externalOrders.id }).from(externalOrders).where(and(
    eq(externalOrders.contractorId, contractorId),
    sql`${externalOrders.statusCode} <> 'cart'`,
  )).orderBy(desc(externalOrders.id)).limit(count);
  const ids = rows.map((r) => r.id);
  if (ids.length === 0) return { results: [] };
  // The orders and their positions in one read each (their records as the lists answer them).
  const page = { PageNumber: 1, PageSize: MAX_PAGE_SIZE, sortDescending: false };
  const orders = new Map(
    (await externalOrder.list(ctx, page, inArray(externalOrders.id, ids))).results.map((o) => [o.id, o]),
  );
  const positions =
    (await externalOrderPosition.list(ctx, page, inArray(externalOrderPositions.externalOrderId, ids)))
      .results;
  return {
    results: ids.flatMap((id) => {
      const order = orders.get(id);
      return order ? [{ ...order, positions: positions.filter((p) => p.externalOrderId === id) }] : [];
    }),
  };
}
