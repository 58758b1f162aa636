// RecordLog: every add, edit and delete (and each sign-in) leaves an entry, written with the change in
// the same transaction. The engine's own concern (its verbs write it, its delete asks it whether a record was
// removed), so it lives here; server/domain/logs/record_log/ re-exports it and answers the log's reads.
import type { Db } from "../kernel/database.ts";
import { runEach } from "../db/bulk.ts";
import { insertValues } from "../db/prepared.ts";
import { nowIso } from "../kernel/time.ts";
import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

export const recordLog = sqliteTable("record_log", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  action: text("action", { enum: ["created", "changed", "deleted", "loggedIn"] }).notNull(),
  resourceType: text("resource_type").notNull(),
  resourceId: integer("resource_id"),
  title: text("title"),
  oldObject: text("old_object"),
  newObject: text("new_object"),
  userId: integer("user_id"),
  userName: text("user_name"),
  createdAt: text("created_at").notNull(),
}, (t) => [
  index("record_log_resource").on(t.resourceType, t.resourceId, t.id),
  index("record_log_created_at").on(t.createdAt, t.id),
  index("record_log_resource_id").on(t.resourceId, t.id),
  index("record_log_action").on(t.action, t.id),
  index("record_log_user_name").on(t.userName, t.id),
]);

export interface RecordLogEntry {
  action: "created" | "changed" | "deleted" | "loggedIn";
  resourceType: string;
  resourceId: number | null;
  title: string | null;
  oldObject?: unknown;
  newObject?: unknown;
  userId: number | null;
  userName: string | null;
}

function toRow(entry: RecordLogEntry, createdAt: string) {
  return {
    action: entry.action,
    resourceType: entry.resourceType,
    resourceId: entry.resourceId,
    title: entry.title,
    oldObject: entry.oldObject === undefined ? null : JSON.stringify(entry.oldObject),
    newObject: entry.newObject === undefined ? null : JSON.stringify(entry.newObject),
    userId: entry.userId,
    userName: entry.userName,
    createdAt,
  };
}

export async function writeRecordLog(tx: Db, entry: RecordLogEntry): Promise<void> {
  await insertValues(tx, recordLog, toRow(entry, nowIso()));
}

/** The columns `toRow` fills, in one order, and the statement that writes them. */
const LOGGED = [
  "action",
  "resourceType",
  "resourceId",
  "title",
  "oldObject",
  "newObject",
  "userId",
  "userName",
  "createdAt",
] as const satisfies readonly (keyof ReturnType<typeof toRow>)[];
const INSERT_LOGGED = `INSERT INTO record_log (${LOGGED.map((k) => recordLog[k].name).join(", ")}) VALUES (${
  LOGGED.map(() => "?").join(", ")
})`;

/**
 * Many entries of one change (a bulk add, an import's slice), in order, by one prepared statement stepped per
 * entry (`runEach`): their JSON passes as it is, where one multi-row statement would carry it inside JSON
 * again (0.72 against 0.61 s for 50,000 products' entries).
 */
export async function writeRecordLogs(tx: Db, entries: RecordLogEntry[]): Promise<void> {
  const createdAt = nowIso();
  await runEach(
    tx,
    INSERT_LOGGED,
    entries.map((e) => {
      const row = toRow(e, createdAt);
      return LOGGED.map((k) => row[k]);
    }),
  );
}
