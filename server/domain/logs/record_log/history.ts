// One record's change history: the RecordLog entries of that record, newest first, each with the fields
// that changed. Whoever may read the record may read its history (the record is read first, with the
// caller's scope, so another contractor's or another tenant's record answers 404 as it would itself);
// the whole log stays an administrators' screen. A contractor's user sees only what was their contractor's
// when it was written; a user's sign-ins (and addresses) only they and administrators see.
import type { Hono } from "hono";
import { and, count, desc, eq, ne, type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import { paramInt } from "../../../kernel/params.ts";
import type { Services } from "../../../kernel/services.ts";
import type { Env } from "../../../engine/http/types.ts";
import type { Access } from "../../../kernel/access.ts";
import type { Whole } from "../../../engine/http/openapi.ts";
import type { TenantContext } from "../../../kernel/context.ts";
import { idParam, mount } from "../../../engine/http/route.ts";
import { asObject, changedFields } from "../../../../shared/record_log/changes.ts";
import { recordLogActions } from "./entity.ts";
import { recordLog } from "./table.ts";

export const HistoryEntry = z.object({
  id: z.number(),
  action: z.enum(recordLogActions),
  createdAt: z.string(),
  userId: z.number().nullable(),
  userName: z.string().nullable(),
  title: z.string().nullable(),
  /** The record before and after the change (null before an add and after a delete). */
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  /** The fields that differ, in the record's order. */
  changed: z.array(z.string()),
});
export type HistoryEntry = z.output<typeof HistoryEntry>;

/** Not a filterable list: a page of entries and how many there are. */
export const HistoryPage = z.object({ entries: z.array(HistoryEntry), total: z.number() });

export const HistoryQuery = z.object({
  offset: paramInt(0, 1_000_000, 0),
  limit: paramInt(1, 200, 50),
});

/**
 * For a contractor's user, only the entries whose objects were that contractor's then: a record that
 * came to them from another contractor (or from the warehouse) does not show what it held before.
 */
function ownedThroughout(contractorId: number | null): SQL | undefined {
  if (contractorId === null) return undefined;
  const theirs = (column: typeof recordLog.oldObject | typeof recordLog.newObject) =>
    sql`(${column} IS NULL OR json_type(${column}, '$.contractorId') IS NULL
      OR json_extract(${column}, '$.contractorId') = ${contractorId})`;
  return and(theirs(recordLog.oldObject), theirs(recordLog.newObject));
}

/** The history of one record, newest first. */
export async function recordHistory(
  ctx: TenantContext,
  resourceType: string,
  id: number,
  page: z.output<typeof HistoryQuery>,
  opts: { hideSignIns?: boolean } = {},
): Promise<z.output<typeof HistoryPage>> {
  const db = ctx.conn.db;
  const where = and(
    eq(recordLog.resourceType, resourceType),
    eq(recordLog.resourceId, id),
    opts.hideSignIns ? ne(recordLog.action, "loggedIn") : undefined,
    ownedThroughout(ctx.actor.contractorId),
  );
  const rows = await db.select().from(recordLog).where(where).orderBy(desc(recordLog.id))
    .limit(page.limit).offset(page.offset);
  const [{ total }] = await db.select({ total: count() }).from(recordLog).where(where);
  return {
    total,
    entries: rows.map((r) => {
      const before = asObject(r.oldObject);
      const after = asObject(r.newObject);
      return {
        id: r.id,
        action: r.action,
        createdAt: r.createdAt,
        userId: r.userId,
        userName: r.userName,
        title: r.title,
        before,
        after,
        changed: changedFields(before, after),
      };
    }),
  };
}

/**
 * Mounts `GET {path}/:id/History` for a resource: `read` reads the record as the caller may (and throws
 * its 404 otherwise); the same access words as the record's own GET.
 */
export function historyRoute(
  app: Hono<Env>,
  platform: Services,
  spec: {
    resourceType: string;
    path: string;
    access: Access;
    whole?: Whole;
    refusal?: "auth.forbidden";
    read: (ctx: TenantContext, id: number) => Promise<unknown>;
    /** Whether the caller is kept from the record's sign-in entries (and the addresses they came from). */
    hideSignIns?: (ctx: TenantContext, id: number) => boolean;
    /** The tenant's one record of this type (its account): `{path}/History`, no id in the path. */
    singletonId?: number;
  },
): void {
  const singleton = spec.singletonId;
  mount(app, platform, {
    method: "get",
    path: singleton === undefined ? `${spec.path}/:id/History` : `${spec.path}/History`,
    summary:
      `The change history of ${
        singleton === undefined ? "one" : "the"
      } ${spec.resourceType} record, newest first, with the fields ` +
      "each change touched (whoever may read the record)",
    tag: spec.resourceType,
    access: spec.access,
    ...(spec.whole ? { whole: spec.whole } : {}),
    ...(spec.refusal ? { refusal: spec.refusal } : {}),
    query: HistoryQuery,
    response: HistoryPage,
  }, async (c, { params, query }) => {
    const ctx = c.get("ctx");
    const id = singleton ?? idParam(params.id);
    await spec.read(ctx, id);
    return recordHistory(ctx, spec.resourceType, id, query, { hideSignIns: spec.hideSignIns?.(ctx, id) });
  });
}
