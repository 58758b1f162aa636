import type { MiddlewareHandler } from "hono";
import type { Services } from "../kernel/services.ts";
import { languageFromHeader } from "../../shared/i18n/api/mod.ts";
import { AppError } from "../kernel/errors.ts";
import { verifyAccessToken } from "../domain/access/auth/tokens.ts";
import { openTenant, resolveTenant } from "../tenancy/resolve.ts";
import { apiKeyActor, apiKeyMayCall, tenantOfKey } from "../domain/sharing/api_key.ts";
import { clientInfo } from "../engine/http/client_info.ts";
import { bearerToken } from "../engine/http/bearer.ts";
import { takeUserCall } from "./user_rate.ts";
import { loggablePath } from "./errors.ts";
import { setAnswerHeader } from "./security.ts";
import type { Env } from "../engine/http/types.ts";
import type { TenantContext } from "../kernel/context.ts";
import type { Hooks } from "../kernel/hooks.ts";
import type { Tenant } from "../tenancy/registry.ts";
import { securityEventFor, securityEventOutside } from "../domain/logs/security_log/service.ts";

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** Request id (the caller's if well-formed, else a new one), echoed; start time; request language. */
export function requestContext(services: Services, hooks: Hooks): MiddlewareHandler<Env> {
  return async (c, next) => {
    const incoming = c.req.header("x-request-id");
    const requestId = incoming && REQUEST_ID.test(incoming) ? incoming : crypto.randomUUID();
    c.set("services", services);
    c.set("hooks", hooks);
    c.set("requestId", requestId);
    c.set("startedAt", performance.now());
    c.set("lang", languageFromHeader(c.req.header("accept-language")) ?? "en-us");
    c.header("X-Request-Id", requestId);
    await next();
    setAnswerHeader(c, "X-Request-Id", requestId);
  };
}

/**
 * Verifies the access token and resolves the tenant from it, and only from it: the tenant's connection
 * is borrowed from the pool for the length of the request. `secondFactorSetup`: the route is one a user who
 * owes a second factor may call (server/tenancy/resolve.ts refuses them every other).
 */
export function authenticate(
  services: Services,
  options: { secondFactorSetup?: boolean } = {},
): MiddlewareHandler<Env> {
  return async (c, next) => {
    const token = bearerToken(c.req.header("authorization"));
    const apiKey = c.req.header("x-api-key");
    if (!token && apiKey) return await withApiKey(services, apiKey, c, next);
    if (!token) throw new AppError("auth.tokenMissing");
    const verified = await verifyAccessToken(services.keys, services.config, token);
    takeUserCall(services.config, verified.tenantId, verified.userId);
    const client = clientInfo(c);
    const { tenant, conn, release, actor } = await resolveTenant(services, verified, {
      ...options,
      // Named only for a refusal's security event, not on every call.
      call: () => `${c.req.method} ${loggablePath(c.req.path)}`,
      client,
    });
    await withTenantContext(c, next, { services, tenant, conn, actor, client }, release);
  };
}

/** Runs the rest of the request with its tenant context, then gives the tenant's connection back. */
async function withTenantContext(
  c: Parameters<MiddlewareHandler<Env>>[0],
  next: () => Promise<void>,
  parts: Pick<TenantContext, "services" | "tenant" | "conn" | "actor" | "client">,
  release: () => void,
): Promise<void> {
  c.set("ctx", { ...parts, requestId: c.get("requestId"), lang: c.get("lang"), hooks: c.get("hooks") });
  try {
    await next();
  } finally {
    release();
  }
}

/**
 * A call with an API key (decision 0010): only the GETs a key may make (else 403), its tenant found through
 * the control database, its actor the access's contractor (apiKeyActor: active, within its rate, logged).
 */
async function withApiKey(
  services: Services,
  key: string,
  c: Parameters<MiddlewareHandler<Env>>[0],
  next: () => Promise<void>,
): Promise<void> {
  const path = c.req.path.replace(/^\/api/i, "");
  const client = clientInfo(c);
  // A key's misuse is a security event of its tenant (of the system log when the key names none).
  const refused = (tenant: Tenant | null, detail: string, outcome: "refused" | "throttled" = "refused") => {
    const event = {
      kind: "apiKey.refused",
      outcome,
      detail: `${c.req.method} ${path}: ${detail}`,
      ...client,
    } as const;
    if (tenant) securityEventFor(services, tenant, event);
    else securityEventOutside(services, event);
  };
  if (!apiKeyMayCall(c.req.method, path)) {
    refused(await tenantOfKey(services, key), "a call an API key may not make");
    throw new AppError("auth.forbidden");
  }
  const tenant = await tenantOfKey(services, key);
  if (!tenant) {
    refused(null, "an unknown key");
    throw new AppError("sharedAccess.ended");
  }
  const { conn, release, actor } = await openTenant(
    services,
    tenant,
    (conn) => apiKeyActor(conn, tenant, key, { method: c.req.method, path, ip: client.ip }, services.apiKeys),
  ).catch((err) => {
    if (err instanceof AppError && err.code === "sharedAccess.ended") {
      refused(tenant, "a key withdrawn, expired or not an API key");
    } else if (err instanceof AppError && err.code === "sharedAccess.rateLimited") {
      refused(tenant, "past the key's rate", "throttled");
    }
    throw err;
  });
  await withTenantContext(c, next, { services, tenant, conn, actor, client }, release);
}
