// Import jobs kept in the tenant's file (issue 33): a job's state, progress and outcome are written where its
// records are, so that a restart never loses it. The process running a job touches its row every few
// seconds; a row left `running` and untouched for IMPORT_STALE_SECONDS was left by a process that ended, and
// answers `failed` with import.interrupted once its run (the slices it wrote, write.ts) is taken back. A job
// is not resumed: its file is not kept, and the rows it checked may no longer hold; the wizard says so and the
// user imports the file again.
import { eq, lt } from "drizzle-orm";
import type { Connection, Db } from "../../db/connection.ts";
import { AppError, type ErrorCode } from "../../kernel/errors.ts";
import { nowIso } from "../../kernel/time.ts";
import { importJobs } from "./table.ts";
import { STALE_MS } from "./write.ts";

/** How long a finished job is kept for its wizard (or a restarted one) to read. */
const KEEP_MS = 86_400_000;
/** How often a running job's row is touched (and its progress written): well within STALE_MS. */
export const BEAT_MS = Math.max(250, Math.min(5_000, STALE_MS / 4));

/** What a job's row is made of (service.ts's ImportJob, without this process's handles). */
export interface JobState {
  id: string;
  kind: "preview" | "import";
  status: "running" | "done" | "failed";
  phase: "checking" | "importing";
  checked: number;
  processed: number;
  total: number;
  result?: unknown;
  preview?: unknown;
  error?: AppError;
}

/** A failed job's error as stored: what its answer says, never its cause. */
function errorText(err: AppError | undefined): string | null {
  if (!err) return null;
  const { fields, issues, rowErrors, params } = err.details;
  return JSON.stringify({ code: err.code, details: { fields, issues, rowErrors, params } });
}

function errorOf(text: string | null): AppError | undefined {
  if (!text) return undefined;
  const e = JSON.parse(text) as { code: ErrorCode; details: AppError["details"] };
  return new AppError(e.code, e.details);
}

const rowOf = (job: JobState) => ({
  status: job.status,
  phase: job.phase,
  checked: job.checked,
  processed: job.processed,
  total: job.total,
  result: job.result !== undefined
    ? JSON.stringify(job.result)
    : job.preview !== undefined
    ? JSON.stringify(job.preview)
    : null,
  error: errorText(job.error),
  touchedAt: nowIso(),
  finishedAt: job.status === "running" ? null : nowIso(),
});

/** A new job's row; finished jobs older than a day go meanwhile. */
export async function insertJob(conn: Connection, job: JobState, userId: number | null): Promise<void> {
  await conn.transaction(async (tx) => {
    await tx.delete(importJobs).where(lt(importJobs.startedAt, new Date(Date.now() - KEEP_MS).toISOString()));
    await tx.insert(importJobs).values({
      id: job.id,
      kind: job.kind,
      userId,
      startedAt: nowIso(),
      ...rowOf(job),
    });
  });
}

/** The job's state as it is now, in `tx` (a slice's publish) or a transaction of its own. */
export async function saveJob(conn: Connection, job: JobState, tx?: Db): Promise<void> {
  const write = (db: Db) => db.update(importJobs).set(rowOf(job)).where(eq(importJobs.id, job.id));
  if (tx) await write(tx);
  else await conn.transaction(write);
}

/**
 * A job this process does not run, from the tenant's file; `runLeft` tells whether its run is still being
 * taken back. A running job untouched for STALE_MS was cut short by the end of its process.
 */
export async function storedJob(
  db: Db,
  id: string,
  runLeft: () => Promise<boolean>,
): Promise<JobState | undefined> {
  const [row] = await db.select().from(importJobs).where(eq(importJobs.id, id));
  if (!row) return undefined;
  const stored = row.result === null ? undefined : JSON.parse(row.result);
  const job: JobState = {
    id,
    kind: row.kind,
    status: row.status,
    phase: row.phase,
    checked: row.checked,
    processed: row.processed,
    total: row.total,
    ...(row.kind === "import" ? { result: stored } : { preview: stored }),
    error: errorOf(row.error),
  };
  if (job.status !== "running" || Date.parse(row.touchedAt) + STALE_MS > Date.now()) return job;
  // Left behind: still being taken back (the wizard keeps following it), else interrupted.
  if (await runLeft()) return job;
  return { ...job, status: "failed", error: new AppError("import.interrupted") };
}
