import type { MiddlewareHandler } from "hono";
import type { Platform } from "../platform.ts";
import { languageFromHeader } from "../kernel/i18n/mod.ts";
import { AppError } from "../kernel/errors.ts";
import { verifyAccessToken } from "../domain/access/auth/tokens.ts";
import { resolveTenant } from "../../tenants/resolve.ts";
import type { Env } from "./types.ts";

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** Request id (the caller's if well-formed, else a new one), echoed; start time; request language. */
export function requestContext(platform: Platform): MiddlewareHandler<Env> {
  return async (c, next) => {
    const incoming = c.req.header("x-request-id");
    const requestId = incoming && REQUEST_ID.test(incoming) ? incoming : crypto.randomUUID();
    c.set("platform", platform);
    c.set("requestId", requestId);
    c.set("startedAt", performance.now());
    c.set("lang", languageFromHeader(c.req.header("accept-language")) ?? "en-us");
    c.header("X-Request-Id", requestId);
    await next();
    c.header("X-Request-Id", requestId);
  };
}

export function bearerToken(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const m = /^Bearer\s+(\S+)$/i.exec(header.trim());
  return m?.[1];
}

/**
 * Verifies the access token and resolves the tenant from it, and only from it: the tenant's connection
 * is borrowed from the pool for the length of the request.
 */
export function authenticate(platform: Platform): MiddlewareHandler<Env> {
  return async (c, next) => {
    const token = bearerToken(c.req.header("authorization"));
    if (!token) throw new AppError("auth.tokenMissing");
    const verified = await verifyAccessToken(platform.keys, platform.config, token);
    const { tenant, conn, release, actor } = await resolveTenant(platform, verified);
    c.set("ctx", { platform, tenant, conn, actor, requestId: c.get("requestId"), lang: c.get("lang") });
    try {
      await next();
    } finally {
      release();
    }
  };
}
