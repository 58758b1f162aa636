import type { AppContext } from "./types.ts";
import type { ClientInfo } from "../domain/access/auth/service.ts";

/** The caller's address: the socket's, or the proxy's X-Forwarded-For only when TRUST_PROXY is set. */
export function clientInfo(c: AppContext): ClientInfo {
  let ip: string | null = c.env?.remoteAddr?.hostname ?? null;
  if (c.get("platform").config.trustProxy) {
    const forwarded = c.req.header("x-forwarded-for")?.split(",")[0]?.trim();
    if (forwarded) ip = forwarded;
  }
  return { ip, userAgent: c.req.header("user-agent") ?? null };
}
