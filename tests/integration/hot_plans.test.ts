// The statements every pick, scan and confirmation runs find their rows by key whatever the planner's
// statistics say. A tenant's statistics are taken while it is small (or, on a file filled in bulk, before its
// documents exist) and the planner then takes a walk of a "small" table for cheap; two such walks grew with
// the tenant's documents, unseen by any test of behaviour: a document's totals (162 µs a call at 3,000
// documents) and the portal's order follower (1 ms at 20,000). A line's arrival (FIFO) once summed its key's
// whole ledger (17 ms at 20,000 movements of one bin). Each statement is captured as the code runs
// it (recordStatements) and read with EXPLAIN QUERY PLAN after statistics taken with one document, on a
// database that then holds hundreds.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LocalConnection, recordStatements } from "../../server/db/local.ts";
import { migrate } from "../../server/db/migrate.ts";
import type { Db } from "../../server/db/connection.ts";
import { refreshDocumentTotals } from "../../server/domain/stock/documents/totals.ts";
import { followOrders } from "../../server/domain/portal/follow.ts";
import { arrivalsOf } from "../../server/domain/stock/inventory/arrival.ts";

let conn: LocalConnection;
let documentId: number;

beforeAll(async () => {
  conn = new LocalConnection(":memory:");
  await migrate(conn, "tenant");
  // Statistics of a tenant with one document (an order's), then 500 more documents of orders.
  await conn.query(
    `INSERT INTO wms_orders (order_number, type_code, status_code, process_status_code, created_at, updated_at)
    VALUES ('PLAN/O/1', 'ZOU', 'confirmed', 'new', '', '')`,
  );
  await conn.query(
    `INSERT INTO wms_documents (document_number, type_code, status_code, order_id, created_at, updated_at)
    VALUES ('PLAN/D/0', 'IOU', 'workingCopy', 1, '', '')`,
  );
  // And one movement of a line, which then has a history of 500 receipts and releases.
  const movement = `INSERT INTO stock_movements (document_id, line_key, product_id, location_id, delta,
    balance_after, reason, created_at)`;
  await conn.query(`${movement} VALUES (1, 'K', 1, 1, 1000, 1000, 'confirm', '')`);
  await conn.query("ANALYZE");
  await conn.query(
    `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 500)
    ${movement} SELECT 1, 'K', 1, 1, iif(i % 2, -1000, 1000), iif(i % 2, 0, 1000), 'confirm', '' FROM n`,
  );
  await conn.query(
    `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 500)
    INSERT INTO wms_documents (document_number, type_code, status_code, order_id, created_at, updated_at)
    SELECT 'PLAN/D/' || i, 'IOU', 'workingCopy', 1, '', '' FROM n`,
  );
  documentId = Number((await conn.query("SELECT max(id) AS id FROM wms_documents"))[0].id);
});
afterAll(() => conn.close());

/** The plan of the statement `fn` runs whose text matches `which`. */
async function planOf(which: RegExp, fn: (tx: Db) => Promise<unknown>): Promise<string> {
  const ran: { sql: string; values: unknown[] }[] = [];
  recordStatements((s) => ran.push(s));
  try {
    await conn.transaction(fn);
  } finally {
    recordStatements(undefined);
  }
  const statement = ran.find((s) => which.test(s.sql));
  expect(statement, String(which)).toBeDefined();
  const rows = await conn.query(`EXPLAIN QUERY PLAN ${statement!.sql}`, statement!.values);
  return rows.map((r) => String(r.detail)).join(" / ");
}

describe("the statements of every pick, scan and confirmation", () => {
  it("a document's totals update that document by its key", async () => {
    const steps = await planOf(/UPDATE wms_documents/i, (tx) => refreshDocumentTotals(tx, documentId, null));
    expect(steps).toMatch(/SEARCH wms_documents USING INTEGER PRIMARY KEY \(rowid=\?\)/);
    expect(steps).toMatch(/SEARCH wms_document_positions USING (COVERING )?INDEX \S+ \(document_id=\?\)/);
    expect(steps).not.toMatch(/SCAN wms_documents\b/);
  });

  it("a line's arrival seeks the last movement that started its stock, not its whole history", async () => {
    const steps = await planOf(/stock_movements/, (tx) => arrivalsOf(tx, ["K"]));
    expect(steps).toMatch(
      /^SEARCH stock_movements USING INDEX stock_movements_starts \(line_key=\? AND id<\?\) \/ CORRELATED SCALAR SUBQUERY 1 \/ SEARCH wms_documents USING INTEGER PRIMARY KEY \(rowid=\?\)$/,
    );
  });

  it("the portal's follower reads a changed document's order by the document's key", async () => {
    const steps = await planOf(
      /external_orders/,
      (tx) => followOrders(tx, [{ resource: "WmsDocument", action: "changed", id: documentId }]),
    );
    expect(steps).toMatch(/SEARCH (d|wms_documents) USING INTEGER PRIMARY KEY \(rowid=\?\)/);
    expect(steps).toMatch(/SEARCH \S+ USING INDEX external_orders_wms_order \(wms_order_id=\?\)/);
    // Not a walk of the documents that have an order (the order index, from the first on).
    expect(steps).not.toMatch(/wms_documents_order|SCAN (d|wms_documents)\b/);
  });
});
