// The web application's delivery: hashed assets with long cache headers, the service worker and
// manifest, and every other GET answered with the server-rendered shell (streamed), in the user's
// language and theme. The shell comes from the SSR bundle that client/build.mjs writes to dist/.
import type { Context, Hono } from "hono";
import { getCookie } from "hono/cookie";
import { serveStatic } from "hono/deno";
import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath, pathToFileURL } from "node:url";
import { join } from "node:path";
import type { Env } from "../engine/http/types.ts";
import { contentSecurityPolicy, newNonce, overTls } from "./security.ts";
import { lazy } from "../kernel/lazy.ts";
import type { Config } from "../config.ts";
import { isLanguage, languageFromHeader } from "../../shared/i18n/api/mod.ts";

const DIST = fileURLToPath(new URL("../../dist/", import.meta.url));

interface Assets {
  js: string;
  css: string[];
  /** Each language's catalogue script, by language (the page's own is preloaded). */
  languages: Record<string, string>;
  /** The build id compiled into the browser bundle. */
  build: string;
}

interface SsrModule {
  renderShell(
    boot: { path: string; lang: string; theme: "light" | "dark"; langChosen: boolean },
    assets: Assets,
    nonce: string,
  ): Promise<ReadableStream<Uint8Array>>;
  matchPath(pathname: string): unknown;
}

let manifest: Assets | undefined;
/** When a missing manifest was last looked for: every /api answer asks, and a file check per call shows. */
let missingSince = -Infinity;

/**
 * What client/build.mjs wrote, read once: the shell and the build id then agree until a restart. While
 * there is none, it is looked for again at most once a second.
 */
function readAssets(): Assets | undefined {
  if (manifest || performance.now() - missingSince < 1000) return manifest;
  const file = join(DIST, "assets.json");
  if (existsSync(file)) manifest = JSON.parse(readFileSync(file, "utf8")) as Assets;
  else missingSince = performance.now();
  return manifest;
}

/** The build id of the client this server serves (`X-App-Version`); undefined while none is built. */
export function servedClientBuild(config: Config): string | undefined {
  return config.clientBuild ?? readAssets()?.build;
}

const loadSsr = lazy(async (): Promise<{ module: SsrModule; assets: Assets }> => {
  const file = join(DIST, "ssr", "ssr.js");
  const assets = readAssets();
  if (!existsSync(file) || !assets) throw new Error("The client is not built: run `deno task build`.");
  const module = await import(pathToFileURL(file).href) as SsrModule;
  return { module, assets };
});

function pickLanguage(
  cookie: string | undefined,
  header: string | undefined,
): { lang: string; chosen: boolean } {
  if (isLanguage(cookie)) return { lang: cookie, chosen: true };
  return { lang: languageFromHeader(header) ?? "en-us", chosen: false };
}

/**
 * A preference cookie (client/state.ts): `__Host-` with Secure where the page was secure; the plain name
 * only from a page served over plain HTTP, never over TLS (where anyone who can answer for a sibling host
 * or over HTTP could have set it).
 */
function preference(
  c: Context<Env>,
  name: "wms_lang" | "wms_theme",
  trustProxy: boolean,
): string | undefined {
  const secure = getCookie(c, `__Host-${name}`);
  if (secure !== undefined) return secure;
  return overTls(c.req.url, c.req.header("x-forwarded-proto"), trustProxy) ? undefined : getCookie(c, name);
}

export function webRoutes(app: Hono<Env>, config: Pick<Config, "trustProxy">): void {
  const root = DIST + "client";
  app.use("/assets/*", async (c, next) => {
    await next();
    // Names carry a content hash: a changed file is a new name.
    if (c.res.status === 200) c.header("Cache-Control", "public, max-age=31536000, immutable");
  });
  // The build wrote each asset precompressed (.br, .gz): sent as the browser accepts, never compressed per request.
  app.get("/assets/*", serveStatic({ root, precompressed: true }));
  app.use("/icons/*", async (c, next) => {
    await next();
    if (c.res.status === 200) c.header("Cache-Control", "public, max-age=86400");
  });
  app.get("/icons/*", serveStatic({ root }));
  for (const file of ["/sw.js", "/manifest.webmanifest"]) {
    app.get(
      file,
      serveStatic({
        root,
        onFound: (_path, c) => {
          c.header("Cache-Control", "no-cache");
          if (file === "/manifest.webmanifest") c.header("Content-Type", "application/manifest+json");
        },
      }),
    );
  }

  app.get("*", async (c, next) => {
    if (c.req.path.toLowerCase().startsWith("/api")) return next();
    let loaded;
    try {
      loaded = await loadSsr();
    } catch (err) {
      return c.text(err instanceof Error ? err.message : String(err), 503);
    }
    const { lang, chosen } = pickLanguage(
      preference(c, "wms_lang", config.trustProxy),
      c.req.header("accept-language"),
    );
    const theme = preference(c, "wms_theme", config.trustProxy) === "dark" ? "dark" : "light";
    const url = new URL(c.req.url);
    const nonce = newNonce();
    const stream = await loaded.module.renderShell(
      { path: url.pathname + url.search, lang, theme, langChosen: chosen },
      loaded.assets,
      nonce,
    );
    const known = loaded.module.matchPath(url.pathname) !== undefined;
    return new Response(stream, {
      status: known ? 200 : 404,
      headers: {
        "Content-Type": "text/html; charset=utf-8",
        "Content-Security-Policy": contentSecurityPolicy(nonce),
        "Cache-Control": "no-cache",
        "Content-Language": lang,
      },
    });
  });
}
