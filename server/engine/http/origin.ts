// Which site a browser's request comes from: a page of another site sends its origin (scheme, host, port) in
// the Origin header; our own pages either send ours or none. Answers that other site's origin, else undefined.
import type { Context } from "hono";
import type { Services } from "../../kernel/services.ts";

export function foreignOrigin(c: Context, platform: Pick<Services, "config">): string | undefined {
  const origin = c.req.header("origin");
  if (!origin) return undefined;
  // An opaque origin (a sandboxed frame, a file): another site, and never an allowed one.
  if (origin === "null") return "null";
  const own = new Set([new URL(c.req.url).origin]);
  try {
    own.add(new URL(platform.config.publicUrl).origin);
  } catch { /* a public URL that is not one: only the request's own */ }
  return own.has(origin) ? undefined : origin;
}

/**
 * The site a request comes from when it matters for data: the Origin of another site, else, for a request a
 * page of another site makes without one (an <iframe>, an image, a no-cors fetch: Sec-Fetch-Site cross-site
 * or same-site, any destination but a document a person navigates to), that page's origin from its Referer,
 * or "null" when it sends none (never an allowed origin). Undefined: our own pages, a person opening the
 * link, or a client that is no browser.
 */
export function requestingSite(c: Context, platform: Pick<Services, "config">): string | undefined {
  const origin = foreignOrigin(c, platform);
  if (origin !== undefined) return origin;
  const site = c.req.header("sec-fetch-site");
  if (site !== "cross-site" && site !== "same-site") return undefined;
  if (c.req.header("sec-fetch-dest") === "document") return undefined;
  try {
    const referer = new URL(c.req.header("referer") ?? "").origin;
    return referer === "null" ? "null" : referer;
  } catch {
    return "null";
  }
}

/** CORS for an answer to `origin` (a site the access allows, or an answer that carries no data). */
export function allowOrigin(c: Context, origin: string | undefined): void {
  c.header("Vary", "Origin", { append: true });
  if (origin !== undefined && origin !== "null") c.header("Access-Control-Allow-Origin", origin);
}

/**
 * Whether a page of the request's site may open a socket here: our own pages, a site the operator named
 * (ALLOWED_ORIGINS), or a client that is no browser (it sends no Origin). A browser always sends the page's
 * origin with a WebSocket handshake, and the handshake is no CORS request: without this check any site's
 * page could open the hub in a visitor's browser.
 */
export function socketOriginAllowed(c: Context, platform: Pick<Services, "config">): boolean {
  const origin = foreignOrigin(c, platform);
  return origin === undefined || platform.config.allowedOrigins.includes(origin);
}
