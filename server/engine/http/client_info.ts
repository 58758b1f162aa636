import type { AppContext } from "./types.ts";

/** Who called: the address and user agent the security log keeps with an event, and the request's id. */
export interface ClientInfo {
  ip: string | null;
  userAgent: string | null;
  /** The request's id, which the security log keeps with an event. */
  requestId?: string;
}

/**
 * The caller's address: the socket's, or, only when TRUST_PROXY is set, the last address of
 * X-Forwarded-For: the one our proxy appended. Entries before it are whatever the client sent, so taking the
 * first would let a client pick a new address for every sign-in attempt.
 */
export function clientInfo(c: AppContext): ClientInfo {
  let ip: string | null = c.env?.remoteAddr?.hostname ?? null;
  if (c.get("services").config.trustProxy) {
    const forwarded = c.req.header("x-forwarded-for")?.split(",").at(-1)?.trim();
    if (forwarded) ip = forwarded;
  }
  return { ip, userAgent: c.req.header("user-agent") ?? null, requestId: c.get("requestId") };
}
