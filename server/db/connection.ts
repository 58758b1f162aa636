// One interface over a tenant's or the control plane's database, whichever driver serves it:
// Deno's built-in node:sqlite for local files, @libsql/client's fetch-based client for libSQL/Turso.
// Domain code sees a drizzle database (`Db`) either way and writes through `transaction()`.
import { AsyncLocalStorage } from "node:async_hooks";
import { drizzle } from "drizzle-orm/sqlite-proxy";

export type { CountCache, CountStatement, Db, EachRunner, Method, RawResult } from "../kernel/database.ts";
import type { Connection, Db, EachRunner, RawResult } from "../kernel/database.ts";
export type { Connection };

/** Where a transaction handle keeps its EachRunner. */
export const EACH: unique symbol = Symbol("runEach");

/** Where a transaction handle says that its statements run on this thread (node:sqlite). */
const ON_THREAD: unique symbol = Symbol("onThread");

/**
 * Gives a transaction handle its EachRunner; `onThread`: its statements run synchronously on this thread,
 * the event loop turning only between them (a libSQL transaction's are round trips that hold no thread).
 */
export function withEach(handle: Db, each: EachRunner, onThread = false): Db {
  Object.defineProperty(handle, EACH, { value: each });
  if (onThread) Object.defineProperty(handle, ON_THREAD, { value: true });
  return handle;
}

/** A transaction handle's EachRunner; none for any other handle. */
export const eachOf = (db: Db): EachRunner | undefined => (db as unknown as { [EACH]?: EachRunner })[EACH];

/** Whether `db` is a transaction handle whose statements hold this thread, each for as long as it runs. */
export const runsOnThread = (db: Db): boolean =>
  (db as unknown as { [ON_THREAD]?: true })[ON_THREAD] === true;

/** Where a transaction handle keeps its connection's lasting handle for prepared statements. */
export const HOST: unique symbol = Symbol("preparedHost");

/**
 * A connection's lasting handle that runs on whichever transaction is open (server/db/prepared.ts): a
 * statement prepared on it serves every later transaction, where one prepared on a transaction's own short
 * handle would be built again in each. `live()` says whether the handle it was reached from is still open.
 */
export interface PreparedHost {
  db: Db;
  live(): boolean;
}

/** What runs a transaction's statements: the driver's, behind its checks. */
type Runner = (sql: string, params: unknown[], method: string) => Promise<RawResult>;

/**
 * A connection's `PreparedHost` handle, which runs on the transaction open now, and the transactions' own
 * handles, each given the host. Both drivers keep one.
 */
export class TransactionHost {
  #run: Runner | null = null;
  readonly db = drizzle((sql, params, method) => {
    if (!this.#run) throw new Error("Transaction handle used outside its transaction");
    return this.#run(sql, params, method);
  }) as unknown as Db;

  /** The handle of a transaction that runs its statements by `run`; its prepared ones run while `live()`. */
  handle(run: Runner, live: () => boolean): Db {
    this.#run = run;
    const handle = drizzle(run) as unknown as Db;
    Object.defineProperty(handle, HOST, { value: { db: this.db, live } satisfies PreparedHost });
    return handle;
  }

  /** The transaction ended: the host runs nothing until the next one. */
  ended(): void {
    this.#run = null;
  }
}

/** The host a transaction handle runs its prepared statements on; none for a connection's own handle. */
export const hostOf = (db: Db): PreparedHost | undefined =>
  (db as unknown as { [HOST]?: PreparedHost })[HOST];

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
