// WAL checkpoints off the request thread. With automatic checkpoints off (server/db/local.ts), the WAL of
// a tenant file grows until something copies it back into the database; done on the event loop's thread,
// that copy of a busy tenant's writes took seconds at a million stock lines, during which no request of
// any tenant was answered. The checkpointer hands each file to one worker thread that checkpoints it with
// a connection of its own (checkpoint_worker.ts), one file at a time. The same worker takes a look into a
// file nobody has open (`look`), for work that would otherwise open it on the request thread.
import type { CheckpointReply, CheckpointRequest } from "./checkpoint_worker.ts";

/** A look that failed on the file itself (missing, not a database, behind on its schema), not on the worker. */
export class FileUnreadable extends Error {}

/** A request as its caller makes it: the id is the checkpointer's. */
type WithoutId<T> = T extends unknown ? Omit<T, "id"> : never;

export interface CheckpointResult {
  path: string;
  /** A reader or the writer kept part of the WAL from being copied; the next round copies it. */
  busy: boolean;
  walFrames: number;
  checkpointedFrames: number;
  ms: number;
}

export class Checkpointer {
  #worker: Worker | undefined;
  #next = 1;
  readonly #pending = new Map<number, { path: string; done: (r: CheckpointReply) => void }>();
  #closed = false;

  #start(): Worker {
    const worker = new Worker(new URL("./checkpoint_worker.ts", import.meta.url).href, { type: "module" });
    worker.onmessage = (event: MessageEvent<CheckpointReply>) => {
      const waiting = this.#pending.get(event.data.id);
      this.#pending.delete(event.data.id);
      waiting?.done(event.data);
    };
    worker.onerror = (event) => {
      event.preventDefault();
      this.#fail(`checkpoint worker failed: ${event.message}`);
      this.#worker?.terminate();
      this.#worker = undefined; // the next checkpoint starts a new one
    };
    return worker;
  }

  #fail(error: string): void {
    for (const [id, waiting] of this.#pending) waiting.done({ id, ok: false, error });
    this.#pending.clear();
  }

  /** Sends `request` (less its id) to the worker; the reply, or a refusal. */
  #ask(request: WithoutId<CheckpointRequest>, what: string): Promise<CheckpointReply & { ok: true }> {
    if (this.#closed) return Promise.reject(new Error("checkpointer closed"));
    const worker = this.#worker ??= this.#start();
    const id = this.#next++;
    return new Promise((resolve, reject) => {
      this.#pending.set(id, {
        path: request.path,
        done: (r) => {
          if (r.ok) return resolve(r);
          const message = `${what} of ${request.path}: ${r.error}`;
          reject(r.file ? new FileUnreadable(message) : new Error(message));
        },
      });
      worker.postMessage({ ...request, id } as CheckpointRequest);
    });
  }

  /** Checkpoints the database file at `path` (PASSIVE) on the worker; rejects if it could not. */
  async checkpoint(path: string): Promise<CheckpointResult> {
    const r = await this.#ask({ kind: "checkpoint", path }, "checkpoint");
    if (!("busy" in r)) throw new Error(`checkpoint of ${path}: not a checkpoint's reply`);
    return { path, busy: r.busy, walFrames: r.walFrames, checkpointedFrames: r.checkpointedFrames, ms: r.ms };
  }

  /**
   * The first row (null for none) of the read-only `query` on the file at `path`, read on the worker with a
   * connection of its own. Rejects with FileUnreadable when the file cannot be read so (missing, or its
   * schema not the query's), with another error when the worker could not take the look.
   */
  async look(path: string, query: string): Promise<Record<string, unknown> | null> {
    const r = await this.#ask({ kind: "look", path, query }, "look");
    if (!("row" in r)) throw new Error(`look into ${path}: not a look's reply`);
    return r.row;
  }

  /** Stops the worker; checkpoints still waiting are refused. */
  close(): void {
    this.#closed = true;
    this.#fail("checkpointer closed");
    this.#worker?.terminate();
    this.#worker = undefined;
  }
}
