// Turns at a tenant file's write lock between the thread that answers its requests and a worker of the same
// process that writes it in slices (a count's preparation: server/domain/orders/count_worker.ts).
//
// SQLite gives the lock to whoever asks while it is free; one that finds it taken sleeps in the busy handler
// (1, 2, 5, … up to 100 ms between tries), inside the statement, holding up its thread. On the thread
// that answers requests that sleep stalls every tenant it serves, and a worker writing slice after slice
// could keep it asleep for as long as it runs. Here the two take turns instead: the answering thread says it
// wants to write and, while a slice holds the lock, waits for its end without blocking its event loop
// (Atomics.waitAsync); the worker starts no slice while the answering thread wants to write or is writing.
// So a request's write waits one slice at most, other requests not at all, and the worker needs no pause
// between slices when nobody else writes.
//
// Two cells of shared memory: WANT (how many of the answering thread's writes are waiting or under way) and
// HELD (1 while a worker's slice holds the lock). Each side raises its own cell before it reads the other's
// (sequentially consistent Atomics), so at least one of them sees the other: never both in.

const WANT = 0;
const HELD = 1;

/** How often a waiting side looks again, in case a notification was missed (ms). */
const LOOK_MS = 250;

export class WriterGate {
  readonly #cells: Int32Array;

  constructor(readonly buffer: SharedArrayBuffer = new SharedArrayBuffer(8)) {
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
    while (Atomics.load(c, HELD) === 1) {
      const left = until - performance.now();
      if (left <= 0) return;
      const waited = Atomics.waitAsync(c, HELD, 1, Math.min(left, LOOK_MS));
      if (waited.async) await waited.value;
    }
  }

  /** The answering thread's write has ended (committed, rolled back or failed): a worker may go on. */
  leave(): void {
    if (Atomics.sub(this.#cells, WANT, 1) === 1) Atomics.notify(this.#cells, WANT);
  }

  /**
   * The worker, before a slice: waits until the answering thread neither wants to write nor writes, and takes
   * its turn (true); false, holding nothing, as soon as `stop()` says so.
   */
  async hold(stop: () => boolean = () => false): Promise<boolean> {
    const c = this.#cells;
    for (;;) {
      let want = Atomics.load(c, WANT);
      while (want !== 0) {
        if (stop()) return false;
        const waited = Atomics.waitAsync(c, WANT, want, LOOK_MS);
        if (waited.async) await waited.value;
        want = Atomics.load(c, WANT);
      }
      if (stop()) return false;
      Atomics.store(c, HELD, 1);
      if (Atomics.load(c, WANT) === 0) return true;
      // The answering thread asked in between: its turn first.
      this.release();
    }
  }

  /** The worker's slice has ended: a waiting write of the answering thread goes in. */
  release(): void {
    Atomics.store(this.#cells, HELD, 0);
    Atomics.notify(this.#cells, HELD);
  }
}

/** The gates of the files a worker of this process is writing in slices now, by path: one per file. */
const shared = new Map<string, { gate: WriterGate; users: number }>();

/**
 * The gate of a file, for a worker about to write it in slices: every connection of this thread to the file
 * takes turns through it until `done()` (a connection opened meanwhile too, since it looks it up by path).
 */
export function shareGate(path: string): { buffer: SharedArrayBuffer; done(): void } {
  let entry = shared.get(path);
  if (!entry) shared.set(path, entry = { gate: new WriterGate(), users: 0 });
  entry.users++;
  const { gate } = entry;
  let ended = false;
  return {
    buffer: gate.buffer,
    done: () => {
      if (ended) return;
      ended = true;
      // A worker ended in its slice (an error, or stopped at once): the writes must not wait for its turn.
      gate.release();
      if (--entry.users === 0 && shared.get(path) === entry) shared.delete(path);
    },
  };
}

/** The gate a connection to this file takes turns through, while a worker writes the file in slices. */
export const gateOf = (path: string): WriterGate | undefined => shared.get(path)?.gate;
