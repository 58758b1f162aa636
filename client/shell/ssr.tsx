// Server rendering of the shell, bundled by client/build.mjs into dist/ssr/ssr.js and imported by the
// Deno server (which cannot compile .css.ts itself). The document head is written here; the app streams
// in from React and hydrates as its own root, so ids match on both sides.
import { renderToReadableStream } from "react-dom/server.browser";
import { createStore } from "jotai";
import { App } from "./app.tsx";
import { framed, preloadFrame } from "./frame.tsx";
import { type Boot, langAtom, pathAtom, themeAtom } from "../state.ts";
import { translator } from "../../shared/i18n/mod.ts";

export interface Assets {
  js: string;
  css: string[];
  /** Each language's first script (the sign-in's texts): the page's own is preloaded, the boot script waits for it. */
  languages?: Record<string, string>;
  /** Each language's other texts, and the signed-in frame's chunk: preloaded on a page drawn in the frame. */
  languagesRest?: Record<string, string>;
  frame?: string;
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** JSON that may sit inside a <script> element. */
function scriptJson(v: unknown): string {
  return JSON.stringify(v).replace(/</g, "\\u003c").replace(/\u2028/g, "\\u2028").replace(
    /\u2029/g,
    "\\u2029",
  );
}

/** The shell for `boot`; React's inline scripts (streamed Suspense boundaries) carry `nonce`, which the
 * page's Content-Security-Policy allows (server/http/security.ts). */
export async function renderShell(
  boot: Boot,
  assets: Assets,
  nonce: string,
): Promise<ReadableStream<Uint8Array>> {
  const store = createStore();
  store.set(pathAtom, boot.path);
  store.set(langAtom, boot.lang);
  store.set(themeAtom, boot.theme);
  const t = translator(boot.lang);
  const inFrame = framed(boot.path);
  // Drawn at once, as the browser hydrates it (its boot script loads the frame first).
  if (inFrame) await preloadFrame();
  const preloads = [
    assets.js,
    assets.languages?.[boot.lang],
    ...(inFrame ? [assets.languagesRest?.[boot.lang], assets.frame] : []),
  ].filter((href): href is string => Boolean(href));
  const head = `<!doctype html><html lang="${boot.lang}" data-theme="${boot.theme}"><head>` +
    `<meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<title>${escapeHtml(t.t("app.name"))} · ${escapeHtml(t.t("app.tagline"))}</title>` +
    `<meta name="theme-color" content="${boot.theme === "dark" ? "#11161c" : "#0b5cad"}">` +
    `<link rel="manifest" href="/manifest.webmanifest"><link rel="icon" href="/icons/icon-192.png">` +
    assets.css.map((href) => `<link rel="stylesheet" href="${href}">`).join("") +
    preloads.map((href) => `<link rel="modulepreload" href="${href}">`).join("") +
    `<script type="application/json" id="wms-boot">${scriptJson(boot)}</script>` +
    `</head><body><div id="app">`;
  const app = await renderToReadableStream(<App store={store} />, { bootstrapModules: [assets.js], nonce });
  const encoder = new TextEncoder();
  return new ReadableStream<Uint8Array>({
    async start(controller) {
      controller.enqueue(encoder.encode(head));
      const reader = app.getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        controller.enqueue(value);
      }
      controller.enqueue(encoder.encode(`</div></body></html>`));
      controller.close();
    },
  });
}
export { matchPath } from "./routes.ts";
