// GET /api/health: what a load balancer and an operator check first.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DatabaseSync } from "node:sqlite";
import { call, startServer, type TestServer } from "../../../tests/fixtures/harness.ts";
import { VERSION } from "../../kernel/version.ts";
import { loadConfig } from "../../config.ts";
import { providerAsks } from "./provider_view.ts";

let s: TestServer;

beforeAll(async () => {
  s = await startServer();
});
afterAll(() => s.close());

describe("GET /api/health", () => {
  it("answers ok, the version and the embedded SQLite's version, without a token", async () => {
    const r = await call(s, "GET", "/api/health");
    expect(r.status).toBe(200);
    expect(Object.keys(r.body).sort()).toEqual(["sqliteVersion", "status", "version"]);
    expect(r.body.status).toBe("ok");
    expect(r.body.version).toBe(VERSION);
    expect(r.body.version).toMatch(/^\d+\.\d+\.\d+$/);

    const db = new DatabaseSync(":memory:");
    const { v } = db.prepare("SELECT sqlite_version() AS v").get() as { v: string };
    db.close();
    expect(r.body.sqliteVersion).toBe(v);
    expect(r.body.sqliteVersion).toMatch(/^3\.5\d\.\d+$/);
  });

  it("ignores a token, even a bad one", async () => {
    const r = await call(s, "GET", "/api/health", { token: "not-a-token" });
    expect([r.status, r.body.status]).toEqual([200, "ok"]);
  });

  it("takes a provider's monitoring token only long enough not to be guessed", () => {
    const was = Deno.env.get("HEALTH_TOKEN");
    try {
      Deno.env.set("HEALTH_TOKEN", "short-token");
      expect(() => loadConfig()).toThrow("HEALTH_TOKEN must be at least 24 characters");
      Deno.env.set("HEALTH_TOKEN", "a-token-of-twenty-four-c");
      expect(loadConfig().healthToken).toBe("a-token-of-twenty-four-c");
    } finally {
      if (was === undefined) Deno.env.delete("HEALTH_TOKEN");
      else Deno.env.set("HEALTH_TOKEN", was);
    }
  });

  it("answers the public view to a bearer that is not the provider's token; without HEALTH_TOKEN, to none", () => {
    const config = { ...s.platform.config, healthToken: "the-providers-token-of-32-chars!" };
    expect(providerAsks(config, "Bearer the-providers-token-of-32-chars!")).toBe(true);
    expect(providerAsks(config, "Bearer the-providers-token-of-32-chars")).toBe(false);
    expect(providerAsks(config, "the-providers-token-of-32-chars!")).toBe(false);
    expect(providerAsks(config, undefined)).toBe(false);
    expect(providerAsks({ ...config, healthToken: undefined }, "Bearer ")).toBe(false);
  });
});
