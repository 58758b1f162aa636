// RecordLog: every add, edit and delete (and each sign-in) leaves an entry, written with the change in
// the same transaction.
import type { Db } from "../../../db/connection.ts";
import { insertMany } from "../../../db/bulk.ts";
import { nowIso } from "../../../kernel/time.ts";
import { recordLog } from "./table.ts";

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
  await tx.insert(recordLog).values(toRow(entry, nowIso()));
}

/** Many entries of one change (a bulk add), written by one statement. */
export async function writeRecordLogs(tx: Db, entries: RecordLogEntry[]): Promise<void> {
  const createdAt = nowIso();
  await insertMany(tx, recordLog, entries.map((e) => toRow(e, createdAt)));
}
