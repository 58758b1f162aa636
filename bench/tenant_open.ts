// Opening tenant databases. Setup provisions one real tenant, copies its database file to 1,000 tenant
// files and registers them in the control database. A fresh process (this file with --measure) then:
//   1. opens each file and runs its first query, as TenantPool does (open + migration check + query),
//      first with the files evicted from the OS page cache (cold), then again (warm);
//   2. keeps 1,000 connections open to read RSS and open file descriptors per connection;
//   3. drives a TenantPool of 64 with Zipf-skewed traffic over the 1,000 tenants and watches its fds.
import { statSync } from "node:fs";
import { DatabaseSync } from "node:sqlite";
import { join } from "node:path";
import { createPlatform } from "../server/platform.ts";
import type { Connection } from "../server/db/connection.ts";
import { filePathOf } from "../server/db/local.ts";
import { openConnection } from "../server/db/open.ts";
import { migrate } from "../server/db/migrate.ts";
import { findUser } from "../server/domain/access/users/service.ts";
import { TenantPool } from "../server/tenancy/pool.ts";
import { dropFromPageCache, residentBytes } from "./page_cache.ts";
import {
  begin,
  type BenchResult,
  collectGarbage,
  copyTenants,
  DENO,
  type Distribution,
  distribution,
  type MemorySample,
  memorySample,
  ms,
  openFds,
  pctl,
  progress,
  provisionBenchTenant,
  removeDir,
  rng,
  workDir,
  writeResult,
} from "./lib.ts";

export const NAME = "tenant_open";

const PARAMS = {
  tenants: 1000,
  heldConnections: 1000,
  poolSize: 64,
  poolAcquires: 20_000,
  poolConcurrency: 8,
  zipfExponent: 1.0,
  seed: 42,
  firstQuery: "SELECT * FROM users WHERE id = ?",
  /** A held connection's own memory at most this many times the raw driver's (issue 35; bench/README.md). */
  privateOverFloorBound: 1.2,
};

const slugOf = (i: number) => `bench-t${String(i).padStart(4, "0")}`;

interface OpenTimes {
  total: Distribution;
  open: Distribution;
  migrationCheck: Distribution;
  firstQuery: Distribution;
  close: Distribution;
}

interface MeasureResults {
  cold: OpenTimes;
  warm: OpenTimes;
  held: {
    connections: number;
    before: MemorySample & { fds: number };
    steps: Array<MemorySample & { connections: number; fds: number }>;
    afterClose: MemorySample & { fds: number };
    rssPerConnectionKb: number;
    /** The process's own memory per connection (RssAnon), and file pages it maps (RssFile). */
    privatePerConnectionKb: number | null;
    fileMappedPerConnectionKb: number | null;
    /**
     * The raw driver's floor: the same files opened by node:sqlite with WAL and the first query, nothing
     * else (no page cache size, no map, no statements kept): its private memory per connection, which is
     * mostly the parsed schema, held by every connection of SQLite.
     */
    rawPrivatePerConnectionKb: number | null;
    fdsPerConnection: number;
  };
  pool: {
    size: number;
    acquires: number;
    concurrency: number;
    opened: number;
    evicted: number;
    hitRate: number;
    idealTopNShare: number;
    fdsBaseline: number;
    maxFds: number;
    maxFdsAboveBaseline: number;
    fdBound: number;
    maxOpenEntries: number;
    fdsAfterCloseAll: number;
    acquireAndQuery: Distribution;
    seconds: number;
  };
}

interface Results extends MeasureResults {
  setup: {
    seconds: number;
    fileBytes: number;
    pageCacheDropped: number;
    residentBytesBeforeDrop: number | null;
    residentBytesAfterDrop: number | null;
  };
}

// --- setup (parent process) ------------------------------------------------------------------------

async function setup(dir: string) {
  const platform = await createPlatform({
    dataDir: dir,
    controlDbUrl: `file:${join(dir, "control.db")}`,
    tenantDbUrl: "file:{dataDir}/tenants/{tenant}.db",
    passwordHashCost: 1024,
    walCheckpointSeconds: 0,
    smtpUrl: undefined,
  });
  try {
    const template = slugOf(0);
    const tenant = await provisionBenchTenant(platform, template, "Template Company");
    const source = filePathOf(tenant.dbUrl);
    await copyTenants(
      platform,
      tenant.dbUrl,
      Array.from({ length: PARAMS.tenants }, (_, i) => slugOf(i + 1)),
      tenant.adminUserId,
    );
    return { template: tenant.dbUrl, adminUserId: tenant.adminUserId ?? 1, fileBytes: statSync(source).size };
  } finally {
    await platform.close();
  }
}

// --- measurement (fresh process) -------------------------------------------------------------------

async function openAndQuery(url: string, userId: number) {
  const t0 = performance.now();
  const conn = openConnection(url);
  const t1 = performance.now();
  await migrate(conn, "tenant");
  const t2 = performance.now();
  const rows = await conn.query(PARAMS.firstQuery, [userId]);
  const t3 = performance.now();
  if (rows.length !== 1) throw new Error(`first query on ${url} found ${rows.length} rows`);
  return { conn, open: t1 - t0, migrationCheck: t2 - t1, firstQuery: t3 - t2, total: t3 - t0 };
}

async function pass(urls: string[], userId: number): Promise<OpenTimes> {
  const total: number[] = [],
    open: number[] = [],
    check: number[] = [],
    first: number[] = [],
    close: number[] = [];
  for (const url of urls) {
    const r = await openAndQuery(url, userId);
    total.push(r.total);
    open.push(r.open);
    check.push(r.migrationCheck);
    first.push(r.firstQuery);
    const t = performance.now();
    await r.conn.close();
    close.push(performance.now() - t);
  }
  return {
    total: distribution(total),
    open: distribution(open),
    migrationCheck: distribution(check),
    firstQuery: distribution(first),
    close: distribution(close),
  };
}

function sample(): MemorySample & { fds: number } {
  collectGarbage();
  return { ...memorySample(), fds: openFds() };
}

async function held(urls: string[], userId: number): Promise<MeasureResults["held"]> {
  const before = sample();
  const conns: Connection[] = [];
  const steps: MeasureResults["held"]["steps"] = [];
  const stepEvery = Math.max(1, Math.floor(urls.length / 4));
  for (const url of urls) {
    conns.push((await openAndQuery(url, userId)).conn);
    if (conns.length % stepEvery === 0 || conns.length === urls.length) {
      steps.push({ connections: conns.length, ...sample() });
    }
  }
  const last = steps[steps.length - 1];
  for (const c of conns) await c.close();
  const perKb = (from?: number, to?: number, n = conns.length) =>
    from === undefined || to === undefined ? null : Math.round(((to - from) * 1024 / n) * 10) / 10;
  const afterClose = sample();
  return {
    connections: conns.length,
    before,
    steps,
    afterClose,
    rssPerConnectionKb: perKb(before.rssMb, last.rssMb)!,
    privatePerConnectionKb: perKb(before.rssAnonMb, last.rssAnonMb),
    fileMappedPerConnectionKb: perKb(before.rssFileMb, last.rssFileMb),
    rawPrivatePerConnectionKb: null,
    fdsPerConnection: Math.round(((last.fds - before.fds) / conns.length) * 100) / 100,
  };
}

/** Tenant indexes 0..n-1 drawn with P(k) ∝ 1/(k+1)^s, ranks shuffled over the tenants. */
function zipf(n: number, s: number, random: () => number) {
  const weights = Array.from({ length: n }, (_, k) => 1 / Math.pow(k + 1, s));
  const sum = weights.reduce((a, b) => a + b, 0);
  const cdf: number[] = [];
  let acc = 0;
  for (const w of weights) cdf.push(acc += w / sum);
  const perm = Array.from({ length: n }, (_, i) => i);
  for (let i = n - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [perm[i], perm[j]] = [perm[j], perm[i]];
  }
  return {
    /** The share of all traffic that goes to the `top` busiest tenants. */
    share: (top: number) => cdf[Math.min(top, n) - 1],
    next: () => {
      const u = random();
      let lo = 0, hi = n - 1;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (cdf[mid] < u) lo = mid + 1;
        else hi = mid;
      }
      return perm[lo];
    },
  };
}

async function lru(urls: string[], userId: number): Promise<MeasureResults["pool"]> {
  const random = rng(PARAMS.seed);
  const dist = zipf(urls.length, PARAMS.zipfExponent, random);
  const draws = Array.from({ length: PARAMS.poolAcquires }, () => dist.next());
  const pool = new TenantPool(PARAMS.poolSize, undefined, 0);
  collectGarbage();
  const fdsBaseline = openFds();
  let maxFds = fdsBaseline;
  let maxOpen = 0;
  const latencies: number[] = [];
  let next = 0;
  const t0 = performance.now();
  await Promise.all(Array.from({ length: PARAMS.poolConcurrency }, async () => {
    while (next < draws.length) {
      const url = urls[draws[next++]];
      const t = performance.now();
      const { conn, release } = await pool.acquire(url);
      try {
        if (!(await findUser(conn.db, userId))) throw new Error(`no user in ${url}`);
        latencies.push(performance.now() - t);
        maxFds = Math.max(maxFds, openFds());
        maxOpen = Math.max(maxOpen, pool.stats.open);
        // Hold the connection across a turn of the event loop, as a request would.
        await new Promise((resolve) => setTimeout(resolve, 0));
      } finally {
        release();
      }
    }
  }));
  const seconds = (performance.now() - t0) / 1000;
  const stats = pool.stats;
  await pool.closeAll();
  const fdBound = 3 * (PARAMS.poolSize + PARAMS.poolConcurrency);
  return {
    size: PARAMS.poolSize,
    acquires: draws.length,
    concurrency: PARAMS.poolConcurrency,
    opened: stats.opened,
    evicted: stats.evicted,
    hitRate: Math.round((1 - stats.opened / draws.length) * 1000) / 1000,
    idealTopNShare: Math.round(dist.share(PARAMS.poolSize) * 1000) / 1000,
    fdsBaseline,
    maxFds,
    maxFdsAboveBaseline: maxFds - fdsBaseline,
    fdBound,
    maxOpenEntries: maxOpen,
    fdsAfterCloseAll: openFds(),
    acquireAndQuery: distribution(latencies),
    seconds: Math.round(seconds * 100) / 100,
  };
}

async function measure(dir: string, template: string, userId: number): Promise<MeasureResults> {
  const urls = Array.from(
    { length: PARAMS.tenants },
    (_, i) => `file:${join(dir, "tenants", slugOf(i + 1))}.db`,
  );
  // Load and compile the code path on the template file, which is not among the measured ones.
  for (let i = 0; i < 20; i++) await (await openAndQuery(template, userId)).conn.close();
  progress(NAME, `cold pass over ${urls.length} tenant files`);
  const cold = await pass(urls, userId);
  progress(NAME, "warm pass");
  const warm = await pass(urls, userId);
  progress(NAME, `${PARAMS.heldConnections} connections held open`);
  const heldResult = await held(urls.slice(0, PARAMS.heldConnections), userId);
  progress(NAME, `TenantPool(${PARAMS.poolSize}), ${PARAMS.poolAcquires} Zipf acquires`);
  const pool = await lru(urls, userId);
  return { cold, warm, held: heldResult, pool };
}

// --- the benchmark ---------------------------------------------------------------------------------

/** This file run again in a fresh process with `args`; answers the JSON it prints. */
async function inFreshProcess<T>(what: string, args: string[], timeoutMs: number): Promise<T> {
  const child = await new Deno.Command(DENO, {
    args: ["run", "-A", "--v8-flags=--expose-gc", new URL(import.meta.url).pathname, ...args],
    stdout: "piped",
    stderr: "inherit",
    signal: AbortSignal.timeout(timeoutMs),
  }).output();
  if (!child.success) throw new Error(`${what} failed (exit ${child.code})`);
  return JSON.parse(new TextDecoder().decode(child.stdout)) as T;
}

export async function run(): Promise<BenchResult> {
  const started = begin();
  const dir = workDir(NAME);
  try {
    progress(NAME, `provisioning a tenant and copying it to ${PARAMS.tenants} tenant files`);
    const made = await setup(dir);
    const setupSeconds = Math.round((performance.now() - started.at) / 100) / 10;
    const files = Array.from(
      { length: PARAMS.tenants },
      (_, i) => join(dir, "tenants", `${slugOf(i + 1)}.db`),
    );
    const residentBefore = residentBytes(files[0]);
    let dropped = 0;
    for (const f of files) if (dropFromPageCache(f)) dropped++;
    const residentAfter = residentBytes(files[0]);

    const measured = await inFreshProcess<MeasureResults>(
      "the measuring process",
      ["--measure", dir, made.template, String(made.adminUserId)],
      400_000,
    );
    measured.held.rawPrivatePerConnectionKb = await inFreshProcess<number | null>(
      "the raw driver's process",
      ["--raw", dir, String(made.adminUserId)],
      120_000,
    );
    const results: Results = {
      setup: {
        seconds: setupSeconds,
        fileBytes: made.fileBytes,
        pageCacheDropped: dropped,
        residentBytesBeforeDrop: residentBefore,
        residentBytesAfterDrop: residentAfter,
      },
      ...measured,
    };
    const { privatePerConnectionKb: own, rawPrivatePerConnectionKb: floor } = measured.held;
    const ok = measured.pool.maxFdsAboveBaseline <= measured.pool.fdBound &&
      (own === null || floor === null || own <= PARAMS.privateOverFloorBound * floor);
    return writeResult(NAME, started, PARAMS, results, ok, [
      "Milliseconds. open = new LocalConnection (file open, WAL and other pragmas); migrationCheck = " +
      "migrate() finding nothing to do; firstQuery = the first statement on the file. total is their sum, " +
      "what TenantPool pays on a miss before the request's own query.",
      `cold: a fresh process, each tenant file evicted from the OS page cache beforehand (fdatasync + ` +
      `posix_fadvise DONTNEED; pageCacheDropped counts the files where the kernel accepted it). The ` +
      `hypervisor's cache under the virtual disk may still hold them. warm: the same files, second pass.`,
      "held: connections opened and kept; RSS and /proc/self/fd sampled after gc(); per-connection figures " +
      "are (last step - before) / connections. private = RssAnon, fileMapped = RssFile (the mapped tenant " +
      "files' cached pages); rawPrivate = node:sqlite opening each file with WAL and the first query, in a " +
      "process of its own. ok is also false when private passes privateOverFloorBound x rawPrivate.",
      "pool: TenantPool(size) under Zipf-distributed acquires, `concurrency` at a time, each holding its " +
      "connection across one event-loop turn. hitRate = 1 - opened/acquires; idealTopNShare is the traffic " +
      "share of the `size` busiest tenants (an upper bound for any cache of that size). ok is false when " +
      "maxFdsAboveBaseline exceeds fdBound = 3 fds × (size + concurrency).",
    ]);
  } finally {
    removeDir(dir);
  }
}

export function summarize(r: BenchResult): string[] {
  const x = r.results as Results;
  const p = x.pool;
  return [
    `tenant file ${Math.round(x.setup.fileBytes / 1024)} KiB; page cache dropped for ` +
    `${x.setup.pageCacheDropped}/${(r.parameters as typeof PARAMS).tenants} files`,
    `open + first query, cold: ${pctl(x.cold.total)}  (open ${ms(x.cold.open.p50)}, migration check ` +
    `${ms(x.cold.migrationCheck.p50)}, query ${ms(x.cold.firstQuery.p50)} at p50)`,
    `open + first query, warm: ${pctl(x.warm.total)}`,
    `held connections: ${x.held.rssPerConnectionKb} KiB RSS (${x.held.privatePerConnectionKb} KiB the ` +
    `process's own, ${x.held.fileMappedPerConnectionKb} KiB mapped file pages; the raw driver's own ` +
    `${x.held.rawPrivatePerConnectionKb} KiB) and ${x.held.fdsPerConnection} fds per ` +
    `connection (${x.held.connections} open: RSS ${x.held.before.rssMb} → ` +
    `${x.held.steps[x.held.steps.length - 1].rssMb} MB, after closing ${x.held.afterClose.rssMb} MB)`,
    `LRU pool ${p.size} over ${(r.parameters as typeof PARAMS).tenants} tenants (Zipf): hit rate ` +
    `${(p.hitRate * 100).toFixed(1)}% (top-${p.size} share ${(p.idealTopNShare * 100).toFixed(1)}%), ` +
    `${p.evicted} evictions, max fds ${p.maxFds} = ${p.fdsBaseline} + ${p.maxFdsAboveBaseline} ` +
    `(bound +${p.fdBound}), ` +
    `max entries ${p.maxOpenEntries}; acquire+query ${pctl(p.acquireAndQuery)}`,
  ];
}

/**
 * The raw driver's floor, in a process of its own (memory a closed connection gave back stays with the
 * allocator and would make the next opens look free): the files opened by node:sqlite with WAL and the first
 * query, nothing else; answers its own memory (RssAnon) per connection in KiB.
 */
function rawFloor(dir: string, userId: number): number | null {
  const urls = Array.from(
    { length: PARAMS.heldConnections },
    (_, i) => join(dir, "tenants", `${slugOf(i + 1)}.db`),
  );
  collectGarbage();
  const before = memorySample();
  const raws = urls.map((path) => {
    const db = new DatabaseSync(path);
    db.exec("PRAGMA journal_mode = WAL");
    db.prepare(PARAMS.firstQuery).get(userId);
    return db;
  });
  collectGarbage();
  const after = memorySample();
  for (const db of raws) db.close();
  return before.rssAnonMb === undefined || after.rssAnonMb === undefined
    ? null
    : Math.round(((after.rssAnonMb - before.rssAnonMb) * 1024 / raws.length) * 10) / 10;
}

if (import.meta.main) {
  const i = Deno.args.indexOf("--measure");
  const r = Deno.args.indexOf("--raw");
  if (r >= 0) {
    const [dir, userId] = Deno.args.slice(r + 1);
    console.log(JSON.stringify(rawFloor(dir, Number(userId))));
  } else if (i >= 0) {
    const [dir, template, userId] = Deno.args.slice(i + 1);
    const measured = await measure(dir, template, Number(userId));
    console.log(JSON.stringify(measured));
  } else {
    const r = await run();
    if (!Deno.env.get("BENCH_CHILD")) { for (const line of summarize(r)) console.log(line); }
    if (!r.ok) Deno.exit(1);
  }
}
