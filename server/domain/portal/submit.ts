// A contractor's carts submitted (docs/decisions/0011): in one transaction each non-empty cart becomes a
// warehouse order (OOU or OIN, a working copy from the portal that staff confirm, its positions in the
// orders' own rules) and a submitted external order linked to it.
import { and, eq } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../db/connection.ts";
import type { TenantContext } from "../../kernel/context.ts";
import { AppError } from "../../kernel/errors.ts";
import { nowIso } from "../../kernel/time.ts";
import { type Outbox, transactionWithEvents } from "../../hub/outbox.ts";
import { parseInput } from "../../kernel/validation.ts";
import { wmsOrderPosition } from "../orders/positions/entity.ts";
import { addOrderIn } from "../orders/verbs.ts";
import { fromMilli } from "../stock/quantity.ts";
import { externalOrder } from "./entity.ts";
import {
  changed,
  checkDeliveryDate,
  checkFree,
  contractorOf,
  DeliveryDate,
  onBehalf,
  orderable,
  type OrderRow,
} from "./rules.ts";
import { externalOrderPositions, externalOrders } from "./table.ts";

export const ConfirmOrder = z.object({
  deliveryDate: DeliveryDate,
  comment: z.string().max(2000).nullish(),
});

/**
 * Makes an external order's warehouse order (a working copy from the portal, its positions in the order's
 * own rules) and links both; the external order is then submitted.
 */
export async function submitIn(
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
export async function linkPositions(
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
