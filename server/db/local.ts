// node:sqlite behind drizzle's sqlite-proxy. Statements run synchronously inside the proxy callback,
// so a statement outside a transaction only has to check that no transaction is open.
import { DatabaseSync, type StatementSync } from "node:sqlite";
import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import { drizzle } from "drizzle-orm/sqlite-proxy";
import { ConnectionLock } from "./lock.ts";
import type { Connection, Db, Method, RawResult } from "./connection.ts";

const STATEMENT_CACHE_SIZE = 256;

export interface LocalOptions {
  busyTimeoutMs?: number;
  /** Pages in the WAL before a checkpoint is due; 0 disables automatic checkpoints at commit. */
  walAutoCheckpoint?: number;
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

export class LocalConnection implements Connection {
  readonly kind = "local" as const;
  readonly db: Db;
  /** The transaction whose handle may run statements now; 0 when none is open. */
  #activeTx = 0;
  #txCount = 0;
  readonly #sqlite: DatabaseSync;
  readonly #lock = new ConnectionLock();
  readonly #statements = new Map<string, StatementSync>();
  #closed = false;

  constructor(readonly url: string, options: LocalOptions = {}) {
    const path = filePathOf(url);
    if (path !== ":memory:") mkdirSync(dirname(path), { recursive: true });
    this.#sqlite = new DatabaseSync(path);
    try {
      // busy_timeout first: the journal mode switch itself may have to wait for another process.
      this.#sqlite.exec(`PRAGMA busy_timeout = ${options.busyTimeoutMs ?? 5000}`);
      this.#sqlite.exec(`PRAGMA journal_mode = WAL`);
      this.#sqlite.exec(`PRAGMA synchronous = NORMAL`);
      this.#sqlite.exec(`PRAGMA foreign_keys = ON`);
      // Checkpoints are run by the pool's timer, outside the request path.
      this.#sqlite.exec(`PRAGMA wal_autocheckpoint = ${options.walAutoCheckpoint ?? 0}`);
    } catch (err) {
      // Not a database, or locked: give the file handle back now rather than at garbage collection.
      this.#sqlite.close();
      throw err;
    }
    this.db = drizzle(async (sql, params, method) => {
      // Re-checked after every wait and followed synchronously by the statement: a transaction that
      // began while this one was being woken up must not receive it.
      while (this.#lock.held) await this.#lock.idle();
      return this.#execute(sql, params, method as Method);
    }) as unknown as Db;
  }

  get closed(): boolean {
    return this.#closed;
  }

  get busy(): boolean {
    return this.#lock.busy;
  }

  /** A cached prepared statement; drizzle reads rows as arrays, infrastructure queries as objects. */
  #prepare(sql: string, arrays = true): StatementSync {
    const key = arrays ? sql : `objects:${sql}`;
    let stmt = this.#statements.get(key);
    if (stmt) {
      // Keep the map in recency order so the oldest entry is evicted first.
      this.#statements.delete(key);
      this.#statements.set(key, stmt);
      return stmt;
    }
    stmt = this.#sqlite.prepare(sql);
    if (arrays) stmt.setReturnArrays(true);
    this.#statements.set(key, stmt);
    if (this.#statements.size > STATEMENT_CACHE_SIZE) {
      const oldest = this.#statements.keys().next().value as string;
      this.#statements.delete(oldest);
    }
    return stmt;
  }

  #execute(sql: string, params: unknown[], method: Method): RawResult {
    const stmt = this.#prepare(sql);
    const values = params.map(toSqlValue);
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
    try {
      this.#sqlite.exec("BEGIN IMMEDIATE");
      try {
        const id = this.#activeTx = ++this.#txCount;
        const result = await fn(this.#transactionHandle(id));
        this.#sqlite.exec("COMMIT");
        return result;
      } catch (err) {
        if (this.#sqlite.isTransaction) this.#sqlite.exec("ROLLBACK");
        throw err;
      }
    } finally {
      this.#activeTx = 0;
      release();
    }
  }

  /**
   * A handle valid only during its own transaction: a statement left running after the transaction
   * ended (a promise nobody awaited) fails instead of landing in whichever transaction is open then.
   */
  #transactionHandle(id: number): Db {
    return drizzle((sql, params, method) => {
      if (this.#activeTx !== id) throw new Error("Transaction handle used outside its transaction");
      return Promise.resolve(this.#execute(sql, params, method as Method));
    }) as unknown as Db;
  }

  async query(sql: string, params: unknown[] = []): Promise<Record<string, unknown>[]> {
    while (this.#lock.held) await this.#lock.idle();
    // PRAGMAs and DDL are cheap to prepare and may change meaning; only plain queries are cached.
    const stmt = /^\s*(SELECT|INSERT|UPDATE|DELETE|WITH)\b/i.test(sql)
      ? this.#prepare(sql, false)
      : this.#sqlite.prepare(sql);
    return stmt.all(...params.map(toSqlValue)) as Record<string, unknown>[];
  }

  checkpoint(mode: "PASSIVE" | "TRUNCATE" = "PASSIVE"): void {
    if (this.#closed || this.#lock.held) return;
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
    try {
      this.#sqlite.exec("PRAGMA wal_checkpoint(TRUNCATE)");
    } catch { /* a checkpoint is an optimisation; closing must not fail on it */ }
    this.#statements.clear();
    this.#sqlite.close();
    this.#closed = true;
  }
}
