// Continuous replication (decision 0019, issue 33) at 1,000,000 stock lines, three figures in one run:
//
// - lag: two servers, each `server/main.ts` in a process of its own with a copy of the same tenant (the
//   `confirm` fill), one without REPLICA_URL, one with a file replica (its own supervisor runs Litestream).
//   The replicated one confirms 1,000-position releases, back to back in the throughput's rounds (below), then
//   one every 2 s (a steady stream); after each 200 the bench reads where the commit ends in the tenant's WAL
//   (the wal-index header in `-shm`: the WAL's salt and its last commit frame). Litestream copies the WAL byte for byte into a shadow WAL per WAL generation ("index", one per
//   salt) and ships it as segments named `<index>_<offset>.wal.lz4`, each written whole (a temporary file
//   renamed) from where the last one ended: a commit is held once the segment covering its last byte exists,
//   and that segment's modification time is when. Measured for Litestream's default interval (1 s) and ours (100 ms).
// - throughput: the same documents confirmed on both servers in alternating rounds (which server goes first
//   alternates too), each round on the replicated one followed by a wait until its replica is quiet, so
//   that Litestream's work falls in its own rounds only; the ratio of confirmations per second.
// - restore: the replicated server stopped, the tenant restored from the replica as
//   `deno task tenant restore <slug> --from-replica` does (tenants/replica_restore.ts), phase by phase:
//   Litestream's restore to a scratch file, integrity_check, stock = ledger, the backup check, and putting
//   the file in place (suspended, copied with SQLite's backup API, migrated, active again).
//
// The method is checked once against Litestream itself: a point-in-time restore just after a sample's
// segment holds its document confirmed, one just before does not.
import { closeSync, openSync, readdirSync, readSync, rmSync, statSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { CACHE_KIB, filePathOf, MMAP_MIB } from "../server/db/local.ts";
import { checkBackup } from "../server/db/backup.ts";
import { stockLedgerFaults } from "../server/domain/stock/ledger/invariant.ts";
import { restoreReplica } from "../tenants/replica_restore.ts";
import { restoreTenant } from "../server/tenancy/backups.ts";
import { replicaOf } from "../server/replication/litestream_config.ts";
import { PASSWORD } from "../tests/fixtures/harness.ts";
import { fill, FILLED, prepare } from "./confirm.ts";
import { startProcess } from "./shards.ts";
import {
  analyse,
  begin,
  type BenchResult,
  type Distribution,
  distribution,
  ms,
  progress,
  provisionBenchTenant,
  rng,
  setupPlatform,
  workDir,
  writeResult,
} from "./lib.ts";

export const NAME = "replication";

const PARAMS = {
  lines: FILLED.lines,
  /** Positions per confirmed release. */
  size: 1000,
  /** REPLICA_SYNC_MS of the replicated server: Litestream's own default (1 s), then ours (100 ms). */
  syncIntervalsMs: [1000, 100],
  /** Per interval: rounds of `perRound` confirmations on each server, after `warmup` on each. */
  rounds: 5,
  perRound: 8,
  warmup: 2,
  /** Then, on the replicated server alone, a paced stream: one confirmation every `paceMs`. */
  paced: 8,
  paceMs: 2000,
  /** Aims (issue 33): lag p99 on a file replica; replicated confirmations per second against plain ones. */
  lagP99AimMs: 1000,
  throughputRatioAim: 0.9,
  seed: 17,
};

const SLUG = "bench-r";

// --- where a commit ends, and where the replica has got to -------------------------------------------

/** A commit's place in its tenant's WAL: the WAL's salt (which shadow index copies it) and its end. */
interface WalMark {
  salt: string;
  end: number;
}

/**
 * The WAL's salt and the end of its last commit, from the wal-index header SQLite keeps at the start of
 * `-shm` (two copies, equal when not being written; mxFrame and the page size native-endian, the salt as
 * in the WAL's header).
 */
function walMark(dbPath: string): WalMark {
  const fd = openSync(`${dbPath}-shm`, "r");
  try {
    const buf = new Uint8Array(96);
    for (let attempt = 0; attempt < 100; attempt++) {
      readSync(fd, buf, 0, 96, 0);
      const a = buf.subarray(0, 48);
      const b = buf.subarray(48, 96);
      if (a[12] !== 1 || !a.every((x, i) => x === b[i])) continue;
      const view = new DataView(buf.buffer);
      const page = view.getUint16(14, true);
      const frames = view.getUint32(16, true);
      return { salt: hex(buf.subarray(32, 40)), end: 32 + frames * ((page === 1 ? 65536 : page) + 24) };
    }
    throw new Error(`the wal-index header of ${dbPath} kept changing`);
  } finally {
    closeSync(fd);
  }
}

const hex = (bytes: Uint8Array) => Array.from(bytes, (x) => x.toString(16).padStart(2, "0")).join("");

/** Litestream's own directory beside a database (`.<file>-litestream`). */
const metaDirOf = (dbPath: string) => join(dirname(dbPath), `.${basename(dbPath)}-litestream`);

function list(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}

/**
 * Which shadow WAL index copies which WAL, polled: Litestream starts an index per WAL salt (a checkpoint
 * that restarts the WAL starts the next), writes the WAL's header at its start and deletes it once the
 * replica has moved past it. The salt's first half counts WAL restarts, which places an index that came
 * and went between two polls.
 */
class ShadowWatch {
  readonly bySalt = new Map<string, { generation: string; index: number }>();
  readonly #seen = new Set<string>();
  #timer: ReturnType<typeof setInterval> | undefined;

  constructor(readonly dbPath: string) {}

  start(everyMs = 20): void {
    this.poll();
    this.#timer = setInterval(() => this.poll(), everyMs);
  }

  stop(): void {
    clearInterval(this.#timer);
  }

  poll(): void {
    const generations = join(metaDirOf(this.dbPath), "generations");
    for (const generation of list(generations)) {
      for (const name of list(join(generations, generation, "wal"))) {
        const m = /^([0-9a-f]{8})\.wal$/.exec(name);
        const key = `${generation}/${name}`;
        if (!m || this.#seen.has(key)) continue;
        try {
          const fd = openSync(join(generations, generation, "wal", name), "r");
          try {
            const header = new Uint8Array(32);
            if (readSync(fd, header, 0, 32, 0) < 32) continue;
            this.bySalt.set(hex(header.subarray(16, 24)), { generation, index: parseInt(m[1], 16) });
            this.#seen.add(key);
          } finally {
            closeSync(fd);
          }
        } catch { /* removed meanwhile */ }
      }
    }
  }

  /** The shadow index of a WAL salt; `inferred` when it was never seen and placed by the restart count. */
  indexOf(salt: string): { generation: string; index: number; inferred: boolean } | undefined {
    const seen = this.bySalt.get(salt);
    if (seen) return { ...seen, inferred: false };
    const restarts = (s: string) => parseInt(s.slice(0, 8), 16);
    let best: { salt: string; generation: string; index: number } | undefined;
    for (const [s, at] of this.bySalt) {
      if (restarts(s) <= restarts(salt) && (!best || restarts(s) > restarts(best.salt))) {
        best = { salt: s, ...at };
      }
    }
    if (!best) return undefined;
    return {
      generation: best.generation,
      index: best.index + restarts(salt) - restarts(best.salt),
      inferred: true,
    };
  }
}

/** A WAL segment of the replica: where it starts in its shadow index, and when it was written whole. */
interface Segment {
  offset: number;
  writtenAt: number;
}

/** The replica's WAL segments of one generation, by index, each index's in order of offset. */
function segments(replicaRoot: string, generation: string): Map<number, Segment[]> {
  const dir = join(replicaRoot, "generations", generation, "wal");
  const out = new Map<number, Segment[]>();
  for (const name of list(dir)) {
    const m = /^([0-9a-f]{8})_([0-9a-f]{8})\.wal\.lz4$/.exec(name);
    if (!m) continue;
    const index = parseInt(m[1], 16);
    const writtenAt = statSync(join(dir, name)).mtime!.getTime();
    out.set(index, [...(out.get(index) ?? []), { offset: parseInt(m[2], 16), writtenAt }]);
  }
  for (const s of out.values()) s.sort((a, b) => a.offset - b.offset);
  return out;
}

/** Everything Litestream has written so far, locally and to the replica: unchanged while it is idle. */
function footprint(dbPath: string, replicaRoot: string): string {
  const parts: string[] = [];
  const walk = (dir: string, depth: number) => {
    for (const name of list(dir)) {
      const p = join(dir, name);
      if (depth > 0) walk(p, depth - 1);
      else {
        try {
          parts.push(`${p}:${statSync(p).size}`);
        } catch { /* removed meanwhile */ }
      }
    }
  };
  walk(join(metaDirOf(dbPath), "generations"), 2);
  walk(join(replicaRoot, "generations"), 2);
  return parts.sort().join("\n");
}

/**
 * Waits until Litestream has been idle for two intervals and a margin (nothing new in the shadow WAL or
 * the replica): the stream's last commit is then shipped, and the next round starts on a quiet machine.
 */
async function quiet(dbPath: string, replicaRoot: string, intervalMs: number): Promise<void> {
  const stillFor = 2 * intervalMs + 600;
  const end = Date.now() + 120_000;
  let last = footprint(dbPath, replicaRoot);
  let since = Date.now();
  while (Date.now() - since < stillFor) {
    if (Date.now() > end) throw new Error("Litestream did not settle within 120 s");
    await new Promise((r) => setTimeout(r, 50));
    const now = footprint(dbPath, replicaRoot);
    if (now !== last) [last, since] = [now, Date.now()];
  }
}

interface Sample {
  doc: number;
  answeredAt: number;
  mark: WalMark;
}

interface Lag {
  doc: number;
  lagMs: number;
  heldAt: number;
  inferred: boolean;
}

/** When the replica came to hold each sample: the segment covering its commit's last byte was written. */
function lags(samples: Sample[], watch: ShadowWatch, replicaRoot: string) {
  const byGeneration = new Map<string, Map<number, Segment[]>>();
  const out: Lag[] = [];
  let unplaced = 0;
  for (const s of samples) {
    const at = watch.indexOf(s.mark.salt);
    if (!at) {
      unplaced++;
      continue;
    }
    if (!byGeneration.has(at.generation)) {
      byGeneration.set(at.generation, segments(replicaRoot, at.generation));
    }
    const covering = (byGeneration.get(at.generation)!.get(at.index) ?? []).filter((g) =>
      g.offset < s.mark.end
    )
      .at(-1);
    if (!covering) {
      unplaced++;
      continue;
    }
    out.push({
      doc: s.doc,
      lagMs: covering.writtenAt - s.answeredAt,
      heldAt: covering.writtenAt,
      inferred: at.inferred,
    });
  }
  return { lags: out, unplaced };
}

// --- the servers ---------------------------------------------------------------------------------------

async function confirm(url: string, token: string, id: number): Promise<number> {
  const t = performance.now();
  const r = await fetch(`${url}/api/WmsDocument/${id}/confirm?acceptWarnings=true`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}` },
  });
  const body = await r.text();
  if (r.status !== 200) throw new Error(`confirm ${id} answered ${r.status}: ${body.slice(0, 300)}`);
  return performance.now() - t;
}

async function signInTo(url: string): Promise<string> {
  const r = await fetch(`${url}/api/Auth`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username: `${SLUG}-admin`, password: PASSWORD }),
  });
  const body = await r.json();
  if (r.status !== 200) throw new Error(`sign-in answered ${r.status}: ${JSON.stringify(body)}`);
  return body.token;
}

/** The bench's tenant in a fresh data directory; answers its file. */
async function provision(dir: string): Promise<string> {
  const platform = await setupPlatform(dir);
  try {
    const tenant = await provisionBenchTenant(platform, SLUG);
    return filePathOf(tenant.dbUrl);
  } finally {
    await platform.close();
  }
}

/** A snapshot of the tenant in the replica's current generation: Litestream has started on it. */
async function replicaStarted(dbPath: string, replicaRoot: string): Promise<void> {
  const end = Date.now() + 180_000;
  while (Date.now() < end) {
    let generation = "";
    try {
      generation = Deno.readTextFileSync(join(metaDirOf(dbPath), "generation")).trim();
    } catch { /* not yet */ }
    if (
      generation &&
      list(join(replicaRoot, "generations", generation, "snapshots")).some((f) => f.endsWith(".lz4"))
    ) {
      return;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error("Litestream wrote no snapshot of the tenant within 180 s");
}

// --- the run -------------------------------------------------------------------------------------------

interface IntervalResult {
  syncIntervalMs: number;
  /** In the rounds: confirmations back to back, as fast as the server answers. */
  lag: Distribution;
  /** The same by a confirmation's place in its round (p50): how a backlog builds up within the round. */
  lagByPlaceInRoundP50: number[];
  /** In the paced stream: one confirmation every paceMs. */
  lagPaced: Distribution;
  /** Samples placed by the WAL restart count (their shadow index came and went between two polls). */
  lagInferred: number;
  /** Samples whose segment was not found (none expected). */
  lagUnplaced: number;
  confirm: { plain: Distribution; replicated: Distribution };
  /** Confirmations per second, all rounds: replicated over plain (1 = no cost). */
  throughputRatio: number;
  /** The same per round, to show the noise. */
  roundRatios: number[];
  /** Litestream's first snapshot of the tenant after the server started (seconds). */
  startSeconds: number;
}

interface Results {
  setupSeconds: number;
  tenantFileMb: number;
  intervals: IntervalResult[];
  validation: {
    doc: number;
    lagMs: number;
    /** A restore as of the segment's write (+1 ms) holds the document confirmed; as of 1 ms before, not. */
    presentJustAfter: boolean;
    absentJustBefore: boolean;
    restoreSeconds: number;
  };
  restore: {
    stockLines: number;
    replicaMb: number;
    /** Milliseconds per phase, in order, and their sum. */
    phasesMs: {
      download: number;
      integrityCheck: number;
      stockEqualsLedger: number;
      backupCheck: number;
      putInPlace: number;
      total: number;
    };
    /** Every confirmation the replicated server answered 200 is in the restored tenant. */
    confirmedExpected: number;
    confirmedRestored: number;
  };
}

export async function run(): Promise<BenchResult> {
  const started = begin();
  const t0 = performance.now();
  const plainDir = workDir(`${NAME}-plain`);
  const replicatedDir = workDir(`${NAME}-replicated`);
  const replicaRoot = workDir(`${NAME}-replica`);
  const replicaUrl = `file://${replicaRoot}`;
  const tenantReplica = replicaOf(replicaUrl, SLUG).slice("file://".length);
  try {
    progress(NAME, `filling the tenant with ${PARAMS.lines.toLocaleString("en")} stock lines`);
    const plainPath = await provision(plainDir);
    const replicatedPath = await provision(replicatedDir);
    const raw = new DatabaseSync(plainPath);
    raw.exec("PRAGMA journal_mode = WAL");
    raw.exec("PRAGMA cache_size = -262144");
    const random = rng(PARAMS.seed);
    const lines = fill(raw, random);
    // The same documents on both servers: each confirms them in its own copy of the file.
    const perInterval = PARAMS.warmup + PARAMS.rounds * PARAMS.perRound + PARAMS.paced;
    const docs = PARAMS.syncIntervalsMs.map((_, i) =>
      prepare(raw, "IOU", PARAMS.size, perInterval, lines, random, `i${i}`)
    );
    raw.exec("PRAGMA wal_checkpoint(TRUNCATE)");
    analyse(raw);
    raw.exec(`PRAGMA cache_size = -${CACHE_KIB}`);
    raw.close();
    for (const f of [replicatedPath, `${replicatedPath}-wal`, `${replicatedPath}-shm`]) {
      rmSync(f, { force: true });
    }
    Deno.copyFileSync(plainPath, replicatedPath);
    const tenantFileMb = Math.round(statSync(plainPath).size / 2 ** 20);
    const setupSeconds = Math.round((performance.now() - t0) / 100) / 10;

    const plain = await startProcess(plainDir, 0, 0);
    const intervals: IntervalResult[] = [];
    let validation: Results["validation"] | undefined;
    let confirmedByReplicated = 0;
    try {
      const plainToken = await signInTo(plain.url);
      for (const [i, syncMs] of PARAMS.syncIntervalsMs.entries()) {
        progress(NAME, `REPLICA_SYNC_MS=${syncMs}: starting the replicated server, waiting for its snapshot`);
        const s0 = performance.now();
        const replicated = await startProcess(replicatedDir, 0, 0, {
          REPLICA_URL: replicaUrl,
          REPLICA_SYNC_MS: String(syncMs),
        });
        const watch = new ShadowWatch(replicatedPath);
        try {
          await replicaStarted(replicatedPath, tenantReplica);
          await quiet(replicatedPath, tenantReplica, syncMs);
          const startSeconds = Math.round((performance.now() - s0) / 100) / 10;
          watch.start();
          const token = await signInTo(replicated.url);
          const ids = docs[i];
          for (const id of ids.slice(0, PARAMS.warmup)) {
            await confirm(plain.url, plainToken, id);
            await confirm(replicated.url, token, id);
          }
          confirmedByReplicated += PARAMS.warmup;
          await quiet(replicatedPath, tenantReplica, syncMs);
          const times = { plain: [] as number[], replicated: [] as number[] };
          const roundRatios: number[] = [];
          const samples: Sample[] = [];
          for (let r = 0; r < PARAMS.rounds; r++) {
            progress(NAME, `REPLICA_SYNC_MS=${syncMs}: round ${r + 1} of ${PARAMS.rounds}`);
            const round = ids.slice(
              PARAMS.warmup + r * PARAMS.perRound,
              PARAMS.warmup + (r + 1) * PARAMS.perRound,
            );
            const spent = { plain: 0, replicated: 0 };
            for (
              const which of r % 2 === 0 ? ["plain", "replicated"] as const : ["replicated", "plain"] as const
            ) {
              for (const id of round) {
                const t = which === "plain"
                  ? await confirm(plain.url, plainToken, id)
                  : await confirm(replicated.url, token, id);
                if (which === "replicated") {
                  samples.push({ doc: id, answeredAt: Date.now(), mark: walMark(replicatedPath) });
                  confirmedByReplicated++;
                }
                times[which].push(t);
                spent[which] += t;
              }
              // Litestream's work on this round ends before the other server's round begins.
              if (which === "replicated") await quiet(replicatedPath, tenantReplica, syncMs);
            }
            roundRatios.push(Math.round((spent.plain / spent.replicated) * 1000) / 1000);
          }
          // A paced stream: a confirmation every paceMs (or as soon as the last is answered, if later).
          progress(
            NAME,
            `REPLICA_SYNC_MS=${syncMs}: ${PARAMS.paced} confirmations, one every ${PARAMS.paceMs} ms`,
          );
          const pacedSamples: Sample[] = [];
          const pacedFrom = performance.now();
          for (const [k, id] of ids.slice(-PARAMS.paced).entries()) {
            const wait = pacedFrom + k * PARAMS.paceMs - performance.now();
            if (wait > 0) await new Promise((r) => setTimeout(r, wait));
            await confirm(replicated.url, token, id);
            pacedSamples.push({ doc: id, answeredAt: Date.now(), mark: walMark(replicatedPath) });
            confirmedByReplicated++;
          }
          await quiet(replicatedPath, tenantReplica, syncMs);
          watch.poll();
          const measured = lags(samples, watch, tenantReplica);
          const paced = lags(pacedSamples, watch, tenantReplica);
          const byDoc = new Map(measured.lags.map((l) => [l.doc, l.lagMs]));
          const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
          intervals.push({
            syncIntervalMs: syncMs,
            lag: distribution(measured.lags.map((l) => l.lagMs)),
            lagByPlaceInRoundP50: Array.from({ length: PARAMS.perRound }, (_, k) =>
              distribution(
                samples.filter((_, i) => i % PARAMS.perRound === k).flatMap((x) =>
                  byDoc.has(x.doc) ? [byDoc.get(x.doc)!] : []
                ),
              ).p50),
            lagPaced: distribution(paced.lags.map((l) => l.lagMs)),
            lagInferred: [...measured.lags, ...paced.lags].filter((l) => l.inferred).length,
            lagUnplaced: measured.unplaced + paced.unplaced,
            confirm: { plain: distribution(times.plain), replicated: distribution(times.replicated) },
            throughputRatio: Math.round((sum(times.plain) / sum(times.replicated)) * 1000) / 1000,
            roundRatios,
            startSeconds,
          });
          const done = intervals.at(-1)!;
          progress(
            NAME,
            `REPLICA_SYNC_MS=${syncMs}: lag back to back p50 ${ms(done.lag.p50)} p99 ${ms(done.lag.p99)}, ` +
              `paced p50 ${ms(done.lagPaced.p50)} p99 ${ms(done.lagPaced.p99)}; throughput ratio ` +
              `${done.throughputRatio}`,
          );
          if (!validation && measured.lags.length > 0) {
            // Once: Litestream's own point-in-time restore agrees with the method (the median sample).
            progress(NAME, "checking the method against two point-in-time restores");
            const sorted = [...measured.lags].sort((a, b) => a.lagMs - b.lagMs);
            const pick = sorted[Math.floor(sorted.length / 2)];
            const v0 = performance.now();
            const confirmedAt = async (at: number) => {
              const scratch = workDir(`${NAME}-check`);
              const out = join(scratch, "check.db");
              try {
                await restoreReplica(replicaUrl, SLUG, out, new Date(at));
                const db = new DatabaseSync(out, { readOnly: true });
                try {
                  const row = db.prepare("SELECT status_code FROM wms_documents WHERE id = ?").get(
                    pick.doc,
                  ) as {
                    status_code: string;
                  };
                  return row.status_code === "confirmed";
                } finally {
                  db.close();
                }
              } finally {
                rmSync(scratch, { recursive: true, force: true });
              }
            };
            validation = {
              doc: pick.doc,
              lagMs: pick.lagMs,
              presentJustAfter: await confirmedAt(pick.heldAt + 1),
              absentJustBefore: !(await confirmedAt(pick.heldAt - 1)),
              restoreSeconds: Math.round((performance.now() - v0) / 200) / 10,
            };
          }
        } finally {
          watch.stop();
          await replicated.stop();
        }
      }
    } finally {
      await plain.stop();
    }

    progress(NAME, "restoring the tenant from its replica, phase by phase");
    const restore = await restorePhases(replicatedDir, replicaUrl, replicaRoot);
    const confirmedExpected = confirmedByReplicated + 1; // and the fill's own document
    const results: Results = {
      setupSeconds,
      tenantFileMb,
      intervals,
      validation: validation!,
      restore: { ...restore, confirmedExpected },
    };
    const short = intervals.at(-1)!;
    const ok = short.lag.p99 <= PARAMS.lagP99AimMs && short.lagPaced.p99 <= PARAMS.lagP99AimMs &&
      intervals.every((x) => x.throughputRatio >= PARAMS.throughputRatioAim && x.lagUnplaced === 0) &&
      validation!.presentJustAfter && validation!.absentJustBefore &&
      restore.confirmedRestored === confirmedExpected;
    return writeResult(NAME, started, PARAMS, results, ok, [
      "Two servers (server/main.ts, WORKERS=0, each a process of its own) with copies of one tenant of 1,000,000",
      "stock lines; the replicated one has REPLICA_URL=file://… (the same disk here) and runs Litestream 0.3.13",
      "through its own supervisor. lag: from a confirmation's 200 to the modification time of the replica's WAL",
      "segment covering the commit's last byte (file times have the kernel tick's resolution, a few ms); per",
      "REPLICA_SYNC_MS. throughputRatio: replicated over plain confirmations per second of 1,000-position releases,",
      "the same documents, alternating rounds, each replicated round followed by a wait until Litestream is idle.",
      "restore: the phases of `tenant restore --from-replica` into the stopped server; the command also waits",
      "TENANT_CACHE_SECONDS (30 s by default) once the tenant is suspended, for running servers to let it go.",
      `ok: lag p99 (back to back and paced) at REPLICA_SYNC_MS=${short.syncIntervalMs} ≤ ${PARAMS.lagP99AimMs} ms, ` +
      `every throughputRatio ≥ ` +
      `${PARAMS.throughputRatioAim}, the method checked, and every confirmation answered 200 restored.`,
    ]);
  } finally {
    for (const dir of [plainDir, replicatedDir, replicaRoot]) rmSync(dir, { recursive: true, force: true });
  }
}

/** `tenant restore <slug> --from-replica` (tenants/replica_restore.ts), each step timed. */
async function restorePhases(dir: string, replicaUrl: string, replicaRoot: string) {
  const platform = await setupPlatform(dir, { replicaUrl, tenantCacheSeconds: 0 });
  const scratch = join(dir, "restore-scratch.db");
  try {
    const timed = async <T>(what: string, fn: () => T | Promise<T>): Promise<[T, number]> => {
      const t = performance.now();
      const out = await fn();
      const took = Math.round(performance.now() - t);
      progress(NAME, `restore: ${what} ${ms(took)}`);
      return [out, took];
    };
    const [, download] = await timed("download", () => restoreReplica(replicaUrl, SLUG, scratch));
    const db = new DatabaseSync(scratch, { readOnly: true });
    // As checkRestored reads it (tenants/replica_restore.ts).
    db.exec(`PRAGMA mmap_size = ${MMAP_MIB * 1024 * 1024}`);
    let stockLines: number;
    let integrityCheck: number;
    let stockEqualsLedger: number;
    try {
      const [said, t1] = await timed(
        "integrity_check",
        () => db.prepare("PRAGMA integrity_check").all() as { integrity_check: string }[],
      );
      if (said.map((r) => r.integrity_check).join() !== "ok") {
        throw new Error("the restored file fails integrity_check");
      }
      const [faults, t2] = await timed("stock = ledger", () => stockLedgerFaults(db));
      if (faults.length > 0) throw new Error(`the restored file's stock ≠ its ledger: ${faults.join("; ")}`);
      [integrityCheck, stockEqualsLedger] = [t1, t2];
      stockLines = Number((db.prepare("SELECT count(*) AS n FROM stock_lines").get() as { n: number }).n);
    } finally {
      db.close();
    }
    const [, backupCheck] = await timed("backup check", () => checkBackup(scratch, "tenant"));
    const [tenant, putInPlace] = await timed("put in place", () => restoreTenant(platform, SLUG, scratch));
    const live = new DatabaseSync(filePathOf(tenant.dbUrl), { readOnly: true });
    let confirmedRestored: number;
    try {
      confirmedRestored = Number(
        (live.prepare("SELECT count(*) AS n FROM wms_documents WHERE status_code = 'confirmed'").get() as {
          n: number;
        }).n,
      );
    } finally {
      live.close();
    }
    return {
      stockLines,
      replicaMb: Math.round(dirBytes(replicaRoot) / 2 ** 20),
      phasesMs: {
        download,
        integrityCheck,
        stockEqualsLedger,
        backupCheck,
        putInPlace,
        total: download + integrityCheck + stockEqualsLedger + backupCheck + putInPlace,
      },
      confirmedRestored,
    };
  } finally {
    await platform.close();
    for (const f of [scratch, `${scratch}-wal`, `${scratch}-shm`]) rmSync(f, { force: true });
  }
}

function dirBytes(dir: string): number {
  let n = 0;
  for (const name of list(dir)) {
    const p = join(dir, name);
    const s = statSync(p);
    n += s.isDirectory() ? dirBytes(p) : s.size;
  }
  return n;
}

export function summarize(r: BenchResult): string[] {
  const x = r.results as Results;
  const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  return [
    `${
      x.restore.stockLines.toLocaleString("en")
    } stock lines, tenant file ${x.tenantFileMb} MB (set up in ${x.setupSeconds} s)`,
    ...x.intervals.flatMap((i) => [
      `REPLICA_SYNC_MS=${i.syncIntervalMs}: lag back to back p50 ${ms(i.lag.p50)}  p99 ${
        ms(i.lag.p99)
      }  (n=${i.lag.n}); ` +
      `paced p50 ${ms(i.lagPaced.p50)}  p99 ${ms(i.lagPaced.p99)}  (n=${i.lagPaced.n})`,
      `  confirm 1,000 positions: plain p50 ${ms(i.confirm.plain.p50)}, replicated p50 ${
        ms(i.confirm.replicated.p50)
      }; throughput replicated/plain ${i.throughputRatio} (rounds ${i.roundRatios.join(", ")})`,
    ]),
    `method checked on doc ${x.validation.doc}: held just after ${x.validation.presentJustAfter}, absent just before ${x.validation.absentJustBefore}`,
    `restore from the replica (${x.restore.replicaMb} MB): download ${
      s(x.restore.phasesMs.download)
    }, integrity_check ${s(x.restore.phasesMs.integrityCheck)}, stock = ledger ${
      s(x.restore.phasesMs.stockEqualsLedger)
    }, backup check ${s(x.restore.phasesMs.backupCheck)}, put in place ${
      s(x.restore.phasesMs.putInPlace)
    }; total ${s(x.restore.phasesMs.total)}`,
    `confirmed documents restored ${x.restore.confirmedRestored} of ${x.restore.confirmedExpected}`,
  ];
}

if (import.meta.main) {
  const r = await run();
  if (!Deno.env.get("BENCH_CHILD")) { for (const line of summarize(r)) console.log(line); }
}
