// A warehouse order's change is also a change of the portal order it came from: its status follows it (the
// trigger of migrations/tenant/0020) and its contractor's users hear of it on the hub (ownerId: the
// contractor, visibility.ts), found in the same transaction as the order's own event. A change of one of the
// order's documents (a position scanned, a document deleted) moves the order's progress too.
import { sql } from "drizzle-orm";
import type { Db } from "../../db/connection.ts";
import { arrays } from "../../db/prepared.ts";
import { addFollower } from "../../hub/outbox.ts";
import type { HubEventBody } from "../../hub/hub.ts";
import { wmsDocuments } from "../stock/documents/table.ts";
import { externalOrders } from "./table.ts";

export async function followOrders(tx: Db, events: readonly HubEventBody[]): Promise<HubEventBody[]> {
  const ids = [...new Set(events.filter((e) => e.resource === "WmsOrder").map((e) => e.id))];
  const documents = [...new Set(events.filter((e) => e.resource === "WmsDocument").map((e) => e.id))];
  if (ids.length === 0 && documents.length === 0) return [];
  const known = new Set(events.filter((e) => e.resource === "ExternalOrder").map((e) => e.id));
  // The orders named, and each document's order read by its key (a scalar subquery: one row by its id). As
  // `order_id IN (SELECT order_id FROM wms_documents WHERE id IN (…) AND order_id IS NOT NULL)`, statistics
  // taken while the tenant had few documents made SQLite walk every document that has an order (0.98-1.1 ms
  // a call at 20,000 documents, at every pick, scan and confirmation; this form 6.5-7.8 µs, 2026-12-03).
  const found = await arrays(
    tx,
    "portal.followOrders",
    (on) =>
      on.select({ id: externalOrders.id, contractorId: externalOrders.contractorId }).from(externalOrders)
        .where(sql`${externalOrders.wmsOrderId} IN (
          SELECT value FROM json_each(${sql.placeholder("orders")})
          UNION SELECT (SELECT d.order_id FROM ${wmsDocuments} d WHERE d.id = j.value)
          FROM json_each(${sql.placeholder("documents")}) j)`),
    { orders: JSON.stringify(ids), documents: JSON.stringify(documents) },
  );
  const rows = found.map(([id, contractorId]) => ({
    id: id as number,
    contractorId: contractorId as number,
  }));
  return rows.filter((r) => !known.has(r.id)).map((r) => ({
    resource: "ExternalOrder" as const,
    action: "changed" as const,
    id: r.id,
    ownerId: r.contractorId,
  }));
}

addFollower(followOrders);
