// Every index on stock_lines earns its keep: each one is the plan SQLite picks for a real query of the stock
// engine or the inventory lists, read with EXPLAIN QUERY PLAN on a migrated tenant database (no statistics,
// as a new tenant has). Every index costs WAL pages on every confirmation, so the set is pinned: an index
// added without a query that needs it, or one dropped while a query still needs it, fails here (decision
// 0005). The statements are the ones the code runs: the list pages captured from listInventory itself, the
// others as drizzle renders them in the files named beside each.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mkdirSync, rmSync } from "node:fs";
import { join, resolve } from "node:path";
import { LocalConnection } from "../../../server/db/local.ts";
import { migrate } from "../../../server/db/migrate.ts";
import { capturePage } from "../../fixtures/list_page.ts";
import { listInventory } from "../../../server/domain/stock/inventory/lines.ts";
import { FLOW_STATEMENTS } from "../../../server/domain/stock/ledger/service.ts";

let dir: string;
let conn: LocalConnection;

beforeAll(async () => {
  dir = resolve(".test-data", `index-plans-${crypto.randomUUID()}`);
  mkdirSync(dir, { recursive: true });
  conn = new LocalConnection(`file:${join(dir, "tenant.db")}`);
  await migrate(conn, "tenant");
});
afterAll(async () => {
  await conn.close();
  rmSync(dir, { recursive: true, force: true });
});

async function plan(sql: string, params: unknown[] = []): Promise<string> {
  const rows = await conn.query(`EXPLAIN QUERY PLAN ${sql}`, params);
  return rows.map((r) => String(r.detail)).join(" / ");
}

const LINE =
  `"stock_lines"."id", "stock_lines"."product_id", "stock_lines"."location_id", "stock_lines"."container_id", ` +
  `"stock_lines"."expiry_date", "stock_lines"."production_date", "stock_lines"."serial_number", "stock_lines"."quantity"`;

/** Each index, the statements that need it (where they run), and the plan line that shows it. */
const PROOFS: {
  index: string;
  where: string;
  sql: string;
  params?: unknown[];
  shows: RegExp;
  not?: RegExp;
}[] = [
  {
    index: "stock_lines_key",
    where: "ledger/service.ts: the guarded update of a taken line",
    sql:
      "UPDATE stock_lines SET quantity = quantity + ?1, updated_at = ?2 WHERE line_key = ?3 AND quantity + ?1 >= 0 RETURNING line_key, quantity",
    params: [1, "x", "k"],
    shows: /SEARCH stock_lines USING INDEX stock_lines_key \(line_key=\?\)/,
  },
  {
    index: "stock_lines_key",
    where: "ledger/service.ts: a line at zero is deleted",
    sql: "DELETE FROM stock_lines WHERE line_key = ?",
    params: ["k"],
    shows: /SEARCH stock_lines USING INDEX stock_lines_key \(line_key=\?\)/,
  },
  {
    index: "stock_lines_location",
    where: "documents/snapshot.ts: the stock of a document's (product, location) pairs",
    sql: `select "id", "product_id", "location_id", "container_id", "expiry_date", "production_date", ` +
      `"serial_number", "quantity" from "stock_lines" where ("stock_lines"."product_id", ` +
      `"stock_lines"."location_id") IN (SELECT value ->> 0, value ->> 1 FROM json_each(?))`,
    params: ["[[1,2]]"],
    shows: /USING INDEX stock_lines_location \(location_id=\? AND product_id=\?\)/,
  },
  {
    index: "stock_lines_location",
    where: "documents/snapshot.ts: the releasable lines of a zone (inventory/source.ts releasable())",
    sql: `select ${LINE} from "stock_lines" left join "containers" on "containers"."id" = ` +
      `"stock_lines"."container_id" where ("stock_lines"."product_id" IN (SELECT value FROM json_each(?)) and ` +
      `"stock_lines"."location_id" IN (SELECT value FROM json_each(?)) and (("stock_lines"."container_id" is null ` +
      `or "containers"."locked_out" = ?) and coalesce("stock_lines"."expiry_date", '9999-12-31') >= ?))`,
    params: ["[1]", "[2,3]", 0, "2026-01-01"],
    shows: /USING INDEX stock_lines_location \(location_id=\? AND product_id=\?\)/,
    not: /MULTI-INDEX OR|SCAN stock_lines/,
  },
  {
    index: "stock_lines_location",
    where: "positions/movement.ts: releasing a location, its lines by product",
    sql: `select "id", "line_key", "product_id", "location_id", "container_id", "expiry_date", ` +
      `"production_date", "serial_number", "quantity", "created_at", "updated_at" from "stock_lines" where ` +
      `"stock_lines"."location_id" = ? order by "stock_lines"."product_id", "stock_lines"."id"`,
    params: [1],
    shows: /SEARCH stock_lines USING INDEX stock_lines_location \(location_id=\?\)/,
    not: /TEMP B-TREE/,
  },
  {
    index: "stock_lines_container",
    where: "ledger/service.ts: where a container's lines stand",
    sql: "SELECT DISTINCT location_id FROM stock_lines WHERE container_id = ? LIMIT 2",
    params: [1],
    shows: /stock_lines_container \(container_id=\?\)/,
  },
  {
    index: "stock_lines_container",
    where: "documents/revert.ts: a container's lines elsewhere",
    sql: `select "line_key", "quantity" from "stock_lines" where ("stock_lines"."container_id" = ? and ` +
      `"stock_lines"."location_id" <> ?)`,
    params: [1, 2],
    shows: /USING INDEX stock_lines_container \(container_id=\?\)/,
  },
  {
    index: "stock_lines_product_id",
    where: "inventory/source.ts: FEFO's candidates of one product (sorted in JS)",
    sql: `select "stock_lines"."id", "stock_lines"."line_key", "stock_lines"."location_id", ` +
      `"stock_lines"."container_id", "stock_lines"."expiry_date", "stock_lines"."production_date", ` +
      `"stock_lines"."serial_number", "stock_lines"."quantity", "stock_lines"."created_at" from "stock_lines" ` +
      `inner join "storage_spaces" on "storage_spaces"."id" = "stock_lines"."location_id" left join "containers" ` +
      `on "containers"."id" = "stock_lines"."container_id" where ("stock_lines"."product_id" = ? and ` +
      `"storage_spaces"."locked_out" = ? and (("stock_lines"."container_id" is null or ` +
      `"containers"."locked_out" = ?) and coalesce("stock_lines"."expiry_date", '9999-12-31') >= ?))`,
    params: [1, 0, 0, "2026-01-01"],
    shows: /SEARCH stock_lines USING INDEX stock_lines_product_id \(product_id=\?\)/,
  },
  {
    index: "stock_lines_product_id",
    where: "resource/engine.ts: a product kept from deletion by its stock",
    sql: `select 1 from "stock_lines" where "stock_lines"."product_id" = ? limit ?`,
    params: [1, 1],
    shows: /stock_lines_product_id \(product_id=\?\)/,
  },
  {
    index: "stock_lines_product_id",
    where: "orders/counts.ts: a slice of a products' count (VER-P), by id from where the last one ended",
    sql: `SELECT max(k), count(*) FROM (SELECT l.id AS k FROM stock_lines l WHERE l.id > ? AND ` +
      `l.product_id IN (SELECT product_id FROM wms_order_scope_products WHERE order_id = ?) ORDER BY l.id LIMIT 2000)`,
    params: [1000, 1],
    // Each product's lines from the cursor on, never the scope's lines before it (then sorted by id).
    shows: /SEARCH l USING (COVERING )?INDEX stock_lines_product_id \(product_id=\? AND id>\?\)/,
  },
  {
    index: "stock_lines_location_id",
    where: "orders/counts.ts: a slice of a location's count (VER-L), by id from where the last one ended",
    sql: `SELECT max(k), count(*) FROM (SELECT l.id AS k FROM stock_lines l WHERE l.id > ? AND ` +
      `l.location_id IN (WITH RECURSIVE below(id) AS (SELECT ? UNION SELECT s.id FROM storage_spaces s ` +
      `JOIN below ON s.parent_id = below.id) SELECT id FROM below) ORDER BY l.id LIMIT 2000)`,
    params: [1000, 1],
    shows: /SEARCH l USING (COVERING )?INDEX stock_lines_location_id \(location_id=\? AND id>\?\)/,
  },
  {
    index: "stock_lines_location_id",
    where: "resource/engine.ts: a location kept from deletion by its stock",
    sql: `select 1 from "stock_lines" where "stock_lines"."location_id" = ? limit ?`,
    params: [1, 1],
    shows: /USING (COVERING )?INDEX stock_lines_location_id \(location_id=\?\)/,
  },
];

/** The inventory list's page of ids for a sort, captured from listInventory (page 3 of 1,000 rows). */
function inventoryPage(sort: string, desc: boolean): Promise<{ sql: string; params: unknown[] }> {
  return capturePage(listInventory, { sortColumn: sort, sortDescending: String(desc) });
}

/** The inventory's sortable columns and the index each pages from (ties by id). */
const SORTS: Record<string, string> = {
  productId: "stock_lines_product_id",
  locationId: "stock_lines_location_id",
  containerId: "stock_lines_container",
  expiryDate: "stock_lines_expiry",
  productionDate: "stock_lines_production",
  serialNumber: "stock_lines_serial",
  quantity: "stock_lines_quantity",
  createdAt: "stock_lines_created_at",
};

describe("the indexes on stock_lines", () => {
  it("are exactly those a query below needs", async () => {
    const rows = await conn.query(
      "SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'stock_lines' AND sql IS NOT NULL",
    );
    const proved = new Set([...PROOFS.map((p) => p.index), ...Object.values(SORTS)]);
    expect(rows.map((r) => r.name).sort()).toEqual([...proved].sort());
  });

  for (const proof of PROOFS) {
    it(`${proof.index}: ${proof.where}`, async () => {
      const shown = await plan(proof.sql, proof.params);
      expect(shown).toMatch(proof.shows);
      if (proof.not) expect(shown).not.toMatch(proof.not);
    });
  }

  for (const [sort, index] of Object.entries(SORTS)) {
    it(`${index}: the inventory list sorted by ${sort}, both ways, pages from it without sorting`, async () => {
      for (const desc of [false, true]) {
        const page = await inventoryPage(sort, desc);
        const shown = await plan(page.sql, page.params);
        expect(shown).toMatch(new RegExp(`USING (COVERING )?INDEX ${index}\\b`));
        expect(shown).not.toMatch(/TEMP B-TREE/);
      }
    });
  }
});

describe("the products' flows kept with every movement (ledger/service.ts)", () => {
  it("search each product's rows by their key, never walking the flows", async () => {
    for (const [name, sql] of Object.entries(FLOW_STATEMENTS)) {
      const steps = await plan(sql, [1, "2026-01-01", 1000, 0, 1]);
      expect(steps, name).toMatch(
        /SEARCH (f|stock_product_flows) USING (COVERING )?INDEX \S+ \(product_id=\? AND day/,
      );
      expect(steps, name).not.toMatch(/SCAN (f|stock_product_flows)\b/);
    }
  });
});
