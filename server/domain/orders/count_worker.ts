// The count worker: makes a count's positions (counts.ts, prepareSlice) on its own thread and its own
// connection to the tenant's file, slice after slice, so that a count over a million stock lines never
// holds up the event loop that answers requests (decision 0008). Each slice is one short write
// transaction (COUNT_WORKER_SLICE_LINES, 1,000 lines); between them a pause as long as the slice lets the
// file's other writers take their turn. Local files only: a tenant on a
// libSQL server is prepared in slices on the request thread (counts.ts). A tenant move (server/tenancy/move.ts):
// told to stop, it stops after the slice under way and says so; its connection carries the moved-away fence
// like the pool's, so that a slice waiting for the lock while the move copied the file is refused after it
// rather than written into a file nobody reads.
/// <reference lib="deno.worker" />
import { LocalConnection } from "../../db/local.ts";
import { prepareSlice } from "./counts.ts";
import { movedAwayFence } from "../../tenancy/fence.ts";
import type { CountReply, CountRequest, CountStop } from "./count_messages.ts";

/** The least pause between two slices (ms). */
const PAUSE_MS = 120;

let stopping = false;

self.onmessage = async (event: MessageEvent<CountRequest | CountStop>) => {
  if ("stop" in event.data) {
    stopping = true;
    return;
  }
  const request = event.data;
  // A stop sent while this thread was loading waits behind the request: let it in before the first slice.
  await new Promise((r) => setTimeout(r, 0));
  const started = performance.now();
  let reply: CountReply;
  const conn = new LocalConnection(request.url, { busyTimeoutMs: 30_000, fence: movedAwayFence() });
  try {
    let slices = 0;
    let stopped = false;
    for (;;) {
      if (stopping) {
        stopped = true;
        break;
      }
      const t = performance.now();
      const more = await conn.transaction((tx) => prepareSlice(tx, request.orderId));
      slices++;
      if (!more) break;
      // The file's other writer (the thread answering requests) waits in SQLite's busy handler, which
      // sleeps up to 100 ms between tries: a pause at least as long as the slice and never under that
      // lets it in, so its writes wait one slice at most and never time out behind a run of slices.
      await new Promise((r) => setTimeout(r, Math.max(PAUSE_MS, performance.now() - t)));
    }
    reply = { ok: true, slices, ms: performance.now() - started, stopped };
  } catch (err) {
    reply = { ok: false, error: err instanceof Error ? err.stack ?? err.message : String(err) };
  } finally {
    await conn.close();
  }
  self.postMessage(reply);
};
