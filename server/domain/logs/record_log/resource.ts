// The RecordLog resource: the audit trail, listed and read by administrators; the server alone writes it.
import type { Hono } from "hono";
import type { Platform } from "../../../platform.ts";
import type { Env } from "../../../http/types.ts";
import { Resource } from "../../resource/engine.ts";
import { resourceRoutes } from "../../resource/routes.ts";
import { recordLog } from "./table.ts";
import { recordLogMeta } from "./meta.ts";
import { RecordLogEntry } from "./contract.ts";

/** A stored JSON column as a value (null stays null). */
export function parseJson(text: string | null): unknown {
  return text === null ? null : JSON.parse(text);
}

export const recordLogResource = new Resource<RecordLogEntry, never, never>({
  meta: recordLogMeta,
  hub: "RecordLog",
  table: recordLog,
  toDto: (row) => ({
    id: row.id,
    action: row.action,
    resourceType: row.resourceType,
    resourceId: row.resourceId,
    title: row.title,
    oldObject: parseJson(row.oldObject),
    newObject: parseJson(row.newObject),
    userId: row.userId,
    userName: row.userName,
    createdAt: row.createdAt,
  }),
});

export function recordLogRoutes(app: Hono<Env>, platform: Platform): void {
  resourceRoutes(app, platform, recordLogResource, { record: RecordLogEntry });
}
