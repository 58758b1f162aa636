// Document verbs beside the resource's five: the positions of one document, and deleting the working
// copies generated from a document.
import { and, eq, inArray, lt } from "drizzle-orm";
import type { z } from "zod";
import { stockMovements } from "../ledger/table.ts";
import { readNames } from "../names.ts";
import { fromMilli } from "../quantity.ts";
import type { PositionSource } from "../positions/contract.ts";
import type { TenantContext } from "../../../kernel/context.ts";
import { notFound } from "../../../kernel/errors.ts";
import type { ListQuery } from "../../../kernel/list.ts";
import { transactionWithEvents } from "../../../hub/outbox.ts";
import { recordChange } from "../../../engine/record_change.ts";
import { demand } from "../../../kernel/access.ts";
import {
  wmsDocumentPosition as wmsDocumentPositionResource,
  wmsDocumentPositions,
} from "../positions/entity.ts";
import { wmsDocument as wmsDocumentResource } from "./entity.ts";
import { wmsDocuments } from "./table.ts";
import { documentDto } from "./dto.ts";

/**
 * A page of one document's positions; a document the caller may not see is 404. A confirmed or reverted
 * document's positions that took stock name where it came from: the ledger's rows of the confirmation.
 */
export async function listDocumentPositions(ctx: TenantContext, id: number, query: ListQuery) {
  const doc = await wmsDocumentResource.get(ctx, id);
  const page = await wmsDocumentPositionResource.list(ctx, query, eq(wmsDocumentPositions.documentId, id));
  if (doc.statusCode === "workingCopy" || !page.results.length) return page;
  const db = ctx.conn.db;
  const taken = await db.select().from(stockMovements).where(and(
    eq(stockMovements.documentId, id),
    eq(stockMovements.reason, "confirm"),
    lt(stockMovements.delta, 0),
    inArray(stockMovements.positionId, page.results.map((p) => p.id as number)),
  )).orderBy(stockMovements.id);
  if (!taken.length) return page;
  const names = await readNames(db, {
    locations: taken.map((m) => m.locationId),
    containers: taken.map((m) => m.containerId),
  });
  const byPosition = new Map<number, z.output<typeof PositionSource>[]>();
  for (const m of taken) {
    const list = byPosition.get(m.positionId!) ?? [];
    list.push({
      locationId: m.locationId,
      locationLabel: names.location(m.locationId) ?? "",
      containerId: m.containerId,
      containerNumber: names.container(m.containerId),
      expiryDate: m.expiryDate,
      productionDate: m.productionDate,
      serialNumber: m.serialNumber,
      quantity: fromMilli(-m.delta),
    });
    byPosition.set(m.positionId!, list);
  }
  return {
    ...page,
    results: page.results.map((p) => ({ ...p, sources: byPosition.get(p.id as number) ?? [] })),
  };
}

/**
 * Deletes the working copies generated from document `id` (confirmed or reverted ones stay: they moved
 * stock), each with its RecordLog entry; answers their ids.
 */
export async function deleteByPrecedingDocument(
  ctx: TenantContext,
  id: number,
): Promise<{ deletedIds: number[] }> {
  demand("logistics", ctx.actor);
  return await transactionWithEvents(ctx, async (tx, outbox) => {
    const [preceding] = await tx.select({ id: wmsDocuments.id }).from(wmsDocuments).where(
      eq(wmsDocuments.id, id),
    );
    if (!preceding) throw notFound();
    const rows = await tx.select().from(wmsDocuments).where(and(
      eq(wmsDocuments.precedingDocumentId, id),
      eq(wmsDocuments.statusCode, "workingCopy"),
      eq(wmsDocuments.generated, true),
    )).orderBy(wmsDocuments.id);
    for (const row of rows) {
      const dto = await documentDto(tx, row);
      await tx.delete(wmsDocuments).where(eq(wmsDocuments.id, row.id));
      await recordChange(tx, outbox, ctx.actor, {
        action: "deleted",
        resource: "WmsDocument",
        id: row.id,
        title: row.documentNumber,
        old: dto,
      });
    }
    return { deletedIds: rows.map((r) => r.id) };
  });
}
