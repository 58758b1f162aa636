// Confirm: one BEGIN IMMEDIATE transaction whose reads all happen inside it. It loads the document, runs
// every validator, takes the number, counts the document against the account's monthly limit, moves the
// stock of every position (ledger rows and summaries with it), sets the statuses and writes the RecordLog:
// all of it or nothing; what the document carries out (an order) follows through the `confirmed` hook
// (./hooks.ts). revert.ts undoes it.
import { and, eq, ne, sql } from "drizzle-orm";
import type { Db } from "../../../db/connection.ts";
import { prepared, rowById, rowsOf } from "../../../db/prepared.ts";
import type { TenantContext } from "../../../kernel/context.ts";
import { AppError, type DocumentIssue, notFound } from "../../../kernel/errors.ts";
import type { Outbox } from "../../../hub/outbox.ts";
import { transactionWithEvents } from "../../../hub/outbox.ts";
import { recordChange } from "../../../engine/record_change.ts";
import { defaultLogisticsConfig, type LogisticsConfigData } from "../../../../shared/config/contract.ts";
import { readLogisticsConfig } from "../config.ts";
import { demand } from "../../../kernel/access.ts";
import { takeNumber } from "../numbering/service.ts";
import { countConfirmedDocument } from "../../config/account/usage.ts";
import { periodOf } from "../../../../shared/numbering/format.ts";
import { applyMovements, followContainers, type LineKey, type Movement } from "../ledger/service.ts";
import { wmsDocumentPositions } from "../positions/entity.ts";
import { allocateAll } from "../validators/quantity.ts";
import { definitionOf, placesOf, puts, type Snapshot, takes } from "../validators/snapshot.ts";
import { validateDocument } from "../validators/validate_document.ts";
import { documentDtosAround } from "./dto.ts";
import { type DocumentRow, wmsDocuments } from "./table.ts";
import { loadSnapshot } from "./snapshot.ts";
import { refreshDocumentTotals } from "./totals.ts";
import { callHooks } from "./hooks.ts";
import type { WmsDocument } from "./contract.ts";

/** Refuses with 422 when there are errors, or warnings the caller has not accepted. */
export function judge(issues: DocumentIssue[], acceptWarnings: boolean): void {
  const blocking = issues.some((i) => i.severity === "error") ||
    (!acceptWarnings && issues.some((i) => i.severity === "warning"));
  if (blocking) throw new AppError("document.validation", { issues });
}

/** The stock movements that confirming the snapshot's document makes, in order. */
export function movementsOf(s: Snapshot): Movement[] {
  const dir = definitionOf(s.document.typeCode).direction;
  const allocations = allocateAll(s);
  const out: Movement[] = [];
  for (const p of s.positions) {
    const at = placesOf(s.document, p);
    const base = { documentId: s.document.id, positionId: p.id, reason: "confirm" as const };
    // A container relocation keeps goods in their container unless another is named.
    const destinationContainerId = at.destinationContainerId ??
      (s.document.typeCode === "PRL" ? at.sourceContainerId : null);
    if (!takes(dir)) {
      out.push({
        ...base,
        delta: p.quantity,
        key: {
          productId: p.productId,
          locationId: at.destinationLocationId!,
          containerId: destinationContainerId,
          expiryDate: p.expiryDate,
          productionDate: p.productionDate,
          serialNumber: p.serialNumber,
        },
      });
      continue;
    }
    for (const take of allocations.get(p.id)?.takes ?? []) {
      const line = take.line;
      const from: LineKey = {
        productId: line.productId,
        locationId: line.locationId,
        containerId: line.containerId,
        expiryDate: line.expiryDate,
        productionDate: line.productionDate,
        serialNumber: line.serialNumber,
      };
      out.push({ ...base, delta: -take.quantity, key: from });
      if (puts(dir)) {
        out.push({
          ...base,
          delta: take.quantity,
          key: { ...from, locationId: at.destinationLocationId!, containerId: destinationContainerId },
        });
      }
    }
  }
  return out;
}

function schemaFor(config: LogisticsConfigData, typeCode: DocumentRow["typeCode"]) {
  return config.numbering.documents[typeCode] ?? defaultLogisticsConfig().numbering.documents[typeCode]!;
}

async function findDocument(tx: Db, id: number): Promise<DocumentRow | undefined> {
  return await rowById(tx, wmsDocuments, id);
}

type Confirmed =
  | { collision: true; scope: string; period: string }
  | { collision: false; document: WmsDocument };

/**
 * Confirms a working copy inside `tx`. A number already held by another document is a collision: then
 * only the counter has moved on (so that saving again takes the next number) and nothing else is written.
 */
export async function confirmInTransaction(
  tx: Db,
  outbox: Outbox,
  ctx: TenantContext,
  doc: DocumentRow,
  acceptWarnings: boolean,
  /** The moment of confirmation: now, except for the demo tenant's history, which is confirmed in the past. */
  at: Date = new Date(),
): Promise<Confirmed> {
  const config = await readLogisticsConfig(tx);
  const now = at.toISOString();
  const snapshot = await loadSnapshot(tx, doc, config, now.slice(0, 10));
  judge(validateDocument(snapshot), acceptWarnings);
  const scope = `document:${doc.typeCode}`;
  const schema = schemaFor(config, doc.typeCode);
  const number = await takeNumber(tx, scope, schema, at);
  const [clash] = await prepared<{ number: string; id: number }, { id: number }>(
    tx,
    "confirm.numberHeld",
    (on) =>
      on.select({ id: wmsDocuments.id }).from(wmsDocuments).where(and(
        eq(wmsDocuments.documentNumber, sql.placeholder("number")),
        ne(wmsDocuments.id, sql.placeholder("id")),
      )).limit(1).prepare(),
  ).all({ number, id: doc.id });
  if (clash) return { collision: true, scope, period: periodOf(schema, at) };
  // The account's monthly document limit: counted here, once, or the whole confirmation refused (402).
  await countConfirmedDocument(tx, at);
  const movements = movementsOf(snapshot);
  await applyMovements(tx, movements, doc.typeCode, now);
  const touched = movements.map((m) => m.key.containerId).filter((c): c is number => c !== null);
  for (const c of await followContainers(tx, touched, now)) outbox.add("Container", "changed", c);
  await prepared<{ documentId: number }, never>(
    tx,
    "confirm.positionsDone",
    (on) =>
      on.update(wmsDocumentPositions).set({
        quantityReal: sql`${wmsDocumentPositions.quantity}`,
        quantityLeft: 0,
      })
        .where(eq(wmsDocumentPositions.documentId, sql.placeholder("documentId"))).prepare(),
  ).run({ documentId: doc.id });
  // Its order follows once the document is confirmed (below), not twice.
  await refreshDocumentTotals(tx, doc.id, null);
  const updated = rowsOf(wmsDocuments)(
    await prepared<{ number: string; at: string; version: number; id: number }, never>(
      tx,
      "confirm.documentConfirmed",
      (on) =>
        on.update(wmsDocuments).set({
          statusCode: "confirmed",
          documentNumber: sql`${sql.placeholder("number")}`,
          executedAt: sql`${sql.placeholder("at")}`,
          updatedAt: sql`${sql.placeholder("at")}`,
          version: sql`${sql.placeholder("version")}`,
        }).where(and(eq(wmsDocuments.id, sql.placeholder("id")), eq(wmsDocuments.statusCode, "workingCopy")))
          .returning().prepare(),
    ).values({ number, at: now, version: doc.version + 1, id: doc.id }),
  );
  if (updated.length === 0) throw new AppError("record.changedByAnotherUser");
  // What the document's order reserved for it has now been taken, and the order follows (orders' hook).
  await callHooks(ctx, "confirmed", tx, outbox, updated[0]);
  const [oldDto, document] = await documentDtosAround(tx, doc, updated[0]);
  await recordChange(tx, outbox, ctx.actor, {
    action: "changed",
    resource: "WmsDocument",
    id: doc.id,
    title: number,
    old: oldDto,
    new: document,
  });
  return { collision: false, document };
}

export async function confirmDocument(
  ctx: TenantContext,
  id: number,
  acceptWarnings: boolean,
): Promise<WmsDocument> {
  demand("operations", ctx.actor);
  const result = await transactionWithEvents(ctx, async (tx, outbox) => {
    const doc = await findDocument(tx, id);
    if (!doc) throw notFound();
    // A production's documents are confirmed together, by Production/{id}/ConfirmDocuments (its guard).
    await callHooks(ctx, "guard", tx, doc, "confirm");
    return await confirmInTransaction(tx, outbox, ctx, doc, acceptWarnings);
  });
  if (result.collision) throw new AppError("document.numberCollision");
  return result.document;
}
