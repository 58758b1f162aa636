// RecordLog: every add, edit and delete (and each sign-in) leaves an entry, written with the change in
// the same transaction; the writer is the engine's (server/engine/record_log.ts).
export { type RecordLogEntry, writeRecordLog, writeRecordLogs } from "../../../engine/record_log.ts";
