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
 * entries of its write are ids `logFrom` (exclusive) to `logTo`.
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
