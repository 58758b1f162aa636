// The guard a replicated tenant file's writing connection keeps against Litestream 0.3.13 losing WAL frames
// (decision 0022). Litestream's checkpoint copies the WAL's new frames into its shadow WAL, then runs
// `PRAGMA wal_checkpoint` and a write of its own that starts the WAL over, with no lock held in between: a
// transaction committed in that gap is copied into the database file by the checkpoint, then thrown away with
// the old WAL before Litestream ever reads it. The replica misses that transaction and the ones after it
// change pages it never had: restored, it fails integrity_check ("wrong # of entries in index …").
//
// The guard is a read transaction on a connection of its own, held while the writer works. Its snapshot ends
// inside the WAL, so no checkpoint copies the frames after it and nobody starts the WAL over: whatever is
// committed meanwhile stays in the WAL until Litestream has read it. Once the WAL has grown past the pages at
// which Litestream checkpoints, the writer opens a window between two of its transactions: it lets go of the
// guard, writes nothing, and waits until the WAL has started over (Litestream's checkpoint, which then has
// nothing of ours to lose) or a bound has passed (Litestream down or not checkpointing: then no window for a
// while), and takes the guard again, its snapshot now inside the new WAL (Litestream's own write).
//
// No window while Litestream is being stopped (the supervisor's pause file, `pauseFile`): on its way out it
// checkpoints once more but, its context cancelled, never writes its row. Were the guard let go then, that
// checkpoint would copy the whole WAL and our next write would start it over behind Litestream's back (seen
// as "wal overwritten by another process" when it starts again: a new generation, a full snapshot).
import { DatabaseSync, type StatementSync } from "node:sqlite";
import { closeSync, existsSync, openSync, readSync } from "node:fs";

export interface WalGuardOptions {
  /** WAL pages past which Litestream checkpoints (its min-checkpoint-page-count): a window is due. */
  pages: number;
  /** How long a window waits for the WAL to start over, in milliseconds. */
  windowMs: number;
  /**
   * The longest pause after a window in which the WAL did not start over, in milliseconds (the pauses double
   * from 250 ms up to it; a window that sees the WAL start over brings them back to 250 ms).
   */
  quietMs: number;
  /**
   * A file that exists while the replication supervisor stops Litestream (server/replication/supervisor.ts):
   * no window opens then, and one already open ends at its next look.
   */
  pauseFile?: string;
}

/** How often a writer reads the WAL to see whether a window is due, at most: a read per transaction is waste. */
const LOOK_EVERY_MS = 20;
/** How often a window reads the WAL's header while it waits. */
const POLL_MS = 5;
/** The first pause after a window in which the WAL did not start over. */
const FIRST_QUIET_MS = 250;

export class WalGuard {
  readonly #wal: string;
  readonly #db: DatabaseSync;
  readonly #read: StatementSync;
  readonly #frameBytes: number;
  #holding = false;
  #open = false;
  #lookAfter = 0;
  #quietUntil = 0;
  #quiet = FIRST_QUIET_MS;
  /** Windows opened, and those in which the WAL started over. */
  readonly stats = { windows: 0, resets: 0 };

  /** Whether a window is open now (the guard let go). */
  get windowOpen(): boolean {
    return this.#open;
  }

  constructor(path: string, pageSize: number, busyTimeoutMs: number, readonly options: WalGuardOptions) {
    this.#wal = `${path}-wal`;
    this.#frameBytes = pageSize + 24;
    this.#db = new DatabaseSync(path, { readOnly: true });
    this.#db.exec(`PRAGMA busy_timeout = ${busyTimeoutMs}`);
    this.#read = this.#db.prepare("SELECT 1 FROM sqlite_schema LIMIT 1");
    this.#hold();
  }

  /** Takes the guard: a read transaction whose snapshot is the WAL as it is now. */
  #hold(): void {
    if (this.#holding) return;
    this.#db.exec("BEGIN");
    try {
      this.#read.get();
    } catch (err) {
      this.#db.exec("ROLLBACK");
      throw err;
    }
    this.#holding = true;
  }

  #release(): void {
    if (!this.#holding) return;
    this.#holding = false;
    this.#db.exec("ROLLBACK");
  }

  /**
   * Whether a window is due before the writer's next transaction: the WAL holds `pages` frames since it last
   * started over. The file keeps its size when the WAL starts over (SQLite writes it again from the top), so
   * its length says nothing: the frame at that place must carry the salts of the WAL's header.
   */
  due(now = performance.now()): boolean {
    if (now < this.#lookAfter || now < this.#quietUntil) return false;
    this.#lookAfter = now + LOOK_EVERY_MS;
    return this.#grown();
  }

  /** `due` without its pause between looks (a timer's look, which comes seldom). */
  dueNow(): boolean {
    return performance.now() >= this.#quietUntil && this.#grown();
  }

  #grown(): boolean {
    const [header, frame] = this.#readSalts(32 + (this.options.pages - 1) * this.#frameBytes + 8);
    return header !== "" && header === frame;
  }

  /**
   * The window: called by the writer between two of its transactions, with nothing of its own in flight and
   * none allowed to start until it returns. Answers whether the WAL started over.
   */
  async window(): Promise<boolean> {
    if (this.#paused()) {
      this.#quietUntil = performance.now() + FIRST_QUIET_MS;
      return false;
    }
    this.stats.windows++;
    const before = this.#salts();
    this.#release();
    this.#open = true;
    const end = performance.now() + this.options.windowMs;
    let reset = false;
    let paused = false;
    try {
      while (performance.now() < end) {
        await new Promise((r) => setTimeout(r, POLL_MS));
        if (this.#salts() !== before) {
          reset = true;
          break;
        }
        if ((paused = this.#paused())) break;
      }
    } finally {
      this.#open = false;
      this.#hold();
    }
    if (reset) {
      this.stats.resets++;
      this.#quiet = FIRST_QUIET_MS;
    } else if (paused) {
      // Litestream is stopping, not failing: the next window once it is back, without a longer pause.
      this.#quietUntil = performance.now() + FIRST_QUIET_MS;
    } else {
      // Litestream down, restarting, or not checkpointing: the next window after a pause that doubles up to
      // `quietMs`, so that a writer loses at most `windowMs` per pause to windows that cannot end well.
      this.#quietUntil = performance.now() + this.#quiet;
      this.#quiet = Math.min(this.#quiet * 2, this.options.quietMs);
    }
    return reset;
  }

  /** Whether the supervisor is stopping Litestream (its pause file exists). */
  #paused(): boolean {
    return this.options.pauseFile !== undefined && existsSync(this.options.pauseFile);
  }

  /** The WAL header's salts (they change whenever the WAL starts over); "" without a WAL. */
  #salts(): string {
    return this.#readSalts()[0];
  }

  /** The header's salts (bytes 16-23) and, if `at` is given, the 8 bytes there ("" where the file ends). */
  #readSalts(at?: number): [string, string] {
    let fd: number | undefined;
    try {
      fd = openSync(this.#wal, "r");
      const buf = new Uint8Array(8);
      const header = readSync(fd, buf, 0, 8, 16) === 8 ? buf.join(",") : "";
      const there = at !== undefined && readSync(fd, buf, 0, 8, at) === 8 ? buf.join(",") : "";
      return [header, there];
    } catch {
      return ["", ""];
    } finally {
      if (fd !== undefined) closeSync(fd);
    }
  }

  close(): void {
    try {
      this.#release();
    } finally {
      this.#db.close();
    }
  }
}
