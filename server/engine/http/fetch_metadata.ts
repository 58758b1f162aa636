// The sensitive calls the API contract makes GETs (the token refresh, the third-party code exchange, an
// activation, a reset request) answer only the application's own script: a browser's fetch from our own
// origin. A browser says where a request comes from (Fetch Metadata: Sec-Fetch-Site, -Mode, -Dest); another
// site's page, a link or typed address (a navigation) and a resource load (an image, a script) are refused
// before anything is read (ASVS 3.5.3). Clients that send no such headers (scripts, API clients, old
// browsers) are not browsers' ambient requests and pass.
import type { MiddlewareHandler } from "hono";
import { AppError } from "../../kernel/errors.ts";
import type { Env } from "./types.ts";

export function ownScriptOnly(): MiddlewareHandler<Env> {
  return async (c, next) => {
    const site = c.req.header("sec-fetch-site");
    const mode = c.req.header("sec-fetch-mode");
    const dest = c.req.header("sec-fetch-dest");
    if (
      (site !== undefined && site !== "same-origin") ||
      (mode !== undefined && mode !== "cors" && mode !== "same-origin") ||
      (dest !== undefined && dest !== "empty")
    ) {
      throw new AppError("request.crossSite", {
        security: {
          kind: "request.crossSite",
          detail: `Sec-Fetch-Site ${site}, -Mode ${mode}, -Dest ${dest}`,
        },
      });
    }
    await next();
  };
}
