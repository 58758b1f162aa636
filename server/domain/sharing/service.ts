// Shared access (docs/decisions/0010-shared-access-keys.md): making an access (its secrets answered once,
// only their hashes kept, in the tenant's database and, with the tenant, in the control database), withdrawing
// it, and reading the contractor's stock by its key without signing in. A key finds its tenant through the
// control database; the reading runs on the thread that owns the tenant (a tenant operation). A single-use
// access is claimed in one transaction, so of any number of parallel redemptions exactly one succeeds.
import { randomBytes } from "node:crypto";
import { and, eq, isNull, or } from "drizzle-orm";
import { z } from "zod";
import type { Services } from "../../kernel/services.ts";
import type { Db } from "../../db/connection.ts";
import type { TenantContext } from "../../kernel/context.ts";
import { Hooks } from "../../kernel/hooks.ts";
import { AppError, fieldError, notFound } from "../../kernel/errors.ts";
import { nowIso } from "../../kernel/time.ts";
import { transactionWithEvents } from "../../hub/outbox.ts";
import { tenantOp } from "../../cluster/placement.ts";
import { sharedKeys } from "../../tenancy/schema.ts";
import { recordChange } from "../../engine/record_change.ts";
import { securityEventFor, securityEventIn, securityEventOutside } from "../logs/security_log/service.ts";
import { companies } from "../parties/companies/entity.ts";
import { persons } from "../parties/persons/entity.ts";
import { listProductStock } from "../stock/inventory/totals.ts";
import { listInventory } from "../stock/inventory/lines.ts";
import { ProductStockQuery } from "../stock/inventory/contract.ts";
import { listQuerySchema } from "../../kernel/list.ts";
import { refId } from "../../engine/fields.ts";
import { sharedAccess, stateOf } from "./entity.ts";
import { contractorActor, keyHash, logUse, takeRequest, tenantOfKey } from "./keys.ts";
import { sharedAccessContentTypes, sharedAccessDurations, sharedAccesses } from "./table.ts";
import { rowById } from "../../db/prepared.ts";

/** A web origin as browsers send it: scheme, host and port, nothing else. */
const origin = z.string().max(200).refine((v) => {
  try {
    const u = new URL(v);
    return (u.protocol === "https:" || u.protocol === "http:") && u.origin === v;
  } catch {
    return false;
  }
}, { params: { code: "validation.invalidValue" } });

export const SharedAccessCreate = z.object({
  contentType: z.enum(sharedAccessContentTypes),
  contractorId: z.number().int().positive(),
  personId: refId,
  /** Minutes (30, 60, 1440, 10080); null or absent: no limit. */
  durationMin: z.number().int().refine((v) => (sharedAccessDurations as readonly number[]).includes(v), {
    params: { code: "validation.invalidValue" },
  }).nullish().transform((v) => v ?? null),
  singleUse: z.boolean().default(false),
  allowedOrigins: z.array(origin).max(20).default([]),
}).superRefine((v, ctx) => {
  // An API key is for a system's repeated calls: single use makes no sense for it.
  if (v.singleUse && v.contentType === "api") {
    ctx.addIssue({ code: "custom", path: ["singleUse"], params: { code: "validation.invalidValue" } });
  }
});
export type SharedAccessCreate = z.output<typeof SharedAccessCreate>;

/** A secret: `bytes` random bytes, base64url. */
export const secret = (bytes: number) => randomBytes(bytes).toString("base64url");

/** The page a key of this kind opens. */
function urlOf(contentType: string, shortKey: string): string | null {
  if (contentType === "wmsstock") return `/shared/wms-stock?key=${shortKey}`;
  if (contentType === "wmsinventory") return `/shared/wms-inventory?key=${shortKey}`;
  if (contentType === "urlLink") return `/shared?key=${shortKey}`;
  return null;
}

/** The hashes of an access's two secrets: all that is ever stored of them. */
export const hashesOf = (secrets: { token: string; shortKey: string }) => ({
  token: keyHash(secrets.token),
  shortKey: keyHash(secrets.shortKey),
});

/** An access's row with only the hashes of its secrets (hashesOf); answers its id. */
export async function insertAccessIn(
  tx: Db,
  input: SharedAccessCreate,
  hashes: { token: string; shortKey: string },
  by: { userId: number | null; name: string },
): Promise<number> {
  const now = nowIso();
  const [row] = await tx.insert(sharedAccesses).values({
    contentType: input.contentType,
    contractorId: input.contractorId,
    personId: input.personId,
    durationMin: input.durationMin,
    singleUse: input.singleUse,
    allowedOrigins: JSON.stringify(input.allowedOrigins),
    tokenHash: hashes.token,
    shortKeyHash: hashes.shortKey,
    expiresAt: input.durationMin === null
      ? null
      : new Date(Date.parse(now) + input.durationMin * 60_000).toISOString(),
    createdAt: now,
    createdByUserId: by.userId,
    createdByName: by.name,
    updatedAt: now,
  }).returning({ id: sharedAccesses.id });
  return row.id;
}

/** The control database learns which tenant an access's keys (their hashes) belong to. */
export async function registerKeysIn(
  control: Db,
  tenantId: number,
  accessId: number,
  hashes: { token: string; shortKey: string },
): Promise<void> {
  const createdAt = nowIso();
  await control.insert(sharedKeys).values([
    { keyHash: hashes.token, tenantId, accessId, createdAt },
    { keyHash: hashes.shortKey, tenantId, accessId, createdAt },
  ]);
}

/**
 * POST SharedAccess: a new access for a contractor (and a contact person of it). Answers the record and,
 * this once, its `token`, `shortUrlKey` and `url`.
 */
export async function createSharedAccess(ctx: TenantContext, input: SharedAccessCreate) {
  const token = secret(32);
  const shortKey = secret(16);
  const record = await transactionWithEvents(ctx, async (tx) => {
    const [contractor] = await tx.select({ keyRole: companies.keyRole }).from(companies)
      .where(eq(companies.id, input.contractorId));
    if (contractor?.keyRole !== "contractor") throw fieldError({ contractorId: ["validation.invalidValue"] });
    if (input.personId !== null) {
      // The contact person is one of the contractor's.
      const [person] = await tx.select({ companyId: persons.companyId }).from(persons)
        .where(eq(persons.id, input.personId));
      if (person?.companyId !== input.contractorId) {
        throw fieldError({ personId: ["validation.invalidValue"] });
      }
    }
    const id = await insertAccessIn(tx, input, hashesOf({ token, shortKey }), {
      userId: ctx.actor.userId,
      name: ctx.actor.username,
    });
    const row = { id };
    // The control database learns which tenant the keys belong to; if that fails, nothing is made here.
    await registerKeysIn(ctx.services.control.db, ctx.tenant.id, row.id, hashesOf({ token, shortKey }));
    const record = await sharedAccess.getIn(tx, ctx, row.id);
    await recordChange(tx, null, ctx.actor, {
      action: "created",
      resource: "SharedAccess",
      id: row.id,
      title: `${input.contentType} ${record.contractorName ?? ""}`.trim(),
      new: record,
    });
    await securityEventIn(
      tx,
      ctx,
      "sharedAccess.created",
      `access ${row.id}: ${input.contentType} for ${
        record.contractorName ?? `company ${input.contractorId}`
      }`,
    );
    return record;
  });
  return { ...record, token, shortUrlKey: shortKey, url: urlOf(input.contentType, shortKey) };
}

/** POST SharedAccess/{id}/withdraw: the access ends at once (withdrawing it again changes nothing). */
export async function withdrawSharedAccess(ctx: TenantContext, id: number) {
  const after = await transactionWithEvents(ctx, async (tx) => {
    const row = await rowById(tx, sharedAccesses, id);
    if (!row) throw notFound();
    const before = await sharedAccess.getIn(tx, ctx, id);
    if (row.withdrawnAt !== null) return before;
    const now = nowIso();
    await tx.update(sharedAccesses).set({
      withdrawnAt: now,
      withdrawnByName: ctx.actor.username,
      updatedAt: now,
      version: row.version + 1,
    }).where(eq(sharedAccesses.id, id));
    const after = await sharedAccess.getIn(tx, ctx, id);
    await recordChange(tx, null, ctx.actor, {
      action: "changed",
      resource: "SharedAccess",
      id,
      title: row.contentType,
      old: before,
      new: after,
    });
    await securityEventIn(tx, ctx, "sharedAccess.withdrawn", `access ${id}: ${row.contentType}`);
    return after;
  });
  // Committed: no thread of this process answers the key from memory any more (keys.ts).
  ctx.services.apiKeys.withdrawn(ctx.conn.url, id);
  return after;
}

/**
 * What a key may read: a stock key (and a plain link) its total stock, an inventory key its detailed
 * inventory, an API key both.
 */
const reads = { stock: ["wmsstock", "urlLink", "api"], inventory: ["wmsinventory", "api"] } as const;
/** A widget shows its key in a page's source: never an API key's. */
const widgetReads = { stock: ["wmsstock", "urlLink"], inventory: ["wmsinventory"] } as const;

interface ReadArgs {
  hash: string;
  what: "stock" | "inventory";
  query: unknown;
  ip: string | null;
  requestId: string;
  lang: TenantContext["lang"];
  /** The web origin of a page that asks from another site; only the access's allowed origins are answered. */
  origin?: string;
  /** Read for a widget (no API key). */
  widget?: boolean;
}

/** The origins an access lets read its data from their pages and frame its widgets. */
export function allowedOriginsOf(row: { allowedOrigins: string }): string[] {
  try {
    const list = JSON.parse(row.allowedOrigins);
    return Array.isArray(list) ? list.filter((o): o is string => typeof o === "string") : [];
  } catch {
    return [];
  }
}

/**
 * Redeems the key and reads: in one transaction the access is checked (410 sharedAccess.ended when withdrawn,
 * expired or used), a single-use one claimed (only one claim can win) and the activation recorded; then the
 * page is read as the contractor would see it.
 */
const readByKey = tenantOp("sharing.read", async (conn, args: ReadArgs, tenant) => {
  const now = nowIso();
  const [row] = await conn.db.select().from(sharedAccesses).where(
    or(eq(sharedAccesses.tokenHash, args.hash), eq(sharedAccesses.shortKeyHash, args.hash)),
  );
  // Each refusal names what the security log keeps of it (readShared writes it): never the key.
  const refused = (detail: string) => ({ security: { kind: "sharedAccess.refused", detail } });
  if (!row) throw new AppError("sharedAccess.ended", refused("an unknown key"));
  if (!((args.widget ? widgetReads : reads)[args.what] as readonly string[]).includes(row.contentType)) {
    throw new AppError(
      "record.notFoundOrNoPermission",
      refused(`access ${row.id}: a ${row.contentType} key`),
    );
  }
  if (stateOf(row, now) !== "active") {
    throw new AppError("sharedAccess.ended", refused(`access ${row.id}: ${stateOf(row, now)}`));
  }
  // A page of another site reads only if the access allows its origin: before anything is redeemed.
  const allowedOrigins = allowedOriginsOf(row);
  if (args.origin !== undefined && !allowedOrigins.includes(args.origin)) {
    throw new AppError("auth.forbidden", refused(`access ${row.id}: from ${args.origin.slice(0, 200)}`));
  }
  // An API key is rate limited here too, as on the API.
  if (row.contentType === "api") {
    try {
      takeRequest(tenant, row.id);
    } catch (err) {
      if (err instanceof AppError) {
        err.details.security = { kind: "sharedAccess.refused", detail: `access ${row.id}: past its rate` };
      }
      throw err;
    }
  }
  const ctx = {
    services: undefined as unknown as Services,
    tenant,
    conn,
    actor: contractorActor(tenant.id, row.id, row.contractorId),
    requestId: args.requestId,
    lang: args.lang,
    // A shared page only reads: no lifecycle hook is called.
    hooks: new Hooks(),
  } satisfies TenantContext;
  // The page is read first (a query the list refuses uses nothing up), then the key redeemed: a single-use
  // one is claimed (one claim of any number wins; the others' pages are thrown away) and the activation kept.
  const page = args.what === "stock"
    ? await listProductStock(ctx, args.query as z.output<typeof ProductStockQuery>)
    : await listInventory(ctx, args.query as z.output<typeof listQuerySchema>);
  await conn.transaction(async (tx) => {
    if (row.singleUse) {
      const claimed = await tx.update(sharedAccesses).set({ usedAt: now }).where(
        and(eq(sharedAccesses.id, row.id), isNull(sharedAccesses.usedAt)),
      ).returning({ id: sharedAccesses.id });
      if (!claimed.length) throw new AppError("sharedAccess.ended");
    }
    if (row.contentType === "api") {
      await logUse(tx, {
        accessId: row.id,
        at: now,
        method: "GET",
        path: `/shared/${args.what}`,
        ip: args.ip,
      });
    } else {
      await tx.update(sharedAccesses).set({ lastActivationAt: now, lastActivationIp: args.ip })
        .where(eq(sharedAccesses.id, row.id));
    }
  });
  return { ...page, allowedOrigins };
});

/**
 * GET shared/stock|inventory?key= and the widgets: the key's tenant from the control database, then the
 * reading there; answers the page and the origins the access allows (`origin`: a page of another site, refused
 * with 403 auth.forbidden unless allowed).
 */
export async function readShared(
  platform: Pick<Services, "config" | "control" | "placement" | "registry" | "security">,
  what: "stock" | "inventory",
  key: string,
  query: Record<string, unknown>,
  caller: {
    ip: string | null;
    requestId: string;
    lang: TenantContext["lang"];
    origin?: string;
    widget?: boolean;
    userAgent?: string | null;
  },
) {
  const { userAgent, ...rest } = caller;
  const event = {
    kind: "sharedAccess.refused",
    ip: caller.ip,
    userAgent: userAgent ?? null,
    requestId: caller.requestId,
  } as const;
  const tenant = await tenantOfKey(platform, key);
  if (!tenant) {
    securityEventOutside(platform, { ...event, detail: `GET shared/${what}: an unknown key` });
    throw new AppError("sharedAccess.ended");
  }
  try {
    return await readByKey(platform, tenant, { hash: keyHash(key), what, query, ...rest });
  } catch (err) {
    const refusal = err instanceof AppError ? err.details.security : undefined;
    if (refusal) {
      const throttled = (err as AppError).code === "sharedAccess.rateLimited";
      securityEventFor(platform, tenant, {
        ...event,
        outcome: throttled ? "throttled" : "refused",
        detail: `GET shared/${what}${caller.widget ? " (widget)" : ""}: ${refusal.detail}`,
      });
    }
    throw err;
  }
}
