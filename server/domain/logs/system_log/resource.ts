// The SystemLog resource: failures of this tenant's requests, listed and read by administrators only.
import type { Hono } from "hono";
import type { Platform } from "../../../platform.ts";
import type { Env } from "../../../http/types.ts";
import { Resource } from "../../resource/engine.ts";
import { resourceRoutes } from "../../resource/routes.ts";
import { parseJson } from "../record_log/resource.ts";
import { systemLog } from "./table.ts";
import { systemLogMeta } from "./meta.ts";
import { SystemLogEntry } from "./contract.ts";

export const systemLogResource = new Resource<SystemLogEntry, never, never>({
  meta: systemLogMeta,
  hub: "SystemLog",
  table: systemLog,
  toDto: (row) => ({
    id: row.id,
    level: row.level,
    message: row.message,
    exception: row.exception,
    source: row.source,
    machineName: row.machineName,
    httpCode: row.httpCode,
    elapsedMs: row.elapsedMs,
    raiseDate: row.raiseDate,
    properties: parseJson(row.properties),
    requestId: row.requestId,
  }),
});

export function systemLogRoutes(app: Hono<Env>, platform: Platform): void {
  resourceRoutes(app, platform, systemLogResource, { record: SystemLogEntry });
}
