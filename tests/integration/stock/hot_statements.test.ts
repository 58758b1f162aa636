// Every statement of the terminal's and the documents' hottest calls (a release scan, a receipt's scan, a
// Pick, a confirmation of a receipt and of a release, a revert) finds its rows by key under stale statistics.
// The product takes a table's statistics once it holds STATISTICS_FLOOR rows and keeps them until the table
// is ten times larger (`refreshStatistics`, server/db/local.ts): a join or a subquery the planner then thinks
// cheap may walk a table, unseen by any test of behaviour, and grow with the tenant. Here the statistics are
// taken at 250 rows of each growing table, the tables then filled to 2,500, each call's statements captured
// as the call runs them (`recordStatements`) and read with EXPLAIN QUERY PLAN on the same connection. (Under
// statistics of one row, stricter than the product keeps, tests/integration/hot_plans.test.ts pins the
// statements that walked in the benches' files.)
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  filePathOf,
  type RecordedStatement,
  recordStatements,
  STATISTICS_FLOOR,
} from "../../../server/db/local.ts";
import {
  confirm,
  draft,
  location,
  product,
  receive,
  revert,
  startStockWorld,
  type StockWorld,
} from "./fixture.ts";

let w: StockWorld;
let bin: number;
let milk: number;

/** The tables of one row (the account, the logistics configuration): a walk of them is a read of it. */
const ONE_ROW = new Set(["client_account", "client_logistics_config"]);
/** The tenant's tables, by name (read once the world is made). */
let tables = new Set<string>();

const KEYWORDS = new Set([
  "where",
  "on",
  "join",
  "left",
  "inner",
  "cross",
  "natural",
  "set",
  "group",
  "order",
  "limit",
  "using",
  "values",
  "and",
  "or",
  "not",
  "union",
  "indexed",
  "returning",
  "window",
]);

/**
 * The aliases a statement gives the tenant's tables (`FROM stock_movements m`, `"storage_spaces" AS child`),
 * so that a plan's `SCAN m` is known for a walk of a table and `SCAN t` of a subquery's rows is not.
 */
function aliasesOf(sql: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const [, table, alias] of sql.matchAll(/"?(\w+)"?\s+(?:AS\s+)?"?(\w+)"?/gi)) {
    if (tables.has(table) && !KEYWORDS.has(alias.toLowerCase()) && !tables.has(alias)) out.set(alias, table);
  }
  return out;
}

beforeAll(async () => {
  w = await startStockWorld("hotstatements");
  bin = await location(w, "H-01");
  milk = await product(w, "H-MILK", { barcodes: ["5901234123457"] });
  await receive(w, milk, bin, 50);
  // Statistics as the product keeps them (refreshStatistics, server/db/local.ts): taken once a table holds
  // STATISTICS_FLOOR rows, none below it, and kept until the table is ten times larger. So: 250 rows of each,
  // analysed, then ten times as many.
  await filler(0, 250);
  await w.query("ANALYZE");
  for (const { tbl } of await w.query("SELECT DISTINCT tbl FROM sqlite_stat1")) {
    const [{ n }] = await w.query(
      `SELECT count(*) AS n FROM (SELECT 1 FROM "${tbl}" LIMIT ${STATISTICS_FLOOR})`,
    );
    if (Number(n) < STATISTICS_FLOOR) await w.query("DELETE FROM sqlite_stat1 WHERE tbl = ?", [tbl]);
  }
  await w.query("ANALYZE sqlite_schema");
  await filler(250, 2_500);
  tables = new Set(
    (await w.query("SELECT name FROM sqlite_schema WHERE type = 'table'")).map((r) => String(r.name)),
  );
});
afterAll(() => w?.s.close());

/**
 * Rows `from + 1` to `to` of the tables a tenant grows, written straight to the file: locations, products
 * with a barcode, their stock (a line, its movement, the totals and the day's flows), confirmed documents
 * with a position and a record log entry each.
 */
async function filler(from: number, to: number): Promise<void> {
  const at = new Date().toISOString();
  const each = `WITH RECURSIVE n(i) AS (SELECT ${from + 1} UNION ALL SELECT i + 1 FROM n WHERE i < ${to})`;
  const id = (table: string, key: string, value: string) =>
    `(SELECT id FROM ${table} WHERE ${key} = ${value})`;
  await w.query(
    `${each} INSERT INTO storage_spaces (label, barcode, path, pickup_order, created_at, updated_at)
    SELECT 'HS-' || i, 'HS-' || i, 'HS-' || i, i, '${at}', '${at}' FROM n`,
  );
  await w.query(
    `${each} INSERT INTO products (name, product_index, created_at, updated_at)
    SELECT 'Filler ' || i, 'HF-' || i, '${at}', '${at}' FROM n`,
  );
  const product = id("products", "product_index", "'HF-' || i");
  const place = id("storage_spaces", "label", "'HS-' || i");
  await w.query(
    `${each} INSERT INTO product_barcodes (product_id, barcode) SELECT ${product}, 'HB-' || i FROM n`,
  );
  await w.query(
    `${each} INSERT INTO stock_lines (line_key, product_id, location_id, quantity, created_at, updated_at)
    SELECT 'HL-' || i, ${product}, ${place}, 1000, '${at}', '${at}' FROM n`,
  );
  await w.query(
    `${each} INSERT INTO wms_documents (document_number, type_code, status_code, created_at, updated_at)
    SELECT 'HD/' || i, 'IIN', 'confirmed', '${at}', '${at}' FROM n`,
  );
  const document = id("wms_documents", "document_number", "'HD/' || i");
  await w.query(
    `${each} INSERT INTO stock_movements (document_id, line_key, product_id, location_id, delta, balance_after,
      reason, created_at) SELECT ${document}, 'HL-' || i, ${product}, ${place}, 1000, 1000, 'confirm', '${at}' FROM n`,
  );
  await w.query(
    `${each} INSERT INTO wms_document_positions (document_id, product_id, quantity, quantity_real, quantity_left,
      destination_location_id, created_at, updated_at)
    SELECT ${document}, ${product}, 1000, 1000, 0, ${place}, '${at}', '${at}' FROM n`,
  );
  await w.query(
    `${each} INSERT INTO record_log (action, resource_type, resource_id, title, created_at)
    SELECT 'changed', 'WmsDocument', ${document}, 'HD/' || i, '${at}' FROM n`,
  );
  await w.query(
    `${each} INSERT INTO stock_product_totals (product_id, quantity) SELECT ${product}, 1000 FROM n`,
  );
  await w.query(
    `${each} INSERT INTO stock_location_totals (product_id, location_id, quantity)
    SELECT ${product}, ${place}, 1000 FROM n`,
  );
  await w.query(
    `${each} INSERT INTO stock_product_flows (product_id, day, received, released, movements)
    SELECT ${product}, '${at.slice(0, 10)}', 1000, 0, 1 FROM n`,
  );
}

/** The statements `call` ran on the tenant's file and, for each, the tables its plan walks. */
async function walksOf(call: () => Promise<{ status: number; body: unknown }>): Promise<string[]> {
  const ran: RecordedStatement[] = [];
  const file = filePathOf(w.tenant.dbUrl);
  recordStatements((s) => s.path === file && ran.push(s));
  try {
    const r = await call();
    expect(r.status, JSON.stringify(r.body)).toBeLessThan(300);
  } finally {
    recordStatements(undefined);
  }
  expect(ran.length).toBeGreaterThan(3);
  const walks: string[] = [];
  for (const s of ran.filter((s) => /^\s*(SELECT|INSERT|UPDATE|DELETE|WITH)\b/i.test(s.sql))) {
    const steps = (await w.query(`EXPLAIN QUERY PLAN ${s.sql}`, s.values)).map((r) => String(r.detail));
    for (const step of steps) {
      const walked = /^SCAN (\w+)/.exec(step)?.[1];
      const table = walked && (tables.has(walked) ? walked : aliasesOf(s.sql).get(walked));
      if (table && !ONE_ROW.has(table)) {
        walks.push(`${step}  in  ${s.sql.replace(/\s+/g, " ").slice(0, 200)}`);
      }
    }
  }
  return walks;
}

describe("the hottest calls' statements under statistics of a small tenant", () => {
  it("a release's scan and a receipt's scan", async () => {
    const out = await draft(w, { typeCode: "IOU" }, []);
    expect(
      await walksOf(() =>
        w.api("POST", "/WmsDocumentPosition/scan", {
          documentId: out.id,
          productCode: "H-MILK",
          sourceLocationId: bin,
        })
      ),
    ).toEqual([]);
    const into = await draft(w, { typeCode: "IIN", destinationLocationId: bin }, []);
    expect(
      await walksOf(() =>
        w.api("POST", "/WmsDocumentPosition/scan", { documentId: into.id, productCode: "H-MILK" })
      ),
    ).toEqual([]);
  });

  it("a Pick of a position", async () => {
    const d = await draft(w, { typeCode: "IOU" }, [{ productId: milk, quantity: 3, sourceLocationId: bin }]);
    expect(
      await walksOf(() =>
        w.api("POST", `/WmsDocumentPosition/${d.positionIds[0]}/Pick`, {
          quantity: 1,
          productCode: "5901234123457",
          locationId: bin,
        })
      ),
    ).toEqual([]);
  });

  it("a confirmation of a receipt and of a release, and a revert", async () => {
    const into = await draft(w, { typeCode: "IIN", destinationLocationId: bin }, [{
      productId: milk,
      quantity: 2,
    }]);
    expect(await walksOf(() => confirm(w, into.id, true))).toEqual([]);
    const out = await draft(w, { typeCode: "IOU", sourceLocationId: bin }, [{
      productId: milk,
      quantity: 1,
    }]);
    expect(await walksOf(() => confirm(w, out.id, true))).toEqual([]);
    expect(await walksOf(() => revert(w, out.id))).toEqual([]);
  });
});
