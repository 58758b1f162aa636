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
  close(): Promise<void>;
  readonly closed: boolean;
}
