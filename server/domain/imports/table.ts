import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";

/**
 * An import being written in slices (decision 0018): one row from its first slice until it is published
 * (deleted) or taken back. Each slice touches it; a row left `writing` or `undoing` and untouched for a while
 * (its process ended) is taken back when the tenant's file is next opened; it then stays `interrupted` for a
 * day, so that the wizard following the job can say what happened.
 */
export const importRuns = sqliteTable("import_runs", {
  /** The import job's id. */
  id: text("id").primaryKey(),
  recordType: text("record_type").notNull(),
  state: text("state", { enum: ["writing", "undoing", "interrupted"] }).notNull(),
  total: integer("total").notNull(),
  userId: integer("user_id"),
  startedAt: text("started_at").notNull(),
  /** When a slice of it (writing or taking back) last committed: a run nobody touches was left behind. */
  touchedAt: text("touched_at").notNull(),
}, (t) => [index("import_runs_state").on(t.state)]);

/**
 * Every record a running import wrote, in order, with what takes it back: an added record is erased, an
 * updated one gets its stored row (`before`, JSON of the row's columns and links) back; the RecordLog
 * entries with ids `logFrom` (exclusive) to `logTo` are removed with it: those of its whole slice for a
 * slice's last write (write.ts logs a slice's adds at its end), none for the others.
 */
export const importWrites = sqliteTable("import_writes", {
  /** Its run's id; no foreign key, so that publishing deletes one row and the journal goes afterwards. */
  runId: text("run_id").notNull(),
  seq: integer("seq").notNull(),
  resource: text("resource").notNull(),
  recordId: integer("record_id").notNull(),
  before: text("before"),
  logFrom: integer("log_from").notNull(),
  logTo: integer("log_to").notNull(),
}, (t) => [primaryKey({ columns: [t.runId, t.seq] })]);

/**
 * An import's or a preview's job (issue 33): its state, progress and outcome kept in the tenant's file, so
 * that a restart never loses it. A job left `running` by a process that ended (untouched for
 * IMPORT_STALE_SECONDS) answers `failed` with import.interrupted once its run, if any, is taken back.
 */
export const importJobs = sqliteTable("import_jobs", {
  id: text("id").primaryKey(),
  kind: text("kind", { enum: ["preview", "import"] }).notNull(),
  status: text("status", { enum: ["running", "done", "failed"] }).notNull(),
  phase: text("phase", { enum: ["checking", "importing"] }).notNull(),
  checked: integer("checked").notNull(),
  processed: integer("processed").notNull(),
  total: integer("total").notNull(),
  /** JSON: an import's result or a preview's answer. */
  result: text("result"),
  /** JSON: a failed job's error ({code, params, rowErrors, fields}), as the call would have answered it. */
  error: text("error"),
  userId: integer("user_id"),
  startedAt: text("started_at").notNull(),
  /** Moved by the process running it every few seconds: a running job nobody touches was left behind. */
  touchedAt: text("touched_at").notNull(),
  finishedAt: text("finished_at"),
}, (t) => [index("import_jobs_started").on(t.startedAt)]);
