// A document row as the API answers it, with the names of what it links to (read for a page at once).
import type { Db } from "../../../db/connection.ts";
import { readNames } from "../names.ts";
import type { WmsDocument } from "./contract.ts";
import { wmsDocument, type wmsDocuments } from "./entity.ts";

export type DocumentRow = typeof wmsDocuments.$inferSelect;

/** Display values of a page of documents, by id. */
export async function documentExtras(
  db: Db,
  rows: DocumentRow[],
): Promise<Map<number, Record<string, unknown>>> {
  const names = await readNames(db, {
    locations: rows.flatMap((r) => [r.sourceLocationId, r.destinationLocationId]),
    containers: rows.flatMap((r) => [r.sourceContainerId, r.destinationContainerId]),
    companies: rows.map((r) => r.contractorId),
    users: rows.map((r) => r.assignedUserId),
  });
  return new Map(rows.map((r) => [r.id, {
    contractorName: names.company(r.contractorId),
    sourceLocationLabel: names.location(r.sourceLocationId),
    destinationLocationLabel: names.location(r.destinationLocationId),
    sourceContainerNumber: names.container(r.sourceContainerId),
    destinationContainerNumber: names.container(r.destinationContainerId),
    assignedUserName: names.user(r.assignedUserId),
  }]));
}

export function toDocumentDto(row: DocumentRow, extra: Record<string, unknown>): WmsDocument {
  return wmsDocument.recordOf(row, extra) as WmsDocument;
}

export async function documentDto(db: Db, row: DocumentRow): Promise<WmsDocument> {
  return toDocumentDto(row, (await documentExtras(db, [row])).get(row.id) ?? {});
}
