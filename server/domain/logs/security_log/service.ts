// The security event log: sign-ins (succeeded, failed, throttled, refused), calls refused by permission,
// misused keys and tokens, administrators' changes to users, keys and the account. Each event is written to
// its tenant's log (a failed sign-in to the tenant its login name belongs to); an event of no known tenant
// (an unknown username or key, a forged token, another site's socket) goes to the system log of the control
// database. Nothing secret is written: an event says what happened, never the password, token, key or code.
//
// Events are written off the request's path: queued per tenant and appended in one transaction per tenant
// every FLUSH_MS on the thread that owns the tenant (a tenant operation), so a refusal costs its caller a
// push onto an array. A change an administrator makes is written in that change's own transaction instead
// (securityEventIn), so the change and its event commit or vanish together. A flood (a password guesser)
// writes each kind from one address a bounded number of times a minute and one row saying how many were left
// out; events older than SECURITY_LOG_DAYS are pruned in slices when a tenant's events are next appended.
import { turn } from "../../../kernel/turn.ts";
import type { Services } from "../../../kernel/services.ts";
import type { TenantContext } from "../../../kernel/context.ts";
import type { Connection, Db } from "../../../db/connection.ts";
import { insertMany } from "../../../db/bulk.ts";
import { tenantOp } from "../../../cluster/placement.ts";
import { TenantBatches } from "../../../cluster/batches.ts";
import { nowIso } from "../../../kernel/time.ts";
import type { Tenant } from "../../../tenancy/registry.ts";
import { writeSystemLog } from "../system_log/service.ts";
import { defaultOutcome, type SecurityEventKind, type SecurityOutcome } from "./kinds.ts";
import { securityEvents } from "./table.ts";

export { type SecurityEventKind, securityEventKinds, type SecurityOutcome } from "./kinds.ts";

export interface SecurityEventInput {
  kind: SecurityEventKind;
  /** By default the kind's own (kinds.ts defaultOutcome). */
  outcome?: SecurityOutcome;
  /** A short description: what was refused or changed, never a secret. */
  detail?: string | null;
  userId?: number | null;
  userName?: string | null;
  ip?: string | null;
  userAgent?: string | null;
  requestId?: string | null;
}

type Row = typeof securityEvents.$inferInsert;

/** How long events wait to be appended together. */
const FLUSH_MS = 200;
/** A tenant's queue this long is appended at once. */
const FLUSH_AT = 500;
/** Events of one kind from one address (or one user) a tenant's log takes a minute; the rest are counted. */
export const SECURITY_SAME_PER_MINUTE = 30;
/** Events a tenant's log takes a minute; the rest are counted. */
export const SECURITY_PER_MINUTE = 2000;
/** Rows one pruning statement deletes; the event loop turns between slices. */
export const PRUNE_SLICE = 500;
/** A tenant's old events are looked for at most this often (per thread). */
const PRUNE_EVERY_MS = 3600_000;

const cut = (v: string | null | undefined, max: number) => (v == null ? null : v.slice(0, max));

function toRow(e: SecurityEventInput, at = nowIso()): Row {
  return {
    at,
    event: e.kind,
    outcome: e.outcome ?? defaultOutcome(e.kind),
    userId: e.userId ?? null,
    userName: cut(e.userName, 200),
    ip: cut(e.ip, 64),
    userAgent: cut(e.userAgent, 300),
    requestId: cut(e.requestId, 128),
    detail: cut(e.detail, 500),
  };
}

/** The caller of a request as an event names it: the signed-in user, the address, the agent, the request. */
function fromContext(ctx: TenantContext): Omit<SecurityEventInput, "kind"> {
  return {
    userId: ctx.actor.userId > 0 ? ctx.actor.userId : null,
    userName: ctx.actor.username,
    ip: ctx.client?.ip ?? null,
    userAgent: ctx.client?.userAgent ?? null,
    requestId: ctx.requestId,
  };
}

/**
 * Records a security event of the request's tenant, as its caller (user, address, agent, request id): the
 * one call for refusals and misuse found while serving a request. Queued; it never fails the request.
 */
export function securityEvent(
  ctx: TenantContext,
  kind: SecurityEventKind,
  detail?: string,
  more: Omit<SecurityEventInput, "kind" | "detail"> = {},
): void {
  ctx.services.security.add(ctx.tenant, { ...fromContext(ctx), ...more, kind, detail });
}

/**
 * Records an administrator's change in the change's own transaction `tx` (it commits or rolls back with it).
 */
export async function securityEventIn(
  tx: Db,
  ctx: TenantContext,
  kind: SecurityEventKind,
  detail?: string,
): Promise<void> {
  await insertMany(tx, securityEvents, [toRow({ ...fromContext(ctx), kind, detail })]);
}

/** Writes events in a transaction that is already open (a sign-in's, on the tenant's own thread). */
export async function writeSecurityEvents(tx: Db, events: SecurityEventInput[]): Promise<void> {
  const at = nowIso();
  await insertMany(tx, securityEvents, events.map((e) => toRow(e, at)));
}

/** Records an event of a tenant known without a request's context (a sign-in by a login name, a key). */
export function securityEventFor(
  platform: Pick<Services, "security">,
  tenant: Tenant,
  event: SecurityEventInput,
): void {
  platform.security.add(tenant, event);
}

/**
 * Records an event of no known tenant (an unknown username or key, a forged token, another site's socket)
 * in the control database's system log, with the same fields.
 */
export function securityEventOutside(
  platform: Pick<Services, "config" | "control">,
  event: SecurityEventInput,
): void {
  const row = toRow(event);
  writeSystemLog(platform, undefined, {
    level: "warning",
    message: `security: ${row.event} (${row.outcome})${row.detail ? `: ${row.detail}` : ""}`,
    source: "security",
    requestId: row.requestId ?? undefined,
    properties: {
      event: row.event,
      outcome: row.outcome,
      userName: row.userName,
      ip: row.ip,
      userAgent: row.userAgent,
    },
  }).catch((err) => console.error("security event outside a tenant was not written:", err));
}

const BOOKKEEPING = new Set([
  "updatedAt",
  "modifiedDate",
  "version",
  "lastLoginDate",
  "createdAt",
  "createdDate",
]);

/**
 * What a change changed, for an event's detail: the names of the fields that differ, with the values of those
 * that are switches (a role, a module, blocked: `isSuperUser false → true`). No other value is written: a
 * text may be personal, and a secret never reaches a record's answer in the first place.
 */
export function changeSummary(before: Record<string, unknown>, after: Record<string, unknown>): string {
  const parts: string[] = [];
  for (const k of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (BOOKKEEPING.has(k)) continue;
    const a = before[k];
    const b = after[k];
    if (JSON.stringify(a) === JSON.stringify(b)) continue;
    parts.push(typeof a === "boolean" || typeof b === "boolean" ? `${k} ${a} → ${b}` : k);
  }
  return parts.join(", ");
}

/** Events of one tenant's log a minute: each kind from one source a few times, then counted. */
export class SecurityFloodLimit {
  #minute = -1;
  #written = 0;
  #same = new Map<string, number>();
  #leftOut = new Map<SecurityEventKind, number>();

  /** Whether to write `event` now, and what the minute before left out (when a new minute starts). */
  admit(
    event: SecurityEventInput,
    now = Date.now(),
  ): { write: boolean; leftOut: [SecurityEventKind, number][] } {
    const minute = Math.floor(now / 60_000);
    let leftOut: [SecurityEventKind, number][] = [];
    if (minute !== this.#minute) {
      leftOut = [...this.#leftOut];
      this.#minute = minute;
      this.#written = 0;
      this.#same.clear();
      this.#leftOut.clear();
    }
    const key = `${event.kind}\u0000${event.ip ?? ""}\u0000${event.userName ?? ""}`;
    const same = (this.#same.get(key) ?? 0) + 1;
    this.#same.set(key, same);
    if (same > SECURITY_SAME_PER_MINUTE || this.#written >= SECURITY_PER_MINUTE) {
      this.#leftOut.set(event.kind, (this.#leftOut.get(event.kind) ?? 0) + 1);
      return { write: false, leftOut };
    }
    this.#written++;
    return { write: true, leftOut };
  }
}

/** Appends a batch of a tenant's events on the thread that owns it, then prunes old ones when due. */
const append = tenantOp(
  "securityLog.append",
  async (conn, args: { rows: Row[]; keepDays: number }, tenant) => {
    await conn.transaction((tx) => insertMany(tx, securityEvents, args.rows));
    await pruneWhenDue(conn, tenant.id, args.keepDays);
  },
);

/** When this thread last looked for a tenant's old events, by tenant database. */
const lastPruned = new Map<string, number>();

async function pruneWhenDue(conn: Connection, tenantId: number, keepDays: number): Promise<void> {
  const key = `${tenantId}:${conn.url}`;
  const now = Date.now();
  if (now - (lastPruned.get(key) ?? 0) < PRUNE_EVERY_MS) return;
  lastPruned.set(key, now);
  await pruneSecurityLog(conn, new Date(now - keepDays * 86_400_000).toISOString());
}

/**
 * Deletes the events before `before` (ISO), PRUNE_SLICE rows a statement, letting other work in between;
 * answers how many went.
 */
export async function pruneSecurityLog(conn: Connection, before: string): Promise<number> {
  let removed = 0;
  for (;;) {
    const rows = await conn.query(
      `DELETE FROM security_events WHERE id IN
         (SELECT id FROM security_events WHERE at < ? ORDER BY at, id LIMIT ${PRUNE_SLICE}) RETURNING id`,
      [before],
    );
    removed += rows.length;
    if (rows.length < PRUNE_SLICE) return removed;
    await turn();
  }
}

/** The writer of one thread: tenants' queues, their flood limits and the timer that appends them. */
export class SecurityLog {
  readonly #limits = new Map<number, SecurityFloodLimit>();
  readonly #batches: TenantBatches<Row>;

  constructor(readonly platform: Pick<Services, "placement" | "config">) {
    this.#batches = new TenantBatches<Row>(
      (tenant, rows) => append(platform, tenant, { rows, keepDays: platform.config.securityLogDays }),
      { flushMs: FLUSH_MS, flushAt: FLUSH_AT, what: "security log" },
    );
  }

  /** Queues `event` for `tenant`'s log. */
  add(tenant: Tenant, event: SecurityEventInput): void {
    let limit = this.#limits.get(tenant.id);
    if (!limit) this.#limits.set(tenant.id, limit = new SecurityFloodLimit());
    const { write, leftOut } = limit.admit(event);
    const at = nowIso();
    const rows: Row[] = [];
    for (const [kind, n] of leftOut) {
      rows.push(toRow({ kind: "log.leftOut", outcome: "throttled", detail: `${n} × ${kind}` }, at));
    }
    if (write) rows.push(toRow(event, at));
    this.#batches.add(tenant, ...rows);
  }

  /** Appends every queued event now; answers when they are written (or their failure logged). */
  flush(): Promise<void> {
    return this.#batches.flush();
  }

  /** Writes what is queued (within a few seconds at most) and takes no more. */
  close(): Promise<void> {
    return this.#batches.close();
  }
}
