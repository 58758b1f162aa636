// Headers that tell a browser what it may do with our answers. Every answer: no MIME sniffing, no referrer
// (links carry activation and reset codes), no framing (CSP frame-ancestors, and X-Frame-Options for old
// browsers), HSTS over TLS. API answers carry personal data: never
// stored by a cache. Pages get a Content-Security-Policy whose only inline script is the one carrying the
// request's nonce (React's streaming), with scripts, styles, fonts and connections from our own origin.
import type { Context, MiddlewareHandler } from "hono";
import type { Env } from "../engine/http/types.ts";
import type { Services } from "../kernel/services.ts";

/** A fresh nonce for one page's inline scripts. */
export function newNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(18));
  return btoa(String.fromCharCode(...bytes));
}

/** The policy of a page whose inline scripts carry `nonce`. */
export function contentSecurityPolicy(nonce: string): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    // Styles come from our stylesheets; the virtualized lists and charts position rows by style attributes.
    "style-src 'self' 'unsafe-inline'",
    // A product's picture may be anywhere on the web; barcodes and charts are drawn to data: and blob: URLs.
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "worker-src 'self'",
    "manifest-src 'self'",
    // An attached PDF is previewed from a blob: URL of its bytes, fetched with the user's token.
    "frame-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/** Whether the caller reached us over TLS (directly, or through a trusted proxy that says so). */
export function overTls(url: string, forwardedProto: string | undefined, trustProxy: boolean): boolean {
  if (url.startsWith("https:")) return true;
  return trustProxy && forwardedProto?.split(",")[0]?.trim().toLowerCase() === "https";
}

/**
 * Sets a header on the answer a handler already made. hono's `c.header` makes the answer again (its body
 * turned into a stream, its headers copied) at every call once a handler has answered; this sets it in
 * place, and falls back to `c.header` for an answer whose headers may not change (one fetched from
 * elsewhere).
 */
export function setAnswerHeader(c: Context<Env>, name: string, value: string): void {
  try {
    c.res.headers.set(name, value);
  } catch {
    c.header(name, value);
  }
}

export function securityHeaders(platform: Pick<Services, "config">): MiddlewareHandler<Env> {
  return async (c, next) => {
    await next();
    const set = (name: string, value: string) => setAnswerHeader(c, name, value);
    set("X-Content-Type-Options", "nosniff");
    set("Referrer-Policy", "no-referrer");
    // No answer may be framed but by the sites its own policy names (a page: none; a widget: its access's).
    const policy = c.res.headers.get("Content-Security-Policy");
    if (!policy) {
      set("Content-Security-Policy", "frame-ancestors 'none'");
      set("X-Frame-Options", "DENY");
    } else if (!/(^|;)\s*frame-ancestors\s/.test(policy)) {
      set("Content-Security-Policy", `${policy}; frame-ancestors 'none'`);
    }
    if (overTls(c.req.url, c.req.header("x-forwarded-proto"), platform.config.trustProxy)) {
      set("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
    }
    if (c.req.path.toLowerCase().startsWith("/api")) set("Cache-Control", "no-store");
  };
}
