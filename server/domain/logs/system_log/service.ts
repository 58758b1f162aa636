// SystemLog: failures with their request id, written to the tenant's log when the request had a tenant,
// else to the control database's. Writing the log must never fail the response.
import type { Platform } from "../../../platform.ts";
import type { TenantContext } from "../../../kernel/context.ts";
import { nowIso } from "../../../kernel/time.ts";
import { systemLog } from "./table.ts";
import { controlSystemLog } from "../../../../tenants/schema.ts";

export interface SystemLogEntry {
  level: "error" | "warning" | "info";
  message: string;
  exception?: string;
  source?: string;
  httpCode?: number;
  elapsedMs?: number;
  requestId?: string;
  properties?: Record<string, unknown>;
}

export async function writeSystemLog(
  platform: Platform | undefined,
  ctx: TenantContext | undefined,
  entry: SystemLogEntry,
): Promise<void> {
  if (!platform) return;
  const row = {
    level: entry.level,
    message: entry.message.slice(0, 4000),
    exception: entry.exception?.slice(0, 20000) ?? null,
    source: entry.source ?? null,
    machineName: platform.config.machineName,
    httpCode: entry.httpCode ?? null,
    elapsedMs: entry.elapsedMs ?? null,
    raiseDate: nowIso(),
    properties: entry.properties ? JSON.stringify(entry.properties) : null,
    requestId: entry.requestId ?? null,
  };
  if (ctx && !ctx.conn.closed) {
    try {
      await ctx.conn.db.insert(systemLog).values(row);
      return;
    } catch (err) {
      // The tenant's database may be the very thing that failed: keep the entry in the control log.
      console.error("SystemLog write to the tenant database failed:", err);
    }
  }
  const properties = ctx ? { ...(entry.properties ?? {}), tenantId: ctx.tenant.id } : entry.properties;
  try {
    await platform.control.db.insert(controlSystemLog).values({
      ...row,
      properties: properties ? JSON.stringify(properties) : null,
    });
  } catch (err) {
    console.error("SystemLog write failed:", err);
  }
}
