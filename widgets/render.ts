// The stock and inventory widgets, rendered on the server to HTML with preact-render-to-string: the same
// markup as a fragment for the custom element's shadow root (embed.js fetches it) and as a whole page for an
// <iframe>. No script of ours runs inside: searching is a form, paging plain links, which embed.js catches
// in the shadow root and the iframe follows as they are. Light and dark follow the host's
// prefers-color-scheme unless `theme` says which.
import { h, type VNode } from "preact";
import { renderToString } from "preact-render-to-string";
import { say, type WidgetKey, type WidgetLang } from "./i18n.ts";
import { formatDate } from "../shared/i18n/dates.ts";

// deno-lint-ignore no-explicit-any
type Node = VNode<any>;

export type WidgetKind = "stock" | "inventory";
export type Theme = "auto" | "light" | "dark";

export interface WidgetRow {
  productIndex: string;
  productName: string;
  unit: string | null;
  quantity: number;
  locationLabel?: string;
  expiryDate?: string | null;
  serialNumber?: string | null;
}

export interface WidgetView {
  kind: WidgetKind;
  lang: WidgetLang;
  theme: Theme;
  /** The widget's own address (its path and the parameters a page or a search keeps). */
  base: string;
  params: Record<string, string>;
  search: string;
  page: number;
  pageSize: number;
  total: number;
  rows: WidgetRow[];
}

const light = "--wms-bg:#fff;--wms-fg:#1b2733;--wms-muted:#4d5b69;--wms-line:#d5dde5;--wms-accent:#0b5cad";
const dark = "--wms-bg:#14202b;--wms-fg:#e8eef4;--wms-muted:#a9b6c3;--wms-line:#33475b;--wms-accent:#7db7f0";

/** The widget's styles: scoped to its own root class, so they change nothing of the host page. */
export const STYLE = `.wms-w{${light};font:14px/1.4 system-ui,sans-serif;color:var(--wms-fg);` +
  `background:var(--wms-bg);padding:8px;box-sizing:border-box}` +
  `.wms-w[data-theme=dark]{${dark}}` +
  `@media (prefers-color-scheme:dark){.wms-w[data-theme=auto]{${dark}}}` +
  `.wms-w h2{font-size:16px;margin:0 0 8px}.wms-w form{display:flex;gap:6px;margin:0 0 8px}` +
  `.wms-w input{flex:1;min-width:0;padding:6px;border:1px solid var(--wms-line);border-radius:4px;` +
  `background:var(--wms-bg);color:var(--wms-fg);font:inherit}` +
  `.wms-w button{padding:6px 10px;border:1px solid var(--wms-accent);border-radius:4px;` +
  `background:var(--wms-accent);color:var(--wms-bg);font:inherit;cursor:pointer}` +
  `.wms-w table{border-collapse:collapse;width:100%}` +
  `.wms-w th,.wms-w td{padding:4px 8px;border-bottom:1px solid var(--wms-line);text-align:left}` +
  `.wms-w .n{text-align:right;font-variant-numeric:tabular-nums;white-space:nowrap}` +
  `.wms-w nav{display:flex;gap:12px;align-items:center;margin-top:8px;color:var(--wms-muted)}` +
  `.wms-w a{color:var(--wms-accent)}.wms-w p{margin:8px 0}`;

function query(view: Pick<WidgetView, "params">, extra: Record<string, string>): string {
  return "?" + new URLSearchParams({ ...view.params, ...extra }).toString();
}

function table(view: WidgetView): Node {
  const t = (k: WidgetKey) => say(view.lang, k);
  const number = new Intl.NumberFormat(view.lang, { maximumFractionDigits: 3 });
  const inventory = view.kind === "inventory";
  const head = [
    h("th", { scope: "col" }, t("widget.index")),
    h("th", { scope: "col" }, t("widget.product")),
    inventory ? h("th", { scope: "col" }, t("widget.location")) : null,
    inventory ? h("th", { scope: "col" }, t("widget.expiry")) : null,
    h("th", { scope: "col", class: "n" }, t("widget.quantity")),
  ];
  const rows = view.rows.map((r) =>
    h(
      "tr",
      null,
      h("td", null, r.productIndex),
      h("td", null, r.productName),
      inventory ? h("td", null, r.locationLabel ?? "") : null,
      inventory ? h("td", null, formatDate(view.lang, r.expiryDate?.slice(0, 10))) : null,
      h("td", { class: "n" }, `${number.format(r.quantity)}${r.unit ? ` ${r.unit}` : ""}`),
    )
  );
  return h("table", null, h("thead", null, h("tr", null, ...head)), h("tbody", null, ...rows));
}

function pager(view: WidgetView): Node | null {
  const pages = Math.max(1, Math.ceil(view.total / view.pageSize));
  if (pages <= 1) return null;
  const link = (page: number, label: WidgetKey, rel: string) =>
    h("a", {
      href: view.base + query(view, { q: view.search, page: String(page) }),
      "data-page": String(page),
      rel,
    }, say(view.lang, label));
  return h(
    "nav",
    { "aria-label": say(view.lang, "widget.page", { page: view.page, pages }) },
    view.page > 1 ? link(view.page - 1, "widget.previous", "prev") : null,
    h("span", null, say(view.lang, "widget.page", { page: view.page, pages })),
    view.page < pages ? link(view.page + 1, "widget.next", "next") : null,
  );
}

/** The widget itself: title, search, the rows (or that none were found) and paging. */
function widget(view: WidgetView): Node {
  const hidden = Object.entries(view.params).map(([name, value]) =>
    h("input", { type: "hidden", name, value })
  );
  return h(
    "div",
    { class: "wms-w", "data-theme": view.theme, lang: view.lang, "data-widget": view.kind },
    h("h2", null, say(view.lang, view.kind === "stock" ? "widget.stockTitle" : "widget.inventoryTitle")),
    h(
      "form",
      { method: "get", action: view.base, role: "search" },
      ...hidden,
      h("input", {
        type: "search",
        name: "q",
        value: view.search,
        "aria-label": say(view.lang, "widget.search"),
        placeholder: say(view.lang, "widget.search"),
      }),
      h("button", { type: "submit" }, say(view.lang, "widget.searchButton")),
    ),
    view.rows.length ? table(view) : h("p", null, say(view.lang, "widget.empty")),
    pager(view),
  );
}

/** A plain message in the widget's frame: an ended key, a site not allowed, no key, a failure. */
function message(lang: WidgetLang, theme: Theme, key: WidgetKey): Node {
  return h(
    "div",
    { class: "wms-w", "data-theme": theme, lang, role: "status" },
    h("p", null, say(lang, key)),
  );
}

/** The fragment for a shadow root: its styles and the widget. */
export function fragment(view: WidgetView): string {
  return `<style>${STYLE}</style>` + renderToString(widget(view));
}

export function messageFragment(lang: WidgetLang, theme: Theme, key: WidgetKey): string {
  return `<style>${STYLE}</style>` + renderToString(message(lang, theme, key));
}

/** A whole page for an <iframe>. */
export function page(title: string, lang: WidgetLang, body: string): string {
  return `<!doctype html><html lang="${lang}"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width,initial-scale=1">` +
    `<title>${renderToString(h("span", null, title)).replace(/^<span>|<\/span>$/g, "")}</title>` +
    `<style>html,body{margin:0}${STYLE}</style></head><body>${
      body.replace(/^<style>.*?<\/style>/s, "")
    }</body></html>`;
}
