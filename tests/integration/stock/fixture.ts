// Shared set-up of the stock tests: a real server and tenant, helpers to make master data over HTTP, and
// the checks every step is followed by: stock lines equal the ledger, the summaries equal the lines, and
// a refusal leaves the stock tables as they were.
import { CHECKS } from "../../../server/domain/stock/ledger/invariant.ts";
import { expect } from "vitest";
import type { Tenant } from "../../../server/tenancy/registry.ts";
import {
  addUser,
  call,
  createTenant,
  type ShardedServer,
  signIn,
  startServer,
  startShardedServer,
  type TestServer,
} from "../../fixtures/harness.ts";

export interface StockWorld<S extends Pick<TestServer, "baseUrl" | "platform" | "close"> = TestServer> {
  s: S;
  tenant: Tenant;
  admin: string;
  query(sql: string, params?: unknown[]): Promise<Record<string, unknown>[]>;
  // deno-lint-ignore no-explicit-any
  api(method: string, path: string, body?: unknown, token?: string): Promise<{ status: number; body: any }>;
}

/** A world on either server: what the helpers below need. */
export type AnyWorld = StockWorld<Pick<TestServer, "baseUrl" | "platform" | "close">>;

/** `overrides` of the server's settings, e.g. a longer sign-in for a run that outlasts the default one. */
export async function startStockWorld(
  slug: string,
  overrides: Parameters<typeof startServer>[0] = {},
): Promise<StockWorld> {
  return worldOn(await startServer(overrides), slug);
}

/**
 * The same on the server as `npm start` runs it (a front and worker threads: server/cluster/); `query`
 * reads and writes the tenant's file from this thread, between the API calls.
 */
export async function startShardedStockWorld(
  slug: string,
  overrides: Parameters<typeof startShardedServer>[0] = {},
): Promise<StockWorld<ShardedServer>> {
  return worldOn(await startShardedServer(overrides), slug);
}

/** Another tenant's world on a server already started. */
export async function worldOn<S extends Pick<TestServer, "baseUrl" | "platform" | "close">>(
  s: S,
  slug: string,
): Promise<StockWorld<S>> {
  const tenant = await createTenant(s, slug);
  const admin = (await signIn(s, `${slug}-admin`)).token;
  return {
    s,
    tenant,
    admin,
    query: (sql, params = []) => s.platform.pool.use(tenant.dbUrl, (conn) => conn.query(sql, params)),
    api: (method, path, body, token = admin) => call(s, method, `/api${path}`, { token, body }),
  };
}

export async function addStaffUser(w: AnyWorld, username: string, extra: Record<string, unknown> = {}) {
  await addUser(w.s, w.admin, { username, ...extra });
  return (await signIn(w.s, username)).token;
}

export async function company(w: AnyWorld, shortName: string, keyRole = "contractor"): Promise<number> {
  const r = await w.api("POST", "/Company", { shortName, keyRole });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body.id;
}

export async function location(
  w: AnyWorld,
  label: string,
  extra: Record<string, unknown> = {},
): Promise<number> {
  const r = await w.api("POST", "/StorageSpace", { label, ...extra });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body.id;
}

export async function product(
  w: AnyWorld,
  index: string,
  extra: Record<string, unknown> = {},
): Promise<number> {
  const r = await w.api("POST", "/Product", { name: `Product ${index}`, index, ...extra });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body.id;
}

export async function container(w: AnyWorld, locationId: number, extra: Record<string, unknown> = {}) {
  const r = await w.api("POST", "/Container", { kind: "pallet", locationId, ...extra });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body as { id: number; number: string };
}

/** A working copy with positions; answers the document and its position ids. */
export async function draft(
  w: AnyWorld,
  header: Record<string, unknown>,
  positions: Record<string, unknown>[],
  token = w.admin,
) {
  const d = await w.api("POST", "/WmsDocument", header, token);
  expect(d.status, JSON.stringify(d.body)).toBe(201);
  const ids: number[] = [];
  for (const p of positions) {
    const r = await w.api("POST", "/WmsDocumentPosition", { documentId: d.body.id, ...p }, token);
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    ids.push(r.body.id);
  }
  return { id: d.body.id as number, positionIds: ids };
}

export function confirm(w: AnyWorld, id: number, acceptWarnings = false, token = w.admin) {
  return w.api(
    "POST",
    `/WmsDocument/${id}/confirm${acceptWarnings ? "?acceptWarnings=true" : ""}`,
    undefined,
    token,
  );
}

export function revert(w: AnyWorld, id: number, token = w.admin) {
  return w.api("POST", `/WmsDocument/${id}/revert`, undefined, token);
}

/**
 * The date `days` after today (UTC), as the API writes dates: a lot's expiry far enough ahead that no
 * short-expiry rule (30 days by default) meets it on whatever day the suite runs; a fixed date does, one
 * day (a release of 2027-01-01 was refused from 2026-12-03 on).
 */
export const daysAhead = (days: number): string =>
  new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** An ISO date as a GS1 label writes it (AI 11, 13, 15, 17: YYMMDD). */
export const yymmdd = (iso: string): string => iso.slice(2).replaceAll("-", "");

/** Receives `quantity` of a product at a location (a confirmed IIN); answers the document id. */
export async function receive(
  w: AnyWorld,
  productId: number,
  locationId: number,
  quantity: number,
  extra: Record<string, unknown> = {},
): Promise<number> {
  const d = await draft(w, { typeCode: "IIN", destinationLocationId: locationId }, [{
    productId,
    quantity,
    ...extra,
  }]);
  const r = await confirm(w, d.id, true);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return d.id;
}

/**
 * The invariant: for every key the ledger's sum equals the stock line (no line without movements, no
 * non-zero sum without a line) and each movement's balance its sum so far, no line is at or below zero, and
 * the summaries equal the lines.
 */
export async function assertStockEqualsLedger(w: Pick<StockWorld, "query">): Promise<void> {
  const mismatched = await w.query(`
    SELECT coalesce(l.line_key, m.line_key) AS k, l.quantity AS line, m.total AS ledger
    FROM (SELECT line_key, sum(delta) AS total FROM stock_movements GROUP BY line_key) m
    FULL OUTER JOIN stock_lines l ON l.line_key = m.line_key
    WHERE coalesce(l.quantity, 0) <> coalesce(m.total, 0)`);
  expect(mismatched, "stock lines differ from the ledger").toEqual([]);
  expect(await w.query("SELECT id, quantity FROM stock_lines WHERE quantity <= 0"), "lines at or below 0")
    .toEqual([]);
  const products = await w.query(`
    SELECT coalesce(t.product_id, l.product_id) AS p, t.quantity AS summary, l.total AS lines
    FROM stock_product_totals t
    FULL OUTER JOIN (SELECT product_id, sum(quantity) AS total FROM stock_lines GROUP BY product_id) l
      ON l.product_id = t.product_id
    WHERE coalesce(t.quantity, 0) <> coalesce(l.total, 0)`);
  expect(products, "product totals differ from the lines").toEqual([]);
  const locations = await w.query(`
    SELECT t.product_id, t.location_id, t.quantity AS summary, l.total AS lines
    FROM stock_location_totals t
    FULL OUTER JOIN (SELECT product_id, location_id, sum(quantity) AS total FROM stock_lines
      GROUP BY product_id, location_id) l ON l.product_id = t.product_id AND l.location_id = t.location_id
    WHERE coalesce(t.quantity, 0) <> coalesce(l.total, 0)`);
  expect(locations, "location totals differ from the lines").toEqual([]);
  // The weight at each location (the map's occupancy) is its stock times the products' weights, to within the
  // half gram each movement there rounds.
  const loads = await w.query(`
    SELECT coalesce(l.location_id, c.location_id) AS location, l.weight_g AS summary, c.expected
    FROM stock_location_loads l
    FULL OUTER JOIN (SELECT t.location_id, sum(round(coalesce(p.weight, 0) * t.quantity)) AS expected
      FROM stock_location_totals t JOIN products p ON p.id = t.product_id GROUP BY t.location_id) c
      ON c.location_id = l.location_id
    WHERE abs(coalesce(l.weight_g, 0) - coalesce(c.expected, 0)) >
      (SELECT count(*) FROM stock_movements m WHERE m.location_id = coalesce(l.location_id, c.location_id))`);
  expect(loads, "location weights differ from the stock").toEqual([]);
  // Each product's flows (the supply report's), every day's row, as the ledger sums them up to that day.
  const flows = await w.query(CHECKS["product flows differ from the ledger"]);
  expect(flows, "product flows differ from the ledger").toEqual([{ n: 0 }]);
  // Each movement's balance after it (where a line's arrival is read), as its key's movements sum up to it.
  const balances = await w.query(CHECKS["movement balances differ from the ledger"]);
  expect(balances, "movement balances differ from the ledger").toEqual([{ n: 0 }]);
}

/**
 * Reservations (decision 0008): no line has more reserved than it holds, and every reservation is of a
 * confirmed order, for a working copy of that order, on a line of its product and place.
 */
export async function assertReservationsHold(w: Pick<StockWorld, "query">): Promise<void> {
  const over = await w.query(`
    SELECT r.line_key, sum(r.quantity) AS reserved, coalesce(l.quantity, 0) AS held
    FROM stock_reservations r LEFT JOIN stock_lines l ON l.line_key = r.line_key
    GROUP BY r.line_key HAVING sum(r.quantity) > coalesce(l.quantity, 0)`);
  expect(over, "lines with more reserved than they hold").toEqual([]);
  const stray = await w.query(`
    SELECT r.id FROM stock_reservations r
    JOIN wms_orders o ON o.id = r.order_id
    JOIN wms_documents d ON d.id = r.document_id
    JOIN wms_document_positions p ON p.id = r.document_position_id
    WHERE o.status_code <> 'confirmed' OR d.status_code <> 'workingCopy' OR d.order_id IS NOT r.order_id
      OR p.document_id <> d.id OR p.product_id <> r.product_id OR r.quantity <= 0
    UNION ALL
    SELECT r.id FROM stock_reservations r
    WHERE NOT EXISTS (SELECT 1 FROM wms_orders o WHERE o.id = r.order_id)`);
  expect(stray, "reservations of no confirmed order's working copy").toEqual([]);
}

/** Everything a stock-moving verb may write, for "a refusal left it unchanged". */
export async function dumpStock(w: AnyWorld): Promise<string> {
  const tables = [
    "stock_lines",
    "stock_movements",
    "stock_product_totals",
    "stock_product_flows",
    "stock_location_totals",
    "wms_documents",
    "wms_document_positions",
    "containers",
    "record_log",
    "stock_reservations",
    "wms_orders",
    "wms_order_positions",
  ];
  const out: Record<string, unknown> = {};
  for (const t of tables) out[t] = await w.query(`SELECT * FROM ${t} ORDER BY rowid`);
  return JSON.stringify(out);
}

/** Stock of a product at a location, in units, from the lines. */
export async function stockAt(w: AnyWorld, productId: number, locationId: number): Promise<number> {
  const [row] = await w.query(
    "SELECT coalesce(sum(quantity), 0) AS q FROM stock_lines WHERE product_id = ? AND location_id = ?",
    [productId, locationId],
  );
  return Number(row.q) / 1000;
}

/**
 * An import call (multipart: the file and the options), as the import wizard sends it; `name` is the
 * file's name (its extension tells CSV from XLSX), `language` the caller's Accept-Language.
 */
export async function send(
  w: AnyWorld,
  path: string,
  file: Uint8Array | string,
  fields: Record<string, string>,
  o: { token?: string; name?: string; language?: string } = {},
  // deno-lint-ignore no-explicit-any
): Promise<{ status: number; body: any }> {
  const form = new FormData();
  const bytes = typeof file === "string" ? new TextEncoder().encode(file) : file;
  form.append("file", new File([bytes as Uint8Array<ArrayBuffer>], o.name ?? "data.csv"));
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  const r = await fetch(`${w.s.baseUrl}/api${path}`, {
    method: "POST",
    headers: { authorization: `Bearer ${o.token ?? w.admin}`, "accept-language": o.language ?? "en-US" },
    body: form,
  });
  return { status: r.status, body: await r.json() };
}

/** An import's job followed until it ends: each answer, the last its result. */
// deno-lint-ignore no-explicit-any
export async function follow(w: AnyWorld, jobId: string): Promise<Record<string, any>[]> {
  // deno-lint-ignore no-explicit-any
  const seen: Record<string, any>[] = [];
  for (;;) {
    const r = await w.api("GET", `/Import/${jobId}`);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    seen.push(r.body);
    if (r.body.status !== "running") return seen;
    // A job's progress is read as the wizard reads it, between short waits.
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
