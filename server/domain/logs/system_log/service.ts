// SystemLog: failures with their request id, written to the tenant's log when the request had a tenant,
// else to the control database's. Writing the log must never fail the response.
import type { Services } from "../../../kernel/services.ts";
import type { TenantContext } from "../../../kernel/context.ts";
import { nowIso } from "../../../kernel/time.ts";
import { systemLog } from "./table.ts";
import { controlSystemLog } from "../../../tenancy/schema.ts";

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

/** At most this many rows a minute per log (a tenant's, or the control database's). */
export const SYSTEM_LOG_PER_MINUTE = 120;
/** At most this many rows a minute of one failure (the same message from the same source). */
export const SYSTEM_LOG_SAME_PER_MINUTE = 5;

/**
 * Keeps a flood of failures from filling a log: per minute, each failure is written a few times and the
 * log a bounded number of times; what was left out is counted and said in one row when the minute is over.
 */
export class SystemLogThrottle {
  #minute = -1;
  #written = 0;
  #same = new Map<string, number>();
  #leftOut = 0;

  /** Whether to write an entry of `key` now, and the summary of the minute before when one is due. */
  admit(key: string, now = Date.now()): { write: boolean; leftOut: number } {
    const minute = Math.floor(now / 60_000);
    let leftOut = 0;
    if (minute !== this.#minute) {
      leftOut = this.#leftOut;
      this.#minute = minute;
      this.#written = 0;
      this.#same.clear();
      this.#leftOut = 0;
    }
    const same = (this.#same.get(key) ?? 0) + 1;
    this.#same.set(key, same);
    if (same > SYSTEM_LOG_SAME_PER_MINUTE || this.#written >= SYSTEM_LOG_PER_MINUTE) {
      this.#leftOut++;
      return { write: false, leftOut };
    }
    this.#written++;
    return { write: true, leftOut };
  }
}

const throttles = new WeakMap<object, Map<string, SystemLogThrottle>>();

function throttleOf(platform: object, target: string): SystemLogThrottle {
  let byTarget = throttles.get(platform);
  if (!byTarget) throttles.set(platform, byTarget = new Map());
  let t = byTarget.get(target);
  if (!t) byTarget.set(target, t = new SystemLogThrottle());
  return t;
}

export async function writeSystemLog(
  platform: Pick<Services, "config" | "control"> | undefined,
  ctx: TenantContext | undefined,
  entry: SystemLogEntry,
): Promise<void> {
  if (!platform) return;
  const { write, leftOut } = throttleOf(platform, ctx ? `tenant:${ctx.tenant.id}` : "control")
    .admit(`${entry.level}\u0000${entry.source ?? ""}\u0000${entry.message}`);
  if (leftOut > 0) {
    await writeRow(platform, ctx, {
      level: "warning",
      message: `${leftOut} system log entries were left out in a minute of repeated failures`,
      source: "SystemLog",
      properties: { leftOut },
    });
  }
  if (write) await writeRow(platform, ctx, entry);
}

async function writeRow(
  platform: Pick<Services, "config" | "control">,
  ctx: TenantContext | undefined,
  entry: SystemLogEntry,
) {
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
