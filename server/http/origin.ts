// Which site a browser's request comes from: a page of another site sends its origin (scheme, host, port) in
// the Origin header; our own pages either send ours or none. Answers that other site's origin, else undefined.
import type { Context } from "hono";
import type { Platform } from "../platform.ts";

export function foreignOrigin(c: Context, platform: Pick<Platform, "config">): string | undefined {
  const origin = c.req.header("origin");
  if (!origin || origin === "null") return origin === "null" ? "null" : undefined;
  const own = new Set([new URL(c.req.url).origin]);
  try {
    own.add(new URL(platform.config.publicUrl).origin);
  } catch { /* a public URL that is not one: only the request's own */ }
  return own.has(origin) ? undefined : origin;
}

/** CORS for an answer to `origin` (a site the access allows, or an answer that carries no data). */
export function allowOrigin(c: Context, origin: string | undefined): void {
  c.header("Vary", "Origin", { append: true });
  if (origin !== undefined && origin !== "null") c.header("Access-Control-Allow-Origin", origin);
}
