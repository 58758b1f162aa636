// An import's adds and updates written in slices (decision 0018). Each slice is one short transaction of
// work through the resource engine (the same add and edit as a form's) that ends soon after another write of
// the tenant comes to wait for it (sliceGoesOn), so those writes wait for a slice's end at most, never for
// the import, and its reads go on throughout. All or
// nothing still holds: every record a slice writes is journalled in the same transaction (import_writes:
// what takes it back) and held (hold.ts: nobody else may change it or point at it while it may still be
// taken back); the run is published by deleting its one import_runs row, and a refusal at any row (a rule
// of the database, a record changed meanwhile) takes every slice back, newest first, in slices too. A run a
// process left behind (it ended mid-import) is taken back when the tenant's file is next opened (recover.ts).
import { turn } from "../../kernel/turn.ts";
import { and, asc, desc, eq, gt, inArray, lt, lte, sql } from "drizzle-orm";
import { getTableName } from "drizzle-orm";
import type { Connection, Db } from "../../db/connection.ts";
import { runEach } from "../../db/bulk.ts";
import { prepared } from "../../db/prepared.ts";
import type { TenantContext } from "../../kernel/context.ts";
import { nowIso } from "../../kernel/time.ts";
import { Outbox, transactionWithEvents } from "../../hub/outbox.ts";
import { dropBytes } from "../files/store.ts";
import { recordLog } from "../logs/record_log/table.ts";
import { type AnyResource, type RecordSnapshot, resourcesByName } from "../../engine/engine.ts";
import { beginSlice, endSlice, hold, release, unhold } from "./hold.ts";
import { importRuns, importWrites } from "./table.ts";
import { STALE_MS } from "./stale.ts";
import { stillServedHere } from "../../cluster/placement.ts";
import { AppError } from "../../kernel/errors.ts";

/**
 * A slice's work: it goes on while nothing else of the tenant waits for its connection, at most
 * IMPORT_SLICE_MS (1,000 ms), and ends at its next row once something does and it has worked SLICE_MIN_MS
 * (10 ms, so that a stream of writes cannot stop the import). A write of the tenant waits for that, not for
 * a fixed slice: with slices of a fixed 100 ms the importing tenant's own writes waited p50 65 ms, p99 191 ms
 * (bench exports, 2026-12-03), and every slice's commit (the search index's terms flushed with it) cost the
 * import a tenth of its time. Both small against the 30 s a write waits for the lock before it gives up.
 */
const SLICE_MS = Math.max(1, Number(Deno.env.get("IMPORT_SLICE_MS") ?? 1000) || 1000);
const SLICE_MIN_MS = Math.min(10, SLICE_MS);
/** Journal rows read at a time while taking a run back. */
const UNDO_BATCH = 50;
/** Journal rows deleted per transaction once a run is published or taken back. */
const DROP_BATCH = 5_000;
/** How long an interrupted run is kept for the job's wizard to learn what happened. */
const INTERRUPTED_KEEP_MS = 86_400_000;
/** A run untouched this long was left behind by a process that ended (stale.ts). */
export { STALE_MS };

/** Whether a slice that has worked `elapsed` ms goes on to its next row (SLICE_MS). */
const sliceGoesOn = (conn: Connection, elapsed: number) =>
  elapsed < SLICE_MIN_MS || (elapsed < SLICE_MS && !conn.waited);

/** Runs this process is writing or taking back now. */
const live = new Set<string>();
export const isLive = (runId: string) => live.has(runId);

/** Marks the run as alive, in the transaction of one of its slices. */
const touch = (tx: Db, runId: string) =>
  tx.update(importRuns).set({ touchedAt: nowIso() }).where(eq(importRuns.id, runId));

/** One row's write: a new record, or a stored record changed (`input` carries its id and version). */
export interface RowWrite {
  action: "add" | "update";
  input: Record<string, unknown>;
}

const tableOf = (resource: AnyResource) => getTableName(resource.def.table);

/**
 * The RecordLog's highest id: the entries a slice makes are those above it afterwards. Asked twice a slice,
 * prepared once per connection (db/prepared.ts: drizzle built the statement anew each time).
 */
async function lastLogId(tx: Db): Promise<number> {
  const [row] = await prepared<Record<string, never>, { id: number | null }>(
    tx,
    "import.lastLogId",
    (on) => on.select({ id: sql<number | null>`max(${recordLog.id})` }).from(recordLog).prepare(),
  ).all({});
  return row?.id ?? 0;
}

/**
 * Writes `writes` (run `runId`, the import job's id) in slices and publishes them; `refusal` turns a row's
 * error into what the import answers. `progress` is told the rows written after each slice. On a refusal
 * every slice is taken back before the refusal is thrown.
 */
export async function writeInSlices(
  ctx: TenantContext,
  resource: AnyResource,
  writes: RowWrite[],
  runId: string,
  refusal: (k: number, err: unknown) => unknown,
  progress: (written: number) => void = () => {},
  published: (tx: Db) => Promise<unknown> = async () => {},
  takenBack: (tx: Db, err: unknown) => Promise<unknown> = async () => {},
): Promise<void> {
  // An add or edit that also changes other records (alsoChanges) would leave them out of the journal.
  if (resource.def.alsoChanges) {
    throw new Error(`${resource.meta.resource}: an import cannot take back alsoChanges`);
  }
  live.add(runId);
  try {
    await writeRun(ctx, resource, writes, runId, refusal, progress, published, takenBack);
  } finally {
    live.delete(runId);
  }
}

async function writeRun(
  ctx: TenantContext,
  resource: AnyResource,
  writes: RowWrite[],
  runId: string,
  refusal: (k: number, err: unknown) => unknown,
  progress: (written: number) => void,
  published: (tx: Db) => Promise<unknown>,
  takenBack: (tx: Db, err: unknown) => Promise<unknown>,
): Promise<void> {
  const conn = ctx.conn;
  const table = tableOf(resource);
  const name = resource.meta.resource;
  await conn.transaction(async (tx) => {
    await tx.delete(importRuns).where(and(
      eq(importRuns.state, "interrupted"),
      lt(importRuns.startedAt, new Date(Date.now() - INTERRUPTED_KEEP_MS).toISOString()),
    ));
    await tx.insert(importRuns).values({
      id: runId,
      recordType: name,
      state: "writing",
      total: writes.length,
      userId: ctx.actor.userId,
      startedAt: nowIso(),
      touchedAt: nowIso(),
    });
    // The records the file updates are held from the start: another user's edit of one meanwhile is told
    // to wait for the import (409 record.importing) rather than make the import fail at that row.
    const updated = writes.filter((x) => x.action === "update").map((x) => ({
      id: x.input.id as number,
      added: false,
    }));
    if (updated.length) {
      await beginSlice(tx, conn, runId, table);
      await hold(tx, conn, runId, table, updated);
      await endSlice(tx, conn, runId);
    }
  });
  let k = 0;
  try {
    while (k < writes.length) {
      // The tenant moving (server/tenancy/move.ts): the run stops and is taken back here before the move copies the
      // file (it waits for every instance to see the move), and the job says why. Decision 0018.
      // The directory unreadable for a moment is no move: the write fence stays the backstop.
      const here = await stillServedHere(ctx.services.registry, ctx.services.config.instance, ctx.tenant)
        .catch(() => true);
      if (!here) {
        throw new AppError("import.tenantMoving");
      }
      k = await transactionWithEvents(ctx, async (tx, outbox) => {
        await beginSlice(tx, conn, runId, table);
        const started = performance.now();
        const journal: unknown[][] = [];
        const held: { id: number; added: boolean }[] = [];
        const logFrom = await lastLogId(tx);
        // The slice's adds are read back and logged once, at its end (the engine's addBatch).
        const adds = resource.addBatch(tx, outbox, ctx);
        let j = k;
        do {
          const x = writes[j];
          let id: number;
          let before: RecordSnapshot | undefined;
          try {
            if (x.action === "add") {
              id = await adds.add(x.input);
            } else {
              id = x.input.id as number;
              before = await resource.snapshotIn(tx, id);
              await resource.editIn(
                tx,
                outbox,
                ctx,
                x.input as Record<string, unknown> & { id: number; version: number },
              );
            }
          } catch (err) {
            throw refusal(j, err);
          }
          journal.push([runId, j, name, id, before ? JSON.stringify(before) : null]);
          held.push({ id, added: x.action === "add" });
          j++;
        } while (j < writes.length && sliceGoesOn(conn, performance.now() - started));
        await adds.done();
        // The slice's RecordLog entries, every one of them, go with its last write: taking the run back
        // undoes the newest write first, so they are gone with the slice's first undo, before its records.
        const logTo = await lastLogId(tx);
        await runEach(
          tx,
          `INSERT INTO import_writes (run_id, seq, resource, record_id, before, log_from, log_to)
           VALUES (?, ?, ?, ?, ?, ?, ?)`,
          journal.map((w, i) => [...w, logFrom, i === journal.length - 1 ? logTo : logFrom]),
        );
        await hold(tx, conn, runId, table, held);
        await touch(tx, runId);
        await endSlice(tx, conn, runId);
        return j;
      });
      progress(k);
      await turn();
    }
  } catch (err) {
    // Should taking back fail too, the run stays `undoing` (and its records held on this connection) for
    // the next opening of the file to finish; the refusal is still the answer.
    await takeBack(conn, runId, { ctx, done: (tx) => takenBack(tx, err) }).catch((e) =>
      console.error(`import ${runId} of ${ctx.tenant.slug}: taking back failed`, e)
    );
    throw err;
  }
  // Published: from this commit on the run is whole and nothing takes it back.
  await conn.transaction(async (tx) => {
    await release(tx, conn, runId);
    await tx.delete(importRuns).where(eq(importRuns.id, runId));
    // The job's outcome in the same commit: a crash right after never leaves it saying "interrupted".
    await published(tx);
  });
  await dropJournal(conn, runId);
}

/** A published or taken-back run's journal, deleted a step at a time (nothing reads it any more). */
export async function dropJournal(conn: Connection, runId: string): Promise<void> {
  for (let from = 0;; from += DROP_BATCH) {
    const gone = await conn.transaction(async (tx) => {
      await tx.delete(importWrites).where(and(
        eq(importWrites.runId, runId),
        lt(importWrites.seq, from + DROP_BATCH),
      ));
      const [left] = await tx.select({ seq: importWrites.seq }).from(importWrites)
        .where(eq(importWrites.runId, runId)).limit(1);
      return left === undefined;
    });
    if (gone) return;
    await turn();
  }
}

/**
 * Takes run `runId` back, newest write first, one slice per transaction: added records erased, updated ones
 * put back as they were, the RecordLog entries of its writes removed. With `ctx`, the changes are told to
 * the hub and the attachments' bytes dropped; `interrupted` keeps the run's row to say what happened; `done`
 * writes what else the last commit must hold (the job's failure).
 */
export async function takeBack(
  conn: Connection,
  runId: string,
  o: { ctx?: TenantContext; interrupted?: boolean; done?: (tx: Db) => Promise<unknown> } = {},
): Promise<void> {
  await conn.transaction((tx) =>
    tx.update(importRuns).set({ state: "undoing" }).where(eq(importRuns.id, runId))
  );
  const files: string[] = [];
  for (;;) {
    const step = async (tx: Db, outbox: Outbox) => {
      await beginSlice(tx, conn, runId);
      const started = performance.now();
      let done = 0;
      let more = true;
      while (more && sliceGoesOn(conn, performance.now() - started)) {
        const rows = await tx.select().from(importWrites).where(eq(importWrites.runId, runId))
          .orderBy(desc(importWrites.seq)).limit(UNDO_BATCH);
        if (rows.length === 0) {
          more = false;
          break;
        }
        for (const w of rows) {
          const resource = resourcesByName.get(w.resource);
          if (!resource) throw new Error(`import ${runId}: no resource ${w.resource}`);
          if (w.before === null) {
            files.push(...await resource.eraseIn(tx, w.recordId));
            outbox.add(resource.hub, "deleted", w.recordId);
          } else {
            await resource.restoreIn(tx, JSON.parse(w.before) as RecordSnapshot);
            outbox.add(resource.hub, "changed", w.recordId);
          }
          await tx.delete(recordLog).where(and(gt(recordLog.id, w.logFrom), lte(recordLog.id, w.logTo)));
          await unhold(tx, conn, tableOf(resource), w.recordId);
          done++;
        }
        await tx.delete(importWrites).where(and(
          eq(importWrites.runId, runId),
          inArray(importWrites.seq, rows.map((r) => r.seq)),
        ));
      }
      await touch(tx, runId);
      await endSlice(tx, conn, runId);
      return more || done > 0;
    };
    const more = o.ctx
      ? await transactionWithEvents(o.ctx, step)
      : await conn.transaction((tx) => step(tx, new Outbox()));
    if (!more) break;
    await turn();
  }
  await conn.transaction(async (tx) => {
    await release(tx, conn, runId);
    if (o.interrupted) {
      await tx.update(importRuns).set({ state: "interrupted" }).where(eq(importRuns.id, runId));
    } else await tx.delete(importRuns).where(eq(importRuns.id, runId));
    // What the job answers in the same commit (a move copying the file right after carries it).
    await o.done?.(tx);
  });
  if (o.ctx && files.length) {
    await dropBytes(o.ctx.services.config.dataDir, o.ctx.tenant.id, files).catch((err) =>
      console.error("attachment bytes not removed:", err)
    );
  }
}

/** Runs `writing` or `undoing` that this process is not working on, oldest first. */
export async function leftRuns(db: Db): Promise<{ id: string; touchedAt: string }[]> {
  const rows = await db.select({ id: importRuns.id, touchedAt: importRuns.touchedAt }).from(importRuns)
    .where(inArray(importRuns.state, ["writing", "undoing"])).orderBy(asc(importRuns.startedAt));
  return rows.filter((r) => !live.has(r.id));
}

/** Journals whose run is gone: published or taken back just before a process ended. */
export async function orphanJournals(db: Db): Promise<string[]> {
  const rows = await db.selectDistinct({ runId: importWrites.runId }).from(importWrites)
    .where(sql`${importWrites.runId} NOT IN (SELECT ${importRuns.id} FROM ${importRuns})`);
  return rows.map((r) => r.runId);
}

/** A run's state, for the progress of a job this process does not know (it ended with another one). */
export async function runState(db: Db, runId: string) {
  const [run] = await db.select().from(importRuns).where(eq(importRuns.id, runId));
  return run;
}

/** Lets go of what this connection holds for a run another process published or took back. */
export async function letGo(conn: Connection, runId: string): Promise<void> {
  await conn.transaction((tx) => release(tx, conn, runId));
}

/** Holds again the records of runs left behind, before anyone else may write (recover.ts). */
export async function holdAgain(conn: Connection, runIds: string[]): Promise<void> {
  await conn.transaction(async (tx) => {
    for (const runId of runIds) {
      const names = await tx.selectDistinct({ resource: importWrites.resource }).from(importWrites)
        .where(eq(importWrites.runId, runId));
      for (const { resource: name } of names) {
        const resource = resourcesByName.get(name);
        if (!resource) continue;
        const table = tableOf(resource);
        await beginSlice(tx, conn, runId, table);
        const rows = await tx.select({ id: importWrites.recordId, before: importWrites.before }).from(
          importWrites,
        )
          .where(and(eq(importWrites.runId, runId), eq(importWrites.resource, name)));
        await hold(tx, conn, runId, table, rows.map((r) => ({ id: r.id, added: r.before === null })));
        await endSlice(tx, conn, runId);
      }
    }
  });
}
