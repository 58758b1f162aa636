// A contractor's order placed at once, without a cart, and submitted; then, until staff confirm its warehouse
// order, changed or cancelled by the contractor (the warehouse order follows, in the same transaction).
import { and, eq } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../db/connection.ts";
import type { TenantContext } from "../../kernel/context.ts";
import { AppError, fieldError, notFound } from "../../kernel/errors.ts";
import { nowIso } from "../../kernel/time.ts";
import { transactionWithEvents } from "../../hub/outbox.ts";
import { recordChange } from "../../engine/record_change.ts";
import { wmsOrders } from "../orders/entity.ts";
import { wmsOrderPositions } from "../orders/positions/entity.ts";
import { externalOrder } from "./entity.ts";
import {
  changed,
  checkDeliveryDate,
  checkFree,
  contractorOf,
  DeliveryDate,
  orderable,
  positive,
  refreshTotals,
} from "./rules.ts";
import { linkPositions, submitIn } from "./submit.ts";
import { externalOrderPositions, externalOrders, externalOrderTypes } from "./table.ts";
import { rowById } from "../../db/prepared.ts";

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
    const fresh = (await rowById(tx, externalOrders, order.id))!;
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
  const wms = await rowById(tx, wmsOrders, order.wmsOrderId!);
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
    await recordChange(tx, null, ctx.actor, {
      action: "changed",
      resource: "ExternalOrder",
      id: order.id,
      title: wms.orderNumber,
      old: before,
      new: await externalOrder.getIn(tx, ctx, order.id),
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
    const gone = { action: "deleted", title: wms.orderNumber } as const;
    await recordChange(tx, null, ctx.actor, { ...gone, resource: "ExternalOrder", id: order.id });
    await recordChange(tx, outbox, ctx.actor, { ...gone, resource: "WmsOrder", id: wms.id });
    changed(outbox, order, "deleted");
  });
}
