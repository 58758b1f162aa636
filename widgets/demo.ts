// GET /widgets/demo: how to embed the widgets, with both of them live on a key of the demo tenant's
// contractor (the demo contractor user's company; the slug `demo` is never given to a registration). The keys
// are made the first time the page is asked for on this process, for 24 hours, and kept only in memory (only
// their hashes go to the tenant and the control database); making new ones deletes the demo's expired ones.
import { and, eq, lt } from "drizzle-orm";
import type { Context } from "hono";
import { h } from "preact";
import { renderToString } from "preact-render-to-string";
import type { Env } from "../server/engine/http/types.ts";
import type { Services } from "../server/kernel/services.ts";
import { tenantOp } from "../server/cluster/placement.ts";
import { users } from "../server/domain/access/users/entity.ts";
import { hashesOf, insertAccessIn, registerKeysIn, secret } from "../server/domain/sharing/service.ts";
import { sharedAccesses } from "../server/domain/sharing/table.ts";
import { nowIso } from "../server/kernel/time.ts";
import { pickLang, say } from "./i18n.ts";
import { STYLE } from "./render.ts";

const DAY_MIN = 1440;
/** Who made the demo's accesses, as staff see it in the shared-access list (a system's name, like a user's). */
const DEMO_BY = "widgets-demo";

interface Made {
  id: number;
  token: string;
  shortKey: string;
}

/** Makes the demo's two accesses (stock, inventory) for the demo contractor; null without one. */
const makeDemoAccesses = tenantOp(
  "widgets.demoAccesses",
  async (conn, args: { hashes: { token: string; shortKey: string }[]; origins: string[] }) => {
    const [contractor] = await conn.db.select({ id: users.connectedContractorId }).from(users)
      .where(eq(users.username, "contractor"));
    if (!contractor?.id) return null;
    const contractorId = contractor.id;
    return await conn.transaction(async (tx) => {
      // The demo's expired accesses go (another process's live ones stay).
      await tx.delete(sharedAccesses)
        .where(and(eq(sharedAccesses.createdByName, DEMO_BY), lt(sharedAccesses.expiresAt, nowIso())));
      const ids: number[] = [];
      for (const [i, contentType] of (["wmsstock", "wmsinventory"] as const).entries()) {
        ids.push(
          await insertAccessIn(
            tx,
            {
              contentType,
              contractorId,
              personId: null,
              durationMin: DAY_MIN,
              singleUse: false,
              allowedOrigins: args.origins,
            },
            args.hashes[i],
            { userId: null, name: DEMO_BY },
          ),
        );
      }
      return ids;
    });
  },
);

type DemoKeys = { at: number; keys: Promise<{ stock: Made; inventory: Made } | null> };

/** Each platform's (a process serves one; a test process starts many, one after another) day's keys. */
const demos = new WeakMap<object, DemoKeys>();

function demoKeys(platform: Pick<Services, "config" | "control" | "placement" | "registry">) {
  // A day's key, made again after 23 hours (and after a failure).
  const demo = demos.get(platform);
  if (demo && Date.now() - demo.at < 23 * 3_600_000) return demo.keys;
  const made: DemoKeys = {
    at: Date.now(),
    keys: (async () => {
      const tenant = await platform.registry.bySlug("demo");
      if (!tenant || tenant.status !== "active") return null;
      const secrets = [0, 1].map(() => ({ token: secret(32), shortKey: secret(16) }));
      const hashes = secrets.map(hashesOf);
      const ids = await makeDemoAccesses(platform, tenant, {
        hashes,
        origins: [new URL(platform.config.publicUrl).origin],
      });
      if (!ids) return null;
      for (const [i, id] of ids.entries()) {
        await registerKeysIn(platform.control.db, tenant.id, id, hashes[i]);
      }
      return {
        stock: { id: ids[0], ...secrets[0] },
        inventory: { id: ids[1], ...secrets[1] },
      };
    })(),
  };
  demos.set(platform, made);
  made.keys.catch(() => {
    if (demos.get(platform) === made) demos.delete(platform);
  });
  return made.keys;
}

export async function demoPage(
  c: Context<Env>,
  platform: Pick<Services, "config" | "control" | "placement" | "registry">,
) {
  const lang = pickLang(c.req.query("lang"), c.req.header("accept-language"));
  const keys = await demoKeys(platform).catch((err) => {
    console.error("widgets demo: the demo keys could not be made:", err);
    return null;
  });
  const origin = new URL(c.req.url).origin;
  const short = lang.slice(0, 2);
  const element = keys
    ? `<script src="${origin}/widgets/embed.js" async></script>\n` +
      `<wms-stock key="${keys.stock.token}" lang="${short}"></wms-stock>\n` +
      `<wms-inventory key="${keys.inventory.token}" lang="${short}"></wms-inventory>`
    : "";
  const frame = keys
    ? `<iframe src="${origin}/widgets/stock?key=${keys.stock.token}&lang=${short}" referrerpolicy="origin" ` +
      `title="${say(lang, "widget.stockTitle")}" style="width:100%;height:420px;border:0"></iframe>`
    : "";
  const body = renderToString(
    h(
      "main",
      { class: "wms-w", "data-theme": "auto", style: "max-width:960px;margin:0 auto" },
      h("h1", null, say(lang, "widget.demoTitle")),
      keys
        ? [
          h("p", null, say(lang, "widget.demoIntro")),
          h("h2", null, say(lang, "widget.demoElement")),
          h("pre", null, h("code", null, element)),
          // Written out: preact keeps a `key` prop to itself.
          h("div", {
            dangerouslySetInnerHTML: {
              __html:
                `<wms-stock key="${keys.stock.token}" lang="${short}" data-testid="demo-stock"></wms-stock>` +
                `<wms-inventory key="${keys.inventory.token}" lang="${short}" data-testid="demo-inventory">` +
                `</wms-inventory>`,
            },
          }),
          h("h2", null, say(lang, "widget.demoFrame")),
          h("pre", null, h("code", null, frame)),
          h("iframe", {
            src: `/widgets/stock?key=${keys.stock.token}&lang=${short}`,
            referrerpolicy: "origin",
            title: say(lang, "widget.stockTitle"),
            style: "width:100%;height:420px;border:0",
            "data-testid": "demo-frame",
          }),
        ]
        : h("p", { role: "status" }, say(lang, "widget.demoMissing")),
    ),
  );
  c.header(
    "Content-Security-Policy",
    "default-src 'none'; script-src 'self'; connect-src 'self'; frame-src 'self'; style-src 'unsafe-inline'; " +
      "base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
  );
  c.header("Cache-Control", "no-store");
  return c.html(
    `<!doctype html><html lang="${lang}"><head><meta charset="utf-8">` +
      `<meta name="viewport" content="width=device-width,initial-scale=1">` +
      `<title>${say(lang, "widget.demoTitle")}</title><style>body{margin:0;background:#fff}` +
      `@media (prefers-color-scheme:dark){body{background:#14202b}}pre{white-space:pre-wrap;` +
      `word-break:break-all}${STYLE}</style><script src="/widgets/embed.js" async></script></head>` +
      `<body>${body}</body></html>`,
  );
}
