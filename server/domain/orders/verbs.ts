// Order verbs beside the resource's five: confirm (with documents and their reservations, or without:
// decision 0008), generate documents later, revert, reopen, close with a reason, archive, and cloning to
// another type.
// Each is one transaction with its RecordLog entry and real-time event; a status that does not allow the
// change is 409 order.statusChangeNotAllowed.
import { eq } from "drizzle-orm";
import type { Db } from "../../db/connection.ts";
import type { TenantContext } from "../../kernel/context.ts";
import { AppError, fieldError, notFound } from "../../kernel/errors.ts";
import { nowIso } from "../../kernel/time.ts";
import { type Outbox, transactionWithEvents } from "../../hub/outbox.ts";
import {
  deleteWorkingCopies,
  generateOrderDocuments,
  hasConfirmedDocuments,
  releaseReservations,
} from "./documents.ts";
import { adjustCount, continueCount, finishCount, isCount, startCount } from "./counts.ts";
import { recordChange } from "../../engine/record_change.ts";
import { wmsOrderDefinitions } from "../config/definitions.ts";
import { demand } from "../../kernel/access.ts";
import { productionTypeCode, wmsOrder, wmsOrders } from "./entity.ts";
import { generateProductionDocuments } from "./production.ts";
import { takeOrderNumber } from "./order_number.ts";
import { wmsOrderPosition, wmsOrderPositions } from "./positions/entity.ts";
import { orderTypeCodes } from "../../../shared/config/contract.ts";
import { parseInput } from "../../kernel/validation.ts";
import { fromMilli } from "../stock/quantity.ts";
import { rowById } from "../../db/prepared.ts";

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
  change: (tx: Db, row: OrderRow, outbox: Outbox) => Promise<Partial<OrderRow>>,
) {
  demand("logistics", ctx.actor);
  return await transactionWithEvents(ctx, async (tx, outbox) => {
    const row = await rowById(tx, wmsOrders, id);
    if (!row) throw notFound();
    if (!from.includes(row.statusCode)) throw new AppError("order.statusChangeNotAllowed");
    const before = await wmsOrder.getIn(tx, ctx, id);
    const values = await change(tx, row, outbox);
    // Read and written under the same write lock (BEGIN IMMEDIATE): nothing can change it in between.
    await tx.update(wmsOrders).set({ ...values, updatedAt: nowIso(), version: row.version + 1 })
      .where(eq(wmsOrders.id, id));
    const after = await wmsOrder.getIn(tx, ctx, id);
    await recordChange(tx, outbox, ctx.actor, {
      action: "changed",
      resource: "WmsOrder",
      id,
      title: after.orderNumber as string,
      old: before,
      new: after,
    });
    return after;
  });
}

/**
 * Confirms and numbers a working copy. With documents, its documents are made in the same transaction and
 * the stock they will take is reserved (documents.ts); without, nothing is made or reserved. Confirming a
 * count starts counting (counts.ts): its positions come from its scope, beyond the first slice after the
 * answer.
 */
export async function confirmOrder(ctx: TenantContext, id: number, generateDocuments: boolean) {
  let slicesLeft = false;
  const confirmed = await changeOrder(ctx, id, ["workingCopy"], async (tx, row, outbox) => {
    const orderNumber = await takeOrderNumber(tx, row.typeCode);
    if (isCount(row.typeCode)) {
      // Counting starts: the mark and the positions from the scope (the first slice here, the rest after).
      await tx.update(wmsOrders).set({ orderNumber, statusCode: "confirmed" }).where(eq(wmsOrders.id, id));
      slicesLeft = await startCount(tx, row);
      return { statusCode: "confirmed", processStatusCode: "waitingToProcess", orderNumber };
    }
    if (row.positionsCount === 0) throw fieldError({ positionsCount: ["validation.tooSmall"] });
    if (generateDocuments) {
      const confirmed = { ...row, orderNumber, statusCode: "confirmed" as const };
      await tx.update(wmsOrders).set({ orderNumber, statusCode: "confirmed" }).where(eq(wmsOrders.id, id));
      await generateOrderDocuments(tx, outbox, ctx, confirmed);
    }
    return { statusCode: "confirmed", processStatusCode: "waitingToProcess", orderNumber };
  });
  if (slicesLeft) continueCount(ctx, id);
  return confirmed;
}

/**
 * GET WmsOrder/{id}/GenerateDocuments: documents for what of a confirmed order is on none yet (reserving
 * their stock); of a finished count, its adjustment documents (counts.ts). Nothing left to put on a
 * document is 409 order.nothingToGenerate.
 */
export async function generateDocumentsFor(ctx: TenantContext, id: number) {
  demand("logistics", ctx.actor);
  if ((await wmsOrder.get(ctx, id)).typeCode === productionTypeCode) {
    await generateProductionDocuments(ctx, id);
    return await wmsOrder.get(ctx, id);
  }
  return await changeOrder(ctx, id, ["confirmed"], async (tx, row, outbox) => {
    if (isCount(row.typeCode)) {
      await adjustCount(tx, outbox, ctx, row);
      return { processStatusCode: "closedFully" };
    }
    const made = await generateOrderDocuments(tx, outbox, ctx, row);
    if (made === null) throw new AppError("order.nothingToGenerate");
    return {};
  });
}

/** POST WmsOrder/{id}/finish: a count's counting ends (counts.ts). */
export function finishOrder(ctx: TenantContext, id: number) {
  return changeOrder(ctx, id, ["confirmed"], (tx, row) => finishCount(tx, row));
}

/**
 * Back to a working copy while none of its documents is confirmed (else 409 order.statusChangeNotAllowed):
 * its working copies are deleted and its reservations given back. It keeps its number.
 */
export function revertOrder(ctx: TenantContext, id: number) {
  return changeOrder(ctx, id, ["confirmed"], async (tx, row, outbox) => {
    if (await hasConfirmedDocuments(tx, row.id)) throw new AppError("order.statusChangeNotAllowed");
    // A production is planned confirmed; it is closed by hand, not taken back to a working copy.
    if (row.typeCode === productionTypeCode) throw new AppError("order.statusChangeNotAllowed");
    if (isCount(row.typeCode)) {
      // A count goes back only while nothing is counted: its positions (made from the scope) go.
      if (row.verificationStatusCode !== "notStarted") throw new AppError("order.statusChangeNotAllowed");
      await tx.delete(wmsOrderPositions).where(eq(wmsOrderPositions.orderId, row.id));
      return {
        statusCode: "workingCopy",
        processStatusCode: "pending",
        positionsCount: 0,
        quantitySum: 0,
        positionsDoneCount: 0,
        progressPercent: 0,
        countMark: null,
        countCursor: null,
        countPreparing: false,
        countLinesTotal: null,
      };
    }
    for (const d of await deleteWorkingCopies(tx, row.id)) outbox.add("WmsDocument", "deleted", d);
    await releaseReservations(tx, row.id);
    return { statusCode: "workingCopy", processStatusCode: "pending" };
  });
}

/** A manually closed order, confirmed again while none of its documents is confirmed. */
export function reopenOrder(ctx: TenantContext, id: number) {
  return changeOrder(ctx, id, ["closedManually"], async (tx, row) => {
    if (await hasConfirmedDocuments(tx, row.id)) throw new AppError("order.statusChangeNotAllowed");
    return { statusCode: "confirmed", processStatusCode: "waitingToProcess", closedManuallyReason: null };
  });
}

/**
 * Closes a confirmed order by hand, with the reason: its working copies are deleted and their reservations
 * given back (reopened, GenerateDocuments makes documents again for what is left).
 */
export function closeOrder(ctx: TenantContext, id: number, reason: string) {
  return changeOrder(ctx, id, ["confirmed"], async (tx, row, outbox) => {
    // Done is done: an order closed fully (a finished production too) is not closed again by hand.
    if (row.processStatusCode === "closedFully") throw new AppError("order.statusChangeNotAllowed");
    // What it has not carried out is given up: its working copies go, and what they reserved with them.
    for (const d of await deleteWorkingCopies(tx, row.id)) outbox.add("WmsDocument", "deleted", d);
    await releaseReservations(tx, row.id);
    return {
      statusCode: "closedManually",
      processStatusCode: "closedManually",
      closedManuallyReason: reason,
    };
  });
}

/** Puts a confirmed or closed order away (what it reserved is given back). */
export function archiveOrder(ctx: TenantContext, id: number) {
  return changeOrder(
    ctx,
    id,
    ["confirmed", "closedManually"],
    async (tx, row) => {
      await releaseReservations(tx, row.id);
      return { statusCode: "archived", processStatusCode: "archived" };
    },
  );
}

/**
 * A new working copy of another type with this order's header (contractor, dates, priority, places,
 * terms, comment) and, between orders that take positions by hand, its positions. A count made from an
 * order takes its scope from it: VER-P the order's products (or its own scope's), VER-L its counted
 * location, VER-C its contractor; a scope it cannot give is refused as a new order would be, naming the field.
 */
export async function cloneOrderToType(ctx: TenantContext, id: number, typeCode: string) {
  demand("logistics", ctx.actor);
  const type = orderTypeCodes.find((c) => c === typeCode);
  if (!type) throw fieldError({ typeCode: ["validation.invalidValue"] });
  const source = await wmsOrder.get(ctx, id);
  const positions = await ctx.conn.db.select().from(wmsOrderPositions)
    .where(eq(wmsOrderPositions.orderId, id)).orderBy(wmsOrderPositions.id);
  const kindOf = (c: string) => wmsOrderDefinitions.find((d) => d.typeCode === c)!;
  const target = kindOf(type);
  const scope = "scope" in target ? target.scope : undefined;
  const fromCount = kindOf(source.typeCode as string).kind === "verification";
  const ownProducts = source.scopeProductIds as number[];
  const input = {
    typeCode: type,
    priority: source.priority,
    contractorId: source.contractorId,
    plannedDate: source.plannedDate,
    deadline: source.deadline,
    packBy: source.packBy,
    unpackBy: source.unpackBy,
    assignedUserId: source.assignedUserId,
    comment: source.comment,
    sourceLocationId: source.sourceLocationId,
    destinationLocationId: source.destinationLocationId,
    summaryValue: source.summaryValue,
    offerStatus: source.offerStatus,
    deliveryTerms: source.deliveryTerms,
    paymentTerms: source.paymentTerms,
    scopeLocationId: scope === "location" ? source.scopeLocationId : null,
    scopeProductIds: scope === "product"
      ? (ownProducts.length ? ownProducts : [...new Set(positions.map((p) => p.productId))])
      : [],
  };
  // The header's rules before the transaction: a scope it cannot give is refused as a new order's would be.
  parseInput(wmsOrder.entity.create, input);
  const copied = target.kind !== "verification" && !fromCount ? positions : [];
  return await transactionWithEvents(ctx, (tx, outbox) =>
    addOrderIn(
      tx,
      outbox,
      ctx,
      input,
      copied.map((p) => ({
        productId: p.productId,
        quantity: fromMilli(p.quantity),
        sourceLocationId: p.sourceLocationId,
        sourceContainerId: p.sourceContainerId,
        destinationLocationId: p.destinationLocationId,
        destinationContainerId: p.destinationContainerId,
        comment: p.comment,
      })),
      "clone",
    ));
}

/**
 * A new working copy made by the server from other records (a clone, supply), with its positions (API
 * input: units), through the resource's own rules, in the caller's transaction; it says where it came from.
 */
export async function addOrderIn(
  tx: Db,
  outbox: Outbox,
  ctx: TenantContext,
  header: Record<string, unknown>,
  positions: Record<string, unknown>[],
  sourceType: OrderRow["sourceType"],
) {
  const made = await wmsOrder.addIn(tx, outbox, ctx, parseInput(wmsOrder.entity.create, header));
  const id = made.id as number;
  await tx.update(wmsOrders).set({ sourceType }).where(eq(wmsOrders.id, id));
  for (const p of positions) {
    await wmsOrderPosition.addIn(
      tx,
      outbox,
      ctx,
      parseInput(wmsOrderPosition.entity.create, { ...p, orderId: id }),
    );
  }
  return await wmsOrder.getIn(tx, ctx, id);
}
