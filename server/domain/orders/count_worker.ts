// The count worker: makes a count's positions (counts.ts, prepareSlice) on its own thread and its own
// connection to the tenant's file, slice after slice, so that a count over a million stock lines never
// holds up the event loop that answers requests (decision 0008). Each slice is one short write
// transaction (COUNT_SLICE_LINES, 2,000 lines). Between slices it takes turns with the thread that answers
// the tenant's requests (server/db/writer_gate.ts): no slice starts while a request writes or waits to, and
// a request's write waits for the slice under way at most, without holding up that thread; with nobody
// else writing, slices follow each other at once. What the slices append to the WAL is copied into the
// file here, between slices and outside the write lock, once it passes WAL_COPY_BYTES: a WAL of gigabytes
// would slow every read of the file (each page looked up in a longer index). Local files only: a tenant on a
// libSQL server is prepared in slices on the request thread (counts.ts). A tenant move (server/tenancy/move.ts):
// told to stop, it stops after the slice under way and says so; its connection carries the moved-away fence
// like the pool's, so that a slice waiting for the lock while the move copied the file is refused after it
// rather than written into a file nobody reads.
/// <reference lib="deno.worker" />
import { filePathOf, LocalConnection } from "../../db/local.ts";
import { WriterGate } from "../../db/writer_gate.ts";
import { prepareSlice } from "./counts.ts";
import { movedAwayFence } from "../../tenancy/fence.ts";
import type { CountReply, CountRequest, CountStop } from "./count_messages.ts";

/** WAL bytes past which the worker copies it into the file between two slices (16 MiB: 4,096 pages). */
const WAL_COPY_BYTES = 16 * 1024 * 1024;

/** The WAL file's size, 0 when there is none. */
function walBytes(path: string): number {
  try {
    return Deno.statSync(`${path}-wal`).size;
  } catch {
    return 0;
  }
}

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
  const gate = new WriterGate(request.gate);
  const path = filePathOf(request.url);
  try {
    let slices = 0;
    let stopped = false;
    for (;;) {
      if (!await gate.hold(() => stopping)) {
        stopped = true;
        break;
      }
      let more: boolean;
      try {
        more = await conn.transaction((tx) => prepareSlice(tx, request.orderId));
      } finally {
        gate.release();
      }
      slices++;
      if (!more) break;
      if (walBytes(path) > WAL_COPY_BYTES) conn.checkpoint("PASSIVE");
    }
    reply = { ok: true, slices, ms: performance.now() - started, stopped };
  } catch (err) {
    reply = { ok: false, error: err instanceof Error ? err.stack ?? err.message : String(err) };
  } finally {
    await conn.close();
  }
  self.postMessage(reply);
};
