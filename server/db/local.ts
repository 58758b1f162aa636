// node:sqlite behind drizzle's sqlite-proxy. Statements run synchronously inside the proxy callback,
// so a statement outside a transaction only has to check that no transaction is open.
import { DatabaseSync, type StatementSync } from "node:sqlite";
import { chmodSync, existsSync, mkdirSync, statSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { drizzle } from "drizzle-orm/sqlite-proxy";
import { ConnectionLock } from "./lock.ts";
import { WalGuard, type WalGuardOptions } from "./wal_guard.ts";
import { gateOf, type WriterGate } from "./writer_gate.ts";
import { turn } from "../kernel/turn.ts";
import { BOUND_LIMIT, literalLimit } from "./limit.ts";
import {
  begun,
  type Connection,
  type CountCache,
  type CountStatement,
  type Db,
  type Method,
  type RawResult,
  TransactionHost,
  withEach,
} from "./connection.ts";

const STATEMENT_CACHE_SIZE = 256;

/** A statement as run: its SQL and bound values (BEGIN IMMEDIATE and COMMIT have none). */
export type RecordedStatement = { path: string; sql: string; values: unknown[] };
let recorder: ((statement: RecordedStatement) => void) | undefined;

/**
 * Hears every statement this process's connections to files run, until called again without one: the
 * benches replay a request's statements on the raw driver (what the request costs SQLite alone), and tests
 * count them. One check of a variable per statement when nobody listens.
 */
export function recordStatements(listener?: (statement: RecordedStatement) => void): void {
  recorder = listener;
}
/**
 * A transaction's statements run synchronously and its awaits resolve at once, so without a pause a long
 * transaction (a confirmation of a thousand positions) would keep the event loop to itself: no other
 * request could even be read from its socket. After this much work it lets the loop turn once.
 */
const TRANSACTION_SLICE_MS = 5;
const COUNT_CACHE_SIZE = 256;
/**
 * The page cache, in KiB, of a transaction that has outgrown a slice (`SQLITE_SPILL_KIB`; 0 keeps the whole
 * cache). SQLite writes a transaction's changed pages into the WAL at COMMIT, all at once and on this
 * thread: a 1,000-position release changes about 24 MB, and its COMMIT held every other request of the
 * process for 52-85 ms. With the cache cut, SQLite spills changed pages into the WAL as the transaction
 * needs room for others (frames no reader sees before the commit), so most of them are written during the
 * slices, between which the loop turns: that COMMIT took 37-47 ms (alternated runs, 2026-12-01), the whole
 * confirmation no longer. The cache goes back to its size when the transaction ends.
 */
export const SPILL_KIB = Number(Deno.env.get("SQLITE_SPILL_KIB") ?? 4096);
/** The longest a read transaction `reading` began is joined by later reads (LocalConnection.reading). */
const SPAN_MAX_MS = 2;
/** How often an idle replicated file's writer looks whether a window is due (server/db/wal_guard.ts). */
const IDLE_WINDOW_LOOK_MS = 1000;
/** Rows ANALYZE samples per index when `optimize()` refreshes the planner's statistics. */
const ANALYSIS_LIMIT = 1000;
/**
 * Rows below which a table keeps no statistics (refreshStatistics). Measured on SQLite 3.53: a table whose
 * statistics say fewer than 100 rows is read whole for `id IN (SELECT value FROM json_each(?))`, and below
 * 3 rows even for `id IN (?, ?)` and an indexed `k = ?`.
 */
export const STATISTICS_FLOOR = 200;
/** Bytes a WAL file is cut back to when it starts over (64 MiB). */
const WAL_SIZE_LIMIT = 64 * 1024 * 1024;
/**
 * Page cache per connection, in KiB. SQLite's default (2 MiB) holds a sliver of a million stock lines'
 * indexes, so every confirmation read the same index pages again from the OS (a 100-position receipt took
 * about twice as long). Pages are taken only as they are used: a small tenant never grows to this.
 * `SQLITE_CACHE_KIB` overrides it.
 */
export const CACHE_KIB = Number(Deno.env.get("SQLITE_CACHE_KIB") ?? 65536);

/**
 * Bytes of each tenant file SQLite reads through a memory map, in MiB (`SQLITE_MMAP_MIB`; 0 turns it off).
 * Deno's SQLite is built with SQLITE_ENABLE_MEMORY_MANAGEMENT, which puts every connection's page cache
 * in the process under one mutex: two shards reading a hundred pages a query on files of their own ran at
 * 0.67x of one shard (scratch measurement: 23,000 queries/s alone, 15,400/s together), where a query
 * without pages ran at 1.92x. A page read through the map (one already checkpointed into the file) skips
 * that cache: with the map, the same two shards ran at 1.95x, and one alone 7% faster. SQLite caps it at
 * its compiled limit (2 GiB); a file smaller than it is mapped whole. Mapped pages are the OS's file cache,
 * shared and given back under memory pressure, not the process's own heap.
 */
export const MMAP_MIB = Number(Deno.env.get("SQLITE_MMAP_MIB") ?? 2048);

/**
 * All of SQLite's memory in this process (every shard's page caches, schemas and statements), in MiB:
 * past it, SQLite takes pages back from the caches (whichever tenant's are least recently used) instead of
 * growing. One budget for the process, since an idle tenant's cache costs nothing and a busy one's should
 * take what the idle ones leave: 1,000 open tenants cost about 830 KiB each whatever their cache_size (their
 * schemas and statements; bench/results/shards.json), and three connections scanning a million stock lines
 * took 238 MiB unbounded, 98 MiB under a 64 MiB limit. `SQLITE_HEAP_MIB` overrides it; 0 is no limit.
 */
export const HEAP_MIB = Number(Deno.env.get("SQLITE_HEAP_MIB") ?? 1024);
{
  // The limit is the process's (sqlite3_soft_heap_limit64): any connection sets it for all.
  const db = new DatabaseSync(":memory:");
  db.exec(`PRAGMA soft_heap_limit = ${Math.max(0, HEAP_MIB) * 1024 * 1024}`);
  db.close();
}

/** SQLite's SQLITE_BUSY (5) and its extended codes (BUSY_RECOVERY, BUSY_SNAPSHOT, BUSY_TIMEOUT). */
function isBusy(err: unknown): boolean {
  const code = (err as { errcode?: number })?.errcode;
  return typeof code === "number" ? (code & 0xff) === 5 : /database is locked/.test(String(err));
}

/**
 * Drops the value samples ANALYZE keeps in sqlite_stat4 (this SQLite is built with SQLITE_ENABLE_STAT4),
 * keeping the row estimates of sqlite_stat1. With samples, SQLite compiles a statement again every time a
 * value compared with a sampled index column is bound, since the value might change the plan: a product
 * page filtered by contractor took 0.70 ms with samples and 0.60 ms without. Our statements' plans are
 * chosen without statistics (tests/integration/list_plans.test.ts and stock/index_plans.test.ts prove them
 * on unanalysed files), so the samples buy nothing here. The connection then reloads its statistics.
 * Only a full ANALYZE takes samples (one run elsewhere, by hand or by a bench): ours, bounded by
 * analysis_limit, takes none, so this runs on opening only (and after a bench's full ANALYZE: bench/lib.ts,
 * analyse).
 */
export function withoutSamples(db: DatabaseSync, busyTimeoutMs: number): void {
  const has = db.prepare("SELECT 1 FROM sqlite_schema WHERE name = 'sqlite_stat4'").get();
  if (!has) return;
  const { n } = db.prepare("SELECT count(*) AS n FROM sqlite_stat4").get() as { n: number };
  if (n === 0) return;
  // Without waiting: while the file is being written (a move's hold, a restore) the samples stay, which
  // costs only speed, and the next open drops them.
  db.exec("PRAGMA busy_timeout = 0");
  try {
    db.exec("DELETE FROM sqlite_stat4");
    db.exec("ANALYZE sqlite_schema");
  } catch {
    /* busy: kept until the next open */
  } finally {
    db.exec(`PRAGMA busy_timeout = ${busyTimeoutMs}`);
  }
}

/**
 * What `PRAGMA optimize` (with `mask`) would analyse, analysed, except a table of fewer than STATISTICS_FLOOR
 * rows: it keeps no statistics, and the planner takes it for a large table (its defaults, under which our
 * statements' plans are proven: tests/integration/list_plans.test.ts). Analysed while small (a new
 * tenant's tables hold a row or two when it is first opened), a table kept that count until it was ten times
 * larger than it said, and meanwhile SQLite read the whole table for a list of ids: a terminal pick's own
 * statements took 444 µs against 234 µs at 1,300 documents (the names of its document 64 µs against 4), and
 * grew with the table. Nothing is written when nothing changes: a small table without statistics is listed
 * by every optimize and left as it is, so a file reopened writes nothing (a refresh that raised its counts
 * instead was undone by the next optimize, two commits on every open). All of it is one transaction, and it
 * waits for no one: while another connection writes the file it is left to the next round.
 */
function refreshStatistics(db: DatabaseSync, mask: number, busyTimeoutMs: number): void {
  const listed = (db.prepare(`PRAGMA optimize = ${mask | 1}`).all() as { optimize: string }[])
    .map((r) => r.optimize);
  const stat1 = db.prepare("SELECT 1 FROM sqlite_schema WHERE name = 'sqlite_stat1'").get() !== undefined;
  if (stat1 && mask & 0x10000) {
    // On opening, also the tables a file analysed before this floor counts below it (SQLite lists them only
    // once they are ten times larger): by their own count or a whole index's, not a partial index's.
    const small = db.prepare(
      `SELECT DISTINCT s.tbl AS name FROM sqlite_stat1 s
        WHERE CAST(s.stat AS INTEGER) < ${STATISTICS_FLOOR}
          AND EXISTS (SELECT 1 FROM sqlite_schema t WHERE t.type = 'table' AND t.name = s.tbl)
          AND (s.idx IS NULL OR NOT EXISTS (
            SELECT 1 FROM pragma_index_list(s.tbl) i WHERE i.name = s.idx AND i.partial))`,
    ).all() as { name: string }[];
    for (const { name } of small) {
      const statement = `ANALYZE "main"."${name.replaceAll('"', '""')}"`;
      if (!listed.includes(statement)) listed.push(statement);
    }
  }
  if (listed.length === 0) return;
  const analyse: string[] = [];
  /** Tables shrunk below the floor since they were analysed: their counts go. */
  const shrunk: string[] = [];
  const analysed = stat1 ? db.prepare("SELECT 1 FROM sqlite_stat1 WHERE tbl = ?") : undefined;
  for (const statement of listed) {
    const name = /^ANALYZE "main"\."((?:[^"]|"")+)"$/.exec(statement)?.[1];
    if (name === undefined) {
      analyse.push(statement);
      continue;
    }
    const { n } = db.prepare(`SELECT count(*) AS n FROM (SELECT 1 FROM "${name}" LIMIT ${STATISTICS_FLOOR})`)
      .get() as { n: number };
    const table = name.replaceAll('""', '"');
    if (n >= STATISTICS_FLOOR) analyse.push(statement);
    else if (analysed?.get(table)) shrunk.push(table);
  }
  if (analyse.length === 0 && shrunk.length === 0) return;
  db.exec("PRAGMA busy_timeout = 0");
  try {
    db.exec("BEGIN IMMEDIATE");
    try {
      for (const statement of analyse) db.exec(statement);
      if (shrunk.length) {
        const drop = db.prepare("DELETE FROM sqlite_stat1 WHERE tbl = ?");
        for (const table of shrunk) drop.run(table);
        // The connection reloads the statistics (ANALYZE reloads those it gathers, not those deleted), inside
        // the transaction: after it, the reload would want the lock again and might not get it.
        db.exec("ANALYZE sqlite_schema");
      }
      db.exec("COMMIT");
    } catch (err) {
      try {
        db.exec("ROLLBACK");
      } catch { /* SQLite rolled it back itself */ }
      throw err;
    }
  } catch (err) {
    if (!isBusy(err)) throw err;
  } finally {
    db.exec(`PRAGMA busy_timeout = ${busyTimeoutMs}`);
  }
}

/**
 * While Litestream replicates this process's files (server/replication/), only Litestream checkpoints
 * (decision 0019): a closing connection then checkpoints nothing. Not even PASSIVE: while Litestream is
 * down (killed, restarting) it holds no read lock, a PASSIVE checkpoint copies the whole WAL, and the next
 * write starts the WAL over behind Litestream's back (a new generation, a full snapshot).
 */
let closeCheckpoint: "TRUNCATE" | null = "TRUNCATE";

/** Called once a thread knows its files are replicated: no checkpoint of ours resets a WAL from then on. */
export function leaveWalResetsToReplication(): void {
  closeCheckpoint = null;
}

/** Whether this thread's files are replicated (a worker it starts must then leave checkpoints alone too). */
export const walResetsLeftToReplication = (): boolean => closeCheckpoint === null;

/** This thread's count of open write transactions, shared with the front (server/cluster/front.ts). */
let openTransactions: Int32Array | undefined;

/** Counts this thread's open transactions in `gauge` (a shard or reader worker's shared memory). */
export function countTransactionsIn(gauge: Int32Array): void {
  openTransactions = gauge;
}

export interface LocalOptions {
  busyTimeoutMs?: number;
  /** Pages in the WAL before a checkpoint is due; 0 disables automatic checkpoints at commit. */
  walAutoCheckpoint?: number;
  /** Page cache in KiB (default CACHE_KIB). */
  cacheKib?: number;
  /**
   * A long transaction's page cache in KiB (default SPILL_KIB; 0 keeps the whole cache): for a thread that
   * answers requests. A worker's connection that only writes slices (a count's) passes 0: no loop of its own
   * waits for its commit, and spilling makes its slices, which the tenant's writes wait for, longer.
   */
  spillKib?: number;
  /**
   * Opens the file read-only (a reader worker's connection: server/cluster/): it never creates, migrates,
   * checkpoints or analyses the file, and a write fails with SQLITE_READONLY.
   */
  readOnly?: boolean;
  /**
   * A worker's connection that writes slices beside the connection of the thread answering the file's
   * requests (a count's: server/domain/orders/count_worker.ts) passes false: it leaves the file's upkeep to
   * that connection, neither refreshing statistics on opening nor checkpointing on closing. Both write or
   * hold the write lock outside the turns the two take (writer_gate.ts), so the answering thread's writes
   * would sleep in SQLite's busy handler meanwhile (and a closing TRUNCATE waits for every reader, up to
   * this connection's busy timeout, holding that lock: the tenant's writes failed with "database is locked").
   */
  upkeep?: boolean;
  /** Run first in every write transaction, under its lock; throwing refuses the transaction. */
  fence?: (sqlite: DatabaseSync) => void;
  /**
   * A file Litestream replicates, written by this connection alone: it keeps a guard against Litestream
   * 0.3.13 losing the frames committed while it checkpoints (server/db/wal_guard.ts, decision 0022).
   */
  walGuard?: WalGuardOptions;
}

type SqlValue = null | number | bigint | string | Uint8Array;

function toSqlValue(v: unknown): SqlValue {
  if (v === undefined || v === null) return null;
  if (typeof v === "boolean") return v ? 1 : 0;
  if (v instanceof Date) return Math.floor(v.getTime() / 1000);
  return v as SqlValue;
}

export function filePathOf(url: string): string {
  if (url === ":memory:" || url === "file::memory:") return ":memory:";
  return url.startsWith("file:") ? url.slice("file:".length) : url;
}

/**
 * A read-only second connection to the same file, for plain SELECTs that arrive while this connection's
 * transaction is open: in WAL mode it reads the last committed state without waiting for the writer, so a
 * long confirmation does not hold up every list and record read of the tenant behind it.
 */
class Reader {
  readonly sqlite: DatabaseSync;
  readonly statements = new Map<string, StatementSync>();

  constructor(path: string, busyTimeoutMs: number) {
    this.sqlite = new DatabaseSync(path, { readOnly: true });
    this.sqlite.exec(`PRAGMA busy_timeout = ${busyTimeoutMs}`);
    this.sqlite.exec(`PRAGMA cache_size = -${CACHE_KIB}`);
    this.sqlite.exec(`PRAGMA mmap_size = ${MMAP_MIB * 1024 * 1024}`);
  }
}

/** Statements a reader may take: one SELECT that writes nothing (no RETURNING clause, no PRAGMA). */
function readsOnly(sql: string, method: Method): boolean {
  return method !== "run" && /^\s*select\b/i.test(sql) && !/\breturning\b/i.test(sql);
}

/**
 * Makes a new database file readable by this server's user alone (0600, its folder 0700) before SQLite opens
 * it: a tenant's data and the control database's logins are nobody else's on the machine. SQLite gives the
 * WAL and shared-memory files the same permissions as the database file.
 */
export function createPrivately(path: string): void {
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  try {
    writeFileSync(path, new Uint8Array(), { mode: 0o600, flag: "wx" });
  } catch (err) {
    if ((err as { code?: string }).code !== "EEXIST") throw err;
    // A file made before this rule (or copied in) is narrowed too.
    for (const f of [path, `${path}-wal`, `${path}-shm`]) {
      if (existsSync(f) && (statSync(f).mode & 0o077) !== 0) chmodSync(f, 0o600);
    }
  }
}

export class LocalConnection implements Connection {
  readonly kind = "local" as const;
  readonly db: Db;
  readonly #path: string;
  readonly #busyTimeoutMs: number;
  #reader: Reader | undefined;
  readonly #cacheKib: number;
  /** What a long transaction's cache is cut to; 0 when it keeps its whole cache. */
  readonly #spillKib: number;
  /** The transaction open now has outgrown a slice, and its page cache was cut to spill (SPILL_KIB). */
  #spilling = false;
  /** The transaction whose handle may run statements now; 0 when none is open. */
  #activeTx = 0;
  #txCount = 0;
  /** Prepared statements of transactions live here (connection.ts), run on the open one. */
  readonly #txHost = new TransactionHost();
  readonly #sqlite: DatabaseSync;
  readonly #lock = new ConnectionLock();
  readonly #statements = new Map<string, StatementSync>();
  /** Counts by statement and parameters, with the change stamp they were counted at. */
  readonly #counts = new Map<string, { stamp: string; n: number }>();
  /** Transactions ended (committed or rolled back): part of the change stamp. */
  #txEnded = 0;
  readonly #dataVersion: StatementSync;
  readonly #totalChanges: StatementSync;
  /** Callers of `reading` now; while there are, plain reads share one read transaction (`#spanOpen`). */
  #readers = 0;
  #spanOpen = false;
  /** When the open read transaction began: one older than SPAN_MAX_MS is not joined, but begun again. */
  #spanSince = 0;
  #closed = false;
  readonly countCache: CountCache = {
    get: (statement, count, fresh) => this.#cachedCount(statement, count, fresh),
  };

  readonly readOnly: boolean;
  readonly #fence?: (sqlite: DatabaseSync) => void;
  readonly #guard: WalGuard | undefined;
  readonly #upkeep: boolean;
  #guardTimer: ReturnType<typeof setInterval> | undefined;

  constructor(readonly url: string, options: LocalOptions = {}) {
    this.#fence = options.fence;
    this.#upkeep = options.upkeep !== false;
    const path = this.#path = filePathOf(url);
    this.#busyTimeoutMs = options.busyTimeoutMs ?? 5000;
    this.#cacheKib = options.cacheKib ?? CACHE_KIB;
    // Cutting to a cache no smaller than the whole one spills nothing: 0, as if turned off.
    const spillKib = options.spillKib ?? SPILL_KIB;
    this.#spillKib = spillKib > 0 && spillKib < this.#cacheKib ? spillKib : 0;
    const readOnly = this.readOnly = options.readOnly === true && path !== ":memory:";
    if (path !== ":memory:" && !readOnly) createPrivately(path);
    this.#sqlite = new DatabaseSync(path, { readOnly });
    try {
      // busy_timeout first: the journal mode switch itself may have to wait for another process.
      this.#sqlite.exec(`PRAGMA busy_timeout = ${options.busyTimeoutMs ?? 5000}`);
      this.#sqlite.exec(`PRAGMA cache_size = -${this.#cacheKib}`);
      this.#sqlite.exec(`PRAGMA mmap_size = ${MMAP_MIB * 1024 * 1024}`);
      if (!readOnly) {
        this.#sqlite.exec(`PRAGMA journal_mode = WAL`);
        this.#sqlite.exec(`PRAGMA synchronous = NORMAL`);
        this.#sqlite.exec(`PRAGMA foreign_keys = ON`);
        // Checkpoints are run by the pool's timer, outside the request path.
        this.#sqlite.exec(`PRAGMA wal_autocheckpoint = ${options.walAutoCheckpoint ?? 0}`);
        // Once a checkpoint has copied everything, the next write starts the WAL over and cuts the file
        // back to this size (else it keeps the size of its busiest half-minute, gigabytes for a large tenant).
        this.#sqlite.exec(`PRAGMA journal_size_limit = ${WAL_SIZE_LIMIT}`);
        this.#sqlite.exec(`PRAGMA analysis_limit = ${ANALYSIS_LIMIT}`);
      }
      this.#dataVersion = this.#sqlite.prepare("PRAGMA data_version");
      this.#dataVersion.setReturnArrays(true);
      this.#totalChanges = this.#sqlite.prepare("SELECT total_changes()");
      this.#totalChanges.setReturnArrays(true);
      if (options.walGuard && !readOnly && path !== ":memory:") {
        const { page_size } = this.#sqlite.prepare("PRAGMA page_size").get() as { page_size: number };
        this.#guard = new WalGuard(path, page_size, this.#busyTimeoutMs, options.walGuard);
        // An idle file's window too: else Litestream, kept from starting the WAL over, would checkpoint
        // (and write a row of its own) at every look for as long as the tenant stays open.
        this.#guardTimer = setInterval(() => this.#windowWhenIdle(), IDLE_WINDOW_LOOK_MS);
        Deno.unrefTimer(this.#guardTimer as unknown as number);
      }
      if (!readOnly && this.#upkeep) {
        // On opening, statistics of every table that needs them (0x10000), not only of tables queried, written
        // once the guard holds (they are commits like any other). They are an optimisation: while another
        // connection writes the file (a provisioning, a migration, a move's hold) they are left to the next
        // open rather than refusing the open with "database is locked" (a read that must turn into a write
        // gets SQLITE_BUSY at once, without the busy handler).
        try {
          refreshStatistics(this.#sqlite, 0x10002, this.#busyTimeoutMs);
        } catch (err) {
          if (!isBusy(err)) throw err;
        }
        withoutSamples(this.#sqlite, this.#busyTimeoutMs);
      }
    } catch (err) {
      // Not a database, or locked: give the file handles back now rather than at garbage collection.
      clearInterval(this.#guardTimer);
      this.#guard?.close();
      this.#sqlite.close();
      throw err;
    }
    this.db = drizzle(async (sql, params, method) => {
      // A read while a transaction is open goes to the reader: it sees what was committed before.
      if (this.#lock.held && this.#path !== ":memory:" && readsOnly(sql, method as Method)) {
        return this.#executeOn(this.#readerNow(), sql, params, method as Method);
      }
      const gate = this.#writeGate(sql, method as Method);
      if (gate) await gate.enter(this.#busyTimeoutMs);
      try {
        // Re-checked after every wait and followed synchronously by the statement: a transaction that
        // began while this one was being woken up must not receive it.
        while (this.#lock.held) await this.#lock.idle();
        this.#spanFor(sql, method as Method);
        return this.#execute(sql, params, method as Method);
      } finally {
        gate?.leave();
      }
    }) as unknown as Db;
  }

  /**
   * Runs `fn`, whose plain reads (outside a transaction) share one read transaction on this connection,
   * begun at the first and ended when `fn` and every other caller of `reading` meanwhile are done: SQLite
   * takes and gives back the file's read locks once instead of for every statement (8 small selects: 55 µs
   * one by one, 21 µs in one transaction, measured 2026-11-30). Only for reads: a write, a transaction, a
   * checkpoint or a close on this connection ends the read transaction first, and a read transaction older
   * than SPAN_MAX_MS is not joined but begun again: a read sees the data at most that much older than it
   * would have alone. `fn` should await nothing but this connection's statements (the engine's list and
   * get): awaiting a timer or I/O keeps the read transaction open meanwhile, and with it the WAL's start.
   */
  async reading<T>(fn: () => Promise<T>): Promise<T> {
    this.#readers++;
    try {
      return await fn();
    } finally {
      if (--this.#readers === 0) this.#endSpan();
    }
  }

  /** Before a statement outside a transaction: a read joins the shared read transaction, anything else ends it. */
  #spanFor(sql: string, method: Method): void {
    if (readsOnly(sql, method)) this.#joinSpan();
    else this.#endSpan();
  }

  #joinSpan(): void {
    if (this.#readers === 0 || this.#path === ":memory:") return this.#endSpan();
    if (this.#spanOpen && performance.now() - this.#spanSince <= SPAN_MAX_MS) return;
    this.#endSpan();
    if (this.#sqlite.isTransaction) return;
    this.#sqlite.exec("BEGIN");
    this.#spanOpen = true;
    this.#spanSince = performance.now();
  }

  #endSpan(): void {
    if (!this.#spanOpen) return;
    this.#spanOpen = false;
    if (!this.#sqlite.isTransaction) return;
    // Nothing was written in it: ending it only gives the read locks back; a COMMIT that fails still must.
    try {
      this.#sqlite.exec("COMMIT");
    } catch (err) {
      if (this.#sqlite.isTransaction) this.#sqlite.exec("ROLLBACK");
      throw err;
    }
  }

  get closed(): boolean {
    return this.#closed;
  }

  get busy(): boolean {
    return this.#lock.busy;
  }

  get waited(): boolean {
    // This thread's work queued for the connection, or a worker of this process writing the file in slices
    // (a count's) waiting for its turn behind this thread's write (writer_gate.ts).
    return this.#lock.waited || (gateOf(this.#path)?.workerWaits() ?? false);
  }

  #readerNow(): Reader {
    return this.#reader ??= new Reader(this.#path, this.#busyTimeoutMs);
  }

  /** A cached prepared statement; drizzle reads rows as arrays, infrastructure queries as objects. */
  #prepare(
    sql: string,
    arrays = true,
    on: { sqlite: DatabaseSync; statements: Map<string, StatementSync> } = {
      sqlite: this.#sqlite,
      statements: this.#statements,
    },
  ): StatementSync {
    const key = arrays ? sql : `objects:${sql}`;
    let stmt = on.statements.get(key);
    if (stmt) {
      // Keep the map in recency order so the oldest entry is evicted first.
      on.statements.delete(key);
      on.statements.set(key, stmt);
      return stmt;
    }
    stmt = on.sqlite.prepare(sql);
    if (arrays) stmt.setReturnArrays(true);
    on.statements.set(key, stmt);
    if (on.statements.size > STATEMENT_CACHE_SIZE) {
      const oldest = on.statements.keys().next().value as string;
      on.statements.delete(oldest);
    }
    return stmt;
  }

  /**
   * The gate a write (not `readsOnly`) takes its turn at the lock through while a worker of this process
   * writes the file in slices (writer_gate.ts); none otherwise, without looking at the statement.
   */
  #writeGate(sql: string, method: Method): WriterGate | undefined {
    const gate = gateOf(this.#path);
    return gate && !readsOnly(sql, method) ? gate : undefined;
  }

  #executeOn(reader: Reader, query: string, params: unknown[], method: Method): RawResult {
    const [sql, bound] = literalLimit(query, params);
    const stmt = this.#prepare(sql, true, reader);
    const values = bound.map(toSqlValue);
    recorder?.({ path: this.#path, sql, values });
    return { rows: (method === "get" ? stmt.get(...values) ?? undefined : stmt.all(...values)) as unknown[] };
  }

  #execute(query: string, params: unknown[], method: Method): RawResult {
    const [sql, bound] = literalLimit(query, params);
    const stmt = this.#prepare(sql);
    const values = bound.map(toSqlValue);
    recorder?.({ path: this.#path, sql, values });
    switch (method) {
      case "run": {
        const r = stmt.run(...values);
        return { rows: [], changes: Number(r.changes), lastInsertRowid: r.lastInsertRowid };
      }
      case "get":
        return { rows: (stmt.get(...values) ?? undefined) as unknown as unknown[] };
      default:
        return { rows: stmt.all(...values) as unknown[] };
    }
  }

  async transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T> {
    const release = await this.#lock.acquire();
    // While a worker of this process writes the file in slices, a turn between them (writer_gate.ts): the
    // wait for it holds up nothing else on this thread, where SQLite's busy handler would sleep in it.
    const gate = gateOf(this.#path);
    if (gate) await gate.enter(this.#busyTimeoutMs);
    try {
      // Between two transactions, nothing of ours in flight: Litestream may start the WAL over now.
      this.#endSpan();
      if (this.#guard?.due()) await this.#guard.window();
      this.#sqlite.exec("BEGIN IMMEDIATE");
      recorder?.({ path: this.#path, sql: "BEGIN IMMEDIATE", values: [] });
      if (openTransactions) Atomics.add(openTransactions, 0, 1);
      try {
        // Under the write lock: a file whose tenant moved away refuses the write (server/tenancy/move.ts).
        this.#fence?.(this.#sqlite);
        const id = this.#activeTx = ++this.#txCount;
        const handle = this.#transactionHandle(id);
        await begun(this, handle);
        const result = await fn(handle);
        this.#sqlite.exec("COMMIT");
        recorder?.({ path: this.#path, sql: "COMMIT", values: [] });
        return result;
      } catch (err) {
        if (this.#sqlite.isTransaction) this.#sqlite.exec("ROLLBACK");
        throw err;
      } finally {
        if (openTransactions) Atomics.sub(openTransactions, 0, 1);
        if (this.#spilling) {
          // The transaction has ended either way: a failure here must neither make a commit look failed
          // (a caller would write it again) nor hide a rollback's cause. Left spilling, the next end retries.
          try {
            this.#sqlite.exec(`PRAGMA cache_size = -${this.#cacheKib}`);
            this.#spilling = false;
          } catch (err) {
            console.error(`page cache of ${this.#path} not restored after a transaction:`, err);
          }
        }
      }
    } finally {
      gate?.leave();
      this.#activeTx = 0;
      this.#txHost.ended();
      this.#txEnded++;
      release();
      // The window a burst of writes made due, once the burst has let go (not in the caller's time).
      if (this.#guard?.due()) setTimeout(() => this.#windowWhenIdle(), 0);
    }
  }

  /** The WAL guard's windows (server/db/wal_guard.ts) on a replicated file; undefined without a guard. */
  get walGuard(): { windows: number; resets: number; open: boolean } | undefined {
    const g = this.#guard;
    return g && { ...g.stats, open: g.windowOpen };
  }

  /** A window (server/db/wal_guard.ts) if one is due and no transaction holds or waits for the lock. */
  async #windowWhenIdle(): Promise<void> {
    if (this.#closed || this.#lock.busy || !this.#guard?.dueNow()) return;
    const release = await this.#lock.acquire();
    // Nothing of a worker's commits during the window either (decision 0022).
    const gate = gateOf(this.#path);
    if (gate) await gate.enter(this.#busyTimeoutMs);
    try {
      this.#endSpan();
      if (!this.#closed) await this.#guard.window();
    } finally {
      gate?.leave();
      release();
    }
  }

  /**
   * What the data looked like, as far as a cached count cares: `PRAGMA data_version` moves when another
   * connection (another process, or another pool's connection to this file) commits, but not for this
   * connection's own writes; those move `total_changes()` (every row written, in a transaction or not,
   * by triggers too), and a transaction's end moves `#txEnded`, so a count taken while a transaction was
   * open is never reused after it rolled back.
   */
  #changeStamp(): string {
    const [version] = this.#dataVersion.get() as unknown as [number];
    const [changes] = this.#totalChanges.get() as unknown as [number];
    return `${version}:${changes}:${this.#txEnded}`;
  }

  async #cachedCount(
    statement: CountStatement,
    count: () => Promise<number>,
    fresh = false,
  ): Promise<number> {
    // While a transaction is open the count is read beside it (from the reader) and not remembered: the
    // change stamp speaks of this connection, whose writes are not committed yet.
    if (this.#lock.held && this.#path !== ":memory:") return await count();
    while (this.#lock.held) await this.#lock.idle();
    // Stamped before counting: a change landing in between makes the entry stale, never wrong.
    this.#joinSpan();
    const stamp = this.#changeStamp();
    const key = `${statement.sql}\u0000${
      JSON.stringify(statement.params, (_, v) => typeof v === "bigint" ? { bigint: `${v}` } : v)
    }`;
    const hit = this.#counts.get(key);
    this.#counts.delete(key);
    if (hit && hit.stamp === stamp && !fresh) {
      this.#counts.set(key, hit);
      return hit.n;
    }
    const n = await count();
    this.#counts.set(key, { stamp, n });
    if (this.#counts.size > COUNT_CACHE_SIZE) this.#counts.delete(this.#counts.keys().next().value as string);
    return n;
  }

  optimize(): void {
    // Not while a worker of this process writes the file in slices: the statistics it may write would wait
    // for the lock inside this call (writer_gate.ts), and they can wait for the next round.
    if (this.#closed || this.#lock.held || this.readOnly || gateOf(this.#path)) return;
    this.#endSpan();
    // PRAGMA optimize's own mask (0xfffe): the tables this connection has queried since.
    refreshStatistics(this.#sqlite, 0xfffe, this.#busyTimeoutMs);
  }

  /**
   * A handle valid only during its own transaction: a statement left running after the transaction
   * ended (a promise nobody awaited) fails instead of landing in whichever transaction is open then.
   */
  #transactionHandle(id: number): Db {
    let sliceStart = performance.now();
    const pause = async () => {
      if (performance.now() - sliceStart > TRANSACTION_SLICE_MS) {
        if (!this.#spilling && this.#spillKib > 0 && this.#activeTx === id) {
          this.#spilling = true;
          this.#sqlite.exec(`PRAGMA cache_size = -${this.#spillKib}`);
        }
        // Twice: a request's way in (its socket read, parsed, handed to its handler) took the loop up to six
        // turns, so requests beside 5 ms slices waited p99 32-34 ms with one turn a pause, 5.9-6.2 ms with two
        // (a read beside a 1,000-position confirmation was handed to its handler 37.7 ms after it was sent;
        // 2026-12-02, bench/README.md, orders). Here, after 5 ms of work, not in `turn` itself: work that turns
        // after every small chunk (an export's stream) was left as it was.
        await turn();
        await turn();
        sliceStart = performance.now();
      }
      if (this.#activeTx !== id) throw new Error("Transaction handle used outside its transaction");
    };
    const run = async (sql: string, params: unknown[], method: string) => {
      await pause();
      return this.#execute(sql, params, method as Method);
    };
    const handle = this.#txHost.handle(run, () => this.#activeTx === id);
    // One prepared statement stepped per row: cheaper than one multi-row statement for SQLite (about half
    // the time for 100 rows into a table with a dozen indexes), and the loop may pause between rows.
    return withEach(handle, async (sql, rows) => {
      // A bound LIMIT is written into the statement, as #execute writes it (literalLimit).
      const limited = BOUND_LIMIT.test(sql);
      const stmt = limited ? undefined : this.#prepare(sql);
      const out: unknown[][] = [];
      for (const row of rows) {
        await pause();
        const [text, bound] = limited ? literalLimit(sql, row) : [sql, row];
        const values = bound.map(toSqlValue);
        recorder?.({ path: this.#path, sql: text, values });
        const returned = (stmt ?? this.#prepare(text)).all(...values) as unknown as unknown[][];
        for (const r of returned) out.push(r);
      }
      return out;
    }, true);
  }

  async query(sql: string, params: unknown[] = []): Promise<Record<string, unknown>[]> {
    const gate = this.#writeGate(sql, "all");
    if (gate) await gate.enter(this.#busyTimeoutMs);
    try {
      while (this.#lock.held) await this.#lock.idle();
      this.#spanFor(sql, "all");
      // PRAGMAs and DDL are cheap to prepare and may change meaning; only plain queries are cached.
      const stmt = /^\s*(SELECT|INSERT|UPDATE|DELETE|WITH)\b/i.test(sql)
        ? this.#prepare(sql, false)
        : this.#sqlite.prepare(sql);
      const values = params.map(toSqlValue);
      recorder?.({ path: this.#path, sql, values });
      return stmt.all(...values) as Record<string, unknown>[];
    } finally {
      gate?.leave();
    }
  }

  checkpoint(mode: "PASSIVE" | "TRUNCATE" = "PASSIVE"): void {
    if (this.#closed || this.#lock.held) return;
    this.#endSpan();
    this.#sqlite.exec(`PRAGMA wal_checkpoint(${mode})`);
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    // Idle: closed at once, so an evicted connection gives its files back before close() returns.
    if (!this.#lock.busy) return this.#closeNow();
    // Else queued behind the transactions already waiting, and holding the lock while closing.
    const release = await this.#lock.acquire();
    try {
      if (!this.#closed) this.#closeNow();
    } finally {
      release();
    }
  }

  #closeNow(): void {
    clearInterval(this.#guardTimer);
    this.#endSpan();
    try {
      this.#guard?.close();
    } catch { /* the guard only reads; closing must not fail on it */ }
    try {
      // Not while a worker of this process writes the file in slices: a TRUNCATE checkpoint waits for its
      // slice inside this call (writer_gate.ts); the worker copies its WAL itself. Nor by such a worker.
      // Without waiting: a TRUNCATE holds the write lock while it waits for the file's readers (a reader
      // worker's long read, another process's), for as long as the busy timeout, and this thread sleeps
      // meanwhile. Busy, it copies what it can; the WAL is cut back to its limit by the next write.
      if (closeCheckpoint && this.#upkeep && !this.readOnly && !gateOf(this.#path)) {
        this.#sqlite.exec("PRAGMA busy_timeout = 0");
        this.#sqlite.exec(`PRAGMA wal_checkpoint(${closeCheckpoint})`);
      }
    } catch { /* a checkpoint is an optimisation; closing must not fail on it */ }
    this.#statements.clear();
    this.#counts.clear();
    this.#reader?.statements.clear();
    this.#reader?.sqlite.close();
    this.#reader = undefined;
    this.#sqlite.close();
    this.#closed = true;
  }
}
