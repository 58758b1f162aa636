// The count worker: makes a count's positions (counts.ts, prepareSlice) on its own thread and its own
// connection to the tenant's file, slice after slice, so that a count over a million stock lines never
// holds up the event loop that answers requests (decision 0008). Each slice is one short write
// transaction (COUNT_WORKER_SLICE_LINES, 1,000 lines); between them a pause as long as the slice lets the
// file's other writers take their turn. Local files only: a tenant on a
// libSQL server is prepared in slices on the request thread (counts.ts).
/// <reference lib="deno.worker" />
import { LocalConnection } from "../../db/local.ts";
import { prepareSlice } from "./counts.ts";

/** The least pause between two slices (ms). */
const PAUSE_MS = 120;

export interface CountRequest {
  url: string;
  orderId: number;
}

export type CountReply = { ok: true; slices: number; ms: number } | { ok: false; error: string };

self.onmessage = async (event: MessageEvent<CountRequest>) => {
  const started = performance.now();
  let reply: CountReply;
  const conn = new LocalConnection(event.data.url, { busyTimeoutMs: 30_000 });
  try {
    let slices = 0;
    for (;;) {
      const t = performance.now();
      const more = await conn.transaction((tx) => prepareSlice(tx, event.data.orderId));
      slices++;
      if (!more) break;
      // The file's other writer (the thread answering requests) waits in SQLite's busy handler, which
      // sleeps up to 100 ms between tries: a pause at least as long as the slice and never under that
      // lets it in, so its writes wait one slice at most and never time out behind a run of slices.
      await new Promise((r) => setTimeout(r, Math.max(PAUSE_MS, performance.now() - t)));
    }
    reply = { ok: true, slices, ms: performance.now() - started };
  } catch (err) {
    reply = { ok: false, error: err instanceof Error ? err.stack ?? err.message : String(err) };
  } finally {
    await conn.close();
  }
  self.postMessage(reply);
};
