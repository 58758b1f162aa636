// ASVS V3, V4, V13 and V15 against the real server (the client built into dist/, as `npm start` serves it):
// no answer may be framed; every text answer names its charset; the sensitive GETs answer only the
// application's own script; the preference cookies are read as their secure names; nothing but dist/ is
// served (no .git, no configuration, no folder listings); only the intended endpoints answer without a
// sign-in; JSON bodies cannot pollute prototypes; repeated query parameters change nothing; the build
// carries no tests; and the code sets no HTML from strings but the barcode's own drawing.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { call, createTenant, signIn, startServer, type TestServer, until } from "../fixtures/harness.ts";
import { routes } from "../../server/engine/http/openapi.ts";

let s: TestServer;
let admin: string;
let assets: { js: string; css: string[] };

beforeAll(async () => {
  if (!existsSync("dist/assets.json")) throw new Error("build the client first: node client/build.mjs");
  assets = JSON.parse(readFileSync("dist/assets.json", "utf8"));
  s = await startServer({ trustProxy: true });
  await createTenant(s, "web");
  admin = (await signIn(s, "web-admin")).token;
});
afterAll(() => s.close());

const get = (path: string, headers: Record<string, string> = {}) => fetch(s.baseUrl + path, { headers });

/** One answer of each kind the server gives: pages, assets, API answers and errors, widgets. */
function samples(): [string, () => Promise<Response>][] {
  return [
    ["a page", () => get("/")],
    ["a missing page", () => get("/no-such-screen")],
    ["the script", () => get(assets.js)],
    ["a stylesheet", () => get(assets.css[0])],
    ["the service worker", () => get("/sw.js")],
    ["the manifest", () => get("/manifest.webmanifest")],
    ["a missing asset", () => get("/assets/none.js")],
    ["an API answer", () => get("/api/health")],
    ["an API error", () => get("/api/User")],
    ["an unknown API path", () => get("/api/nothing-here")],
    ["the OpenAPI document", () => get("/api/openapi.json")],
    ["the widget script", () => get("/widgets/embed.js")],
    ["a widget without a key", () => get("/widgets/stock")],
    [
      "a signed-in answer",
      () => fetch(s.baseUrl + "/api/User", { headers: { authorization: `Bearer ${admin}` } }),
    ],
  ];
}

describe("what a browser may do with the answers (3.4.6, 4.1.1)", () => {
  it("no answer may be framed by another site: CSP frame-ancestors on every one", async () => {
    for (const [what, fetchIt] of samples()) {
      const r = await fetchIt();
      await r.body?.cancel();
      const policy = r.headers.get("content-security-policy") ?? "";
      const ancestors = /frame-ancestors ([^;]+)/.exec(policy)?.[1];
      expect(ancestors, `${what}: ${policy}`).toBeDefined();
      // Only widget pages name sites (their access's); a widget refused names none at all.
      if (!what.startsWith("a widget")) expect(ancestors, what).toBe("'none'");
    }
  });

  it("every text answer says its charset, and API answers are JSON", async () => {
    for (const [what, fetchIt] of samples()) {
      const r = await fetchIt();
      await r.body?.cancel();
      const type = r.headers.get("content-type") ?? "";
      expect(type, what).not.toBe("");
      if (/^text\/|javascript|css/.test(type)) expect(type.toLowerCase(), what).toContain("charset=utf-8");
      if (what.includes("API") || what === "a signed-in answer" || what === "the OpenAPI document") {
        expect(type, what).toMatch(/^application\/json/);
      }
    }
  });
});

describe("the sensitive GETs of the contract (3.5.3)", () => {
  const refreshWith = (token: string, headers: Record<string, string>) =>
    call(s, "GET", "/api/Auth", { token, headers });

  it("answer the application's own script only: another site, a navigation or an image load is refused, and nothing is used up", async () => {
    const t = await signIn(s, "web-admin");
    const refused: Record<string, string>[] = [
      { "sec-fetch-site": "cross-site", "sec-fetch-mode": "cors", "sec-fetch-dest": "empty" },
      { "sec-fetch-site": "same-site", "sec-fetch-mode": "cors", "sec-fetch-dest": "empty" },
      { "sec-fetch-site": "none", "sec-fetch-mode": "navigate", "sec-fetch-dest": "document" },
      { "sec-fetch-site": "same-origin", "sec-fetch-mode": "navigate", "sec-fetch-dest": "document" },
      { "sec-fetch-site": "same-origin", "sec-fetch-mode": "no-cors", "sec-fetch-dest": "image" },
      { "sec-fetch-site": "cross-site", "sec-fetch-mode": "no-cors", "sec-fetch-dest": "script" },
    ];
    for (const headers of refused) {
      const r = await refreshWith(t.refreshToken, headers);
      expect([r.status, r.body.error.code], JSON.stringify(headers)).toEqual([403, "request.crossSite"]);
    }
    for (
      const path of [
        "/api/Register/activate/abc",
        "/api/Register/send-reset/x%40y.example",
        "/api/Auth/GoogleToken/abc",
      ]
    ) {
      const r = await call(s, "GET", path, { headers: refused[0] });
      expect([r.status, r.body.error.code], path).toEqual([403, "request.crossSite"]);
      // Kept as a security event (no tenant is known yet: the control database's system log).
      const id = r.headers.get("x-request-id");
      await until(async () =>
        (await s.platform.control.query("SELECT message FROM system_log WHERE request_id = ?", [id]))
          .some((row) => String(row.message).startsWith("security: request.crossSite (refused)"))
      );
    }
    // The refresh token was never used: the application's own fetch renews with it, once.
    const own = await refreshWith(t.refreshToken, {
      "sec-fetch-site": "same-origin",
      "sec-fetch-mode": "cors",
      "sec-fetch-dest": "empty",
    });
    expect(own.status).toBe(200);
    // A client that is no browser sends no such headers and is answered as before.
    expect((await refreshWith(own.body.refreshToken, {})).status).toBe(200);
  });
});

describe("preference cookies (3.3.1, 3.3.3)", () => {
  const langOf = async (cookie: string, headers: Record<string, string> = {}) => {
    const r = await get("/signin", { cookie, "accept-language": "en-US", ...headers });
    await r.body?.cancel();
    return r.headers.get("content-language");
  };

  it("are read by their __Host- names; the plain name only from a page that came over plain HTTP", async () => {
    expect(await langOf("__Host-wms_lang=de-de")).toBe("de-de");
    expect(await langOf("wms_lang=fr-fr")).toBe("fr-fr");
    // Over TLS (the trusted proxy says so), a plain-named cookie anyone could have planted is not read.
    expect(await langOf("wms_lang=fr-fr", { "x-forwarded-proto": "https" })).toBe("en-us");
    expect(await langOf("__Host-wms_lang=pl-pl; wms_lang=fr-fr", { "x-forwarded-proto": "https" })).toBe(
      "pl-pl",
    );
  });
});

describe("what is served (13.4.1, 13.4.3, 15.2.3)", () => {
  it("nothing outside dist/: no source control, configuration, keys, data or source", async () => {
    const secrets = [
      "/.git/config",
      "/.git/HEAD",
      "/.env",
      "/package.json",
      "/deno.json",
      "/server/config.ts",
      "/data/control.db",
      "/data/keys/jwt-signing.jwk.json",
      "/assets/../../.git/config",
      "/assets/%2e%2e/%2e%2e/.git/config",
      "/assets/..%2f..%2fdeno.json",
      "/icons/../../package.json",
    ];
    // A worktree's .git is a file naming its git directory; a clone's is the directory itself.
    const head = statSync(".git").isFile() && readFileSync(".git", "utf8").startsWith("gitdir")
      ? "gitdir"
      : "ref:";
    for (const path of secrets) {
      const r = await get(path);
      const text = await r.text();
      expect(text, path).not.toContain("[core]");
      expect(text, path).not.toContain('"nodeModulesDir"');
      expect(text, path).not.toContain('"dependencies"');
      expect(text, path).not.toContain("loadConfig");
      expect(text, path).not.toContain('"kty"');
      expect(text.startsWith(head), path).toBe(false);
      if (r.status === 200) expect(r.headers.get("content-type"), path).toMatch(/^text\/html/);
    }
  });

  it("no folder is listed", async () => {
    for (const path of ["/assets/", "/assets", "/icons/", "/icons"]) {
      const r = await get(path);
      const text = await r.text();
      // At most the application's own page (which loads its script and stylesheet): never the folder's
      // files, such as their precompressed copies or the other chunks.
      expect(text, path).not.toMatch(/\.js\.br|\.css\.gz|\.js\.gz|Index of|Parent Directory/);
      expect(text.split("/assets/chunk-").length - 1, path).toBeLessThan(10);
    }
  });

  it("the build holds no tests, test fixtures or test data", () => {
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const path = join(dir, name);
        if (statSync(path).isDirectory()) walk(path);
        else files.push(path);
      }
    };
    walk("dist");
    expect(files.length).toBeGreaterThan(20);
    expect(files.filter((f) => /\.test\.|fixtures|testdata|\.test-data/.test(f))).toEqual([]);
    for (const f of files.filter((f) => /\.js$/.test(f))) {
      const text = readFileSync(f, "utf8");
      expect(/from "vitest"|playwright-core|tests\/fixtures/.test(text), f).toBe(false);
    }
  });
});

describe("endpoints open without a sign-in (13.4.5)", () => {
  it("are exactly those docs/security.md names, each for its stated reason", () => {
    const doc = readFileSync("docs/security.md", "utf8");
    const section = doc.slice(doc.indexOf("### Open endpoints"));
    const listed = [
      ...section.slice(0, section.indexOf("\n## ")).matchAll(/^\| `((?:GET|POST) \/api\/[^`]+)` \|/gm),
    ]
      .map((m) => m[1]).sort();
    const open = routes.filter((r) => r.access === "public")
      .map((r) => `${r.method.toUpperCase()} /api${r.path.replace(/:(\w+)/g, "{$1}")}`).sort();
    expect(listed).toEqual(open);
  });
});

describe("JSON bodies and query strings (15.3.6, 15.3.7)", () => {
  it("a body's __proto__ or constructor reaches no object's prototype and sets no field", async () => {
    const body = JSON.parse(
      '{"name":"Proto group","__proto__":{"isSuperUser":true,"polluted":"yes"},"constructor":{"prototype":{"polluted":"yes"}}}',
    );
    const r = await call(s, "POST", "/api/ProductGroup", { token: admin, body });
    expect(r.status).toBe(201);
    expect(Object.keys(r.body)).not.toContain("polluted");
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(({} as Record<string, unknown>).isSuperUser).toBeUndefined();
    // A basic user who tries it on their own profile gains nothing.
    const clerk = await call(s, "POST", "/api/User", {
      token: admin,
      body: {
        username: "web-clerk",
        email: "clerk@web.example",
        password: "lantern orbit cactus",
        repeatPassword: "lantern orbit cactus",
      },
    });
    const token = (await signIn(s, "web-clerk", "lantern orbit cactus")).token;
    const own = (await call(s, "GET", `/api/User/${clerk.body.id}`, { token })).body;
    const raised = JSON.parse(JSON.stringify(own).replace(/^\{/, '{"__proto__":{"isSuperUser":true},'));
    expect((await call(s, "PUT", "/api/User", { token, body: raised })).status).toBe(200);
    expect(
      (await call(s, "GET", "/api/User?PageSize=5", {
        token: (await signIn(s, "web-clerk", "lantern orbit cactus")).token,
      })).status,
    )
      .toBe(404);
    expect(({} as Record<string, unknown>).isSuperUser).toBeUndefined();
  });

  it("a repeated query parameter is read once, the first, and cannot widen a page or a filter", async () => {
    for (let i = 0; i < 3; i++) {
      await call(s, "POST", "/api/ProductGroup", { token: admin, body: { name: `HPP ${i}` } });
    }
    const one = await call(s, "GET", "/api/ProductGroup?PageSize=1&PageSize=1000", { token: admin });
    expect([one.status, one.body.results.length]).toEqual([200, 1]);
    const big = await call(s, "GET", "/api/ProductGroup?PageSize=5000&PageSize=1", { token: admin });
    expect([big.status, big.body.error?.code]).toEqual([400, "validation.failed"]);
    // A second tenant named in the query changes nothing: the token decides.
    const mine = await call(s, "GET", "/api/ProductGroup?PageSize=50&tenant=web&tenant=other", {
      token: admin,
    });
    expect(mine.status).toBe(200);
  });
});

describe("anti-automation (2.4.1)", () => {
  let r: TestServer;
  let a: string;
  let b: string;
  beforeAll(async () => {
    r = await startServer({ apiUserBurst: 20, apiUserPerSecond: 5 });
    await createTenant(r, "rate");
    a = (await signIn(r, "rate-admin")).token;
    await call(r, "POST", "/api/User", {
      token: a,
      body: {
        username: "rate-b",
        email: "b@rate.example",
        password: "quiet lantern hill",
        repeatPassword: "quiet lantern hill",
      },
    });
    b = (await signIn(r, "rate-b", "quiet lantern hill")).token;
  });
  afterAll(() => r.close());

  it("a user's calls past their rate are refused with 429 and Retry-After, in their language; others go on", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 40; i++) {
      statuses.push((await call(r, "GET", "/api/ProductGroup", { token: b })).status);
    }
    expect(statuses.filter((x) => x === 200).length).toBeGreaterThanOrEqual(20);
    expect(statuses.filter((x) => x === 200).length).toBeLessThan(40);
    const refused = await call(r, "GET", "/api/ProductGroup", {
      token: b,
      headers: { "accept-language": "de-DE" },
    });
    expect([refused.status, refused.body.error.code]).toEqual([429, "request.rateLimited"]);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expect(refused.body.error.message).toContain("Anfragen");
    // Writes count the same, and nothing is written past the rate.
    const write = await call(r, "POST", "/api/ProductGroup", { token: b, body: { name: "Flood" } });
    expect(write.status).toBe(429);
    // Another user of the company is not held up by it.
    expect((await call(r, "GET", "/api/ProductGroup", { token: a })).status).toBe(200);
    // The bucket refills: the user goes on once the wait is over.
    await expect.poll(async () => (await call(r, "GET", "/api/ProductGroup", { token: b })).status, {
      timeout: 10_000,
      interval: 250,
    }).toBe(200);
    const groups = (await call(r, "GET", "/api/ProductGroup?PageSize=100", { token: a })).body.results;
    expect(groups.map((g: { name: string }) => g.name)).not.toContain("Flood");
  });
});

describe("the code sets no HTML from strings (3.2.2)", () => {
  it("no innerHTML, outerHTML, insertAdjacentHTML or document.write; raw HTML only for bwip-js's drawings", () => {
    const found: string[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const path = join(dir, name);
        if (statSync(path).isDirectory()) walk(path);
        else if (/\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name)) {
          const text = readFileSync(path, "utf8");
          for (
            const m of text.matchAll(
              /\.innerHTML\s*=|\.outerHTML\s*=|insertAdjacentHTML|document\.write|dangerouslySetInnerHTML/g,
            )
          ) {
            found.push(`${path}: ${m[0]}`);
          }
        }
      }
    };
    walk("client");
    walk("widgets");
    // A barcode's and a QR code's SVG as bwip-js draws them (no user markup: it draws the code's bars), and
    // the widgets' demo page's own elements around keys this server made (base64url).
    expect(found.sort()).toEqual([
      join("client", "screens", "my_account.tsx") + ": dangerouslySetInnerHTML",
      join("client", "screens", "shared_access.tsx") + ": dangerouslySetInnerHTML",
      join("client", "ui", "barcode.tsx") + ": dangerouslySetInnerHTML",
      join("widgets", "demo.ts") + ": dangerouslySetInnerHTML",
    ]);
    expect(readFileSync(join("client", "ui", "barcode.tsx"), "utf8")).toMatch(/bwip/);
    expect(readFileSync(join("client", "screens", "my_account.tsx"), "utf8")).toMatch(
      /bwip-js\/browser"\)\.then\(\(b\) => b\.toSVG/,
    );
    expect(readFileSync(join("client", "screens", "shared_access.tsx"), "utf8")).toMatch(
      /bwip-js\/browser"\)\.then\(\(b\) => b\.toSVG/,
    );
  });
});
