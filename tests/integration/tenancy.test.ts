// Tenant isolation: a token of tenant A reaches only A's database, whatever ids, headers or query
// parameters it is sent with. Also: API paths match case-insensitively.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { decodeJwt } from "jose";
import { addUser, call, createTenant, signIn, startServer, type TestServer } from "../fixtures/harness.ts";
import type { Tenant } from "../../server/tenancy/registry.ts";

let s: TestServer;
let alpha: Tenant;
let beta: Tenant;
let alphaToken: string;
let betaToken: string;
// deno-lint-ignore no-explicit-any
let betaUsers: any[];
/** Ids that exist in beta's database and not in alpha's. */
let betaOnlyIds: number[];
/** An id that exists in both databases, naming a different user in each. */
let sharedId: number;

beforeAll(async () => {
  s = await startServer();
  alpha = await createTenant(s, "alpha");
  beta = await createTenant(s, "beta");
  alphaToken = (await signIn(s, "alpha-admin")).token;
  betaToken = (await signIn(s, "beta-admin")).token;
  const alphaUser = await addUser(s, alphaToken, { username: "alpha-ann" });
  betaUsers = [];
  for (const name of ["beta-bob", "beta-bea", "beta-ben", "beta-bo"]) {
    betaUsers.push(await addUser(s, betaToken, { username: name, visibleName: name.toUpperCase() }));
  }
  sharedId = alphaUser.id;
  expect(betaUsers[0].id).toBe(sharedId);
  betaOnlyIds = betaUsers.slice(1).map((u) => u.id);
  expect(betaOnlyIds.every((id) => id > sharedId)).toBe(true);
});
afterAll(() => s.close());

async function usernames(
  token: string,
  path = "/api/User?PageSize=1000",
  headers: Record<string, string> = {},
) {
  const r = await call(s, "GET", path, { token, headers });
  expect(r.status).toBe(200);
  expect(r.body.allFilteredRowCount).toBe(r.body.results.length);
  return r.body.results.map((u: { username: string }) => u.username).sort();
}

function betaSnapshot() {
  return s.platform.pool.use(beta.dbUrl, async (conn) => ({
    users: await conn.query("SELECT * FROM users ORDER BY id"),
    log: await conn.query("SELECT id FROM record_log WHERE action <> 'loggedIn' ORDER BY id"),
  }));
}

describe("a tenant's token reaches only its own records", () => {
  it("each list shows only its own tenant's users", async () => {
    expect(await usernames(alphaToken)).toEqual(["alpha-admin", "alpha-ann"]);
    expect(await usernames(betaToken)).toEqual(["beta-admin", "beta-bea", "beta-ben", "beta-bo", "beta-bob"]);
    const search = encodeURIComponent(JSON.stringify([{ field: "*", operator: "contains", value: "beta" }]));
    expect(await usernames(alphaToken, `/api/User?BasicFiltersSerialized=${search}`)).toEqual([]);
  });

  it("GET of an id that exists only in another tenant is 404", async () => {
    for (const id of betaOnlyIds) {
      const r = await call(s, "GET", `/api/User/${id}`, { token: alphaToken });
      expect([id, r.status, r.body.error.code]).toEqual([id, 404, "record.notFoundOrNoPermission"]);
      expect((await call(s, "GET", `/api/User/${id}`, { token: betaToken })).status).toBe(200);
    }
  });

  it("the same id names each tenant's own user", async () => {
    const a = await call(s, "GET", `/api/User/${sharedId}`, { token: alphaToken });
    const b = await call(s, "GET", `/api/User/${sharedId}`, { token: betaToken });
    expect(a.body.username).toBe("alpha-ann");
    expect(b.body.username).toBe("beta-bob");
  });

  it("PUT and DELETE of another tenant's ids are 404 and change nothing there", async () => {
    const before = await betaSnapshot();
    for (const u of betaUsers.slice(1)) {
      const body = {
        id: u.id,
        version: u.version,
        username: u.username,
        email: u.email,
        visibleName: "Taken over",
        isSuperUser: true,
      };
      for (const path of ["/api/User", `/api/User/${u.id}`]) {
        const put = await call(s, "PUT", path, { token: alphaToken, body });
        expect([path, put.status, put.body.error.code]).toEqual([path, 404, "record.notFoundOrNoPermission"]);
      }
      const del = await call(s, "DELETE", `/api/User/${u.id}`, { token: alphaToken });
      expect([del.status, del.body.error.code]).toEqual([404, "record.notFoundOrNoPermission"]);
    }
    expect(await betaSnapshot()).toEqual(before);
    for (const u of betaUsers) {
      expect((await s.platform.registry.loginByUsername(u.username))?.tenantId).toBe(beta.id);
    }
  });

  it("editing the shared id from alpha edits alpha's user, never beta's", async () => {
    const before = await betaSnapshot();
    const a = (await call(s, "GET", `/api/User/${sharedId}`, { token: alphaToken })).body;
    const r = await call(s, "PUT", "/api/User", {
      token: alphaToken,
      body: { id: a.id, version: a.version, username: a.username, email: a.email, visibleName: "Ann A." },
    });
    expect(r.status).toBe(200);
    expect(r.body.username).toBe("alpha-ann");
    expect(await betaSnapshot()).toEqual(before);
  });
});

describe("the tenant comes only from the verified token", () => {
  const tries = (): [string, Record<string, string>][] => [
    [`/api/User?PageSize=1000&tid=${beta.id}`, {}],
    ["/api/User?PageSize=1000&tenant=beta", {}],
    ["/api/User?PageSize=1000", { "X-Tenant": "beta" }],
    ["/api/User?PageSize=1000", { "X-Tenant-Id": String(beta.id) }],
    ["/api/User?PageSize=1000", { Host: "beta.wms.test", "X-Forwarded-Host": "beta.wms.test" }],
  ];

  it("headers and query parameters naming another tenant change nothing", async () => {
    for (const [path, headers] of tries()) {
      expect(await usernames(alphaToken, path, headers)).toEqual(["alpha-admin", "alpha-ann"]);
    }
    for (const id of betaOnlyIds) {
      const r = await call(s, "GET", `/api/User/${id}?tid=${beta.id}`, {
        token: alphaToken,
        headers: { "X-Tenant": "beta", "X-Tenant-Id": String(beta.id) },
      });
      expect(r.status).toBe(404);
    }
  });

  it("a token whose tenant claim was edited is refused", async () => {
    const [header, payload, signature] = alphaToken.split(".");
    const claims = decodeJwt(alphaToken);
    expect(claims.tid).toBe(String(alpha.id));
    const forged = btoa(JSON.stringify({ ...claims, tid: String(beta.id) }))
      .replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
    expect(forged).not.toBe(payload);
    const r = await call(s, "GET", "/api/User", { token: [header, forged, signature].join(".") });
    expect(r.status).toBe(401);
    expect(r.body.error.code).toBe("auth.tokenInvalid");
  });
});

describe("paths are case-insensitive", () => {
  it("matches any case of the static segments", async () => {
    expect(await usernames(alphaToken, "/API/user?PageSize=1000")).toEqual(["alpha-admin", "alpha-ann"]);
    expect(await usernames(alphaToken, "/api/USER?PageSize=1000")).toEqual(["alpha-admin", "alpha-ann"]);
    const one = await call(s, "GET", "/api/USER/1", { token: alphaToken });
    expect(one.status).toBe(200);
    expect(one.body.username).toBe("alpha-admin");
    const viaMixed = await call(s, "GET", `/Api/uSeR/${sharedId}`, { token: alphaToken });
    expect(viaMixed.body.username).toBe("alpha-ann");
  });

  it("writes through any case too, and isolation holds there as well", async () => {
    const u = await addUser(s, alphaToken, { username: "alpha-case" });
    const put = await call(s, "PUT", `/API/USER/${u.id}`, {
      token: alphaToken,
      body: { id: u.id, version: u.version, username: u.username, email: u.email, visibleName: "Cased" },
    });
    expect([put.status, put.body.visibleName]).toEqual([200, "Cased"]);
    const betaOnly = betaOnlyIds.at(-1)!;
    expect(betaOnly).toBeGreaterThan(u.id);
    expect((await call(s, "GET", `/api/USER/${betaOnly}`, { token: alphaToken })).status).toBe(404);
    expect((await call(s, "DELETE", `/api/user/${betaOnly}`, { token: alphaToken })).status).toBe(404);
    expect((await call(s, "GET", `/api/User/${betaOnly}`, { token: betaToken })).status).toBe(200);
    expect((await call(s, "DELETE", `/aPi/UsEr/${u.id}`, { token: alphaToken })).status).toBe(204);
    expect((await call(s, "GET", `/api/User/${u.id}`, { token: alphaToken })).status).toBe(404);
  });

  it("an unknown path answers a JSON 404", async () => {
    const r = await call(s, "GET", "/api/Users", { token: alphaToken });
    expect(r.status).toBe(404);
    expect(r.body.error.code).toBe("route.notFound");
  });
});
