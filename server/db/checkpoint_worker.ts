// The checkpoint worker: copies a tenant file's WAL into the database (PRAGMA wal_checkpoint(PASSIVE))
// on its own thread and its own short-lived connection, so that the copy — seconds for a busy tenant's
// half-minute of writes — never holds up the event loop that answers requests. See checkpointer.ts. It
// also takes a look into a file that is not open (one row of a read-only statement): opening a tenant's
// file and preparing a first statement parses its whole schema, 4-10 ms, which a start's sweep over a
// thousand tenants spent on the thread answering requests (server/domain/messaging/sweep.ts).
/// <reference lib="deno.worker" />
import { DatabaseSync } from "node:sqlite";

export type CheckpointRequest =
  | { id: number; path: string; kind: "checkpoint" }
  | { id: number; path: string; kind: "look"; query: string };

export type CheckpointReply =
  | { id: number; ok: true; busy: boolean; walFrames: number; checkpointedFrames: number; ms: number }
  | { id: number; ok: true; row: Record<string, unknown> | null }
  /** `file`: the file itself could not be read so (missing, not a database, its schema not the query's). */
  | { id: number; ok: false; error: string; file?: true };

/** The first row of `query` on a read-only connection of its own, closed at once. */
function look(path: string, query: string): Record<string, unknown> | null {
  const db = new DatabaseSync(path, { readOnly: true });
  try {
    db.exec("PRAGMA busy_timeout = 1000");
    return (db.prepare(query).get() as Record<string, unknown> | undefined) ?? null;
  } finally {
    db.close();
  }
}

/** An error's message, for a reply. */
const messageOf = (err: unknown) => err instanceof Error ? err.message : String(err);

/** A look's reply: whatever fails in it is the file's (the worker itself is answering). */
function lookReply(id: number, path: string, query: string): CheckpointReply {
  try {
    return { id, ok: true, row: look(path, query) };
  } catch (err) {
    return { id, ok: false, error: messageOf(err), file: true };
  }
}

/** A checkpoint's reply (PASSIVE): copies what no reader still needs, never waits for the writer. */
function checkpointReply(id: number, path: string): CheckpointReply {
  const started = performance.now();
  try {
    // Never create a file: a tenant deleted since the round began has nothing to checkpoint.
    if (!Deno.statSync(path).isFile) throw new Error("not a file");
    const db = new DatabaseSync(path);
    try {
      const r = db.prepare("PRAGMA wal_checkpoint(PASSIVE)").get() as Record<string, number>;
      return {
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
    return { id, ok: false, error: messageOf(err) };
  }
}

self.onmessage = (event: MessageEvent<CheckpointRequest>) => {
  const request = event.data;
  self.postMessage(
    request.kind === "look"
      ? lookReply(request.id, request.path, request.query)
      : checkpointReply(request.id, request.path),
  );
};
