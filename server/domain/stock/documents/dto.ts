// A document row as the API answers it, with the names of what it links to (read for a page at once).
import type { Db } from "../../../db/connection.ts";
import type { WmsDocument } from "./contract.ts";
import { wmsDocument } from "./entity.ts";
import { documentExtras } from "./extras.ts";
import type { DocumentRow } from "./table.ts";

export function toDocumentDto(row: DocumentRow, extra: Record<string, unknown>): WmsDocument {
  return wmsDocument.recordOf(row, extra) as WmsDocument;
}

export async function documentDto(db: Db, row: DocumentRow): Promise<WmsDocument> {
  return toDocumentDto(row, (await documentExtras(db, [row])).get(row.id) ?? {});
}

/**
 * A document as the API answers it before and after a change of its status (a confirmation, a revert): the
 * names of what it links to are read once, since such a change keeps its links.
 */
export async function documentDtosAround(
  db: Db,
  before: DocumentRow,
  after: DocumentRow,
): Promise<[WmsDocument, WmsDocument]> {
  const names = (await documentExtras(db, [before])).get(before.id) ?? {};
  return [toDocumentDto(before, names), toDocumentDto(after, names)];
}
