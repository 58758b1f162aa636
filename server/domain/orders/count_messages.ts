// The messages between a count (counts.ts) and its worker thread (count_worker.ts), apart from both: the
// worker runs the count's slices, the count starts and stops the worker.

export interface CountRequest {
  url: string;
  orderId: number;
  /** The tenant file's turns at the write lock (server/db/writer_gate.ts), and this worker's id there. */
  gate?: SharedArrayBuffer;
  workerId?: number;
  /** The file is replicated: only Litestream checkpoints it (decision 0019). */
  replicated?: boolean;
}

/** Sent while it runs: stop after the slice under way (the tenant is moving). */
export interface CountStop {
  stop: true;
}

/** `stopped`: told to stop before the last slice; the count is still preparing, from where it stopped. */
export type CountReply =
  | { ok: true; slices: number; ms: number; stopped: boolean }
  | { ok: false; error: string };
