// The web application's delivery over HTTP: every screen route of the spec answers the server-rendered
// shell (in the caller's language), an unknown path answers 404, hashed assets are cached for a year,
// and the PWA's manifest and service worker are served.
import { get as httpGet } from "node:http";
import { Buffer } from "node:buffer";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer, type TestServer } from "../fixtures/harness.ts";
import { routeTable } from "../../client/shell/routes.ts";
import { enUs } from "../../shared/i18n/en_us.ts";
import { frFr } from "../../shared/i18n/fr_fr.ts";

let s: TestServer;
beforeAll(async () => {
  s = await startServer();
});
afterAll(() => s.close());

describe("the server-rendered shell", () => {
  it("answers every route of the spec with 200 HTML", async () => {
    for (const r of routeTable) {
      const res = await fetch(`${s.baseUrl}/${r.name}`);
      const html = await res.text();
      expect(res.status, r.name).toBe(200);
      expect(res.headers.get("content-type"), r.name).toContain("text/html");
      expect(html, r.name).toContain('<div id="app">');
    }
    // Screens take the optional openedDialogId and additionalParams.
    expect((await fetch(`${s.baseUrl}/users/12/roles`)).status).toBe(200);
  });

  it("renders open screens fully on the server, in the language of Accept-Language", async () => {
    const res = await fetch(`${s.baseUrl}/signin`, { headers: { "accept-language": "fr-CA,fr;q=0.9" } });
    const html = await res.text();
    expect(html).toContain('<html lang="fr-fr"');
    expect(html).toContain(frFr["signin.title"]);
    expect(res.headers.get("content-language")).toBe("fr-fr");
  });

  it("takes the chosen language and theme from the preference cookies", async () => {
    const res = await fetch(`${s.baseUrl}/signin`, { headers: { cookie: "wms_lang=fr-fr; wms_theme=dark" } });
    const html = await res.text();
    expect(html).toContain('<html lang="fr-fr" data-theme="dark"');
  });

  it("answers an unknown path with 404 and the missing-page screen", async () => {
    const res = await fetch(`${s.baseUrl}/no/such/page`);
    expect(res.status).toBe(404);
    expect(await res.text()).toContain(enUs["shell.notFound"]);
    // A broken escape in the address is a missing page too, not a server error.
    const broken = await fetch(`${s.baseUrl}/users/%zz`);
    expect(broken.status).toBe(404);
    expect(await broken.text()).toContain(enUs["shell.notFound"]);
  });

  it("serves hashed assets for a year, and the manifest and service worker uncached", async () => {
    const html = await (await fetch(`${s.baseUrl}/signin`)).text();
    const scripts = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]);
    expect(scripts.length).toBeGreaterThanOrEqual(2);
    for (const path of new Set(scripts)) {
      const res = await fetch(s.baseUrl + path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      await res.body?.cancel();
    }
    const manifest = await fetch(`${s.baseUrl}/manifest.webmanifest`);
    expect(manifest.headers.get("cache-control")).toBe("no-cache");
    const m = await manifest.json();
    expect(m).toMatchObject({ display: "standalone", start_url: "/" });
    expect(m.icons.map((i: { sizes: string }) => i.sizes)).toEqual(
      expect.arrayContaining(["192x192", "512x512"]),
    );
    for (const icon of m.icons) {
      expect((await fetch(s.baseUrl + icon.src)).headers.get("content-type")).toBe("image/png");
    }
    const sw = await fetch(`${s.baseUrl}/sw.js`);
    expect(sw.status).toBe(200);
    const swText = await sw.text();
    // workbox-build injected the precache list of the hashed assets.
    for (const path of new Set(scripts)) expect(swText).toContain(path.slice(1));
  });

  it("links one stylesheet and sends each asset precompressed as the browser accepts, never worse", async () => {
    const html = await (await fetch(`${s.baseUrl}/signin`)).text();
    const styles = [...html.matchAll(/<link rel="stylesheet" href="(\/assets\/[^"]+\.css)"/g)].map((m) =>
      m[1]
    );
    expect(styles).toHaveLength(1);
    const script = html.match(/src="(\/assets\/boot-[^"]+\.js)"/)![1];
    // Raw bytes as sent (node:http does not decode), for each Accept-Encoding a browser may send.
    const raw = (path: string, accept: string) =>
      new Promise<{ encoding: string | undefined; vary: string | undefined; body: Buffer }>(
        (resolve, reject) => {
          const req = httpGet(s.baseUrl + path, { headers: { "accept-encoding": accept } }, (res) => {
            const chunks: Buffer[] = [];
            res.on("data", (c: Buffer) => chunks.push(c));
            res.on("end", () =>
              resolve({
                encoding: res.headers["content-encoding"],
                vary: res.headers["vary"] as string | undefined,
                body: Buffer.concat(chunks),
              }));
          });
          req.on("error", reject);
        },
      );
    for (const path of [script, styles[0]]) {
      const plain = await raw(path, "identity");
      expect(plain.encoding, path).toBeUndefined();
      const br = await raw(path, "gzip, deflate, br");
      expect([br.encoding, br.vary], path).toEqual(["br", "Accept-Encoding"]);
      expect(brotliDecompressSync(br.body).equals(plain.body), path).toBe(true);
      expect(br.body.length, path).toBeLessThan(plain.body.length / 3);
      const gz = await raw(path, "gzip");
      expect(gz.encoding, path).toBe("gzip");
      expect(gunzipSync(gz.body).equals(plain.body), path).toBe(true);
    }
  });

  it("keeps /api answering JSON, never the shell", async () => {
    const res = await fetch(`${s.baseUrl}/api/nothing-here`);
    expect(res.status).toBe(404);
    expect((await res.json()).error.code).toBe("route.notFound");
  });
});
