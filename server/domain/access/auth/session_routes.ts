// Sign-ins as their users see them: each user lists their own and ends any of them (a phone left signed in,
// a shared PC); an administrator lists and ends one user's, or every user's of the company at once.
// The sessions live in the control database (sessions.ts); a user's are found by the caller's own tenant,
// so nobody reaches another tenant's or another user's sign-in (404 as if it were not there).
import { securityEvent } from "../../logs/security_log/service.ts";
import type { Hono } from "hono";
import { z } from "zod";
import type { Services } from "../../../kernel/services.ts";
import type { Env } from "../../../engine/http/types.ts";
import { idParam, mount } from "../../../engine/http/route.ts";
import { notFound } from "../../../kernel/errors.ts";
import type { TenantContext } from "../../../kernel/context.ts";
import { findUser } from "../users/service.ts";

export const SessionItem = z.object({
  id: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string(),
  expiresAt: z.string(),
  /** When it ends if unused until then. */
  idleExpiresAt: z.string(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  /** The sign-in this call was made with. */
  current: z.boolean(),
});

export const SessionList = z.object({ results: z.array(SessionItem) });
export const SessionsEnded = z.object({ ended: z.number().int() });

async function sessionsOf(ctx: TenantContext, userId: number) {
  const list = await ctx.services.sessions.list(ctx.tenant.id, userId);
  return { results: list.map((s) => ({ ...s, current: s.id === ctx.actor.sessionId })) };
}

/** A user of the caller's tenant, or 404. */
async function userOfTenant(ctx: TenantContext, id: number): Promise<number> {
  if (!(await findUser(ctx.conn.db, id))) throw notFound();
  return id;
}

export function sessionRoutes(app: Hono<Env>, platform: Services): void {
  mount(app, platform, {
    method: "get",
    path: "/Auth/Sessions",
    summary: "The caller's own sign-ins that still stand (the current one marked)",
    tag: "Auth",
    access: "user",
    response: SessionList,
  }, (c) => sessionsOf(c.get("ctx"), c.get("ctx").actor.userId));

  mount(app, platform, {
    method: "delete",
    path: "/Auth/Sessions",
    summary: "Sign out everywhere else: ends every sign-in of the caller but the current one",
    tag: "Auth",
    access: "user",
    response: SessionsEnded,
  }, async (c) => {
    const { actor } = c.get("ctx");
    return {
      ended: await platform.sessions.revokeAllBut(
        actor.tenantId,
        actor.userId,
        actor.sessionId,
        "signedOutElsewhere",
      ),
    };
  });

  mount(app, platform, {
    method: "delete",
    path: "/Auth/Sessions/:id",
    summary: "Ends one of the caller's own sign-ins (the current one too: that is signing out)",
    tag: "Auth",
    access: "user",
    status: 204,
  }, async (c, { params }) => {
    const { actor } = c.get("ctx");
    const ended = await platform.sessions.revokeOwn(actor.tenantId, actor.userId, params.id, "signedOut");
    if (!ended) throw notFound();
  });

  mount(app, platform, {
    method: "get",
    path: "/User/:id/Sessions",
    summary: "A user's sign-ins that still stand (administrators)",
    tag: "User",
    access: "admin",
    response: SessionList,
  }, async (c, { params }) => {
    const ctx = c.get("ctx");
    return sessionsOf(ctx, await userOfTenant(ctx, idParam(params.id)));
  });

  mount(app, platform, {
    method: "delete",
    path: "/User/:id/Sessions",
    summary: "Ends every sign-in of a user (administrators; their own but the current one)",
    tag: "User",
    access: "admin",
    response: SessionsEnded,
  }, async (c, { params }) => {
    const ctx = c.get("ctx");
    const userId = await userOfTenant(ctx, idParam(params.id));
    const ended = await platform.sessions.revokeAllBut(
      ctx.tenant.id,
      userId,
      ctx.actor.sessionId,
      "endedByAdministrator",
    );
    securityEvent(ctx, "sessions.ended", `user ${userId}: ${ended} sign-ins ended`);
    return { ended };
  });

  mount(app, platform, {
    method: "delete",
    path: "/ClientAccount/Sessions",
    summary: "Ends every sign-in of every user of the company but the caller's current one (administrators)",
    tag: "ClientAccount",
    access: "admin",
    response: SessionsEnded,
  }, async (c) => {
    const ctx = c.get("ctx");
    const ended = await platform.sessions.revokeAllBut(
      ctx.tenant.id,
      undefined,
      ctx.actor.sessionId,
      "endedByAdministrator",
    );
    securityEvent(ctx, "sessions.ended", `every user: ${ended} sign-ins ended`);
    return { ended };
  });
}
