// The WmsInventory reports at scale: 1,000,000 stock lines of 10,000 products at 2,000 locations (and one
// ledger row per line over a year), each report called over HTTP with an administrator's token. The data is
// written straight into the tenant file (prepared INSERTs in one transaction, indexes rebuilt after), the
// summaries from the lines, as the stock engine would have kept them.
import { DatabaseSync } from "node:sqlite";
import { call, createTenant, signIn } from "../tests/fixtures/harness.ts";
import { filePathOf } from "../server/db/local.ts";
import {
  begin,
  type BenchResult,
  type Distribution,
  distribution,
  fillStock,
  pctl,
  progress,
  rng,
  startBenchServer,
  timeEach,
  writeResult,
} from "./lib.ts";

export const NAME = "inventory";

const PARAMS = {
  lines: 1_000_000,
  products: 10_000,
  locations: 2_000,
  /** Locations per parent (the subtree customProductStock sums over is one parent's children). */
  perParent: 50,
  contractors: 10,
  days: 365,
  pageSize: 50,
  warmup: 2,
  calls: 15,
  minCalls: 5,
  budgetSeconds: 6,
  seed: 7,
  /** The bound checked: every scenario's p50 (ms). */
  p50BoundMs: 250,
};

/** The first id of the fill's daily documents (fillStock's own document is id 1). */
const RECEIPTS = 1000;

const day = (d: number) => new Date(Date.UTC(2026, 0, 1) + d * 86_400_000).toISOString();

function fill(raw: DatabaseSync, random: () => number): void {
  const pick = (n: number) => Math.floor(random() * n);
  const now = new Date().toISOString();
  fillStock(raw, ["products", "storage_spaces", "stock_lines", "stock_movements", "wms_documents"], () => {
    const company = raw.prepare(
      "INSERT INTO companies (id, short_name, key_role, created_at, updated_at) VALUES (?, ?, 'contractor', ?, ?)",
    );
    for (let c = 1; c <= PARAMS.contractors; c++) company.run(c, `CONTRACTOR ${c}`, now, now);
    const location = raw.prepare(
      "INSERT INTO storage_spaces (id, label, barcode, parent_id, path, temperature, pickup_order, created_at, " +
        "updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
    );
    const parents = Math.ceil(PARAMS.locations / PARAMS.perParent);
    for (let p = 1; p <= parents; p++) location.run(p, `R${p}`, `R${p}`, null, `R${p}`, null, null, now, now);
    for (let i = 0; i < PARAMS.locations; i++) {
      const id = parents + 1 + i;
      const parent = 1 + Math.floor(i / PARAMS.perParent);
      const label = `R${parent}-${i}`;
      location.run(id, label, label, parent, `R${parent} / ${label}`, 4, i, now, now);
    }
    const product = raw.prepare(
      "INSERT INTO products (id, name, product_index, weight, cash_value, contractor_id, warning_stock, " +
        "critical_stock, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
    );
    for (let i = 1; i <= PARAMS.products; i++) {
      product.run(
        i,
        `Product ${i}`,
        `P-${String(i).padStart(6, "0")}`,
        1 + pick(20),
        1 + pick(100),
        i % 5 === 0 ? null : 1 + (i % PARAMS.contractors),
        pick(3) === 0 ? 5_000 : null,
        pick(5) === 0 ? 100 : null,
        now,
        now,
      );
    }
    // One EAN-13-like barcode per product: 590 and the product id in ten digits.
    const barcode = raw.prepare("INSERT INTO product_barcodes (product_id, barcode) VALUES (?, ?)");
    for (let i = 1; i <= PARAMS.products; i++) barcode.run(i, `590${String(i).padStart(10, "0")}`);
    const line = raw.prepare(
      "INSERT INTO stock_lines (id, line_key, product_id, location_id, expiry_date, quantity, created_at, " +
        "updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
    );
    const movement = raw.prepare(
      "INSERT INTO stock_movements (id, document_id, line_key, product_id, location_id, expiry_date, delta, " +
        "balance_after, reason, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'confirm', ?)",
    );
    // A receipt (IIN) and a release (IOU) confirmed each day; every fourth line lost part of its stock to a
    // later day's release, so its ledger is a receipt and a release that sum to the line.
    const document = raw.prepare(
      "INSERT INTO wms_documents (id, document_number, type_code, status_code, executed_at, created_at, " +
        "updated_at) VALUES (?, ?, ?, 'confirmed', ?, ?, ?)",
    );
    const receiptOf = (d: number) => RECEIPTS + 2 * d;
    for (let d = 0; d < PARAMS.days; d++) {
      document.run(receiptOf(d), `IIN/${d}`, "IIN", day(d), day(d), day(d));
      document.run(receiptOf(d) + 1, `IOU/${d}`, "IOU", day(d), day(d), day(d));
    }
    for (let i = 1; i <= PARAMS.lines; i++) {
      const productId = 1 + pick(PARAMS.products);
      const locationId = parents + 1 + pick(PARAMS.locations);
      const expiry = day(PARAMS.days + pick(700)).slice(0, 10);
      const key = `${productId}|${locationId}||${expiry}|${i}`;
      const quantity = (1 + pick(100)) * 1000;
      const received = pick(PARAMS.days);
      const released = i % 4 === 0 ? (1 + pick(5)) * 1000 : 0;
      const at = day(received);
      line.run(i, key, productId, locationId, expiry, quantity, at, at);
      movement.run(
        i,
        receiptOf(received),
        key,
        productId,
        locationId,
        expiry,
        quantity + released,
        quantity + released,
        at,
      );
      if (released) {
        const out = Math.min(PARAMS.days - 1, received + pick(30));
        movement.run(
          PARAMS.lines + i,
          receiptOf(out) + 1,
          key,
          productId,
          locationId,
          expiry,
          -released,
          quantity,
          day(out),
        );
      }
    }
  });
}

function scenarios(): Record<string, string> {
  const middle = Math.floor(PARAMS.lines / PARAMS.pageSize / 2);
  const f = (x: unknown) => encodeURIComponent(JSON.stringify(x));
  const size = `PageSize=${PARAMS.pageSize}`;
  return {
    inventoryFirstPage: `/WmsInventory/inventory?${size}`,
    inventoryDeepByExpiry: `/WmsInventory/inventory?${size}&PageNumber=${middle}&sortColumn=expiryDate`,
    inventoryDeepByQuantity: `/WmsInventory/inventory?${size}&PageNumber=${middle}&sortColumn=quantity` +
      "&sortDescending=true",
    inventoryByProductIndex: `/WmsInventory/inventory?${size}&BasicFiltersSerialized=${
      f([{ field: "productIndex", operator: "eq", value: "P-004242" }])
    }`,
    // A scanned barcode in the quick search (the product index, name, serial, location and container
    // texts and the barcodes, all contains).
    inventoryQuickSearchBarcode: `/WmsInventory/inventory?${size}&BasicFiltersSerialized=${
      f([{ field: "*", operator: "contains", value: "5900000004242" }])
    }`,
    inventoryQuickSearchIndex: `/WmsInventory/inventory?${size}&BasicFiltersSerialized=${
      f([{ field: "*", operator: "contains", value: "P-004242" }])
    }`,
    productStockQuickSearchBarcode: `/WmsInventory/productStock?${size}&BasicFiltersSerialized=${
      f([{ field: "*", operator: "contains", value: "5900000004242" }])
    }`,
    productStockDeepByQuantity: `/WmsInventory/productStock?${size}&PageNumber=100&sortColumn=quantity`,
    productStockBelowWarning: `/WmsInventory/productStock?${size}&belowWarning=true`,
    customProductStockOneLocation:
      `/WmsInventory/customProductStock?${size}&locationIds=1234&sortColumn=quantity` +
      "&sortDescending=true",
    customProductStockSubtree:
      `/WmsInventory/customProductStock?${size}&locationTreeId=7&sortColumn=quantity` +
      "&sortDescending=true",
    bestSourceMaterial: "/WmsInventory/bestsourcematerial/4242?quantity=500",
    locationSuggestIn: "/WmsInventory/locationsuggestin?productId=4242&quantity=10",
    productMovements30Days: `/WmsInventory/productMovements?${size}&productId=4242&dateFrom=2026-03-01` +
      "&dateTo=2026-03-30",
    productGroupMovements7Days: "/WmsInventory/productGroupMovements?dateFrom=2026-03-01&dateTo=2026-03-07",
    productOutOrdersChart30Days: "/WmsInventory/productOutOrdersChart?dateFrom=2026-03-01&dateTo=2026-03-30",
  };
}

async function timeBudgeted(fn: () => Promise<unknown>): Promise<number[]> {
  await timeEach(PARAMS.warmup, fn);
  const out: number[] = [];
  const t0 = performance.now();
  while (
    out.length < PARAMS.calls &&
    (out.length < PARAMS.minCalls || performance.now() - t0 < PARAMS.budgetSeconds * 1000)
  ) {
    out.push(...await timeEach(1, fn));
  }
  return out;
}

type Results = { fillSeconds: number; scenarios: Record<string, { api: Distribution; rows: number }> };

export async function run(): Promise<BenchResult> {
  const started = begin();
  const server = await startBenchServer(NAME, { passwordHashCost: 1024, accessTokenTtlSeconds: 3600 });
  try {
    const tenant = await createTenant(server, "bench-inventory");
    const { token } = await signIn(server, "bench-inventory-admin");
    const raw = new DatabaseSync(filePathOf(tenant.dbUrl));
    raw.exec("PRAGMA journal_mode = WAL");
    raw.exec("PRAGMA busy_timeout = 5000");
    raw.exec("PRAGMA cache_size = -262144");
    progress(NAME, `filling ${PARAMS.lines.toLocaleString("en")} stock lines`);
    const t0 = performance.now();
    fill(raw, rng(PARAMS.seed));
    raw.exec("PRAGMA wal_checkpoint(TRUNCATE)");
    raw.close();
    const fillSeconds = Math.round((performance.now() - t0) / 100) / 10;
    const measured: Results["scenarios"] = {};
    let ok = true;
    for (const [name, path] of Object.entries(scenarios())) {
      progress(NAME, name);
      let rows = 0;
      const api = distribution(
        await timeBudgeted(async () => {
          const r = await call(server, "GET", `/api${path}`, { token });
          if (r.status !== 200) throw new Error(`${name} answered ${r.status}: ${JSON.stringify(r.body)}`);
          rows = Array.isArray(r.body) ? r.body.length : r.body.results.length;
        }),
      );
      measured[name] = { api, rows };
      if (api.p50 > PARAMS.p50BoundMs) ok = false;
    }
    return writeResult(NAME, started, PARAMS, { fillSeconds, scenarios: measured } satisfies Results, ok, [
      "Milliseconds per call, one after another, admin token, over HTTP/1.1 keep-alive on 127.0.0.1.",
      "Deep pages are the middle page (10,000 of 20,000); ok is false when a scenario's p50 passes p50BoundMs.",
      "bestSourceMaterial reads each line's arrival from the ledger (one ledger row per line here).",
    ]);
  } finally {
    await server.close();
  }
}

export function summarize(r: BenchResult): string[] {
  const x = r.results as Results;
  return [
    `${PARAMS.lines.toLocaleString("en")} stock lines (filled in ${x.fillSeconds} s):`,
    ...Object.entries(x.scenarios).map(([name, m]) => `  ${name.padEnd(28)} ${pctl(m.api)}  rows ${m.rows}`),
  ];
}

if (import.meta.main) {
  const r = await run();
  if (!Deno.env.get("BENCH_CHILD")) { for (const line of summarize(r)) console.log(line); }
}
