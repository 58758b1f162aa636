// From a verified token to a tenant database: the tenant named by the token's `tid` claim must exist and
// be active; its connection is borrowed from the pool until the caller releases it. Nothing the caller
// sends besides the signed token takes part.
import type { Services } from "../kernel/services.ts";
import type { Actor } from "../kernel/context.ts";
import type { Connection } from "../db/connection.ts";
import { AppError } from "../kernel/errors.ts";
import type { Tenant } from "./registry.ts";
import { currentActor } from "../domain/access/users/current.ts";
import { assertServedHere, owns, tenantOp } from "../cluster/placement.ts";
import { latestVersion } from "../db/migrate.ts";
import { owesSecondFactor } from "../domain/access/mfa/policy.ts";
import type { ClientInfo } from "../domain/access/auth/service.ts";
import { securityEventFor } from "../domain/logs/security_log/service.ts";

/** Opens the tenant on its shard, which migrates a file that is behind (a reader only reads). */
const openOnShard = tenantOp("tenant.open", () => Promise.resolve(null));

/** A reader's connections known to be at this build's schema. */
const current = new WeakSet<Connection>();

/**
 * A reader never migrates: a file its shard has not opened since an upgrade may be behind, so the reader
 * has the shard open (and migrate) it first, then reads what it wrote.
 */
async function atCurrentSchema(platform: Services, tenant: Tenant, conn: Connection): Promise<void> {
  if (current.has(conn)) return;
  const [row] = await conn.query("SELECT COUNT(*) AS n FROM __migrations");
  if (Number(row?.n ?? 0) < latestVersion("tenant")) await openOnShard(platform, tenant, undefined);
  current.add(conn);
}

export interface ResolvedTenant {
  tenant: Tenant;
  conn: Connection;
  release: () => void;
  /** The signed-in user, with their roles as stored now. */
  actor: Actor;
}

/**
 * `secondFactorSetup`: the call is one that sets up a second factor (or signs out); any other of a user who
 * owes one the company requires is refused with 403 auth.secondFactorSetupRequired, and a security event
 * naming the HTTP `call` (`GET /api/...`) and the `client`.
 */
export async function resolveTenant(
  platform: Services,
  token: Actor,
  options: { secondFactorSetup?: boolean; call?: () => string; client?: ClientInfo } = {},
): Promise<ResolvedTenant> {
  // A sign-in that was ended (sign-out, refresh-token reuse, password change, blocking) ends its
  // access tokens too, not only its refresh token; and the sign-in must be this tenant's and this user's.
  const owner = await platform.sessions.activeOwner(token.sessionId);
  if (!owner || owner.tenantId !== token.tenantId || owner.userId !== token.userId) {
    throw new AppError("auth.tokenInvalid");
  }
  const tenant = await platform.registry.byId(token.tenantId);
  if (!tenant) throw new AppError("auth.tokenInvalid");
  if (tenant.status === "suspended") throw new AppError("auth.suspended");
  if (tenant.status !== "active") throw new AppError("auth.awaitingApproval");
  // Roles, modules and contractor as they are now, not as the token says.
  return await openTenant(platform, tenant, async (conn) => {
    const actor = await currentActor(platform, conn, token);
    if (!options.secondFactorSetup && await owesSecondFactor(platform, conn, actor)) {
      // An HTTP call's refusal is an event; the real-time socket's (which the app opens and reopens by
      // itself) is not.
      if (options.call) {
        securityEventFor(platform, tenant, {
          kind: "secondFactor.setupRequired",
          detail: `${options.call()}: the second factor the company requires is not set up`,
          userId: actor.userId,
          userName: actor.username,
          ip: options.client?.ip ?? null,
          userAgent: options.client?.userAgent ?? null,
          requestId: options.client?.requestId ?? null,
        });
      }
      throw new AppError("auth.secondFactorSetupRequired");
    }
    return actor;
  });
}

/**
 * The tenant's connection on the thread that owns it (a reader: once the file is at this build's schema),
 * and the actor `actorOf` makes with it; the connection is released if that fails.
 */
export async function openTenant(
  platform: Services,
  tenant: Tenant,
  actorOf: (conn: Connection) => Promise<Actor>,
): Promise<ResolvedTenant> {
  // Another instance's tenant (the tenant directory), or one moving: 503 naming its instance.
  assertServedHere(platform.config.instance, tenant);
  // The front routes a request to the tenant's shard by the token; anywhere else is a routing fault, and a
  // second thread writing a tenant's file is what the shards exist to prevent. Readers only read.
  const { placement } = platform;
  if (placement.role !== "reader" && !owns(placement, tenant.id)) {
    throw new Error(
      `Tenant ${tenant.id} reached ${placement.role} ${placement.index}, which does not own it`,
    );
  }
  const { conn, release } = await platform.pool.acquire(tenant.dbUrl);
  try {
    if (placement.role === "reader") await atCurrentSchema(platform, tenant, conn);
    const actor = await actorOf(conn);
    return { tenant, conn, release, actor };
  } catch (err) {
    release();
    throw err;
  }
}
