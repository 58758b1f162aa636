// The embeddable widgets (issue 16; decision 0011) over the real HTTP server: embed.js small and cacheable;
// the stock and inventory widgets as an iframe page and as a shadow-root fragment, in the asked language,
// searched and paged, of the key's contractor's goods alone; a page of a site the access does not allow gets
// no data and redeems nothing, and only the allowed sites may frame the page; an ended key says so in the
// reader's language everywhere at once; answers carry an ETag (304 on a repeat) and a short max-age.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { gzipSync } from "node:zlib";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { Socket } from "../fixtures/hub_socket.ts";
import { company, location, product, receive, startStockWorld, type StockWorld } from "./stock/fixture.ts";
import { widgetMessages } from "../../widgets/messages.ts";

let w: StockWorld;
let acme: number;
let stockKey: string;
let stockId: number;
let inventoryKey: string;
const SHOP = "http://shop.example:8080";
const STRANGER = "http://evil.example";

beforeAll(async () => {
  w = await startStockWorld("widgets");
  acme = await company(w, "ACME");
  const other = await company(w, "Other Co");
  const bin = await location(w, "WG-01");
  for (let i = 1; i <= 7; i++) {
    await receive(w, await product(w, `WG-SOAP-${i}`, { contractorId: acme, unit: "pcs" }), bin, i, {
      expiryDate: "2031-05-01",
    });
  }
  await receive(w, await product(w, "WG-THEIRS", { contractorId: other }), bin, 9);
  await receive(w, await product(w, "WG-HIDDEN", { contractorId: acme, contractorPortalHide: true }), bin, 3);
  const made = async (contentType: string) => {
    const r = await w.api("POST", "/SharedAccess", {
      contentType,
      contractorId: acme,
      allowedOrigins: [SHOP],
    });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    return r.body;
  };
  const stock = await made("wmsstock");
  stockKey = stock.token;
  stockId = stock.id;
  inventoryKey = (await made("wmsinventory")).shortUrlKey;
});
afterAll(() => w?.s.close());

const get = (path: string, headers: Record<string, string> = {}) => fetch(w.s.baseUrl + path, { headers });
/** The product indexes a widget shows, once each (a row names its product by index and by name). */
const indexesIn = (html: string) => [...new Set([...html.matchAll(/WG-[A-Z]+(?:-\d)?/g)].map((m) => m[0]))];
/** The text of HTML as a reader sees it (its entities decoded). */
const text = (html: string) =>
  html.replaceAll("&#39;", "'").replaceAll("&quot;", '"').replaceAll("&lt;", "<").replaceAll("&gt;", ">")
    .replaceAll("&amp;", "&");

describe("embed.js", () => {
  it("defines both elements, stays under 15 KB gzipped, and is cached by its ETag", async () => {
    const r = await get("/widgets/embed.js");
    expect(r.status).toBe(200);
    expect(r.headers.get("content-type")).toContain("javascript");
    expect(r.headers.get("cache-control")).toContain("max-age=3600");
    const js = await r.text();
    expect(js).toContain('"wms-" + kind');
    expect(js).toContain(widgetMessages["pl-pl"]["widget.failed"]);
    expect(gzipSync(js).length).toBeLessThan(15 * 1024);
    const again = await get("/widgets/embed.js", { "if-none-match": r.headers.get("etag")! });
    expect(again.status).toBe(304);
  });
});

describe("the stock widget", () => {
  it("as an iframe page: the contractor's own stock, paged, in the asked language, framed by allowed sites only", async () => {
    const r = await get(`/widgets/stock?key=${stockKey}&lang=pl&size=5`);
    expect(r.status).toBe(200);
    const html = await r.text();
    expect(html).toContain(`<html lang="pl-pl">`);
    expect(html).toContain(widgetMessages["pl-pl"]["widget.stockTitle"]);
    const shown = indexesIn(html);
    expect(shown.length).toBe(5);
    expect(shown.every((i) => i.startsWith("WG-SOAP-"))).toBe(true);
    expect(html).toContain("Strona 1 z 2");
    const csp = r.headers.get("content-security-policy")!;
    expect(csp).toContain(`frame-ancestors 'self' ${SHOP}`);
    expect(csp).toContain("default-src 'none'");
    expect(r.headers.get("x-frame-options")).toBeNull();
    expect(r.headers.get("cache-control")).toBe("private, max-age=10");
    // The next page by its link; the search keeps the key.
    const next = html.match(/href="([^"]+page=2[^"]*)"/)![1].replaceAll("&amp;", "&");
    const second = await (await get(next)).text();
    expect(indexesIn(second).length).toBe(2);
    const searched = await (await get(`/widgets/stock?key=${stockKey}&lang=de&q=SOAP-3`)).text();
    expect(indexesIn(searched)).toEqual(["WG-SOAP-3"]);
    // Neither another contractor's goods nor one hidden from the portal, by any search.
    for (const q of ["THEIRS", "HIDDEN", "WG"]) {
      const found = indexesIn(await (await get(`/widgets/stock?key=${stockKey}&q=${q}&size=50`)).text());
      expect(found.filter((i) => !i.startsWith("WG-SOAP-"))).toEqual([]);
    }
  });

  it("as a fragment: CORS for an allowed site; another site gets no data and redeems nothing", async () => {
    const before = (await w.api("GET", `/SharedAccess/${stockId}`)).body.lastActivationAt;
    const stranger = await get(`/widgets/stock?key=${stockKey}&format=fragment&lang=fr`, {
      origin: STRANGER,
    });
    expect(stranger.status).toBe(403);
    const refused = await stranger.text();
    expect(indexesIn(refused)).toEqual([]);
    expect(text(refused)).toContain(widgetMessages["fr-fr"]["widget.notAllowed"]);
    expect((await w.api("GET", `/SharedAccess/${stockId}`)).body.lastActivationAt).toBe(before);
    // The same through the API.
    const api = await get(`/api/shared/stock?key=${stockKey}`, { origin: STRANGER });
    expect(api.status).toBe(403);
    expect(api.headers.get("access-control-allow-origin")).toBeNull();
    const shop = await get(`/widgets/stock?key=${stockKey}&format=fragment`, { origin: SHOP });
    expect(shop.status).toBe(200);
    expect(shop.headers.get("access-control-allow-origin")).toBe(SHOP);
    expect(shop.headers.get("vary")).toContain("Origin");
    const html = await shop.text();
    expect(html.startsWith("<style>")).toBe(true);
    expect(indexesIn(html).length).toBe(7);
    // A repeat with its ETag: 304, nothing sent again.
    const again = await get(`/widgets/stock?key=${stockKey}&format=fragment`, {
      origin: SHOP,
      "if-none-match": shop.headers.get("etag")!,
    });
    expect(again.status).toBe(304);
    const apiShop = await get(`/api/shared/stock?key=${stockKey}`, { origin: SHOP });
    expect([apiShop.status, apiShop.headers.get("access-control-allow-origin")]).toEqual([200, SHOP]);
  });
});

describe("a page of another site without an Origin", () => {
  it("is judged by its Referer: a frame or a no-cors fetch of a site not allowed (or naming none) redeems nothing", async () => {
    const before = (await w.api("GET", `/SharedAccess/${stockId}`)).body.lastActivationAt;
    const framed = (referer?: string) =>
      get(`/widgets/stock?key=${stockKey}&lang=en`, {
        "sec-fetch-site": "cross-site",
        "sec-fetch-dest": "iframe",
        ...(referer ? { referer } : {}),
      });
    for (const referer of [`${STRANGER}/shop/page.html`, undefined]) {
      const r = await framed(referer);
      expect(r.status, String(referer)).toBe(403);
      const html = await r.text();
      expect(indexesIn(html)).toEqual([]);
      expect(text(html)).toContain(widgetMessages["en-us"]["widget.notAllowed"]);
      // A refusal holds no data: it may be framed anywhere, to say why.
      expect(r.headers.get("content-security-policy")).toContain("frame-ancestors *");
    }
    const image = await get(`/widgets/stock?key=${stockKey}&format=fragment`, {
      "sec-fetch-site": "cross-site",
      "sec-fetch-dest": "image",
      referer: `${STRANGER}/`,
    });
    expect(image.status).toBe(403);
    expect((await w.api("GET", `/SharedAccess/${stockId}`)).body.lastActivationAt).toBe(before);
    // The shop's frame is answered, framed by the shop alone; a person opening the link from anywhere too.
    const shop = await framed(`${SHOP}/products`);
    expect(shop.status).toBe(200);
    expect(shop.headers.get("content-security-policy")).toContain(`frame-ancestors 'self' ${SHOP}`);
    const person = await get(`/widgets/stock?key=${stockKey}`, {
      "sec-fetch-site": "cross-site",
      "sec-fetch-dest": "document",
    });
    expect(person.status).toBe(200);
  });

  it("an API key opens no widget (it would stand in a page's source)", async () => {
    const api = await w.api("POST", "/SharedAccess", { contentType: "api", contractorId: acme });
    expect((await get(`/widgets/stock?key=${api.body.token}`)).status).toBe(404);
    expect((await get(`/widgets/inventory?key=${api.body.token}`)).status).toBe(404);
    expect((await get(`/api/shared/stock?key=${api.body.token}`)).status).toBe(200);
  });
});

describe("the inventory widget", () => {
  it("shows the lines with their locations and expiry; a stock key does not read it", async () => {
    const r = await get(`/widgets/inventory?key=${inventoryKey}&lang=en&size=20`);
    expect(r.status).toBe(200);
    const html = await r.text();
    expect(html).toContain("WG-01");
    expect(html).toContain("05/01/2031");
    expect(html).not.toMatch(/\b\d{4}-\d{2}-\d{2}\b/);
    expect(indexesIn(html).filter((i) => i.startsWith("WG-SOAP-")).length).toBe(7);
    expect((await get(`/widgets/inventory?key=${stockKey}`)).status).toBe(404);
  });
});

describe("an ended key", () => {
  it("is refused at once on every widget and API path, in the reader's language", async () => {
    const r = await w.api("POST", "/SharedAccess", { contentType: "wmsstock", contractorId: acme });
    const key = r.body.token;
    expect((await get(`/widgets/stock?key=${key}`)).status).toBe(200);
    expect((await w.api("POST", `/SharedAccess/${r.body.id}/withdraw`)).status).toBe(200);
    const page = await get(`/widgets/stock?key=${key}&lang=ru`);
    expect(page.status).toBe(410);
    expect(text(await page.text())).toContain(widgetMessages["ru-ru"]["widget.ended"]);
    expect(page.headers.get("cache-control")).toBe("no-store");
    const frag = await get(`/widgets/stock?key=${key}&format=fragment&lang=es`, { origin: SHOP });
    expect(frag.status).toBe(410);
    expect(text(await frag.text())).toContain(widgetMessages["es-es"]["widget.ended"]);
    expect((await get(`/api/shared/stock?key=${key}`)).status).toBe(410);
    // A made-up key reads as an ended one; no key says what is missing.
    expect((await get(`/widgets/stock?key=${"x".repeat(43)}`)).status).toBe(410);
    const none = await get("/widgets/stock?lang=de");
    expect(none.status).toBe(400);
    expect(text(await none.text())).toContain(widgetMessages["de-de"]["widget.noKey"]);
  });
});

describe("every kind of key, everywhere", () => {
  it("an expired key ends on the widgets at once; a single-use one serves exactly one of 50 parallel views", async () => {
    const r = await w.api("POST", "/SharedAccess", { contentType: "wmsinventory", contractorId: acme });
    expect((await get(`/widgets/inventory?key=${r.body.token}`)).status).toBe(200);
    await w.query("UPDATE shared_accesses SET expires_at = '2020-01-01T00:00:00.000Z' WHERE id = ?", [
      r.body.id,
    ]);
    expect((await get(`/widgets/inventory?key=${r.body.token}`)).status).toBe(410);
    expect((await get(`/widgets/inventory?key=${r.body.token}&format=fragment`, { origin: SHOP })).status)
      .toBe(410);
    const once = await w.api("POST", "/SharedAccess", {
      contentType: "wmsstock",
      contractorId: acme,
      singleUse: true,
      allowedOrigins: [SHOP],
    });
    const views = await Promise.all(
      Array.from(
        { length: 50 },
        () => get(`/widgets/stock?key=${once.body.token}&format=fragment`, { origin: SHOP }),
      ),
    );
    const statuses = views.map((v) => v.status);
    expect(statuses.filter((x) => x === 200).length).toBe(1);
    expect(statuses.filter((x) => x !== 200).every((x) => x === 410)).toBe(true);
  });

  it("no key opens the hub: an API key or a widget key as the hub's token is closed with 4401", async () => {
    const api = await w.api("POST", "/SharedAccess", { contentType: "api", contractorId: acme });
    for (const key of [api.body.token, stockKey]) {
      const socket = new Socket(w.s.baseUrl.replace(/^http/, "ws") + "/dataHub");
      await socket.opened;
      socket.send({ type: "auth", token: key });
      expect((await socket.closed).code).toBe(4401);
    }
  });

  it("no secret of any access made here is written anywhere in the data directory", async () => {
    const made = await w.query("SELECT count(*) AS n FROM shared_accesses");
    expect(Number(made[0].n)).toBeGreaterThan(5);
    const secrets = [stockKey, inventoryKey];
    const dir = w.s.platform.config.dataDir;
    const files = readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile());
    expect(files.length).toBeGreaterThan(2);
    for (const f of files) {
      const text = readFileSync(join(f.parentPath, f.name)).toString("latin1");
      for (const secret of secrets) expect(text.includes(secret), f.name).toBe(false);
    }
  });
});
