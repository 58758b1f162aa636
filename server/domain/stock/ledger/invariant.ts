// The stock ledger's invariant (decision 0003), as plain SQL over a file: each stock line equals the sum of
// its movements, no line is at or below zero, and the product and location totals equal the lines. A
// restored file is served again only if it holds (tenants/replica_restore.ts); the tests assert the same.
import type { DatabaseSync } from "node:sqlite";

// Each join keeps the grouped lines on its left and the table on its right: SQLite keeps a FULL JOIN's order
// and builds no index on a grouped subquery, so the table must be the inner side, searched by its key. The
// other way round every summary row scans every group: hours at 1,000,000 lines (bench replication).
export const CHECKS: Record<string, string> = {
  "stock lines differ from the ledger": `
    SELECT count(*) AS n FROM (SELECT line_key, sum(delta) AS total FROM stock_movements GROUP BY line_key) m
    FULL OUTER JOIN stock_lines l ON l.line_key = m.line_key
    WHERE coalesce(l.quantity, 0) <> coalesce(m.total, 0)`,
  "lines at or below zero": "SELECT count(*) AS n FROM stock_lines WHERE quantity <= 0",
  "product totals differ from the lines": `
    SELECT count(*) AS n FROM (SELECT product_id, sum(quantity) AS total FROM stock_lines GROUP BY product_id) l
    FULL OUTER JOIN stock_product_totals t ON t.product_id = l.product_id
    WHERE coalesce(t.quantity, 0) <> coalesce(l.total, 0)`,
  "location totals differ from the lines": `
    SELECT count(*) AS n FROM (SELECT product_id, location_id, sum(quantity) AS total FROM stock_lines
      GROUP BY product_id, location_id) l
    FULL OUTER JOIN stock_location_totals t ON t.product_id = l.product_id AND t.location_id = l.location_id
    WHERE coalesce(t.quantity, 0) <> coalesce(l.total, 0)`,
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
