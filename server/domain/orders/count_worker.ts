// The count worker: makes a count's positions (counts.ts, prepareSlice) on its own thread and its own
// connection to the tenant's file, slice after slice, so that a count over a million stock lines never
// holds up the event loop that answers requests (decision 0008). Each slice is one short write
// transaction; between them the file's other writers take their turn. Local files only: a tenant on a
// libSQL server is prepared in slices on the request thread (counts.ts).
/// <reference lib="deno.worker" />
import { LocalConnection } from "../../db/local.ts";
import { prepareSlice } from "./counts.ts";

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
    while (await conn.transaction((tx) => prepareSlice(tx, event.data.orderId))) slices++;
    reply = { ok: true, slices: slices + 1, ms: performance.now() - started };
  } catch (err) {
    reply = { ok: false, error: err instanceof Error ? err.stack ?? err.message : String(err) };
  } finally {
    await conn.close();
  }
  self.postMessage(reply);
};
