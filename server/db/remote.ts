// A tenant database on a libSQL server or Turso, through @libsql/client's fetch-based client (no native
// part). Each transaction is a libSQL interactive "write" transaction (BEGIN IMMEDIATE on the server).
import {
  type Client,
  createClient,
  type InStatement,
  type InValue,
  type Transaction,
} from "@libsql/client/web";
import { drizzle } from "drizzle-orm/sqlite-proxy";
import { ConnectionLock } from "./lock.ts";
import {
  begun,
  type Connection,
  type Db,
  type Method,
  type RawResult,
  TransactionHost,
  withEach,
} from "./connection.ts";

function toInValue(v: unknown): InValue {
  if (v === undefined) return null;
  if (v instanceof Date) return Math.floor(v.getTime() / 1000);
  return v as InValue;
}

type Executor = Pick<Client, "execute"> | Pick<Transaction, "execute">;

async function execute(target: Executor, sql: string, params: unknown[], method: Method): Promise<RawResult> {
  const stmt: InStatement = { sql, args: params.map(toInValue) };
  const rs = await target.execute(stmt);
  const rows = rs.rows.map((r) => Array.from(r as ArrayLike<unknown>));
  if (method === "run") {
    return { rows: [], changes: rs.rowsAffected, lastInsertRowid: rs.lastInsertRowid };
  }
  if (method === "get") return { rows: rows[0] as unknown[] };
  return { rows };
}

export class RemoteConnection implements Connection {
  readonly kind = "remote" as const;
  readonly db: Db;
  readonly #client: Client;
  // Transactions of this process are serialised per tenant so the tx handle has one owner at a time.
  readonly #lock = new ConnectionLock();
  #closed = false;
  /** Prepared statements of transactions live here (connection.ts), run on the open one. */
  readonly #txHost = new TransactionHost();

  constructor(readonly url: string, authToken?: string, client?: Client) {
    this.#client = client ?? createClient({ url, authToken });
    // As the Connection contract says, statements outside a transaction wait for this connection's open
    // transaction: with an embedded (file:) client a write meanwhile would fail at once with SQLITE_BUSY.
    this.db = drizzle(async (sql, params, method) => {
      while (this.#lock.held) await this.#lock.idle();
      return execute(this.#client, sql, params, method as Method);
    }) as unknown as Db;
  }

  get closed(): boolean {
    return this.#closed;
  }

  get busy(): boolean {
    return this.#lock.busy;
  }

  get waited(): boolean {
    return this.#lock.waited;
  }

  async transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T> {
    const release = await this.#lock.acquire();
    try {
      const tx = await this.#client.transaction("write");
      // A handle valid only during this transaction: a statement left running after it ended fails
      // instead of landing in whichever transaction is open then.
      let open = true;
      const run = (sql: string, params: unknown[], method: string) => {
        if (!open) throw new Error("Transaction handle used outside its transaction");
        return execute(tx, sql, params, method as Method);
      };
      const handle = withEach(
        this.#txHost.handle(run, () => open),
        // One round trip for all the rows: a batch inside the interactive transaction.
        async (sql, rows) => {
          if (!open) throw new Error("Transaction handle used outside its transaction");
          if (rows.length === 0) return [];
          const results = await tx.batch(rows.map((row) => ({ sql, args: row.map(toInValue) })));
          return results.flatMap((rs) => rs.rows.map((r) => Array.from(r as ArrayLike<unknown>)));
        },
      );
      try {
        await begun(this, handle);
        const result = await fn(handle);
        await tx.commit();
        return result;
      } catch (err) {
        if (!tx.closed) await tx.rollback();
        throw err;
      } finally {
        open = false;
        this.#txHost.ended();
        tx.close();
      }
    } finally {
      release();
    }
  }

  async query(sql: string, params: unknown[] = []): Promise<Record<string, unknown>[]> {
    while (this.#lock.held) await this.#lock.idle();
    const rs = await this.#client.execute({ sql, args: params.map(toInValue) });
    return rs.rows.map((r) => ({ ...r }) as Record<string, unknown>);
  }

  checkpoint(): void {}

  // No count cache: a libSQL server offers no cheap, reliable sign that another client changed the data.
  optimize(): void {}

  async close(): Promise<void> {
    if (this.#closed) return;
    // Queued behind the transactions already waiting, and held while closing.
    const release = await this.#lock.acquire();
    try {
      if (this.#closed) return;
      this.#client.close();
      this.#closed = true;
    } finally {
      release();
    }
  }
}
