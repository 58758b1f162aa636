// A job worker (pool.ts): runs one job at a time, each a module of ours named by the pool, on a thread of
// its own whose heap V8 bounds (resourceLimits). Modules stay loaded between jobs (jsdom costs half a
// second), and after each job the worker says how much heap it holds, so the pool can retire one that grew.
import { parentPort } from "node:worker_threads";
import { getHeapStatistics } from "node:v8";
import { jobError, seal, type Sealed, transferOf, unseal } from "./contract.ts";

/** Only modules of this repository are run (the server's; the tests' sample jobs). */
const ROOT = new URL("../../../", import.meta.url).href;

export interface JobRequest {
  id: number;
  module: string;
  /** The input, sealed (contract.ts): its buffers handed over, the rest read here. */
  input: Sealed;
}

export type JobReply =
  | { id: number; ok: true; value: Sealed; heapBytes: number }
  | { id: number; ok: false; error: ReturnType<typeof jobError>; heapBytes: number };

const port = parentPort!;

// The port's own event, not node's `on("message")`: Deno's node:worker_threads walks every message it
// hands to an `on` listener, key by key, looking for ports to wrap, and a typed array's every index is a
// key (a 20 MB upload took 9 s to arrive). The event's data is the message as it was posted.
port.addEventListener("message", async (e) => {
  const { id, module, input } = e.data as JobRequest;
  let reply: JobReply;
  let transfer: ArrayBuffer[] = [];
  try {
    if (!module.startsWith(ROOT) || module.includes("..")) throw new Error(`not a job of ours: ${module}`);
    const { run } = await import(module) as { run(input: unknown): unknown };
    const value = seal(await run(unseal(input)));
    transfer = transferOf(value);
    reply = { id, ok: true, value, heapBytes: getHeapStatistics().used_heap_size };
  } catch (err) {
    reply = { id, ok: false, error: jobError(err), heapBytes: getHeapStatistics().used_heap_size };
  }
  port.postMessage(reply, transfer);
});
