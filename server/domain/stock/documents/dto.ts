// A document row as the API answers it.
import type { Db } from "../../../db/connection.ts";
import { fromMilli } from "../quantity.ts";
import { readNames } from "../names.ts";
import type { WmsDocument } from "./contract.ts";
import type { wmsDocuments } from "./table.ts";

export type DocumentRow = typeof wmsDocuments.$inferSelect;

const copied = [
  "documentNumber",
  "typeCode",
  "statusCode",
  "contractorId",
  "plannedDate",
  "executedAt",
  "reportedDate",
  "deadline",
  "sourceLocationId",
  "sourceContainerId",
  "destinationLocationId",
  "destinationContainerId",
  "precedingDocumentId",
  "precedingDocumentNumber",
  "transportDocumentId",
  "transportDocumentNumber",
  "comment",
  "systemComments",
  "assignedUserId",
  "generated",
  "positionsCount",
  "confirmedPositionsCount",
  "progressPercent",
  "createdAt",
  "updatedAt",
  "version",
] as const;

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
  const text = (k: string) => (extra[k] as string | null | undefined) ?? null;
  return {
    id: row.id,
    ...Object.fromEntries(copied.map((k) => [k, row[k]])) as Pick<WmsDocument, (typeof copied)[number]>,
    contractorName: text("contractorName"),
    sourceLocationLabel: text("sourceLocationLabel"),
    destinationLocationLabel: text("destinationLocationLabel"),
    sourceContainerNumber: text("sourceContainerNumber"),
    destinationContainerNumber: text("destinationContainerNumber"),
    assignedUserName: text("assignedUserName"),
    unconfirmedPositionsCount: row.positionsCount - row.confirmedPositionsCount,
    quantitySum: fromMilli(row.quantitySum),
    quantityRealSum: fromMilli(row.quantityRealSum),
  };
}

export async function documentDto(db: Db, row: DocumentRow): Promise<WmsDocument> {
  return toDocumentDto(row, (await documentExtras(db, [row])).get(row.id) ?? {});
}
