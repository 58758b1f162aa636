// The count worker: makes a count's positions (counts.ts, prepareSlice) on its own thread and its own
// connection to the tenant's file, slice after slice, so that a count over a million stock lines never
// holds up the event loop that answers requests (decision 0008). Each slice is one short write
// transaction, made in chunks (counts.ts, chunkLines: 125 lines) up to 4,000 lines. Between slices it takes
// turns with the thread that answers the tenant's requests (server/db/writer_gate.ts): no slice starts while
// a request writes or waits to, and a slice ends after its chunk under way as soon as one does, so a
// request's write waits one chunk at most, without holding up that thread; with nobody else writing,
// slices follow each other at once (a pause once a second lets other processes' writers in).
// What the slices append to the WAL is copied into the file here, after each slice and outside the write
// lock (a WAL of gigabytes would slow every read of the file: each page looked up in a longer index); not
// for a replicated file, which only Litestream checkpoints (decision 0019). Local files only: a tenant on a
// libSQL server is prepared in slices on the request thread (counts.ts). A tenant move (server/tenancy/move.ts):
// told to stop, it stops after the slice under way and says so; its connection carries the moved-away fence
// like the pool's, so that a slice waiting for the lock while the move copied the file is refused after it
// rather than written into a file nobody reads.
/// <reference lib="deno.worker" />
import { leaveWalResetsToReplication, LocalConnection } from "../../db/local.ts";
import { WriterGate } from "../../db/writer_gate.ts";
import { chunkLines, prepareChunks } from "./counts.ts";
import { movedAwayFence } from "../../tenancy/fence.ts";
import type { CountReply, CountRequest, CountStop } from "./count_messages.ts";

/**
 * Lines read between two copies of the slices' WAL into the file (each ends in an fsync): as often as when
 * slices were of 2,000 lines, however long the slices are now.
 */
const CHECKPOINT_LINES = 2000;

/** How often, and for how long, the worker leaves the lock to other processes' writers (ms). */
const OUTSIDE_EVERY_MS = 1000;
const OUTSIDE_PAUSE_MS = 110;

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
  // A replicated file: only Litestream checkpoints it (decision 0019), this connection's close included.
  if (request.replicated) leaveWalResetsToReplication();
  // Its slices keep their whole page cache (no spill: decision 0025): the tenant's writes wait for them.
  // The file's statistics and its checkpoint on closing are the answering thread's connection's (upkeep):
  // here they would hold the write lock outside the turns, the tenant's writes asleep in the busy handler.
  const conn = new LocalConnection(request.url, {
    busyTimeoutMs: 30_000,
    fence: movedAwayFence(),
    spillKib: 0,
    upkeep: false,
  });
  const gate = new WriterGate(request.gate);
  const id = request.workerId ?? 1;
  const chunk = chunkLines();
  try {
    let slices = 0;
    /** Lines read since the last copy of the WAL into the file. */
    let sinceCheckpoint = 0;
    let stopped = false;
    let sinceOutside = performance.now();
    for (;;) {
      if (!await gate.hold(id, () => stopping)) {
        stopped = true;
        break;
      }
      let more: boolean;
      try {
        // A write of the tenant waiting (or a stop asked) ends the slice after its chunk under way.
        const made = await conn.transaction((tx) =>
          prepareChunks(tx, request.orderId, { chunk, yieldNow: () => gate.wanted() || stopping })
        );
        more = made.more;
        sinceCheckpoint += made.chunks * chunk;
      } finally {
        gate.release(id);
      }
      slices++;
      if (!more) break;
      // What the slices appended to the WAL, copied into the file outside the write lock, every
      // CHECKPOINT_LINES: a copy of 8 slices of 2,000 lines at once held the tenant's own writes longer (p99
      // 85 ms against 38 at a million lines; each copy ends in an fsync of the file).
      if (!request.replicated && sinceCheckpoint >= CHECKPOINT_LINES) {
        conn.checkpoint("PASSIVE");
        sinceCheckpoint = 0;
      }
      // Writers of other processes (a command-line tool, another server on the same disk) do not take turns
      // here: they wait in SQLite's busy handler, which tries again at most every 100 ms. A pause that long
      // once a second lets one in, for a tenth of the count's time.
      if (performance.now() - sinceOutside > OUTSIDE_EVERY_MS) {
        await new Promise((r) => setTimeout(r, OUTSIDE_PAUSE_MS));
        sinceOutside = performance.now();
      }
    }
    // The last slices' WAL copied too (PASSIVE: without the write lock, without waiting for anyone).
    if (!request.replicated) conn.checkpoint("PASSIVE");
    reply = { ok: true, slices, ms: performance.now() - started, stopped };
  } catch (err) {
    reply = { ok: false, error: err instanceof Error ? err.stack ?? err.message : String(err) };
  } finally {
    await conn.close();
  }
  self.postMessage(reply);
};
