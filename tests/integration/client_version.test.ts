// The client-version handshake over HTTP: every /api answer names the served client build, a client that
// names another build may not sign in (426 client.outdated, translated), and a caller that names none is
// never refused.
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, createTenant, PASSWORD, signIn, startServer, type TestServer } from "../fixtures/harness.ts";
import { catalogues } from "../../shared/i18n/api/mod.ts";

const built = JSON.parse(readFileSync(new URL("../../dist/assets.json", import.meta.url), "utf8")).build;

let s: TestServer;
beforeAll(async () => {
  s = await startServer();
  await createTenant(s, "ver");
});
afterAll(() => s.close());

const credentials = { username: "ver-admin", password: PASSWORD };

describe("X-App-Version", () => {
  it("names the build in dist/ on every /api answer, errors included, and not on pages", async () => {
    expect(built).toMatch(/^[0-9a-f]{16}$/);
    const { token } = await signIn(s, "ver-admin");
    const answers = [
      await call(s, "GET", "/api/health"),
      await call(s, "GET", "/api/config/getuserstartupconfig", { token }),
      await call(s, "GET", "/api/User"),
      await call(s, "GET", "/api/no/such/path"),
      await call(s, "POST", "/api/Auth", { body: { username: "ver-admin", password: "wrong-pass-1" } }),
    ];
    expect(answers.map((a) => a.status)).toEqual([200, 200, 401, 404, 401]);
    for (const a of answers) expect(a.headers.get("x-app-version")).toBe(built);
    const page = await fetch(`${s.baseUrl}/signin`);
    await page.body?.cancel();
    expect(page.headers.get("x-app-version")).toBeNull();
  });
});

describe("sign-in with X-Client-Version", () => {
  it("answers 426 client.outdated in the caller's language for another build", async () => {
    const r = await call(s, "POST", "/api/Auth", {
      body: credentials,
      headers: { "x-client-version": "0123456789abcdef", "accept-language": "pl-PL" },
    });
    expect(r.status).toBe(426);
    expect(r.body.error.code).toBe("client.outdated");
    expect(r.body.error.message).toBe(catalogues["pl-pl"]["client.outdated"]);
    expect(r.headers.get("x-app-version")).toBe(built);
  });

  it("is refused before the body is read", async () => {
    const r = await call(s, "POST", "/api/Auth", {
      body: { user: 1 },
      headers: { "x-client-version": "0123456789abcdef" },
    });
    expect(r.status).toBe(426);
  });

  it("signs in with the served build, or without the header", async () => {
    const current = await call(s, "POST", "/api/Auth", {
      body: credentials,
      headers: { "x-client-version": built },
    });
    expect(current.status).toBe(200);
    expect((await call(s, "POST", "/api/Auth", { body: credentials })).status).toBe(200);
  });

  it("refuses only sign-in: other calls of an outdated client are answered", async () => {
    const { token } = await signIn(s, "ver-admin");
    const r = await call(s, "GET", "/api/config/getuserstartupconfig", {
      token,
      headers: { "x-client-version": "0123456789abcdef" },
    });
    expect(r.status).toBe(200);
    expect(r.headers.get("x-app-version")).toBe(built);
  });
});

describe("a server that claims another build (config clientBuild)", () => {
  let other: TestServer;
  beforeAll(async () => {
    other = await startServer({ clientBuild: "feedfacecafebeef" });
    await createTenant(other, "ver2");
  });
  afterAll(() => other.close());

  it("answers its claim and refuses the build in dist/", async () => {
    const r = await call(other, "POST", "/api/Auth", {
      body: { username: "ver2-admin", password: PASSWORD },
      headers: { "x-client-version": built },
    });
    expect(r.status).toBe(426);
    expect(r.headers.get("x-app-version")).toBe("feedfacecafebeef");
    const claimed = await call(other, "POST", "/api/Auth", {
      body: { username: "ver2-admin", password: PASSWORD },
      headers: { "x-client-version": "feedfacecafebeef" },
    });
    expect(claimed.status).toBe(200);
  });
});
