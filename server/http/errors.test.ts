// The error envelope, request ids, translated messages and the SystemLog rows of failures, over HTTP
// against a real server. A real 500 comes from routes added to an app built the way server/main.ts builds
// it: the failing handler is real code, only its purpose is a test's.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, createTenant, signIn, startServer, type TestServer } from "../../tests/fixtures/harness.ts";
import { createApp } from "../app.ts";
import { authenticate } from "./middleware.ts";
import { sql } from "drizzle-orm";
import { controlSystemLog } from "../tenancy/schema.ts";
import { SYSTEM_LOG_SAME_PER_MINUTE } from "../domain/logs/system_log/service.ts";
import { type Language, languages, translate } from "../../shared/i18n/api/mod.ts";
import type { Tenant } from "../tenancy/registry.ts";

let s: TestServer;
let tenant: Tenant;
let token: string;
let failing: TestServer;
let server: Deno.HttpServer;

beforeAll(async () => {
  s = await startServer({ machineName: "test-machine-7" });
  tenant = await createTenant(s, "errs");
  token = (await signIn(s, "errs-admin")).token;

  const app = createApp(s.platform);
  app.get("/api/test-boom", async () => {
    await new Promise((r) => setTimeout(r, 30));
    throw new Error("boom: secret detail /etc/passwd");
  });
  app.get("/api/test-flood", () => {
    throw new Error("the same failure again");
  });
  app.get("/api/test-tenant-boom", authenticate(s.platform), () => {
    throw new TypeError("tenant boom");
  });
  // Writes no rule checked first, which the database refuses: a delete a link forbids, a taken value.
  app.get("/api/test-refused/:what", authenticate(s.platform), async (c) => {
    const ctx = c.get("ctx");
    await ctx.conn.transaction(async (tx) => {
      await tx.run(sql`INSERT INTO tags (id, name, created_at, updated_at) VALUES (900, 'T900', 'x', 'x')`);
      await tx.run(sql`INSERT INTO tags (id, name, created_at, updated_at) VALUES (901, 'T901', 'x', 'x')`);
      await tx.run(sql`INSERT INTO companies (id, short_name, key_role, created_at, updated_at)
        VALUES (900, 'C900', 'other', 'x', 'x')`);
      await tx.run(sql`INSERT INTO company_tags (company_id, tag_id) VALUES (900, 900)`);
      if (c.req.param("what") === "linked") await tx.run(sql`DELETE FROM tags WHERE id = 900`);
      else {await tx.run(sql`INSERT INTO storage_spaces (label, barcode, path, created_at, updated_at)
        VALUES ('SAME', 'SAME', 'SAME', 'x', 'x'), ('SAME', 'SAME', 'SAME', 'x', 'x')`);}
    });
    return c.json({});
  });
  server = Deno.serve(
    { hostname: "127.0.0.1", port: 0, onListen: () => {} },
    (req, info) => app.fetch(req, { remoteAddr: info.remoteAddr as Deno.NetAddr }),
  );
  failing = { ...s, baseUrl: `http://127.0.0.1:${(server.addr as Deno.NetAddr).port}` };
});
afterAll(async () => {
  await server?.shutdown();
  await s?.close();
});

describe("the error envelope", () => {
  it("answers an unknown /api path with 404 route.notFound as JSON, never HTML", async () => {
    // (Paths outside /api belong to the web application: its missing page, tests/integration/web.test.ts.)
    for (const path of ["/api/NoSuchThing", "/api/User/1/extra/segments", "/api"]) {
      const r = await call(s, "GET", path);
      expect(r.status, path).toBe(404);
      expect(r.headers.get("content-type"), path).toMatch(/^application\/json/);
      expect(r.body.error.code, path).toBe("route.notFound");
      expect(r.body.error.message, path).toBe(translate("en-us", "route.notFound"));
    }
  });

  it("answers a known path with the wrong method with 405 method.notAllowed", async () => {
    const r = await call(s, "PATCH", "/api/ClientAccount");
    expect([r.status, r.body.error.code]).toEqual([405, "method.notAllowed"]);
    const withParam = await call(s, "POST", "/api/User/12");
    expect([withParam.status, withParam.body.error.code]).toEqual([405, "method.notAllowed"]);
  });

  it("answers a body that is not JSON with 400 request.badQuery", async () => {
    const res = await fetch(`${s.baseUrl}/api/Auth`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{not json",
    });
    const body = await res.json();
    expect([res.status, body.error.code]).toEqual([400, "request.badQuery"]);
    expect(body.error.message).toContain("not valid JSON");
  });

  it("has code, message and requestId; fields only where a field is wrong", async () => {
    const r = await call(s, "POST", "/api/Auth", { body: { username: "x" } });
    expect(r.status).toBe(400);
    expect(Object.keys(r.body)).toEqual(["error"]);
    expect(r.body.error).toMatchObject({
      code: "validation.failed",
      message: translate("en-us", "validation.failed"),
      fields: { password: ["validation.required"] },
      requestId: r.headers.get("x-request-id"),
    });
    const missing = await call(s, "GET", "/api/ClientAccount");
    expect(Object.keys(missing.body.error).sort()).toEqual(["code", "message", "requestId"]);
  });
});

describe("X-Request-Id", () => {
  it("echoes the caller's id on success and on error", async () => {
    const ok = await call(s, "GET", "/api/health", { headers: { "x-request-id": "client-req.42:a" } });
    expect(ok.headers.get("x-request-id")).toBe("client-req.42:a");
    const err = await call(s, "GET", "/api/nowhere", { headers: { "x-request-id": "client-req-43" } });
    expect(err.headers.get("x-request-id")).toBe("client-req-43");
    expect(err.body.error.requestId).toBe("client-req-43");
  });

  it("makes a new one when none or a malformed one is sent", async () => {
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
    const a = await call(s, "GET", "/api/health");
    const b = await call(s, "GET", "/api/health");
    expect(a.headers.get("x-request-id")).toMatch(uuid);
    expect(b.headers.get("x-request-id")).toMatch(uuid);
    expect(a.headers.get("x-request-id")).not.toBe(b.headers.get("x-request-id"));
    for (const bad of ["has space", "x".repeat(129), "<script>", "semi;colon"]) {
      const r = await call(s, "GET", "/api/nowhere", { headers: { "x-request-id": bad } });
      expect(r.headers.get("x-request-id"), bad).toMatch(uuid);
      expect(r.body.error.requestId).toBe(r.headers.get("x-request-id"));
    }
  });
});

describe("a write the database refuses", () => {
  it("is a 409 in the contract's words, not a 500, and writes nothing of its transaction", async () => {
    const linked = await call(failing, "GET", "/api/test-refused/linked", { token });
    expect([linked.status, linked.body.error.code, linked.body.error.params]).toEqual([
      409,
      "record.foreignKey",
      { variant: "general" },
    ]);
    const taken = await call(failing, "GET", "/api/test-refused/taken", { token });
    expect([taken.status, taken.body.error.code]).toEqual([409, "record.uniqueConflict"]);
    // Both transactions rolled back: the tags they added are not there.
    const tag = await call(s, "GET", "/api/Tags/900", { token });
    expect(tag.status).toBe(404);
    const log = await call(
      s,
      "GET",
      "/api/SystemLog?BasicFiltersSerialized=" +
        encodeURIComponent(
          JSON.stringify([{ field: "source", operator: "contains", value: "test-refused" }]),
        ),
      {
        token,
      },
    );
    expect(log.body.allFilteredRowCount).toBe(0);
  });
});

describe("a flood of one failure", () => {
  it("writes a few rows a minute to the log, not one per call", async () => {
    const rows = async () =>
      (await s.platform.control.db.select().from(controlSystemLog))
        .filter((r) => r.source === "GET /api/test-flood").length;
    for (let i = 0; i < 40; i++) {
      expect((await call(failing, "GET", "/api/test-flood")).status).toBe(500);
    }
    // A minute may turn during the calls: then two minutes' rows and the line saying how many were left.
    expect(await rows()).toBeGreaterThanOrEqual(SYSTEM_LOG_SAME_PER_MINUTE);
    expect(await rows()).toBeLessThanOrEqual(2 * SYSTEM_LOG_SAME_PER_MINUTE);
  });
});

describe("an unexpected failure", () => {
  it("answers 500 server.unknown with the request id and no internals", async () => {
    const r = await call(failing, "GET", "/api/test-boom", {
      headers: { "x-request-id": "boom-req-1", "user-agent": "errors-test/1.0" },
    });
    expect(r.status).toBe(500);
    expect(r.headers.get("x-request-id")).toBe("boom-req-1");
    expect(r.body.error.code).toBe("server.unknown");
    expect(r.body.error.requestId).toBe("boom-req-1");
    expect(r.body.error.message).toBe(translate("en-us", "server.unknown", { requestId: "boom-req-1" }));
    const text = JSON.stringify(r.body);
    expect(text).not.toContain("secret detail");
    expect(text).not.toMatch(/\bat .*\.ts:\d+/);
    expect(text).not.toContain("Error");
  });

  it("is written to the control database's SystemLog when no tenant is known", async () => {
    await call(failing, "GET", "/api/test-boom", {
      headers: { "x-request-id": "boom-req-2", "user-agent": "errors-test/2.0" },
    });
    const rows = await s.platform.control.query("SELECT * FROM system_log WHERE request_id = ?", [
      "boom-req-2",
    ]);
    expect(rows).toHaveLength(1);
    const row = rows[0];
    expect(row).toMatchObject({
      level: "error",
      message: "boom: secret detail /etc/passwd",
      source: "GET /api/test-boom",
      machine_name: "test-machine-7",
      http_code: 500,
    });
    expect(String(row.exception)).toContain("Error: boom: secret detail");
    expect(String(row.exception)).toContain("errors.test.ts");
    expect(Number(row.elapsed_ms)).toBeGreaterThanOrEqual(25);
    expect(Math.abs(Date.parse(String(row.raise_date)) - Date.now())).toBeLessThan(60_000);
    expect(JSON.parse(String(row.properties))).toMatchObject({
      code: "server.unknown",
      userAgent: "errors-test/2.0",
    });
  });

  it("is written to the tenant's own SystemLog for a signed-in caller", async () => {
    const r = await call(failing, "GET", "/api/test-tenant-boom", {
      token,
      headers: { "x-request-id": "boom-req-3", "accept-language": "fr-FR" },
    });
    expect([r.status, r.body.error.code]).toEqual([500, "server.unknown"]);
    expect(r.body.error.message).toBe(translate("fr-fr", "server.unknown", { requestId: "boom-req-3" }));
    const rows = await s.platform.pool.use(
      tenant.dbUrl,
      (conn) => conn.query("SELECT * FROM system_log WHERE request_id = ?", ["boom-req-3"]),
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      level: "error",
      message: "tenant boom",
      source: "GET /api/test-tenant-boom",
      machine_name: "test-machine-7",
      http_code: 500,
    });
    expect(String(rows[0].exception)).toContain("TypeError: tenant boom");
    const inControl = await s.platform.control.query("SELECT * FROM system_log WHERE request_id = ?", [
      "boom-req-3",
    ]);
    expect(inControl).toHaveLength(0);
  });

  it("is kept in the control database's SystemLog when the tenant's log cannot be written", async () => {
    const broken = await createTenant(s, "errs-broken");
    const brokenToken = (await signIn(s, "errs-broken-admin")).token;
    await s.platform.pool.use(broken.dbUrl, (conn) => conn.query("DROP TABLE system_log"));
    const r = await call(failing, "GET", "/api/test-tenant-boom", {
      token: brokenToken,
      headers: { "x-request-id": "boom-req-4" },
    });
    expect([r.status, r.body.error.code]).toEqual([500, "server.unknown"]);
    const rows = await s.platform.control.query("SELECT * FROM system_log WHERE request_id = ?", [
      "boom-req-4",
    ]);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ message: "tenant boom", http_code: 500 });
    expect(JSON.parse(String(rows[0].properties))).toMatchObject({
      code: "server.unknown",
      tenantId: broken.id,
    });
  });

  it("does not log expected errors", async () => {
    await call(s, "GET", "/api/nowhere", { headers: { "x-request-id": "not-a-failure" } });
    await call(s, "GET", "/api/ClientAccount", { headers: { "x-request-id": "not-a-failure" } });
    const rows = await s.platform.control.query("SELECT * FROM system_log WHERE request_id = ?", [
      "not-a-failure",
    ]);
    expect(rows).toHaveLength(0);
  });
});

describe("messages in the caller's language", () => {
  const cases: Array<[string, Language]> = [
    ["pl-PL,pl;q=0.9", "pl-pl"],
    ["de", "de-de"],
    ["fr-CA", "fr-fr"],
    ["es-ES", "es-es"],
    ["ru", "ru-ru"],
    ["en-GB", "en-us"],
    ["ja-JP", "en-us"],
    ["ja, de;q=0.5", "de-de"],
    ["", "en-us"],
  ];

  it.each(cases)("Accept-Language %j answers in %s", async (header, lang) => {
    const headers = header ? { "accept-language": header } : undefined;
    const r = await call(s, "GET", "/api/NoSuchThing", { headers });
    expect(r.body.error.code).toBe("route.notFound");
    expect(r.body.error.message).toBe(translate(lang, "route.notFound"));
    const v = await call(s, "POST", "/api/Auth", { body: {}, headers });
    expect(v.body.error.message).toBe(translate(lang, "validation.failed"));
  });

  it("has a distinct text in each of the six languages", async () => {
    const messages = new Set<string>();
    for (const lang of languages) {
      const r = await call(s, "GET", "/api/NoSuchThing", { headers: { "accept-language": lang } });
      messages.add(r.body.error.message);
    }
    expect(messages.size).toBe(6);
  });
});

describe("a path in the logs", () => {
  it("leaves out a calendar feed's secret and keeps every other path as it is", async () => {
    const { loggablePath } = await import("./errors.ts");
    expect(loggablePath("/api/Calendar/feed/12-AbCdEf_gh-ijklmnopqrstuvwxyz0123456789ABCDEFG.ics"))
      .toBe("/api/Calendar/feed/…");
    expect(loggablePath("/api/calendar/FEED/3-x.ics")).toBe("/api/calendar/FEED/…");
    expect(loggablePath("/api/Calendar/feed")).toBe("/api/Calendar/feed");
    expect(loggablePath("/api/WmsDocument/12")).toBe("/api/WmsDocument/12");
  });
});
