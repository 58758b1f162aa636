// The one database interface every layer above the kernel writes through, whichever driver serves it
// (server/db/local.ts: node:sqlite; server/db/remote.ts: libSQL over fetch). Declared here, below the drivers,
// so that the request context and the paged list can name it; server/db/connection.ts re-exports it.
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
  /**
   * Runs `fn`, whose plain reads share one read transaction (server/db/local.ts); absent where each
   * statement is its own request anyway (remote).
   */
  reading?<T>(fn: () => Promise<T>): Promise<T>;
  /**
   * Whether other work of this process waits for the connection while a transaction holds it (a transaction
   * queued, a statement waiting for it to end, a worker's slices of the same file waiting for their turn): a
   * long write in slices ends its slice then (an import's, server/domain/imports/write.ts).
   */
  readonly waited: boolean;
  /** Counts remembered until the data changes; absent where a change cannot be told reliably (remote). */
  readonly countCache?: CountCache;
  close(): Promise<void>;
  readonly closed: boolean;
}

/** What a drizzle prepared query offers; `all` answers the rows, `get` the first (server/db/prepared.ts). */
export interface Prepared<P extends Record<string, unknown>, R> {
  all(placeholders: P): Promise<R[]>;
  get(placeholders: P): Promise<R | undefined>;
  /** The rows as arrays of column values, in the select's order, not mapped to objects. */
  values(placeholders: P): Promise<unknown[][]>;
  /** A write's run. */
  run(placeholders: P): Promise<unknown>;
}
