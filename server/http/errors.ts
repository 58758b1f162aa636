// Maps every failure to the contract's error envelope in the caller's language, in one place. A failure
// that is not an AppError becomes 500 server.unknown, written to SystemLog with its request id.
import type { Context } from "hono";
import { refusedBy } from "../db/constraint.ts";
import { HTTPException } from "hono/http-exception";
import { eq } from "drizzle-orm";
import { AppError, type ErrorCode } from "../kernel/errors.ts";
import { isLanguage, type Language, languageFromHeader } from "../../shared/i18n/api/mod.ts";
import { users } from "../domain/access/users/entity.ts";
import { writeSystemLog } from "../domain/logs/system_log/service.ts";
import {
  securityEvent,
  type SecurityEventKind,
  securityEventOutside,
} from "../domain/logs/security_log/service.ts";
import { clientInfo } from "../engine/http/client_info.ts";
import { errorBody } from "../engine/http/error_body.ts";
import type { Env } from "../engine/http/types.ts";

async function callerLanguage(c: Context<Env>): Promise<Language> {
  const ctx = c.get("ctx");
  if (ctx && !ctx.conn.closed) {
    try {
      const [row] = await ctx.conn.db.select({ lang: users.defaultLanguage }).from(users)
        .where(eq(users.id, ctx.actor.userId)).limit(1);
      if (row && isLanguage(row.lang)) return row.lang;
    } catch { /* fall back to the request's language */ }
  }
  return c.get("lang") ?? "en-us";
}

/**
 * An error answered outside the app (the front of a sharded server, the tenant proxy, a worker's own
 * plumbing): the contract's envelope in the caller's Accept-Language, a new request id, the error's headers.
 */
export function errorResponse(
  req: Request,
  err: AppError,
  requestId: string = crypto.randomUUID(),
): Response {
  const lang = languageFromHeader(req.headers.get("accept-language") ?? undefined) ?? "en-us";
  return Response.json(errorBody(err, lang, requestId), {
    status: err.status,
    headers: {
      "X-Request-Id": requestId,
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
      ...err.details.headers,
    },
  });
}

export async function handleError(err: unknown, c: Context<Env>): Promise<Response> {
  const requestId = c.get("requestId") ?? crypto.randomUUID();
  let appError: AppError;
  if (err instanceof AppError) {
    appError = err;
  } else if (err instanceof HTTPException && err.status < 500) {
    const code: ErrorCode = err.status === 404
      ? "route.notFound"
      : err.status === 401
      ? "auth.tokenInvalid"
      : "request.badQuery";
    appError = new AppError(code, { params: { detail: err.message || String(err.status) } });
  } else if (refusedBy(err) === "foreignKey") {
    // A delete a link forbids (or a link to a record deleted meanwhile) that no rule caught before SQLite.
    appError = new AppError("record.foreignKey", { params: { variant: "general" } });
  } else if (refusedBy(err) === "unique") {
    appError = new AppError("record.uniqueConflict");
  } else if (refusedBy(err) === "importing") {
    // A record a running import wrote and may still take back (server/domain/imports/hold.ts).
    appError = new AppError("record.importing");
  } else {
    appError = new AppError("server.unknown", { cause: err });
  }
  recordRefusal(appError, c);
  const lang = await callerLanguage(c);
  // A tenant served elsewhere or moving (503 server.unavailable) is an answer, not a failure to log.
  if (appError.status >= 500 && appError.code !== "server.unavailable") {
    const cause = appError.details.cause ?? err;
    const path = loggablePath(c.req.path);
    console.error(`[${requestId}] ${c.req.method} ${path}:`, cause);
    await writeSystemLog(c.get("services"), c.get("ctx"), {
      level: "error",
      message: cause instanceof Error ? cause.message : String(cause),
      exception: cause instanceof Error ? (cause.stack ?? String(cause)) : String(cause),
      source: `${c.req.method} ${path}`,
      httpCode: appError.status,
      elapsedMs: Math.round(performance.now() - (c.get("startedAt") ?? performance.now())),
      requestId,
      properties: { code: appError.code, userAgent: c.req.header("user-agent") ?? null },
    });
  }
  const res = c.json(errorBody(appError, lang, requestId), appError.status as 400);
  for (const [k, v] of Object.entries(appError.details.headers ?? {})) res.headers.set(k, v);
  return res;
}

/**
 * A refusal the security log keeps: one marked so (a permission refused at the door or by a service), any
 * other 403 of a signed-in caller, and an access token that does not verify (no tenant is known from it).
 */
function recordRefusal(err: AppError, c: Context<Env>): void {
  const platform = c.get("services");
  if (!platform) return;
  const ctx = c.get("ctx");
  const where = `${c.req.method} ${loggablePath(c.req.path)}`;
  if (ctx && (err.details.security || err.status === 403)) {
    const kind = (err.details.security?.kind ?? "access.refused") as SecurityEventKind;
    securityEvent(ctx, kind, `${where}: ${err.details.security?.detail ?? err.code}`);
  } else if (!ctx && err.details.security) {
    // Refused before a tenant was opened (a user's rate, another site's call): the system log keeps it.
    securityEventOutside(platform, {
      kind: err.details.security.kind as SecurityEventKind,
      detail: `${where}: ${err.details.security.detail ?? err.code}`,
      ...clientInfo(c),
    });
  } else if (!ctx && err.code === "auth.tokenInvalid") {
    securityEventOutside(platform, {
      kind: "accessToken.refused",
      detail: `${where}: the access token does not verify`,
      ...clientInfo(c),
    });
  }
}

/** A path as logs may keep it: a secret in it (a calendar feed's address) is left out. */
export function loggablePath(path: string): string {
  return path.replace(/(\/calendar\/feed\/)[^/]+/i, "$1…");
}
