// The record log's table is the engine's (server/engine/record_log.ts: its verbs write it).
export { recordLog } from "../../../engine/record_log.ts";
