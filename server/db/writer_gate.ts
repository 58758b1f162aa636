// Turns at a tenant file's write lock between the thread that answers its requests and a worker of the same
// process that writes it in slices (a count's preparation: server/domain/orders/count_worker.ts).
//
// SQLite gives the lock to whoever asks while it is free; one that finds it taken sleeps in the busy handler
// (1, 2, 5, … up to 100 ms between tries), inside the statement, holding up its thread. On the thread
// that answers requests that sleep stalls every tenant it serves, and a worker writing slice after slice
// could keep it asleep for as long as it runs. Here the two take turns instead: the answering thread says it
// wants to write and, while a slice holds the lock, waits for its end without blocking its event loop
// (Atomics.waitAsync); the worker starts no slice while the answering thread wants to write or is writing.
// So a request's write waits one slice at most (a count's worker ends its slice after the chunk under way
// once it sees a write wait: `wanted`), other requests not at all, and the worker needs no pause between
// slices when nobody else writes.
//
// Two cells of shared memory: WANT (how many of the answering thread's writes are waiting or under way) and
// HELD (the id of the worker whose slice holds the lock, 0 when none: two counts of one tenant take turns
// there too). Each side raises its own cell before it reads the other's (sequentially consistent Atomics),
// so at least one of them sees the other: never both in. A third, WAITING, counts the workers waiting for
// the answering thread's writes to end: a long write of that thread in slices (an import's) ends its slice
// when one does, as it does for its own thread's waiting writes (`workerWaits`, LocalConnection.waited).

const WANT = 0;
const HELD = 1;
const WAITING = 2;

/** How often a waiting side looks again, in case a notification was missed (ms). */
const LOOK_MS = 250;

export class WriterGate {
  readonly #cells: Int32Array;

  constructor(readonly buffer: SharedArrayBuffer = new SharedArrayBuffer(12)) {
    this.#cells = new Int32Array(buffer);
  }

  /**
   * The answering thread, before it takes the write lock: says it wants to write and waits while a worker's
   * slice holds the lock, at most `limitMs` (then SQLite's own busy handling decides: a worker that died
   * holding its turn must not stop the tenant's writes for good). Always followed by `leave()`.
   */
  async enter(limitMs: number): Promise<void> {
    const c = this.#cells;
    Atomics.add(c, WANT, 1);
    const until = performance.now() + limitMs;
    for (let holder = Atomics.load(c, HELD); holder !== 0; holder = Atomics.load(c, HELD)) {
      const left = until - performance.now();
      if (left <= 0) return;
      const waited = Atomics.waitAsync(c, HELD, holder, Math.min(left, LOOK_MS));
      if (waited.async) await waited.value;
    }
  }

  /** The answering thread's write has ended (committed, rolled back or failed): a worker may go on. */
  leave(): void {
    if (Atomics.sub(this.#cells, WANT, 1) === 1) Atomics.notify(this.#cells, WANT);
  }

  /**
   * Worker `id` (not 0), before a slice: waits until the answering thread neither wants to write nor writes
   * and no other worker holds a slice, and takes its turn (true); false, holding nothing, as soon as `stop()`
   * says so.
   */
  async hold(id: number, stop: () => boolean = () => false): Promise<boolean> {
    const c = this.#cells;
    for (;;) {
      let want = Atomics.load(c, WANT);
      if (want !== 0) {
        // Seen by the answering thread's long write in slices, which then ends its slice.
        Atomics.add(c, WAITING, 1);
        try {
          while (want !== 0) {
            if (stop()) return false;
            const waited = Atomics.waitAsync(c, WANT, want, LOOK_MS);
            if (waited.async) await waited.value;
            want = Atomics.load(c, WANT);
          }
        } finally {
          Atomics.sub(c, WAITING, 1);
        }
      }
      if (stop()) return false;
      const holder = Atomics.compareExchange(c, HELD, 0, id);
      if (holder !== 0) {
        // Another worker's slice (another count of the same file): after it.
        const waited = Atomics.waitAsync(c, HELD, holder, LOOK_MS);
        if (waited.async) await waited.value;
        continue;
      }
      if (Atomics.load(c, WANT) === 0) return true;
      // The answering thread asked in between: its turn first.
      this.release(id);
    }
  }

  /**
   * Whether the answering thread wants to write (or is writing): a worker whose slice goes on in chunks
   * ends it after the chunk under way.
   */
  wanted(): boolean {
    return Atomics.load(this.#cells, WANT) !== 0;
  }

  /** Whether a worker waits for the answering thread's writes to end (its turn at the lock). */
  workerWaits(): boolean {
    return Atomics.load(this.#cells, WAITING) !== 0;
  }

  /** Worker `id`'s slice has ended (or the worker has): a waiting write of the answering thread goes in. */
  release(id: number): void {
    if (Atomics.compareExchange(this.#cells, HELD, id, 0) === id) Atomics.notify(this.#cells, HELD);
  }
}

/** The gates of the files a worker of this process is writing in slices now, by path: one per file. */
const shared = new Map<string, { gate: WriterGate; users: number }>();
/** Worker ids for the gates' HELD cell (never 0). */
let lastWorkerId = 0;

/**
 * The gate of a file, for a worker about to write it in slices (`id` is the worker's): every connection of
 * this thread to the file takes turns through it until `done()` (a connection opened meanwhile too, since it
 * looks it up by path).
 */
export function shareGate(path: string): { buffer: SharedArrayBuffer; id: number; done(): void } {
  let entry = shared.get(path);
  if (!entry) shared.set(path, entry = { gate: new WriterGate(), users: 0 });
  entry.users++;
  const { gate } = entry;
  const id = ++lastWorkerId;
  let ended = false;
  return {
    buffer: gate.buffer,
    id,
    done: () => {
      if (ended) return;
      ended = true;
      // A worker ended in its slice (an error, or stopped at once): the writes must not wait for its turn.
      gate.release(id);
      if (--entry.users === 0 && shared.get(path) === entry) shared.delete(path);
    },
  };
}

/** The gate a connection to this file takes turns through, while a worker writes the file in slices. */
export const gateOf = (path: string): WriterGate | undefined => shared.get(path)?.gate;
