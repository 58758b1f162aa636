// The widgets over HTTP (api-contract.md, Widgets; docs/decisions/0011): GET /widgets/embed.js (the custom
// elements, cacheable), GET /widgets/stock|inventory?key= (the widget: a whole page for an <iframe>, or with
// format=fragment the HTML embed.js puts in its shadow root) and GET /widgets/demo (how to embed both, with
// a live key of the demo tenant). Only the access's allowed origins read its data from their pages (CORS:
// a page of another site is refused before anything is redeemed) and frame its page (frame-ancestors). An
// answer carries an ETag and a short max-age; the key is checked again on every request that reaches us.
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import type { Context, Hono } from "hono";
import type { Env } from "../server/engine/http/types.ts";
import type { Services } from "../server/kernel/services.ts";
import { AppError } from "../server/kernel/errors.ts";
import { clientInfo } from "../server/engine/http/client_info.ts";
import { allowOrigin, requestingSite } from "../server/engine/http/origin.ts";
import { readShared } from "../server/domain/sharing/service.ts";
import { widgetMessages } from "./messages.ts";
import { pickLang, say, type WidgetKey, type WidgetLang } from "./i18n.ts";
import { fragment, messageFragment, page, type Theme, type WidgetKind, type WidgetRow } from "./render.ts";
import { demoPage } from "./demo.ts";

const failed = Object.fromEntries(Object.entries(widgetMessages).map(([l, m]) => [l, m["widget.failed"]]));

/** embed.js with its failure message in the six languages, comments and indentation left out. */
export const EMBED_JS = readFileSync(new URL("./embed.js", import.meta.url), "utf8")
  .replace("/*MESSAGES*/ {}", JSON.stringify(failed))
  .split("\n").map((l) => l.trim()).filter((l) => l && !l.startsWith("//")).join("\n");
const EMBED_TAG = `"${createHash("sha256").update(EMBED_JS).digest("base64url").slice(0, 22)}"`;

/** How long a browser may show a widget's answer before asking again (seconds). */
export const WIDGET_MAX_AGE = 10;
const PAGE_SIZES = [5, 10, 20, 50];

/** Answers 304 when the browser's copy is this one. */
function cached(c: Context, tag: string): boolean {
  c.header("ETag", tag);
  const asked = c.req.header("if-none-match");
  return asked !== undefined && asked.split(",").some((t) => t.trim().replace(/^W\//, "") === tag);
}

/**
 * The page's policy: nothing runs, its styles inline, framed only by the access's sites (and ours); `"*"`:
 * a refusal, which holds no data, framed anywhere so that it can say why.
 */
function framePolicy(origins: string[] | "*"): string {
  return [
    "default-src 'none'",
    "style-src 'unsafe-inline'",
    "form-action 'self'",
    "base-uri 'none'",
    `frame-ancestors ${origins === "*" ? "*" : `'self'${origins.map((o) => ` ${o}`).join("")}`}`,
  ].join("; ");
}

async function widget(
  c: Context<Env>,
  platform: Pick<Services, "config" | "control" | "placement" | "registry" | "security">,
  kind: WidgetKind,
) {
  const q = c.req.query();
  const lang = pickLang(q.lang, c.req.header("accept-language"));
  const theme: Theme = q.theme === "light" || q.theme === "dark" ? q.theme : "auto";
  const asFragment = q.format === "fragment";
  const size = PAGE_SIZES.includes(Number(q.size)) ? Number(q.size) : 10;
  const pageNumber = Math.min(Math.max(1, Math.trunc(Number(q.page)) || 1), 100_000);
  const search = (q.q ?? "").slice(0, 100);
  const key = q.key ?? "";
  // Whoever asks from another site, a fragment by fetch or the page in a frame: an allowed origin, or nothing
  // is read and nothing redeemed.
  const origin = requestingSite(c, platform);
  const title = say(lang, kind === "stock" ? "widget.stockTitle" : "widget.inventoryTitle");
  c.header("Content-Type", "text/html; charset=utf-8");
  c.header("Vary", "Origin, Accept-Language");
  const answer = (status: 200 | 403 | 404 | 410 | 429 | 400 | 503, html: string) => {
    if (!asFragment) c.header("Content-Security-Policy", framePolicy("*"));
    return c.body(asFragment ? html : page(title, lang, html), status);
  };
  // A refusal carries no data: any site may read it (the widget then says why in its own words).
  const refuse = (status: 403 | 404 | 410 | 429 | 400 | 503, message: WidgetKey) => {
    if (asFragment) allowOrigin(c, origin);
    c.header("Cache-Control", "no-store");
    return answer(status, messageFragment(lang, theme, message));
  };
  if (key.length < 16 || key.length > 200) return refuse(400, "widget.noKey");
  let read;
  try {
    read = await readShared(platform, kind, key, {
      PageNumber: pageNumber,
      PageSize: size,
      sortDescending: false,
      ...(search
        ? { BasicFiltersSerialized: JSON.stringify([{ field: "*", operator: "contains", value: search }]) }
        : {}),
    }, {
      ...clientInfo(c),
      requestId: c.get("requestId"),
      lang: c.get("lang"),
      origin,
      widget: true,
    });
  } catch (err) {
    const code = err instanceof AppError ? err.code : "";
    if (code === "sharedAccess.ended") return refuse(410, "widget.ended");
    if (code === "auth.forbidden") return refuse(403, "widget.notAllowed");
    if (code === "record.notFoundOrNoPermission") return refuse(404, "widget.notAllowed");
    if (code === "sharedAccess.rateLimited") {
      c.header("Retry-After", (err as AppError).details.headers?.["Retry-After"] ?? "1");
      return refuse(429, "widget.failed");
    }
    console.error(`widget ${kind} (request ${c.get("requestId")}) failed:`, err);
    return refuse(503, "widget.failed");
  }
  const params: Record<string, string> = { key, lang, ...(theme !== "auto" ? { theme } : {}) };
  if (size !== 10) params.size = String(size);
  const rows = (read.results as unknown as WidgetRow[]).map((r) => ({
    productIndex: r.productIndex,
    productName: r.productName,
    unit: r.unit,
    quantity: r.quantity,
    locationLabel: r.locationLabel,
    expiryDate: r.expiryDate,
    serialNumber: r.serialNumber,
  }));
  const html = fragment({
    kind,
    lang: lang as WidgetLang,
    theme,
    base: `/widgets/${kind}`,
    params: asFragment ? {} : params,
    search,
    page: pageNumber,
    pageSize: size,
    total: read.allFilteredRowCount,
    rows,
  });
  if (asFragment) allowOrigin(c, origin);
  else c.header("Content-Security-Policy", framePolicy(read.allowedOrigins));
  c.header("Cache-Control", `private, max-age=${WIDGET_MAX_AGE}`);
  const tag = `"${createHash("sha256").update(html).digest("base64url").slice(0, 22)}"`;
  if (cached(c, tag)) return c.body(null, 304);
  return c.body(asFragment ? html : page(title, lang, html), 200);
}

export function widgetRoutes(
  app: Hono<Env>,
  platform: Pick<Services, "config" | "control" | "placement" | "registry" | "security">,
): void {
  app.get("/widgets/embed.js", (c) => {
    c.header("Content-Type", "text/javascript; charset=utf-8");
    c.header("Cache-Control", "public, max-age=3600");
    c.header("Access-Control-Allow-Origin", "*");
    c.header("Cross-Origin-Resource-Policy", "cross-origin");
    if (cached(c, EMBED_TAG)) return c.body(null, 304);
    return c.body(EMBED_JS);
  });
  app.get("/widgets/stock", (c) => widget(c, platform, "stock"));
  app.get("/widgets/inventory", (c) => widget(c, platform, "inventory"));
  app.get("/widgets/demo", (c) => demoPage(c, platform));
}
