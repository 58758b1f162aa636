// Paged lists at scale: GET /api/Product over HTTP at 10,000 and at 1,000,000 products, beside the very
// statements that call runs (captured from the resource engine) replayed on the raw driver on the same
// file. Four pages: filtered and sorted, a deep page in the middle, a quick search, a barcode lookup. The
// products are written straight into the tenant file (one transaction of prepared INSERTs), not through
// the API. The count(*) each page carries is timed apart, so its share of the cost can be read.
import { DatabaseSync, type StatementSync } from "node:sqlite";
import { drizzle } from "drizzle-orm/sqlite-proxy";
import { call, createTenant, signIn } from "../tests/fixtures/harness.ts";
import { filePathOf } from "../server/db/local.ts";
import type { Db } from "../server/db/connection.ts";
import type { TenantContext } from "../server/kernel/context.ts";
import { listQuerySchema } from "../server/kernel/list.ts";
import { productResource } from "../server/domain/assortment/products/resource.ts";
import {
  begin,
  type BenchResult,
  type Distribution,
  distribution,
  ms,
  pctl,
  progress,
  rng,
  startBenchServer,
  timeEach,
  writeResult,
} from "./lib.ts";

export const NAME = "lists";

const PARAMS = {
  sizes: [10_000, 1_000_000],
  pageSize: 50,
  warmup: 2,
  /** Calls per measurement: up to `calls`, but no more than `budgetSeconds` once `minCalls` are done. */
  calls: 25,
  minCalls: 5,
  budgetSeconds: 8,
  groups: 40,
  contractors: 10,
  seed: 42,
};

const WORDS = [
  "apple",
  "basil",
  "cocoa",
  "dill",
  "espresso",
  "fennel",
  "ginger",
  "honey",
  "icing",
  "jam",
  "kale",
  "lemon",
  "mango",
  "nutmeg",
  "olive",
  "pepper",
  "quince",
  "rice",
  "sugar",
  "tea",
  "udon",
  "vanilla",
  "walnut",
  "yeast",
];

type Sample = { sql: string; params: unknown[]; method: string };

interface Scenario {
  name: string;
  query: Record<string, string>;
}

/** The pages a user asks for; the deep one is the middle page (page 10,000 of 20,000 at 1M rows). */
function scenarios(rows: number, contractorId: number): Scenario[] {
  const { pageSize } = PARAMS;
  const filters = (f: unknown[]) => JSON.stringify(f);
  return [
    {
      name: "filteredSorted",
      query: {
        PageSize: String(pageSize),
        sortColumn: "name",
        BasicFiltersSerialized: filters([{ field: "contractorId", operator: "eq", value: contractorId }]),
      },
    },
    {
      name: "deepPage",
      query: {
        PageSize: String(pageSize),
        PageNumber: String(Math.floor(rows / pageSize / 2)),
        sortColumn: "name",
      },
    },
    {
      name: "quickSearch",
      query: {
        PageSize: String(pageSize),
        BasicFiltersSerialized: filters([{ field: "*", operator: "contains", value: "walnut tea 42" }]),
      },
    },
    {
      name: "barcodeEq",
      query: {
        PageSize: String(pageSize),
        BasicFiltersSerialized: filters([{ field: "barcodes", operator: "eq", value: barcodeOf(rows - 7) }]),
      },
    },
  ];
}

function barcodeOf(i: number): string {
  return `59${String(i).padStart(11, "0")}`;
}

interface Measured {
  api: Distribution;
  raw: Distribution;
  rawCountOnly: Distribution;
  statements: number;
  resultRows: number;
  allFilteredRowCount: number;
  ratio: { apiToRawP50: number; apiToRawP95: number; countShareOfRawP50: number };
}

/** Times `fn` up to PARAMS.calls times, stopping early past the budget once PARAMS.minCalls are done. */
async function timeBudgeted(fn: () => unknown): Promise<number[]> {
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

/**
 * Adds products `from`..`to`-1 (and one barcode each) in one transaction of prepared INSERTs. The two
 * tables' indexes are dropped first and built again at the end, in the same transaction: building an
 * index from the finished table is far quicker than keeping seventeen of them up to date row by row.
 */
function fill(raw: DatabaseSync, from: number, to: number, random: () => number): void {
  const now = new Date().toISOString();
  const product = raw.prepare(
    "INSERT INTO products (id, name, product_index, sap_id, unit, weight, cash_value, main_group_id, " +
      "contractor_id, fragile, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
  );
  const barcode = raw.prepare("INSERT INTO product_barcodes (product_id, barcode) VALUES (?, ?)");
  const pick = (n: number) => Math.floor(random() * n);
  raw.exec("BEGIN");
  try {
    const indexes = raw.prepare(
      "SELECT name, sql FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL " +
        "AND tbl_name IN ('products', 'product_barcodes')",
    ).all() as { name: string; sql: string }[];
    for (const { name } of indexes) raw.exec(`DROP INDEX "${name}"`);
    for (let i = from; i < to; i++) {
      const id = i + 1;
      const name = `${WORDS[pick(WORDS.length)]} ${WORDS[pick(WORDS.length)]} ${pick(1000)}`;
      product.run(
        id,
        name,
        `P-${String(i).padStart(7, "0")}`,
        i % 3 === 0 ? `ERP${i}` : null,
        i % 2 ? "pcs" : "kg",
        Math.round(random() * 10_000) / 100,
        Math.round(random() * 100_000) / 100,
        1 + pick(PARAMS.groups),
        i % 5 === 0 ? null : 1 + pick(PARAMS.contractors),
        i % 50 === 0 ? 1 : 0,
        now,
        now,
      );
      barcode.run(id, barcodeOf(i));
    }
    for (const { sql } of indexes) raw.exec(sql);
    raw.exec("COMMIT");
  } catch (err) {
    raw.exec("ROLLBACK");
    throw err;
  }
}

/** The statements one list call runs, captured by running the engine over a recording drizzle handle. */
async function capture(raw: DatabaseSync, query: Record<string, string>): Promise<Sample[]> {
  const seen: Sample[] = [];
  const db = drizzle((sql, params, method) => {
    seen.push({ sql, params, method });
    const stmt = raw.prepare(sql);
    stmt.setReturnArrays(true);
    const rows = method === "get" ? stmt.get(...(params as never[])) : stmt.all(...(params as never[]));
    return Promise.resolve({ rows: rows as unknown[] });
  }) as unknown as Db;
  const ctx = {
    actor: { userId: 1, contractorId: null, isSuperUser: true, isPowerUser: true },
    conn: { db },
  } as unknown as TenantContext;
  await productResource.list(ctx, listQuerySchema.parse(query));
  return seen;
}

async function measure(
  server: Awaited<ReturnType<typeof startBenchServer>>,
  token: string,
  raw: DatabaseSync,
  scenario: Scenario,
): Promise<Measured> {
  const path = `/api/Product?${new URLSearchParams(scenario.query)}`;
  let last: { results: unknown[]; allFilteredRowCount: number } | undefined;
  const apiOnce = async () => {
    const r = await call(server, "GET", path, { token });
    if (r.status !== 200) throw new Error(`${scenario.name} answered ${r.status}: ${JSON.stringify(r.body)}`);
    last = r.body;
  };
  const api = await timeBudgeted(apiOnce);

  const samples = await capture(raw, scenario.query);
  const prepared: [StatementSync, unknown[], string][] = samples.map((s) => {
    const stmt = raw.prepare(s.sql);
    stmt.setReturnArrays(true);
    return [stmt, s.params, s.method];
  });
  const rawOnce = () => {
    for (const [stmt, params, method] of prepared) {
      if (method === "get") stmt.get(...(params as never[]));
      else stmt.all(...(params as never[]));
    }
  };
  const rawSamples = await timeBudgeted(rawOnce);
  const count = prepared.find((_, i) => /count\(\*\)/.test(samples[i].sql));
  if (!count) throw new Error("the list ran no count(*)");
  const countSamples = await timeBudgeted(() => count[0].all(...(count[1] as never[])));

  const apiD = distribution(api);
  const rawD = distribution(rawSamples);
  const countD = distribution(countSamples);
  const round = (x: number) => Math.round(x * 100) / 100;
  return {
    api: apiD,
    raw: rawD,
    rawCountOnly: countD,
    statements: samples.length,
    resultRows: last?.results.length ?? 0,
    allFilteredRowCount: last?.allFilteredRowCount ?? 0,
    ratio: {
      apiToRawP50: round(apiD.p50 / rawD.p50),
      apiToRawP95: round(apiD.p95 / rawD.p95),
      countShareOfRawP50: round(countD.p50 / rawD.p50),
    },
  };
}

type Results = Record<string, { fillSeconds: number; scenarios: Record<string, Measured> }>;

export async function run(): Promise<BenchResult> {
  const started = begin();
  const server = await startBenchServer(NAME, { passwordHashCost: 1024, accessTokenTtlSeconds: 3600 });
  try {
    const tenant = await createTenant(server, "bench-lists");
    const { token } = await signIn(server, "bench-lists-admin");
    const raw = new DatabaseSync(filePathOf(tenant.dbUrl));
    raw.exec("PRAGMA journal_mode = WAL");
    raw.exec("PRAGMA busy_timeout = 5000");
    const now = new Date().toISOString();
    for (let g = 1; g <= PARAMS.groups; g++) {
      raw.prepare("INSERT INTO product_groups (id, name, created_at, updated_at) VALUES (?, ?, ?, ?)")
        .run(g, `Group ${g}`, now, now);
    }
    const contractorIds: number[] = [];
    for (let c = 1; c <= PARAMS.contractors; c++) {
      const row = raw.prepare(
        "INSERT INTO companies (short_name, key_role, created_at, updated_at) VALUES (?, 'contractor', ?, ?) " +
          "RETURNING id",
      ).get(`CONTRACTOR ${c}`, now, now) as { id: number };
      contractorIds.push(Number(row.id));
    }
    if (contractorIds.join() !== Array.from({ length: PARAMS.contractors }, (_, i) => i + 1).join()) {
      throw new Error("the contractors did not get ids 1..n");
    }

    const random = rng(PARAMS.seed);
    const results: Results = {};
    let rows = 0;
    for (const size of PARAMS.sizes) {
      progress(NAME, `filling ${size.toLocaleString("en")} products`);
      const t0 = performance.now();
      raw.exec("PRAGMA cache_size = -262144");
      fill(raw, rows, size, random);
      raw.exec("PRAGMA wal_checkpoint(TRUNCATE)");
      // Measured with SQLite's default page cache, as the application's connection has.
      raw.exec("PRAGMA cache_size = -2000");
      rows = size;
      const fillSeconds = Math.round((performance.now() - t0) / 100) / 10;
      const measured: Record<string, Measured> = {};
      for (const scenario of scenarios(rows, 3)) {
        progress(NAME, `${size.toLocaleString("en")} rows: ${scenario.name}`);
        measured[scenario.name] = await measure(server, token, raw, scenario);
      }
      results[String(size)] = { fillSeconds, scenarios: measured };
    }
    raw.close();
    return writeResult(NAME, started, PARAMS, results, true, [
      "Milliseconds per list call, one after another, admin token, PageSize 50.",
      "api: GET /api/Product over HTTP/1.1 keep-alive on 127.0.0.1 (auth, tenant, JSON; client and server " +
      "share one process and event loop).",
      "raw: the statements the engine runs for that call (id page, count(*), rows, barcodes, group links, " +
      "group and contractor names), captured once and replayed as prepared statements on node:sqlite.",
      "rawCountOnly: the count(*) statement alone; countShareOfRawP50 is its p50 over the raw p50.",
      "filteredSorted: contractorId eq 3 (~8% of rows), sorted by name. deepPage: sorted by name, the " +
      "middle page (10,000 at 1M rows). quickSearch: `*` contains over name, index, sapId and barcodes. " +
      "barcodeEq: the barcodes filter, one product.",
      "The tables are filled without ANALYZE, as the application leaves them. Each measurement takes up to " +
      "`calls` samples after `warmup`, fewer (at least `minCalls`) when they pass `budgetSeconds`: see n.",
    ]);
  } finally {
    await server.close();
  }
}

export function summarize(r: BenchResult): string[] {
  const x = r.results as Results;
  const lines: string[] = [];
  for (const [size, { fillSeconds, scenarios }] of Object.entries(x)) {
    lines.push(`${Number(size).toLocaleString("en")} products (filled in ${fillSeconds} s):`);
    for (const [name, m] of Object.entries(scenarios)) {
      lines.push(
        `  ${name.padEnd(15)} API ${pctl(m.api)} | raw ${ms(m.raw.p50)} p50 (count ${
          ms(m.rawCountOnly.p50)
        }) ` +
          `| ratio ${m.ratio.apiToRawP50}× p50, ${m.ratio.apiToRawP95}× p95`,
      );
    }
  }
  return lines;
}

if (import.meta.main) {
  const r = await run();
  if (!Deno.env.get("BENCH_CHILD")) { for (const line of summarize(r)) console.log(line); }
}
