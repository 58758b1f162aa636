// Shared pieces of the benchmarks: where work data goes, machine facts, percentiles, resource probes
// (RSS, open file descriptors), a loopback server around createApp(platform) and the result files.
import {
  closeSync,
  copyFileSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { DatabaseSync, type SQLInputValue, type StatementSync } from "node:sqlite";
import { type Config, loadConfig, tenantDbUrlFor } from "../server/config.ts";
import { createPlatform, type Platform } from "../server/platform.ts";
import { provisionTenant } from "../server/tenancy/provision.ts";
import type { Tenant } from "../server/tenancy/registry.ts";
import {
  CACHE_KIB,
  filePathOf,
  MMAP_MIB,
  type RecordedStatement,
  recordStatements,
  withoutSamples,
} from "../server/db/local.ts";
import { rebuildProductFlows } from "../server/domain/stock/ledger/invariant.ts";
import { nowIso } from "../server/kernel/time.ts";
import { tenants } from "../server/tenancy/schema.ts";
import { PASSWORD, startServer, type TestServer } from "../tests/fixtures/harness.ts";

export const BENCH_DIR = fileURLToPath(new URL(".", import.meta.url));
export const DATA_ROOT = join(BENCH_DIR, ".data");
export const RESULTS_DIR = join(BENCH_DIR, "results");
export const DENO = fileURLToPath(new URL("../node_modules/deno/deno", import.meta.url));

/** A fresh work directory under bench/.data/ (git-ignored). */
export function workDir(name: string): string {
  const dir = join(DATA_ROOT, `${name}-${crypto.randomUUID().slice(0, 8)}`);
  mkdirSync(dir, { recursive: true });
  return dir;
}

export function removeDir(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
}

// --- measurements ----------------------------------------------------------------------------------

export interface Distribution {
  n: number;
  min: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  mean: number;
}

/** Nearest-rank percentiles of `samples` (milliseconds in, milliseconds out, rounded to 0.1 µs). */
export function distribution(samples: number[]): Distribution {
  if (samples.length === 0) return { n: 0, min: NaN, p50: NaN, p95: NaN, p99: NaN, max: NaN, mean: NaN };
  const s = [...samples].sort((a, b) => a - b);
  const at = (q: number) => s[Math.min(s.length - 1, Math.max(0, Math.ceil(q * s.length) - 1))];
  const r = (x: number) => Math.round(x * 10_000) / 10_000;
  return {
    n: s.length,
    min: r(s[0]),
    p50: r(at(0.5)),
    p95: r(at(0.95)),
    p99: r(at(0.99)),
    max: r(s[s.length - 1]),
    mean: r(s.reduce((a, b) => a + b, 0) / s.length),
  };
}

/** Runs `fn` `n` times one after another; answers each call's duration in milliseconds. */
export async function timeEach(n: number, fn: (i: number) => Promise<unknown> | unknown): Promise<number[]> {
  const out = new Array<number>(n);
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    await fn(i);
    out[i] = performance.now() - t0;
  }
  return out;
}

/** Open file descriptors of this process (entries of /proc/self/fd, less the one reading it). */
export function openFds(): number {
  try {
    return readdirSync("/proc/self/fd").length - 1;
  } catch {
    return NaN;
  }
}

const MB = 1024 * 1024;

export function mb(bytes: number): number {
  return Math.round((bytes / MB) * 100) / 100;
}

/** Collects garbage when the process runs with --v8-flags=--expose-gc; answers whether it could. */
export function collectGarbage(): boolean {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) return false;
  gc();
  gc();
  return true;
}

export interface MemorySample {
  rssMb: number;
  /**
   * RSS split (Linux, /proc/self/status): the process's own memory (RssAnon), and pages of files it maps
   * (RssFile: a memory-mapped database's pages, which are the OS's file cache, shared and reclaimable).
   */
  rssAnonMb?: number;
  rssFileMb?: number;
  heapUsedMb: number;
  heapTotalMb: number;
  externalMb: number;
}

function rssSplit(): { rssAnonMb?: number; rssFileMb?: number } {
  try {
    const s = readFileSync("/proc/self/status", "utf8");
    const kb = (key: string) => Number(new RegExp(`^${key}:\\s+(\\d+) kB`, "m").exec(s)?.[1] ?? NaN);
    const anon = kb("RssAnon"), file = kb("RssFile");
    return Number.isFinite(anon) && Number.isFinite(file)
      ? { rssAnonMb: mb(anon * 1024), rssFileMb: mb(file * 1024) }
      : {};
  } catch {
    return {};
  }
}

export function memorySample(): MemorySample {
  const m = Deno.memoryUsage();
  return {
    rssMb: mb(m.rss),
    ...rssSplit(),
    heapUsedMb: mb(m.heapUsed),
    heapTotalMb: mb(m.heapTotal),
    externalMb: mb(m.external),
  };
}

/** A deterministic PRNG (mulberry32), so that runs draw the same traffic. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// --- servers ---------------------------------------------------------------------------------------

/**
 * Like tests/fixtures/harness.ts startServer, but its data lives under bench/.data/ and the password
 * cost is the production default unless overridden. The answer fits the harness helpers (call, signIn).
 */
export function startBenchServer(name: string, overrides: Partial<Config> = {}): Promise<TestServer> {
  return startServer({
    passwordHashCost: loadConfig().passwordHashCost,
    publicUrl: "http://wms.bench",
    loginLimitPerUser: 1_000_000,
    loginLimitPerIp: 1_000_000,
    // A benchmark's few users call at machine speed: the per-user rate would measure itself.
    apiUserBurst: 1_000_000,
    apiUserPerSecond: 1_000_000,
    ...overrides,
  }, workDir(name));
}

/**
 * A full ANALYZE of a filled tenant, as a bench's fill leaves it for the server: the row estimates kept,
 * the value samples (sqlite_stat4) dropped as the server drops them when it opens a file (server/db/local.ts,
 * withoutSamples). Left in a file the server already has open, the samples made it compile its statements
 * again on every call: a 1-position receipt's product-flow statements took 0.24 and 0.13 ms instead of 0.05
 * and 0.03, the whole confirmation 3.8 ms instead of 2.6 (scratch run, 2026-11-30).
 */
export function analyse(raw: DatabaseSync): void {
  raw.exec("ANALYZE");
  withoutSamples(raw, 5000);
  const { n } = raw.prepare("SELECT count(*) AS n FROM sqlite_stat4").get() as { n: number };
  if (n !== 0) throw new Error("the fill's value samples could not be dropped (the file was busy)");
  // Another connection (the server's) reads the statistics again only when the schema changes: once the
  // tables exist, a later ANALYZE alone would leave it planning from the earlier ones.
  raw.exec("CREATE TABLE bench_reload_statistics (x); DROP TABLE bench_reload_statistics");
}

// --- a call's own statements ----------------------------------------------------------------------

/**
 * Each call's statements on the tenant's file `path` (not the control database's), one group per call:
 * `during` records the call it wraps, for `replay`.
 */
export function recorder(path: string) {
  const groups: RecordedStatement[][] = [];
  return {
    groups,
    async during<T>(call: () => Promise<T>): Promise<T> {
      const group: RecordedStatement[] = [];
      recordStatements((s) => {
        if (s.path === path) group.push(s);
      });
      try {
        return await call();
      } finally {
        recordStatements();
        groups.push(group);
      }
    },
  };
}

/**
 * A copy of a tenant's file as it stands now (its WAL with it), opened on the raw driver as the server opens
 * its files: the state a call of the API met, for the raw driver to do the same work over (`remove` closes
 * and deletes it). Nothing may write the file while it is copied: call it between calls.
 */
export function rawCopy(raw: DatabaseSync, path: string): { db: DatabaseSync; remove(): void } {
  // A checkpoint that a reader keeps from finishing leaves frames in the WAL: it is copied with the file, and
  // SQLite recovers from it what was committed (frames of a transaction still open carry no commit mark).
  raw.exec("PRAGMA wal_checkpoint(TRUNCATE)");
  // The work directory is the run's own (workDir): a name new in this process is new on the disk.
  const copy = `${path}.replay-${++replayCopies}`;
  const files = [copy];
  copyFileSync(path, copy);
  try {
    copyFileSync(`${path}-wal`, `${copy}-wal`);
    files.push(`${copy}-wal`);
  } catch { /* no WAL: the file is all */ }
  // Written to the disk now, not by the kernel during the timed calls that follow.
  for (const file of files) {
    const fd = openSync(file, "r+");
    try {
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
  }
  const db = new DatabaseSync(copy);
  db.exec("PRAGMA journal_mode = WAL");
  db.exec("PRAGMA synchronous = NORMAL");
  db.exec("PRAGMA foreign_keys = ON");
  db.exec("PRAGMA wal_autocheckpoint = 0");
  db.exec(`PRAGMA cache_size = -${CACHE_KIB}`);
  db.exec(`PRAGMA mmap_size = ${MMAP_MIB * 1024 * 1024}`);
  return {
    db,
    remove() {
      db.close();
      for (const suffix of ["", "-wal", "-shm"]) rmSync(copy + suffix, { force: true });
    },
  };
}

/**
 * A `rawCopy` for the statements recorded from here on to be replayed (`run`: `replay` over the copy, which
 * it then removes) over the state the API met: run again over the live file, a write meets what it wrote
 * itself (a receipt's new stock line is found, and its insert becomes an update of one row, not an entry in
 * each of the table's indexes).
 */
export function replayCopy(
  raw: DatabaseSync,
  path: string,
): { run(groups: RecordedStatement[][], warmup: number): number[] } {
  const copy = rawCopy(raw, path);
  return {
    run(groups, warmup) {
      try {
        return replay(copy.db, groups, warmup);
      } finally {
        copy.remove();
      }
    },
  };
}
let replayCopies = 0;

/**
 * The recorded statements run again on the raw driver, each group in its transaction, timed per group. Over
 * the live file the writes set what they set before (a quantity, a time) and the record log takes a row more:
 * the same work for an update; over a `replayCopy` made before the calls, every write's own work.
 */
function replay(raw: DatabaseSync, groups: RecordedStatement[][], warmup: number): number[] {
  const statements = new Map<string, StatementSync>();
  const times: number[] = [];
  for (const [i, group] of groups.entries()) {
    const t = performance.now();
    try {
      for (const { sql, values } of group) {
        if (sql === "BEGIN IMMEDIATE" || sql === "COMMIT") raw.exec(sql);
        else {
          let statement = statements.get(sql);
          if (!statement) statements.set(sql, statement = raw.prepare(sql));
          statement.all(...(values as SQLInputValue[]));
        }
      }
    } catch (err) {
      // A write that cannot be made twice (a new row's unique key): that call is left out of the figure.
      if (raw.isTransaction) raw.exec("ROLLBACK");
      if (!/constraint/i.test(String(err))) throw err;
      continue;
    }
    if (i >= warmup) times.push(performance.now() - t);
  }
  return times;
}

// --- results ---------------------------------------------------------------------------------------

export function sqliteVersion(): string {
  const db = new DatabaseSync(":memory:");
  try {
    return String((db.prepare("SELECT sqlite_version() AS v").get() as { v: string }).v);
  } finally {
    db.close();
  }
}

function cpuModel(): string | null {
  try {
    const m = /^model name\s*:\s*(.+)$/m.exec(readFileSync("/proc/cpuinfo", "utf8"));
    return m ? m[1].trim() : null;
  } catch {
    return null;
  }
}

export function machineInfo() {
  return {
    os: Deno.build.os,
    arch: Deno.build.arch,
    osRelease: Deno.osRelease(),
    cores: navigator.hardwareConcurrency,
    cpuModel: cpuModel(),
    memoryTotalMb: mb(Deno.systemMemoryInfo().total),
    deno: Deno.version.deno,
    v8: Deno.version.v8,
  };
}

function gitInfo(): { commit: string | null; dirty: boolean | null } {
  try {
    const run = (args: string[]) =>
      new TextDecoder().decode(
        new Deno.Command("git", { args, cwd: resolve(BENCH_DIR, ".."), stderr: "null" })
          .outputSync().stdout,
      ).trim();
    const commit = run(["rev-parse", "HEAD"]) || null;
    return {
      commit,
      dirty: commit ? run(["status", "--porcelain", "--", "server", "tenants"]) !== "" : null,
    };
  } catch {
    return { commit: null, dirty: null };
  }
}

/** When a benchmark started, and how busy the machine was then (other processes skew the figures). */
export interface Started {
  at: number;
  loadAvg: number[];
}

function loadAvg(): number[] {
  return Deno.loadavg().map((x) => Math.round(x * 100) / 100);
}

export function begin(): Started {
  return { at: performance.now(), loadAvg: loadAvg() };
}

export interface BenchResult<P = unknown, R = unknown> {
  name: string;
  date: string;
  durationSeconds: number;
  machine: ReturnType<typeof machineInfo>;
  /** 1, 5 and 15-minute load averages when the benchmark started and ended. */
  loadAvg: { start: number[]; end: number[] };
  sqliteVersion: string;
  git: { commit: string | null; dirty: boolean | null };
  parameters: P;
  results: R;
  /** False when a bound the benchmark checks was exceeded (the run exits non-zero). */
  ok: boolean;
  notes: string[];
}

export function resultPath(name: string): string {
  return join(RESULTS_DIR, `${name}.json`);
}

export function writeResult<P, R>(
  name: string,
  started: Started,
  parameters: P,
  results: R,
  ok: boolean,
  notes: string[],
): BenchResult<P, R> {
  const result: BenchResult<P, R> = {
    name,
    date: new Date().toISOString(),
    durationSeconds: Math.round((performance.now() - started.at) / 100) / 10,
    machine: machineInfo(),
    loadAvg: { start: started.loadAvg, end: loadAvg() },
    sqliteVersion: sqliteVersion(),
    git: gitInfo(),
    parameters,
    results,
    ok,
    notes,
  };
  mkdirSync(RESULTS_DIR, { recursive: true });
  writeFileSync(resultPath(name), JSON.stringify(result, null, 2) + "\n");
  return result;
}

export function readResult(name: string): BenchResult | undefined {
  try {
    return JSON.parse(readFileSync(resultPath(name), "utf8")) as BenchResult;
  } catch {
    return undefined;
  }
}

export function ms(x: number): string {
  if (!Number.isFinite(x)) return String(x);
  if (x < 1) return `${(x * 1000).toFixed(1)} µs`;
  return `${x.toFixed(x < 10 ? 2 : 1)} ms`;
}

/** p50 and p99 of a distribution, for a summary line. */
export function p50p99(d: Distribution): string {
  return `p50 ${ms(d.p50)}  p99 ${ms(d.p99)}  (n=${d.n})`;
}

/** The API's times beside the raw driver's doing the same reads: both distributions and their ratios. */
export function versus(api: number[], raw: number[]) {
  const a = distribution(api);
  const r = distribution(raw);
  return {
    api: a,
    raw: r,
    ratioP50: Math.round((a.p50 / r.p50) * 100) / 100,
    ratioP99: Math.round((a.p99 / r.p99) * 100) / 100,
  };
}

export function pctl(d: Distribution): string {
  return `p50 ${ms(d.p50)}  p95 ${ms(d.p95)}  (n=${d.n})`;
}

/**
 * An API answer's headers, to answer again as it came (a floor beside the API: `lookup`, `lists`): the
 * security headers, the request id and the client build every API answer carries (16-27 µs a call over HTTP
 * against a content type alone), without the date and length Deno adds itself. Refuses an answer that
 * carried no security policy or request id: that floor would be too low.
 */
export function answerHeaders(headers: Headers): [string, string][] {
  const kept = [...headers].filter(([k]) => k !== "date" && k !== "content-length");
  for (const needed of ["content-security-policy", "x-request-id"]) {
    if (!kept.some(([k]) => k === needed)) throw new Error(`the API answered without ${needed}`);
  }
  return kept;
}

/** `answerHeaders` for one more answer: the request id a fresh one, as the API's is each call. */
export function againWith(headers: [string, string][]): [string, string][] {
  return headers.map(([k, v]) => [k, k === "x-request-id" ? crypto.randomUUID() : v]);
}

const processStart = performance.now();

/** A progress line on stderr, so that a long benchmark shows it is alive. */
export function progress(name: string, message: string): void {
  console.error(`  [${name} +${((performance.now() - processStart) / 1000).toFixed(0)}s] ${message}`);
}

export function loadAvgNow(): string {
  return Deno.loadavg().map((x) => x.toFixed(2)).join(" ");
}

/**
 * Fills a tenant file with stock straight through the raw driver, in one transaction: the indexes of the
 * filled tables are dropped first and built again after (much faster than keeping them up row by row),
 * then the two stock summaries are made from the lines, as the stock engine would have kept them, and the
 * one confirmed document every ledger row of the fill names (id 1).
 */
export function fillStock(raw: DatabaseSync, tables: string[], fill: () => void): void {
  const now = new Date().toISOString();
  raw.exec("BEGIN");
  try {
    const indexes = raw.prepare(
      `SELECT name, sql FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL AND tbl_name IN (${
        tables.map((t) => `'${t}'`).join(",")
      })`,
    ).all() as { name: string; sql: string }[];
    for (const { name } of indexes) raw.exec(`DROP INDEX "${name}"`);
    fill();
    for (const { sql } of indexes) raw.exec(sql);
    raw.exec(
      "INSERT INTO stock_product_totals (product_id, quantity) SELECT product_id, sum(quantity) FROM stock_lines " +
        "GROUP BY product_id",
    );
    raw.exec(
      "INSERT INTO stock_location_totals (product_id, location_id, quantity) SELECT product_id, location_id, " +
        "sum(quantity) FROM stock_lines GROUP BY product_id, location_id",
    );
    raw.exec(
      "INSERT INTO stock_location_loads (location_id, weight_g) SELECT t.location_id, " +
        "sum(CAST(round(coalesce(p.weight, 0) * t.quantity) AS INTEGER)) FROM stock_location_totals t " +
        "JOIN products p ON p.id = t.product_id GROUP BY t.location_id",
    );
    raw.exec(
      "INSERT INTO wms_documents (id, document_number, type_code, status_code, executed_at, created_at, " +
        `updated_at) VALUES (1, 'IIN/BENCH', 'IIN', 'confirmed', '${now}', '${now}', '${now}')`,
    );
    rebuildProductFlows(raw);
    raw.exec("COMMIT");
  } catch (err) {
    raw.exec("ROLLBACK");
    throw err;
  }
}

/**
 * Many tenants at once: `source`'s file (closed, so the copy is the whole database) copied for each slug and
 * registered in the control database in one transaction, each with `adminUserId`; answers their ids.
 */
export async function copyTenants(
  platform: Platform,
  sourceUrl: string,
  slugs: string[],
  adminUserId: number | null,
  /** The copies' tenant ids (which decide their shards); the control database's next ids by default. */
  ids?: number[],
): Promise<number[]> {
  const now = nowIso();
  const rows: Array<typeof tenants.$inferInsert> = slugs.map((slug, i) => {
    const dbUrl = tenantDbUrlFor(platform.config, slug);
    copyFileSync(filePathOf(sourceUrl), filePathOf(dbUrl));
    return {
      ...(ids ? { id: ids[i] } : {}),
      slug,
      companyName: slug,
      status: "active",
      dbUrl,
      language: "en-us",
      adminUserId,
      createdAt: now,
      approvedAt: now,
    };
  });
  return await platform.control.transaction(async (tx) => {
    const ids: number[] = [];
    for (let i = 0; i < rows.length; i += 100) {
      const made = await tx.insert(tenants).values(rows.slice(i, i + 100)).returning({ id: tenants.id });
      ids.push(...made.map((r) => r.id));
    }
    return ids;
  });
}

/**
 * A client on a thread of its own (bench/reader_worker.ts) beside work on this one: requests of `paths` (in
 * turn; GETs unless `options` say otherwise) every `everyMs`, without waiting for one call before the next,
 * until `stop()`, which answers every call's time (ms). What a client elsewhere sees: a client on the
 * server's own thread waits for the server's slices to let its own code in too (the sending, the answer's
 * head, its body), and counted those waits as the server's answer time. Until stopped it keeps sending:
 * run the work beside it through `besideClients`. `ready` settles once its first call is over.
 */
export function readerThread(
  baseUrl: string,
  token: string,
  paths: string[],
  everyMs: number,
  options: { method?: string; body?: string; status?: number } = {},
): { stop(): Promise<number[]>; ready: Promise<void> } {
  const worker = new Worker(new URL("./reader_worker.ts", import.meta.url).href, { type: "module" });
  let up = () => {};
  const ready = new Promise<void>((resolve) => (up = resolve));
  const done = new Promise<number[]>((resolve, reject) => {
    worker.onmessage = (e: MessageEvent<{ ready: true } | { times: number[]; failure?: string }>) => {
      if ("ready" in e.data) return up();
      if (e.data.failure) reject(new Error(`reader: ${e.data.failure}`));
      else resolve(e.data.times);
    };
    worker.onerror = (e) => {
      e.preventDefault();
      reject(new Error(`reader thread failed: ${e.message}`));
    };
  });
  // A failure before stop() is reported by stop(), not as an unhandled rejection that ends the bench at once.
  done.catch(() => {});
  worker.postMessage({
    baseUrl,
    token,
    paths,
    everyMs,
    method: options.method ?? "GET",
    body: options.body,
    status: options.status ?? 200,
  });
  return {
    ready,
    async stop() {
      worker.postMessage("stop");
      try {
        return await done;
      } finally {
        worker.terminate();
      }
    },
  };
}

/**
 * `work` beside clients `readerThread` started, which are stopped once it ends, failed or not: its result and
 * each client's call times, in the clients' order.
 */
export async function besideClients<T>(
  clients: { stop(): Promise<number[]> }[],
  work: () => Promise<T>,
): Promise<{ result: T; times: number[][] }> {
  let result: T;
  try {
    result = await work();
  } catch (err) {
    await Promise.all(clients.map((c) => c.stop().catch(() => {})));
    throw err;
  }
  return { result, times: await Promise.all(clients.map((c) => c.stop())) };
}

/** A bench's own platform on `dir`, for setting up (one thread, no checkpoints, no mail). */
export function setupPlatform(dir: string, overrides: Partial<Config> = {}): Promise<Platform> {
  return createPlatform({
    dataDir: dir,
    controlDbUrl: `file:${join(dir, "control.db")}`,
    tenantDbUrl: "file:{dataDir}/tenants/{tenant}.db",
    passwordHashCost: 1024,
    walCheckpointSeconds: 0,
    smtpUrl: undefined,
    workers: 0,
    ...overrides,
  });
}

/**
 * An active tenant `slug` with its administrator `<slug>-admin` (password PASSWORD), its file closed (the
 * WAL checkpointed into it, so a copy is the whole database).
 */
export async function provisionBenchTenant(
  platform: Platform,
  slug: string,
  companyName = `${slug} Company`,
): Promise<Tenant> {
  const { tenant } = await provisionTenant(platform, {
    slug,
    companyName,
    status: "active",
    admin: {
      username: `${slug}-admin`,
      email: `admin@${slug}.example`,
      password: PASSWORD,
      visibleName: "admin",
    },
  });
  await platform.pool.forget(tenant.dbUrl);
  return tenant;
}
