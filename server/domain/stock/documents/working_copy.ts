// Working copies made by the server from other records, with their positions, in the caller's transaction.
import type { Db } from "../../../db/connection.ts";
import { insertMany } from "../../../db/bulk.ts";
import type { TenantContext } from "../../../kernel/context.ts";
import { nowIso } from "../../../kernel/time.ts";
import type { Outbox } from "../../../hub/outbox.ts";
import { recordChange } from "../../../engine/record_change.ts";
import { readLogisticsConfig } from "../config.ts";
import { wmsDocumentPositions } from "../positions/entity.ts";
import { documentDto } from "./dto.ts";
import { type DocumentRow, wmsDocuments } from "./table.ts";
import { refreshDocumentTotals } from "./totals.ts";
import { takeDraftNumber } from "./draft_number.ts";
import { rowById } from "../../../db/prepared.ts";

export type NewPosition = Omit<
  typeof wmsDocumentPositions.$inferInsert,
  "documentId" | "createdAt" | "updatedAt"
>;

/**
 * Creates a working copy with its positions and RecordLog entry inside `tx`: for verbs that make documents
 * from other records (group movement, releasing a location, later orders), `generated` when its positions
 * must stay as made.
 */
export async function createWorkingCopy(
  tx: Db,
  outbox: Outbox,
  ctx: TenantContext,
  header: Partial<typeof wmsDocuments.$inferInsert> & Pick<typeof wmsDocuments.$inferInsert, "typeCode">,
  positions: NewPosition[],
): Promise<DocumentRow> {
  const config = await readLogisticsConfig(tx);
  const now = nowIso();
  const [doc] = await tx.insert(wmsDocuments).values({
    ...header,
    documentNumber: await takeDraftNumber(tx, config),
    statusCode: "workingCopy",
    createdByUserId: ctx.actor.userId,
    createdAt: now,
    updatedAt: now,
    version: 1,
  }).returning();
  // One statement for all positions (a location released may hold thousands of lines).
  await insertMany(
    tx,
    wmsDocumentPositions,
    positions.map((p) => ({ ...p, documentId: doc.id, createdAt: now, updatedAt: now, version: 1 })),
  );
  await refreshDocumentTotals(tx, doc.id, ctx);
  const row = (await rowById(tx, wmsDocuments, doc.id))!;
  await recordChange(tx, outbox, ctx.actor, {
    action: "created",
    resource: "WmsDocument",
    id: row.id,
    title: row.documentNumber,
    new: await documentDto(tx, row),
  });
  return row;
}
