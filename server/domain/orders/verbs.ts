// Order verbs beside the resource's five: confirm (without documents, for now: with documents comes with
// reservations, decision 0008), revert, reopen, close with a reason, archive. Each is one transaction with
// its RecordLog entry and real-time event; a status that does not allow the change is 409
// order.statusChangeNotAllowed.
import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/connection.ts";
import type { TenantContext } from "../../kernel/context.ts";
import { AppError, fieldError, notFound } from "../../kernel/errors.ts";
import { nowIso } from "../../kernel/time.ts";
import { transactionWithEvents } from "../../hub/outbox.ts";
import { writeRecordLog } from "../logs/record_log/service.ts";
import { wmsOrderDefinitions } from "../config/definitions.ts";
import { isLogistics, readLogisticsConfig } from "../stock/config.ts";
import { takeFreeNumber } from "../stock/numbering/service.ts";
import { wmsOrder, wmsOrders } from "./entity.ts";

type OrderRow = typeof wmsOrders.$inferSelect;
type Status = OrderRow["statusCode"];

/**
 * Changes one order whose status is one of `from`: `change` gives the new values (after its own checks).
 * Answers the order as the API shows it.
 */
async function changeOrder(
  ctx: TenantContext,
  id: number,
  from: readonly Status[],
  change: (tx: Db, row: OrderRow) => Promise<Partial<OrderRow>>,
) {
  if (!isLogistics(ctx.actor)) throw notFound();
  return await transactionWithEvents(ctx, async (tx, outbox) => {
    const [row] = await tx.select().from(wmsOrders).where(eq(wmsOrders.id, id));
    if (!row) throw notFound();
    if (!from.includes(row.statusCode)) throw new AppError("order.statusChangeNotAllowed");
    const before = await wmsOrder.getIn(tx, ctx, id);
    const values = await change(tx, row);
    const [changed] = await tx.update(wmsOrders)
      .set({ ...values, updatedAt: nowIso(), version: row.version + 1 })
      .where(and(eq(wmsOrders.id, id), eq(wmsOrders.version, row.version))).returning({ id: wmsOrders.id });
    if (!changed) throw new AppError("record.changedByAnotherUser");
    const after = await wmsOrder.getIn(tx, ctx, id);
    await writeRecordLog(tx, {
      action: "changed",
      resourceType: "WmsOrder",
      resourceId: id,
      title: after.orderNumber as string,
      oldObject: before,
      newObject: after,
      userId: ctx.actor.userId,
      userName: ctx.actor.username,
    });
    outbox.add("WmsOrder", "changed", id);
    return after;
  });
}

/** The next number of the order type's numbering schema that no order holds. */
async function takeOrderNumber(tx: Db, typeCode: OrderRow["typeCode"]): Promise<string> {
  const config = await readLogisticsConfig(tx);
  return await takeFreeNumber(
    tx,
    `order:${typeCode}`,
    config.numbering.orders[typeCode],
    new Date(),
    async (n) => {
      const [hit] = await tx.select({ id: wmsOrders.id }).from(wmsOrders).where(eq(wmsOrders.orderNumber, n));
      return hit !== undefined;
    },
  );
}

/**
 * Confirms and numbers a working copy. Without documents nothing is made or reserved. With documents
 * (generating them and reserving their stock) and a count's start (its positions from the scope) are the
 * next steps (decision 0008): until then they are refused, naming the field.
 */
export function confirmOrder(ctx: TenantContext, id: number, generateDocuments: boolean) {
  if (generateDocuments) throw fieldError({ generateDocuments: ["validation.invalidValue"] });
  return changeOrder(ctx, id, ["workingCopy"], async (tx, row) => {
    const kind = wmsOrderDefinitions.find((d) => d.typeCode === row.typeCode)!.kind;
    if (kind === "verification") throw fieldError({ typeCode: ["validation.invalidValue"] });
    if (row.positionsCount === 0) throw fieldError({ positionsCount: ["validation.tooSmall"] });
    return {
      statusCode: "confirmed",
      processStatusCode: "waitingToProcess",
      orderNumber: await takeOrderNumber(tx, row.typeCode),
    };
  });
}

/** Back to a working copy (it keeps its number: numbers are never given twice). */
export function revertOrder(ctx: TenantContext, id: number) {
  return changeOrder(
    ctx,
    id,
    ["confirmed"],
    () => Promise.resolve({ statusCode: "workingCopy", processStatusCode: "pending" }),
  );
}

/** A manually closed order, confirmed again. */
export function reopenOrder(ctx: TenantContext, id: number) {
  return changeOrder(ctx, id, ["closedManually"], () =>
    Promise.resolve({
      statusCode: "confirmed",
      processStatusCode: "waitingToProcess",
      closedManuallyReason: null,
    }));
}

/** Closes a confirmed order by hand, with the reason. */
export function closeOrder(ctx: TenantContext, id: number, reason: string) {
  return changeOrder(ctx, id, ["confirmed"], () =>
    Promise.resolve({
      statusCode: "closedManually",
      processStatusCode: "closedManually",
      closedManuallyReason: reason,
    }));
}

/** Puts a confirmed or closed order away. */
export function archiveOrder(ctx: TenantContext, id: number) {
  return changeOrder(
    ctx,
    id,
    ["confirmed", "closedManually"],
    () => Promise.resolve({ statusCode: "archived", processStatusCode: "archived" }),
  );
}
