// Revert: one BEGIN IMMEDIATE transaction that writes the reverse of each of a confirmed document's ledger
// rows, refused where stock the document brought in has left since, or would come back into a container
// that has moved on. The document keeps its number.
import { and, eq, ne } from "drizzle-orm";
import type { Db } from "../../../db/connection.ts";
import type { TenantContext } from "../../../kernel/context.ts";
import { AppError, type DocumentIssue, notFound } from "../../../kernel/errors.ts";
import { type Outbox, transactionWithEvents } from "../../../hub/outbox.ts";
import { recordChange } from "../../../engine/record_change.ts";
import { demand } from "../../../kernel/access.ts";
import {
  applyMovements,
  followContainers,
  type LineKey,
  lineKeyOf,
  type Movement,
} from "../ledger/service.ts";
import { stockLines, stockMovements } from "../ledger/table.ts";
import { containers } from "../containers/table.ts";
import { fromMilli } from "../quantity.ts";
import { issue } from "../validators/snapshot.ts";
import { wmsDocuments } from "./table.ts";
import { reservedOn } from "../reservations/service.ts";
import { callHooks } from "./hooks.ts";
import { documentDtosAround } from "./dto.ts";
import type { WmsDocument } from "./contract.ts";

/**
 * Stock a revert brings back into a container must find the container where it was: a container that
 * since moved on (and holds stock elsewhere after the revert) would stand in two places.
 */
async function containersElsewhere(
  tx: Db,
  net: Map<string, { take: number; positionId: number | null; key: LineKey }>,
): Promise<DocumentIssue[]> {
  const issues: DocumentIssue[] = [];
  const judged = new Set<string>();
  for (const { take, positionId, key } of net.values()) {
    if (take >= 0 || key.containerId === null || judged.has(`${key.containerId}/${key.locationId}`)) continue;
    judged.add(`${key.containerId}/${key.locationId}`);
    const elsewhere = await tx.select({ lineKey: stockLines.lineKey, quantity: stockLines.quantity })
      .from(stockLines).where(
        and(eq(stockLines.containerId, key.containerId), ne(stockLines.locationId, key.locationId)),
      );
    // What stays elsewhere once this revert has taken its own share of it.
    const stays = elsewhere.some((l) => l.quantity - Math.max(0, net.get(l.lineKey)?.take ?? 0) > 0);
    if (stays) {
      const [c] = await tx.select({ number: containers.number }).from(containers)
        .where(eq(containers.id, key.containerId));
      issues.push(issue(positionId, "containerMoved", { container: c?.number ?? `#${key.containerId}` }));
    }
  }
  return issues;
}

/** Reverses a confirmed document's movements; refused where stock it brought in has left since. */
export async function revertDocument(ctx: TenantContext, id: number): Promise<WmsDocument> {
  demand("logistics", ctx.actor);
  return await transactionWithEvents(ctx, (tx, outbox) => revertInTransaction(tx, outbox, ctx, id));
}

/** The revert inside `tx`, at the moment `at` (now, except for the demo tenant's history). */
export async function revertInTransaction(
  tx: Db,
  outbox: Outbox,
  ctx: TenantContext,
  id: number,
  at: Date = new Date(),
): Promise<WmsDocument> {
  const [doc] = await tx.select().from(wmsDocuments).where(eq(wmsDocuments.id, id)).limit(1);
  if (!doc) throw notFound();
  if (doc.statusCode !== "confirmed") {
    throw new AppError("document.validation", { issues: [issue(null, "notConfirmed")] });
  }
  // A production's documents go with the production (orders/production.ts, by its guard): a finished one
  // does not change.
  await callHooks(ctx, "guard", tx, doc, "revert");
  const done = await tx.select().from(stockMovements)
    .where(and(eq(stockMovements.documentId, id), eq(stockMovements.reason, "confirm")))
    .orderBy(stockMovements.id);
  const reverse: Movement[] = done.map((m) => ({
    documentId: id,
    positionId: m.positionId,
    reason: "revert",
    delta: -m.delta,
    key: {
      productId: m.productId,
      locationId: m.locationId,
      containerId: m.containerId,
      expiryDate: m.expiryDate,
      productionDate: m.productionDate,
      serialNumber: m.serialNumber,
    },
  }));
  // What the reversal takes from each line, net, against what the line holds now.
  const net = new Map<string, { take: number; positionId: number | null; key: LineKey }>();
  for (const m of reverse) {
    const k = lineKeyOf(m.key);
    const entry = net.get(k) ?? { take: 0, positionId: m.positionId, key: m.key };
    entry.take -= m.delta;
    net.set(k, entry);
  }
  const issues: DocumentIssue[] = [];
  for (const { take, positionId, key } of net.values()) {
    if (take <= 0) continue;
    const [line] = await tx.select({ quantity: stockLines.quantity }).from(stockLines).where(
      eq(stockLines.lineKey, lineKeyOf(key)),
    );
    // What orders reserved of the line stays: a revert may not take it from under them.
    const reserved = (await reservedOn(tx, [lineKeyOf(key)])).get(lineKeyOf(key)) ?? 0;
    const has = (line?.quantity ?? 0) - reserved;
    if (has < take) {
      issues.push(issue(positionId, "stockAlreadyLeft", {
        productId: key.productId,
        locationId: key.locationId,
        missing: fromMilli(take - has),
      }));
    }
  }
  issues.push(...await containersElsewhere(tx, net));
  if (issues.length) throw new AppError("document.revertBlocked", { issues });
  const now = at.toISOString();
  // Stock coming back first, then stock going: no line passes below zero on the way.
  await applyMovements(
    tx,
    [...reverse.filter((m) => m.delta > 0), ...reverse.filter((m) => m.delta < 0)],
    doc.typeCode,
    now,
  );
  const touched = reverse.map((m) => m.key.containerId).filter((c): c is number => c !== null);
  for (const c of await followContainers(tx, touched, now)) outbox.add("Container", "changed", c);
  const [row] = await tx.update(wmsDocuments).set({
    statusCode: "reverted",
    updatedAt: now,
    version: doc.version + 1,
  })
    .where(and(eq(wmsDocuments.id, id), eq(wmsDocuments.statusCode, "confirmed"))).returning();
  if (!row) throw new AppError("record.changedByAnotherUser");
  // The document's order follows (orders' hook).
  await callHooks(ctx, "reverted", tx, outbox, row);
  const [oldDto, document] = await documentDtosAround(tx, doc, row);
  await recordChange(tx, outbox, ctx.actor, {
    action: "changed",
    resource: "WmsDocument",
    id,
    title: row.documentNumber,
    old: oldDto,
    new: document,
  });
  return document;
}
