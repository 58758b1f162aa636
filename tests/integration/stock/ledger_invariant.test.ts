// The stock ledger's invariant as a restore checks it (server/domain/stock/ledger/invariant.ts) on a migrated
// tenant file: it finds every kind of fault, on either side of each comparison, and each comparison searches
// its table by the key instead of scanning a grouped subquery per row (which took hours at 1,000,000 stock
// lines: `deno task bench replication`).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mkdirSync, rmSync } from "node:fs";
import { join, resolve } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { LocalConnection } from "../../../server/db/local.ts";
import { migrate } from "../../../server/db/migrate.ts";
import {
  CHECKS,
  rebuildProductFlows,
  stockLedgerFaults,
} from "../../../server/domain/stock/ledger/invariant.ts";

let dir: string;
let db: DatabaseSync;
const NOW = "2026-01-01T00:00:00.000Z";

beforeAll(async () => {
  dir = resolve(".test-data", `ledger-invariant-${crypto.randomUUID()}`);
  mkdirSync(dir, { recursive: true });
  const file = join(dir, "tenant.db");
  const conn = new LocalConnection(`file:${file}`);
  await migrate(conn, "tenant");
  await conn.close();
  // Rows straight into the stock tables: what is judged here is the ledger's arithmetic, not its references.
  db = new DatabaseSync(file, { enableForeignKeyConstraints: false });
});
afterAll(() => {
  db?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** `n` lines of one unit each at distinct product and location pairs, each with its movement and totals. */
function stock(n: number): void {
  db.exec("BEGIN");
  const line = db.prepare(
    "INSERT INTO stock_lines (line_key, product_id, location_id, quantity, created_at, updated_at) " +
      "VALUES (?, ?, ?, 1000, ?, ?)",
  );
  const movement = db.prepare(
    "INSERT INTO stock_movements (document_id, line_key, product_id, location_id, delta, balance_after, reason, " +
      "created_at) VALUES (1, ?, ?, ?, 1000, 1000, 'confirm', ?)",
  );
  for (let i = 0; i < n; i++) {
    const [product, location] = [1 + (i % 100), 1 + Math.floor(i / 100)];
    line.run(`k${i}`, product, location, NOW, NOW);
    movement.run(`k${i}`, product, location, NOW);
  }
  db.exec(
    "INSERT INTO stock_product_totals (product_id, quantity) SELECT product_id, sum(quantity) FROM stock_lines " +
      "GROUP BY product_id",
  );
  db.exec(
    "INSERT INTO stock_location_totals (product_id, location_id, quantity) SELECT product_id, location_id, " +
      "sum(quantity) FROM stock_lines GROUP BY product_id, location_id",
  );
  // The lines came in by a receipt, and half of product 1's went out again the next day by a release.
  db.exec(
    "INSERT INTO wms_documents (id, document_number, type_code, status_code, created_at, updated_at) " +
      `VALUES (1, 'IIN/1', 'IIN', 'confirmed', '${NOW}', '${NOW}'), (2, 'IOU/1', 'IOU', 'confirmed', '${NOW}', '${NOW}')`,
  );
  rebuildProductFlows(db);
  db.exec("COMMIT");
}

/** Runs `change` in a transaction that is rolled back after the faults are read. */
function faultsAfter(change: string): string[] {
  db.exec("BEGIN");
  try {
    db.exec(change);
    return stockLedgerFaults(db);
  } finally {
    db.exec("ROLLBACK");
  }
}

describe("the stock ledger's invariant", () => {
  it("searches each summary table by its key for every group of lines, never scans it per group", () => {
    for (const [what, sql] of Object.entries(CHECKS)) {
      const steps = (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all() as { detail: string }[]).map((r) =>
        r.detail
      );
      // The inner side of each outer join: a search by key, not a scan of every row for every row.
      for (const step of steps.filter((s) => s.includes("LEFT-JOIN"))) {
        expect(step, `${what}: ${steps.join(" / ")}`).toMatch(/^SEARCH /);
      }
    }
  });

  it("holds on a consistent file of 20,000 lines", () => {
    stock(20_000);
    expect(stockLedgerFaults(db)).toEqual([]);
  });

  it("finds a line that differs from its ledger, and a ledger with no line", () => {
    expect(faultsAfter("UPDATE stock_lines SET quantity = 2000 WHERE line_key = 'k7'")).toEqual([
      "stock lines differ from the ledger (1)",
      "product totals differ from the lines (1)",
      "location totals differ from the lines (1)",
    ]);
    expect(
      faultsAfter(
        // Of a relocation (no document of that number here: neither a receipt nor a release).
        "INSERT INTO stock_movements (document_id, line_key, product_id, location_id, delta, balance_after, " +
          `reason, created_at) VALUES (3, 'gone', 1, 1, 5, 5, 'confirm', '${NOW}')`,
      ),
    ).toEqual(["stock lines differ from the ledger (1)"]);
  });

  it("finds a movement whose balance after it is not the running sum of its key's movements", () => {
    // A second receipt onto k3 whose balance says it started the line again (the line held 1,000 already).
    const receipt = (balance: number) =>
      "INSERT INTO stock_movements (document_id, line_key, product_id, location_id, delta, balance_after, " +
      `reason, created_at) VALUES (3, 'k3', 4, 1, 500, ${balance}, 'confirm', '${NOW}');` +
      "UPDATE stock_lines SET quantity = 1500 WHERE line_key = 'k3';" +
      "UPDATE stock_product_totals SET quantity = quantity + 500 WHERE product_id = 4;" +
      "UPDATE stock_location_totals SET quantity = 1500 WHERE product_id = 4 AND location_id = 1;";
    expect(faultsAfter(receipt(1500))).toEqual([]);
    expect(faultsAfter(receipt(500))).toEqual(["movement balances differ from the ledger (1)"]);
    expect(faultsAfter("UPDATE stock_movements SET balance_after = 0 WHERE line_key = 'k9'")).toEqual([
      "movement balances differ from the ledger (1)",
    ]);
  });

  it("finds a product's flows that differ from its receipts and releases, on any day, on either side", () => {
    // A release the next day: product 1's flows gain a day, and the ledger agrees once both are written.
    const release =
      "INSERT INTO stock_movements (document_id, line_key, product_id, location_id, delta, balance_after, reason, " +
      "created_at) VALUES (2, 'k0', 1, 1, -500, 500, 'confirm', '2026-01-02T08:00:00.000Z');" +
      "UPDATE stock_lines SET quantity = 500 WHERE line_key = 'k0';" +
      "UPDATE stock_product_totals SET quantity = quantity - 500 WHERE product_id = 1;" +
      "UPDATE stock_location_totals SET quantity = 500 WHERE product_id = 1 AND location_id = 1;";
    const flows =
      "SELECT received, released, movements FROM stock_product_flows WHERE product_id = 1 ORDER BY day";
    expect(db.prepare(flows).all().map((r) => Object.values(r))).toEqual([[200_000, 0, 200]]);
    expect(faultsAfter(release)).toEqual(["product flows differ from the ledger (1)"]);
    expect(
      faultsAfter(
        release + "INSERT INTO stock_product_flows (product_id, day, received, released, movements) " +
          "VALUES (1, '2026-01-02', 200000, 500, 201)",
      ),
    ).toEqual([]);
    expect(faultsAfter("UPDATE stock_product_flows SET released = 1 WHERE product_id = 2")).toEqual([
      "product flows differ from the ledger (1)",
    ]);
    expect(faultsAfter("DELETE FROM stock_product_flows WHERE product_id = 3")).toEqual([
      "product flows differ from the ledger (1)",
    ]);
    expect(
      faultsAfter(
        "INSERT INTO stock_product_flows (product_id, day, received, released, movements) " +
          "VALUES (4, '2025-12-31', 1000, 0, 1)",
      ),
    ).toEqual(["product flows differ from the ledger (1)"]);
  });

  it("finds a line at or below zero", () => {
    expect(
      faultsAfter(
        "UPDATE stock_lines SET quantity = 0 WHERE line_key = 'k9';" +
          "UPDATE stock_movements SET delta = 0, balance_after = 0 WHERE line_key = 'k9';" +
          "UPDATE stock_product_totals SET quantity = quantity - 1000 WHERE product_id = 10;" +
          "UPDATE stock_location_totals SET quantity = 0 WHERE product_id = 10 AND location_id = 1;" +
          "UPDATE stock_product_flows SET received = received - 1000 WHERE product_id = 10",
      ),
    ).toEqual(["lines at or below zero (1)"]);
  });

  it("finds a summary missing, one too many and one that differs, on either side of each comparison", () => {
    expect(faultsAfter("DELETE FROM stock_product_totals WHERE product_id = 3")).toEqual([
      "product totals differ from the lines (1)",
    ]);
    expect(faultsAfter("INSERT INTO stock_product_totals (product_id, quantity) VALUES (999999, 5)")).toEqual(
      [
        "product totals differ from the lines (1)",
      ],
    );
    expect(faultsAfter("DELETE FROM stock_location_totals WHERE product_id = 3 AND location_id = 2")).toEqual(
      [
        "location totals differ from the lines (1)",
      ],
    );
    expect(
      faultsAfter(
        "INSERT INTO stock_location_totals (product_id, location_id, quantity) VALUES (1, 999999, 5)",
      ),
    ).toEqual(["location totals differ from the lines (1)"]);
    expect(
      faultsAfter("UPDATE stock_location_totals SET quantity = 1 WHERE product_id = 4 AND location_id = 3"),
    ).toEqual(["location totals differ from the lines (1)"]);
  });
});
