// After staff have released a contractor's goods: what of each position reached the contractor, and an
// order's positions as the contractor reads them.
import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { paramDecimal } from "../../kernel/params.ts";
import type { TenantContext } from "../../kernel/context.ts";
import { fieldError, notFound } from "../../kernel/errors.ts";
import type { ListQuery } from "../../kernel/list.ts";
import { nowIso } from "../../kernel/time.ts";
import { transactionWithEvents } from "../../hub/outbox.ts";
import { wmsOrderPositions } from "../orders/positions/entity.ts";
import { quantityMilli } from "../stock/quantity.ts";
import { externalOrder, externalOrderPosition } from "./entity.ts";
import { changed, contractorOf } from "./rules.ts";
import { externalOrderPositions } from "./table.ts";

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
