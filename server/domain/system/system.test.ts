// GET /api/health: what a load balancer and an operator check first.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DatabaseSync } from "node:sqlite";
import { call, startServer, type TestServer } from "../../../tests/fixtures/harness.ts";
import { VERSION } from "../../platform.ts";

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
});
