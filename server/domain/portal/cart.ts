// The contractor portal's carts (api-contract.md, Contractor portal; docs/decisions/0011): one per user for
// goods out and one for goods announced in, of the contractor they order for now; lines set, added to (an
// order placed again), changed and taken out, each in one transaction with the cart's totals and event.
import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { paramDecimal, paramId } from "../../kernel/params.ts";
import type { Db } from "../../db/connection.ts";
import type { TenantContext } from "../../kernel/context.ts";
import { notFound } from "../../kernel/errors.ts";
import { nowIso } from "../../kernel/time.ts";
import { type Outbox, transactionWithEvents } from "../../hub/outbox.ts";
import { products } from "../assortment/products/entity.ts";
import { fromMilli, quantityMilli } from "../stock/quantity.ts";
import { externalOrder } from "./entity.ts";
import { freeStockOf } from "../orders/free_stock.ts";
import { changed, checkFree, contractorOf, orderable, positive, refreshTotals } from "./rules.ts";
import { externalOrderPositions, externalOrders, type ExternalOrderType } from "./table.ts";

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
