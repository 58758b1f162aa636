// One interface over a tenant's or the control plane's database, whichever driver serves it:
// Deno's built-in node:sqlite for local files, @libsql/client's fetch-based client for libSQL/Turso.
// Domain code sees a drizzle database (`Db`) either way and writes through `transaction()`.
import type { SqliteRemoteDatabase } from "drizzle-orm/sqlite-proxy";

export type Db = SqliteRemoteDatabase<Record<string, never>>;

export type Method = "run" | "all" | "values" | "get";

export interface RawResult {
  rows: unknown[];
  changes?: number;
  lastInsertRowid?: number | bigint;
}

/** A counting statement as drizzle renders it. */
export interface CountStatement {
  sql: string;
  params: unknown[];
}

/** Remembers counts until the database changes (by this connection or any other). */
export interface CountCache {
  /**
   * The count `statement` gives: remembered if nothing changed since it was counted, else `count()`.
   * `fresh` counts in any case, and remembers the new count.
   */
  get(statement: CountStatement, count: () => Promise<number>, fresh?: boolean): Promise<number>;
}

/**
 * One statement run once per row of parameters inside a transaction, answering the rows each run returned
 * (with a RETURNING clause), in order. Reached through `runEach(tx, ...)` (server/db/bulk.ts).
 */
export type EachRunner = (sql: string, rows: unknown[][]) => Promise<unknown[][]>;

/** Where a transaction handle keeps its EachRunner. */
export const EACH: unique symbol = Symbol("runEach");

/** Gives a transaction handle its EachRunner. */
export function withEach(handle: Db, each: EachRunner): Db {
  Object.defineProperty(handle, EACH, { value: each });
  return handle;
}

export interface Connection {
  readonly kind: "local" | "remote";
  readonly url: string;
  /** Statements outside a transaction; they wait while this connection's transaction is open. */
  readonly db: Db;
  /** One `BEGIN IMMEDIATE` transaction; all reads and writes of `fn` go through `tx`. */
  transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T>;
  /** A single raw query, for infrastructure (health, pragmas, migration bookkeeping). */
  query(sql: string, params?: unknown[]): Promise<Record<string, unknown>[]>;
  /** Runs a WAL checkpoint; a no-op on remote databases. */
  checkpoint(): void;
  /**
   * Refreshes the query planner's statistics where they are stale (`PRAGMA optimize`, bounded by
   * analysis_limit); a no-op on remote databases, whose server keeps its own.
   */
  optimize(): void;
  /** Counts remembered until the data changes; absent where a change cannot be told reliably (remote). */
  readonly countCache?: CountCache;
  close(): Promise<void>;
  readonly closed: boolean;
}
