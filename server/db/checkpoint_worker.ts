// The checkpoint worker: copies a tenant file's WAL into the database (PRAGMA wal_checkpoint(PASSIVE))
// on its own thread and its own short-lived connection, so that the copy — seconds for a busy tenant's
// half-minute of writes — never holds up the event loop that answers requests. See checkpointer.ts.
/// <reference lib="deno.worker" />
import { DatabaseSync } from "node:sqlite";

export interface CheckpointRequest {
  id: number;
  path: string;
}

export type CheckpointReply =
  | { id: number; ok: true; busy: boolean; walFrames: number; checkpointedFrames: number; ms: number }
  | { id: number; ok: false; error: string };

self.onmessage = (event: MessageEvent<CheckpointRequest>) => {
  const { id, path } = event.data;
  const started = performance.now();
  let reply: CheckpointReply;
  try {
    // Never create a file: a tenant deleted since the round began has nothing to checkpoint.
    if (!Deno.statSync(path).isFile) throw new Error("not a file");
    const db = new DatabaseSync(path);
    try {
      // PASSIVE: copies what no reader still needs, never waits for the writer and never blocks it.
      const r = db.prepare("PRAGMA wal_checkpoint(PASSIVE)").get() as Record<string, number>;
      reply = {
        id,
        ok: true,
        busy: Number(r.busy) !== 0,
        walFrames: Number(r.log),
        checkpointedFrames: Number(r.checkpointed),
        ms: performance.now() - started,
      };
    } finally {
      db.close();
    }
  } catch (err) {
    reply = { id, ok: false, error: err instanceof Error ? err.message : String(err) };
  }
  self.postMessage(reply);
};
