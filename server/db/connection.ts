// One interface over a tenant's or the control plane's database, whichever driver serves it:
// Deno's built-in node:sqlite for local files, @libsql/client's fetch-based client for libSQL/Turso.
// Domain code sees a drizzle database (`Db`) either way and writes through `transaction()`.
import { AsyncLocalStorage } from "node:async_hooks";
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

/**
 * Work a request asks to be done at the start of each of its transactions on one connection, under the
 * write lock (the idempotency key of a write, in the tenant's database: server/http/idempotency.ts), so
 * that it commits or rolls back with the change itself. Set for the length of a request with
 * `onBegin.run({ connection, run }, fn)`; every connection's `transaction()` calls it when it is that
 * connection (a request's transactions on the control database are not the tenant's).
 */
export const onBegin = new AsyncLocalStorage<{ connection: Connection; run(tx: Db): Promise<void> }>();

/** Runs the request's `onBegin` work if it is for `connection`. */
export async function begun(connection: Connection, tx: Db): Promise<void> {
  const begin = onBegin.getStore();
  if (begin && begin.connection === connection) await begin.run(tx);
}
