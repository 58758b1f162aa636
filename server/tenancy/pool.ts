// Open tenant connections, at most `size` of them, least recently used closed first. A connection in use
// by a request (or inside a transaction) is never closed under it: eviction skips it and closes it when
// its last user releases it. A database that is behind is migrated when first opened.
import type { Connection } from "../db/connection.ts";
import { openConnection } from "../db/open.ts";
import type { WalGuardOptions } from "../db/wal_guard.ts";
import { migrate } from "../db/migrate.ts";
import { Checkpointer, type CheckpointResult } from "../db/checkpointer.ts";
import { filePathOf } from "../db/local.ts";
import { movedAwayFence } from "./fence.ts";

/** Checkpoint rounds between two refreshes of the planner's statistics (hourly at the default 30 s). */
const OPTIMIZE_EVERY_ROUNDS = 120;

interface Entry {
  conn: Connection;
  users: number;
  evicted: boolean;
  /** Called once an evicted connection is closed. */
  onClosed?: () => void;
}

/** A connection being opened (and migrated), with the callers already waiting for it. */
interface Opening {
  promise: Promise<Entry>;
  waiters: number;
}

export interface PoolStats {
  open: number;
  opened: number;
  evicted: number;
  migrated: number;
}

export class TenantPool {
  readonly #entries = new Map<string, Entry>();
  readonly #opening = new Map<string, Opening>();
  /** Forgotten connections still in use: the file is opened again only once they are closed. */
  readonly #retiring = new Map<string, Promise<void>>();
  readonly #stats: PoolStats = { open: 0, opened: 0, evicted: 0, migrated: 0 };
  #timer: ReturnType<typeof setInterval> | undefined;
  #rounds = 0;
  readonly #checkpointer = new Checkpointer();
  #checkpointing = false;
  /**
   * Work on a connection just opened for writing, before anyone may use it (the composition root's
   * createPlatform sets it: an import a process left behind is taken back: server/domain/imports/recover.ts).
   */
  onOpen?: (conn: Connection, url: string) => Promise<void>;
  #closed = false;

  /**
   * `readOnly`: a reader worker's pool (server/cluster/): connections open read-only, and it never migrates,
   * checkpoints or analyses a file; the tenant's shard does.
   */
  constructor(
    readonly size: number,
    readonly authToken?: string,
    checkpointSeconds = 30,
    readonly readOnly = false,
    /** Replicated files: each connection keeps the guard of server/db/wal_guard.ts (decision 0022). */
    readonly walGuard?: WalGuardOptions,
  ) {
    if (checkpointSeconds > 0 && !readOnly) {
      this.#timer = setInterval(() => {
        if (!this.#checkpointing) void this.checkpointAll();
        if (++this.#rounds % OPTIMIZE_EVERY_ROUNDS === 0) this.optimizeAll();
      }, checkpointSeconds * 1000);
      Deno.unrefTimer(this.#timer as unknown as number);
    }
  }

  /** Closed for good (the process is stopping): work scheduled for later must not open files again. */
  get closed(): boolean {
    return this.#closed;
  }

  get stats(): PoolStats {
    return { ...this.#stats, open: this.#entries.size };
  }

  /** Borrows the tenant's connection; call the returned release when the request is done. */
  async acquire(url: string): Promise<{ conn: Connection; release: () => void }> {
    let entry = this.#entries.get(url);
    if (entry) {
      // Re-insert to mark it most recently used.
      this.#entries.delete(url);
      this.#entries.set(url, entry);
      entry.users++;
    } else {
      let opening = this.#opening.get(url);
      if (!opening) {
        const o: Opening = { promise: undefined as unknown as Promise<Entry>, waiters: 0 };
        o.promise = this.#open(url, o).finally(() => this.#opening.delete(url));
        this.#opening.set(url, o);
        opening = o;
      }
      // Counted before the connection exists, so that it is born in use: another tenant's opening,
      // finishing before this caller resumes, must not evict it as idle and close it under us.
      opening.waiters++;
      entry = await opening.promise;
    }
    let released = false;
    const e = entry;
    return {
      conn: e.conn,
      release: () => {
        if (released) return;
        released = true;
        e.users--;
        if (e.users > 0) return;
        if (e.evicted) void e.conn.close().finally(() => e.onClosed?.());
        else this.#evictOverflow(); // the pool may have grown past its size while this one was busy
      },
    };
  }

  /** Runs `fn` with the tenant's connection borrowed. */
  async use<T>(url: string, fn: (conn: Connection) => Promise<T>): Promise<T> {
    const { conn, release } = await this.acquire(url);
    try {
      return await fn(conn);
    } finally {
      release();
    }
  }

  async #open(url: string, opening: Opening): Promise<Entry> {
    // Two connections to one file in this process would block each other's transactions.
    await this.#retiring.get(url);
    const conn = openConnection(url, this.authToken, {
      readOnly: this.readOnly,
      fence: this.readOnly ? undefined : movedAwayFence(),
      walGuard: this.readOnly ? undefined : this.walGuard,
    });
    try {
      if (!this.readOnly) {
        this.#stats.migrated += await migrate(conn, "tenant");
        // After migrating: new indexes need statistics before the first list is planned.
        conn.optimize();
        await this.onOpen?.(conn, url);
      }
    } catch (err) {
      await conn.close();
      throw err;
    }
    const entry: Entry = { conn, users: opening.waiters, evicted: false };
    this.#entries.set(url, entry);
    this.#stats.opened++;
    this.#evictOverflow();
    return entry;
  }

  #evictOverflow(): void {
    if (this.#entries.size <= this.size) return;
    for (const [url, entry] of this.#entries) {
      if (this.#entries.size <= this.size) break;
      if (entry.users > 0) continue; // busy: try the next least recently used
      this.#entries.delete(url);
      entry.evicted = true;
      this.#stats.evicted++;
      void entry.conn.close();
    }
  }

  /** Whether the tenant file at `url` is open in the pool now. */
  holds(url: string): boolean {
    return this.#entries.has(url);
  }

  /** Closes one tenant's connection (suspension, deletion, tests). */
  async forget(url: string): Promise<void> {
    const entry = this.#entries.get(url);
    if (!entry) return;
    this.#entries.delete(url);
    entry.evicted = true;
    if (entry.users === 0) {
      await entry.conn.close();
      return;
    }
    const closed = new Promise<void>((resolve) => (entry.onClosed = resolve)).then(() => {
      this.#retiring.delete(url);
    });
    this.#retiring.set(url, closed);
  }

  /**
   * The first row (null for none) of the read-only `query` in the tenant file at `url`, read off this thread
   * on a connection of its own (server/db/checkpointer.ts `look`), without opening the file in the pool:
   * for a look at many tenants (the start's sweep) that must neither stall requests nor evict tenants in use.
   */
  look(url: string, query: string): Promise<Record<string, unknown> | null> {
    return this.#checkpointer.look(filePathOf(url), query);
  }

  /**
   * Copies the WAL of every open tenant file back into its database, on the checkpoint worker's thread
   * (server/db/checkpointer.ts), one file after the other; answers what each checkpoint did. A file that
   * failed is left to the next round.
   */
  async checkpointAll(): Promise<CheckpointResult[]> {
    this.#checkpointing = true;
    try {
      const paths = [...this.#entries.values()]
        .filter((e) => e.conn.kind === "local")
        .map((e) => filePathOf(e.conn.url))
        .filter((path) => path !== ":memory:");
      const out: CheckpointResult[] = [];
      for (const path of paths) {
        try {
          out.push(await this.#checkpointer.checkpoint(path));
        } catch { /* the next round retries */ }
      }
      return out;
    } finally {
      this.#checkpointing = false;
    }
  }

  /**
   * Lets SQLite refresh the planner's statistics of tables that grew or shrank much since they were last
   * analysed, so filtered and sorted pages keep choosing the right index as a tenant's data grows.
   */
  optimizeAll(): void {
    for (const { conn } of this.#entries.values()) {
      try {
        conn.optimize();
      } catch { /* the next round retries */ }
    }
  }

  async closeAll(): Promise<void> {
    this.#closed = true;
    if (this.#timer !== undefined) clearInterval(this.#timer);
    this.#checkpointer.close();
    const all = [...this.#entries.values()];
    this.#entries.clear();
    await Promise.all(all.map((e) => e.conn.close()));
  }
}
