// The client-version handshake. Every /api answer names the client build this server serves
// (`X-App-Version`), so an open page learns that a newer one is out; a client that names another build
// (`X-Client-Version`) may not sign in, because it would run against a changed API. Calls without the
// header (scripts, other API clients) are never refused.
import type { MiddlewareHandler } from "hono";
import type { Services } from "../kernel/services.ts";
import { AppError } from "../kernel/errors.ts";
import { servedClientBuild } from "./web.ts";
import { setAnswerHeader } from "./security.ts";
import type { Env } from "../engine/http/types.ts";

/** Adds `X-App-Version` to every answer, errors included, once a client build exists. */
export function announceClientBuild(platform: Pick<Services, "config">): MiddlewareHandler<Env> {
  return async (c, next) => {
    const build = servedClientBuild(platform.config);
    if (build) c.header("X-App-Version", build);
    await next();
    if (build) setAnswerHeader(c, "X-App-Version", build);
  };
}

/** 426 client.outdated when the caller names a client build other than the one served. */
export function refuseOutdatedClient(platform: Pick<Services, "config">): MiddlewareHandler<Env> {
  return async (c, next) => {
    const claimed = c.req.header("x-client-version");
    const build = servedClientBuild(platform.config);
    if (claimed !== undefined && build !== undefined && claimed !== build) {
      throw new AppError("client.outdated");
    }
    await next();
  };
}
