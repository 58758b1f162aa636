// A document's position counts, sums and progress, recomputed from its positions by one aggregate after
// every position change (a document has at most some thousands of positions). The order a document
// carries out follows its progress (the `changed` hook: orders/documents.ts).
import { type Placeholder, sql } from "drizzle-orm";
import { sqlArrays } from "../../../db/prepared.ts";
import type { Db } from "../../../db/connection.ts";
import type { TenantContext } from "../../../kernel/context.ts";
import { callHooks } from "./hooks.ts";

/**
 * The statement: its document id a placeholder (planned once and run straight on the driver inside a
 * transaction, `sqlArrays`) or the value itself (elsewhere, through drizzle).
 */
const totalsOf = (documentId: number | Placeholder = sql.placeholder("documentId")) =>
  sql`
    UPDATE wms_documents SET
      positions_count = t.n,
      confirmed_positions_count = t.done,
      quantity_sum = t.q,
      quantity_real_sum = t.qr,
      progress_percent = CASE WHEN t.q > 0 THEN (t.qd * 100) / t.q ELSE 0 END
    FROM (
      SELECT count(*) AS n,
        coalesce(sum(quantity_real IS NOT NULL AND quantity_real >= quantity), 0) AS done,
        coalesce(sum(quantity), 0) AS q,
        coalesce(sum(coalesce(quantity_real, 0)), 0) AS qr,
        coalesce(sum(min(coalesce(quantity_real, 0), quantity)), 0) AS qd
      FROM wms_document_positions WHERE document_id = ${documentId}
    ) AS t
    WHERE wms_documents.id = ${documentId}
    RETURNING order_id`;

/**
 * `follow`: the caller's context, whose hooks bring the document's order up to date; null when the caller
 * does that itself, after it is done (confirm).
 */
export async function refreshDocumentTotals(
  tx: Db,
  documentId: number,
  follow: Pick<TenantContext, "hooks"> | null | undefined,
): Promise<void> {
  const [of] = (await sqlArrays(tx, "documents.totals", totalsOf, { documentId })) ??
    await tx.all<[number | null]>(totalsOf(documentId));
  if (follow !== null && of?.[0] != null) await callHooks(follow, "changed", tx, Number(of[0]));
}
