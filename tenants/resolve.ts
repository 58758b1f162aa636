// From a verified token to a tenant database: the tenant named by the token's `tid` claim must exist and
// be active; its connection is borrowed from the pool until the caller releases it. Nothing the caller
// sends besides the signed token takes part.
import type { Platform } from "../server/platform.ts";
import type { Actor } from "../server/kernel/context.ts";
import type { Connection } from "../server/db/connection.ts";
import { AppError } from "../server/kernel/errors.ts";
import type { Tenant } from "./registry.ts";

export interface ResolvedTenant {
  tenant: Tenant;
  conn: Connection;
  release: () => void;
}

export async function resolveTenant(platform: Platform, actor: Actor): Promise<ResolvedTenant> {
  // A sign-in that was ended (sign-out, refresh-token reuse, password change, blocking) ends its
  // access tokens too, not only its refresh token.
  if (!(await platform.sessions.isActive(actor.sessionId))) throw new AppError("auth.tokenInvalid");
  const tenant = await platform.registry.byId(actor.tenantId);
  if (!tenant) throw new AppError("auth.tokenInvalid");
  if (tenant.status === "suspended") throw new AppError("auth.suspended");
  if (tenant.status !== "active") throw new AppError("auth.awaitingApproval");
  const { conn, release } = await platform.pool.acquire(tenant.dbUrl);
  return { tenant, conn, release };
}
