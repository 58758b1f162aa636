// The stock ledger's invariant (decision 0003), as plain SQL over a file: each stock line equals the sum of
// its movements, each movement's balance after it the sum up to it, no line is at or below zero, the product
// and location totals equal the lines, and each product's flows equal its receipts' and releases' movements up
// to each day. A restored file is served again only if it holds (tenants/replica_restore.ts); the tests assert
// the same.
import type { DatabaseSync } from "node:sqlite";
import { FLOW_TYPES } from "./service.ts";

/**
 * Each product's flows (stock_product_flows) as the ledger gives them: per day it moved, its receipts' and
 * releases' movements summed up to that day (running sums by product and day).
 */
const FLOWS_FROM_LEDGER = `
  SELECT product_id, day, sum(received) OVER w AS received, sum(released) OVER w AS released,
    sum(movements) OVER w AS movements
  FROM (
    SELECT m.product_id, substr(m.created_at, 1, 10) AS day,
      sum(CASE WHEN d.type_code IN (${FLOW_TYPES.receipts}) THEN m.delta ELSE 0 END) AS received,
      sum(CASE WHEN d.type_code IN (${FLOW_TYPES.releases}) THEN -m.delta ELSE 0 END) AS released,
      count(*) AS movements
    FROM stock_movements m JOIN wms_documents d ON d.id = m.document_id
    WHERE d.type_code IN (${FLOW_TYPES.receipts}, ${FLOW_TYPES.releases})
    GROUP BY m.product_id, substr(m.created_at, 1, 10))
  WINDOW w AS (PARTITION BY product_id ORDER BY day)`;

/** Makes the products' flows again from the ledger (a file filled in bulk: the benches, the tests). */
export function rebuildProductFlows(db: DatabaseSync): void {
  db.exec("DELETE FROM stock_product_flows");
  db.exec(
    `INSERT INTO stock_product_flows (product_id, day, received, released, movements) ${FLOWS_FROM_LEDGER}`,
  );
}

// Each join keeps the grouped lines on its left and the table on its right: SQLite keeps a FULL JOIN's order
// and builds no index on a grouped subquery, so the table must be the inner side, searched by its key. The
// other way round every summary row scans every group: hours at 1,000,000 lines (bench replication).
export const CHECKS: Record<string, string> = {
  "stock lines differ from the ledger": `
    SELECT count(*) AS n FROM (SELECT line_key, sum(delta) AS total FROM stock_movements GROUP BY line_key) m
    FULL OUTER JOIN stock_lines l ON l.line_key = m.line_key
    WHERE coalesce(l.quantity, 0) <> coalesce(m.total, 0)`,
  "lines at or below zero": "SELECT count(*) AS n FROM stock_lines WHERE quantity <= 0",
  // Each movement's balance after it: the running sum of its key's deltas (a line's arrival reads the starts).
  "movement balances differ from the ledger": `
    SELECT count(*) AS n FROM (SELECT balance_after,
      sum(delta) OVER (PARTITION BY line_key ORDER BY id ROWS UNBOUNDED PRECEDING) AS running FROM stock_movements)
    WHERE balance_after <> running`,
  "product totals differ from the lines": `
    SELECT count(*) AS n FROM (SELECT product_id, sum(quantity) AS total FROM stock_lines GROUP BY product_id) l
    FULL OUTER JOIN stock_product_totals t ON t.product_id = l.product_id
    WHERE coalesce(t.quantity, 0) <> coalesce(l.total, 0)`,
  "location totals differ from the lines": `
    SELECT count(*) AS n FROM (SELECT product_id, location_id, sum(quantity) AS total FROM stock_lines
      GROUP BY product_id, location_id) l
    FULL OUTER JOIN stock_location_totals t ON t.product_id = l.product_id AND t.location_id = l.location_id
    WHERE coalesce(t.quantity, 0) <> coalesce(l.total, 0)`,
  // Every day's row, as the ledger sums it up to that day.
  "product flows differ from the ledger": `
    SELECT count(*) AS n FROM (${FLOWS_FROM_LEDGER}) m
    FULL OUTER JOIN stock_product_flows f ON f.product_id = m.product_id AND f.day = m.day
    WHERE coalesce(f.received, 0) <> coalesce(m.received, 0) OR coalesce(f.released, 0) <> coalesce(m.released, 0)
      OR coalesce(f.movements, 0) <> coalesce(m.movements, 0)`,
};

/** What is wrong with the file's stock, one line per broken rule with its count; empty when it holds. */
export function stockLedgerFaults(db: DatabaseSync): string[] {
  const out: string[] = [];
  for (const [what, sql] of Object.entries(CHECKS)) {
    const { n } = db.prepare(sql).get() as { n: number };
    if (Number(n) > 0) out.push(`${what} (${n})`);
  }
  return out;
}
