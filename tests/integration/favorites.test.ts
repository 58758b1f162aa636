// The FavoriteAction resource over HTTP: each user keeps their own menu shortcuts. Add, read, list, edit
// with an optimistic version and delete; another user's or another tenant's favorite is a plain 404;
// the RecordLog row goes with every change; the shape rules (title required, link an application path).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addUser, call, createTenant, signIn, startServer, type TestServer } from "../fixtures/harness.ts";
import type { Tenant } from "../../server/tenancy/registry.ts";

let s: TestServer;
let acme: Tenant;
let beta: Tenant;
let adminToken: string;
let adminId: number;
let basicToken: string;
let basicId: number;
let betaToken: string;

beforeAll(async () => {
  s = await startServer({ loginLimitPerUser: 1000, loginLimitPerIp: 10_000 });
  acme = await createTenant(s, "acme");
  beta = await createTenant(s, "beta");
  const admin = await signIn(s, "acme-admin");
  adminToken = admin.token;
  adminId = admin.user.id;
  basicId = (await addUser(s, adminToken, { username: "acme-basic" })).id;
  basicToken = (await signIn(s, "acme-basic")).token;
  betaToken = (await signIn(s, "beta-admin")).token;
});
afterAll(() => s.close());

function query(tenant: Tenant, sql: string, params: unknown[] = []) {
  return s.platform.pool.use(tenant.dbUrl, (conn) => conn.query(sql, params));
}

async function add(token: string, body: Record<string, unknown>) {
  const r = await call(s, "POST", "/api/FavoriteAction", { token, body });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body;
}

/** The edit form's body: the record as read, with changes. */
// deno-lint-ignore no-explicit-any
function edit(fav: any, changes: Record<string, unknown> = {}) {
  const { createdAt: _c, updatedAt: _u, ...rest } = fav;
  return { ...rest, ...changes };
}

describe("a user's own favorites", () => {
  it("adds one: 201 with the stored record; fields the caller may not set are ignored", async () => {
    const r = await call(s, "POST", "/api/FavoriteAction", {
      token: adminToken,
      body: {
        title: "  Open orders  ",
        link: "/warehouse-orders",
        parameters: { tab: "open" },
        colour: "#1E88E5",
        description: "Orders to pick today",
        id: 9999,
        userId: basicId,
        version: 7,
        createdAt: "2000-01-01T00:00:00.000Z",
      },
    });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({
      title: "Open orders",
      link: "/warehouse-orders",
      parameters: { tab: "open" },
      colour: "#1e88e5",
      description: "Orders to pick today",
      version: 1,
    });
    expect(r.body.id).not.toBe(9999);
    expect(r.body).not.toHaveProperty("userId");
    expect(Date.now() - new Date(r.body.createdAt).getTime()).toBeLessThan(60_000);
    const [stored] = await query(acme, "SELECT user_id, parameters FROM favorite_actions WHERE id = ?", [
      r.body.id,
    ]);
    expect(stored).toEqual({ user_id: adminId, parameters: '{"tab":"open"}' });

    const got = await call(s, "GET", `/api/FavoriteAction/${r.body.id}`, { token: adminToken });
    expect(got.status).toBe(200);
    expect(got.body).toEqual(r.body);
  });

  it("optional fields may be left out or emptied: no colour, no description, no parameters", async () => {
    const fav = await add(basicToken, { title: "Stock", link: "/warehouse-product-stock", colour: "" });
    expect(fav).toMatchObject({ colour: null, description: null, parameters: {} });
  });

  it("lists only the caller's own favorites, in title order, with the generic list's filters", async () => {
    await add(adminToken, { title: "Users", link: "/users" });
    await add(adminToken, { title: "Companies", link: "/companies", description: "business partners" });
    const r = await call(s, "GET", "/api/FavoriteAction?PageSize=1000", { token: adminToken });
    expect(r.status).toBe(200);
    const titles = r.body.results.map((f: { title: string }) => f.title);
    expect(titles).toEqual(["Companies", "Open orders", "Users"]);
    expect(r.body.allFilteredRowCount).toBe(3);

    const mine = await call(s, "GET", "/api/FavoriteAction", { token: basicToken });
    expect(mine.body.results.map((f: { title: string }) => f.title)).toEqual(["Stock"]);

    const search = encodeURIComponent(
      JSON.stringify([{ field: "*", operator: "contains", value: "PARTNER" }]),
    );
    const found = await call(s, "GET", `/api/FavoriteAction?BasicFiltersSerialized=${search}`, {
      token: adminToken,
    });
    expect(found.body.results.map((f: { title: string }) => f.title)).toEqual(["Companies"]);

    const desc = await call(s, "GET", "/api/FavoriteAction?sortColumn=link&sortDescending=true&PageSize=2", {
      token: adminToken,
    });
    expect(desc.body.results.map((f: { link: string }) => f.link)).toEqual(["/warehouse-orders", "/users"]);
    expect(desc.body.allFilteredRowCount).toBe(3);

    const badSort = await call(s, "GET", "/api/FavoriteAction?sortColumn=userId", { token: adminToken });
    expect(badSort.status).toBe(400);
    const byOwner = encodeURIComponent(JSON.stringify([{ field: "userId", operator: "eq", value: basicId }]));
    const badFilter = await call(s, "GET", `/api/FavoriteAction?BasicFiltersSerialized=${byOwner}`, {
      token: adminToken,
    });
    expect(badFilter.status).toBe(400);
  });

  it("edits with the current version, bumping it; a stale version is 409 and changes nothing", async () => {
    const fav = await add(adminToken, { title: "Docs", link: "/warehouse-documents", colour: "#43a047" });
    const first = await call(s, "PUT", "/api/FavoriteAction", {
      token: adminToken,
      body: edit(fav, { title: "Documents", parameters: { status: "workingCopy" }, colour: null }),
    });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      id: fav.id,
      title: "Documents",
      parameters: { status: "workingCopy" },
      colour: null,
      version: 2,
    });
    expect(first.body.createdAt).toBe(fav.createdAt);

    const stale = await call(s, "PUT", "/api/FavoriteAction", {
      token: adminToken,
      body: edit(fav, { title: "Lost edit" }),
    });
    expect(stale.status).toBe(409);
    expect(stale.body.error.code).toBe("record.changedByAnotherUser");
    const now = await call(s, "GET", `/api/FavoriteAction/${fav.id}`, { token: adminToken });
    expect(now.body).toEqual(first.body);
  });

  it("deletes: 204, then 404 on read and on a second delete", async () => {
    const fav = await add(adminToken, { title: "Short-lived", link: "/tags" });
    const del = await call(s, "DELETE", `/api/FavoriteAction/${fav.id}`, { token: adminToken });
    expect(del.status).toBe(204);
    for (
      const [method, path] of [["GET", `/api/FavoriteAction/${fav.id}`], [
        "DELETE",
        `/api/FavoriteAction/${fav.id}`,
      ]]
    ) {
      const r = await call(s, method, path, { token: adminToken });
      expect(r.status).toBe(404);
      expect(r.body.error.code).toBe("record.notFoundOrNoPermission");
    }
    expect(await query(acme, "SELECT id FROM favorite_actions WHERE id = ?", [fav.id])).toEqual([]);
  });

  it("writes a RecordLog entry with each add, edit and delete, in the acting user's name", async () => {
    const fav = await add(basicToken, { title: "Logged", link: "/contacts" });
    const edited = await call(s, "PUT", "/api/FavoriteAction", {
      token: basicToken,
      body: edit(fav, { title: "Logged again" }),
    });
    expect(edited.status).toBe(200);
    expect((await call(s, "DELETE", `/api/FavoriteAction/${fav.id}`, { token: basicToken })).status).toBe(
      204,
    );
    const log = await query(
      acme,
      `SELECT action, title, old_object, new_object, user_id, user_name FROM record_log
        WHERE resource_type = 'FavoriteAction' AND resource_id = ? ORDER BY id`,
      [fav.id],
    );
    expect(log.map((l) => [l.action, l.title, l.user_id, l.user_name])).toEqual([
      ["created", "Logged", basicId, "acme-basic"],
      ["changed", "Logged again", basicId, "acme-basic"],
      ["deleted", "Logged again", basicId, "acme-basic"],
    ]);
    expect(log[0].old_object).toBeNull();
    expect(JSON.parse(log[0].new_object as string)).toMatchObject({ id: fav.id, link: "/contacts" });
    expect(JSON.parse(log[1].old_object as string)).toMatchObject({ title: "Logged", version: 1 });
    expect(JSON.parse(log[1].new_object as string)).toMatchObject({ title: "Logged again", version: 2 });
    expect(log[2].new_object).toBeNull();
  });
});

describe("nobody reaches another's favorites", () => {
  it("another user of the same tenant, even an administrator, gets 404 for every verb and changes nothing", async () => {
    const fav = await add(basicToken, { title: "Private", link: "/products" });
    const before = await query(acme, "SELECT * FROM favorite_actions WHERE id = ?", [fav.id]);
    const logBefore = await query(acme, "SELECT count(*) AS n FROM record_log");
    const attempts: Array<[string, string, unknown]> = [
      ["GET", `/api/FavoriteAction/${fav.id}`, undefined],
      ["PUT", "/api/FavoriteAction", edit(fav, { title: "Taken over" })],
      ["DELETE", `/api/FavoriteAction/${fav.id}`, undefined],
    ];
    for (const [method, path, body] of attempts) {
      const r = await call(s, method, path, { token: adminToken, body });
      expect(r.status, `${method} ${path}`).toBe(404);
      expect(r.body.error.code).toBe("record.notFoundOrNoPermission");
    }
    const list = await call(s, "GET", "/api/FavoriteAction?PageSize=1000", { token: adminToken });
    expect(list.body.results.map((f: { id: number }) => f.id)).not.toContain(fav.id);
    expect(await query(acme, "SELECT * FROM favorite_actions WHERE id = ?", [fav.id])).toEqual(before);
    expect(await query(acme, "SELECT count(*) AS n FROM record_log")).toEqual(logBefore);
  });

  it("another tenant's token finds nothing by id, and its own favorite with the same id is its own", async () => {
    const acmeFav = await add(adminToken, { title: "Acme only", link: "/users" });
    let betaFav = await add(betaToken, { title: "Beta first", link: "/companies" });
    while (betaFav.id < acmeFav.id) betaFav = await add(betaToken, { title: "Beta filler", link: "/tags" });
    const sameId = await call(s, "GET", `/api/FavoriteAction/${acmeFav.id}`, { token: betaToken });
    expect(sameId.status).toBe(200);
    expect(sameId.body.title).not.toBe("Acme only");
    const further = await call(s, "GET", `/api/FavoriteAction/${betaFav.id + 1}`, { token: betaToken });
    expect(further.status).toBe(404);
    const put = await call(s, "PUT", "/api/FavoriteAction", {
      token: betaToken,
      body: edit(acmeFav, { id: betaFav.id + 1, title: "Hijack" }),
    });
    expect(put.status).toBe(404);
    const betaTitles = (await call(s, "GET", "/api/FavoriteAction?PageSize=1000", { token: betaToken })).body
      .results.map((f: { title: string }) => f.title);
    expect(betaTitles).not.toContain("Acme only");
    expect(await query(beta, "SELECT count(*) AS n FROM favorite_actions WHERE title = 'Acme only'")).toEqual(
      [
        { n: 0 },
      ],
    );
  });

  it("needs a signed-in user", async () => {
    const r = await call(s, "GET", "/api/FavoriteAction");
    expect(r.status).toBe(401);
    const p = await call(s, "POST", "/api/FavoriteAction", { body: { title: "x", link: "/x" } });
    expect(p.status).toBe(401);
  });

  it("a deleted user's favorites go with them", async () => {
    const u = await addUser(s, adminToken, { username: "acme-leaver" });
    const token = (await signIn(s, "acme-leaver")).token;
    await add(token, { title: "Mine", link: "/users" });
    expect(await query(acme, "SELECT count(*) AS n FROM favorite_actions WHERE user_id = ?", [u.id])).toEqual(
      [
        { n: 1 },
      ],
    );
    expect((await call(s, "DELETE", `/api/User/${u.id}`, { token: adminToken })).status).toBe(204);
    expect(await query(acme, "SELECT count(*) AS n FROM favorite_actions WHERE user_id = ?", [u.id])).toEqual(
      [
        { n: 0 },
      ],
    );
  });
});

describe("shape rules", () => {
  const cases: Array<[string, Record<string, unknown>, Record<string, string[]>]> = [
    ["title missing", { link: "/users" }, { title: ["validation.required"] }],
    ["title blank", { title: "   ", link: "/users" }, { title: ["validation.required"] }],
    ["title too long", { title: "x".repeat(101), link: "/users" }, { title: ["validation.tooLong"] }],
    ["link missing", { title: "Users" }, { link: ["validation.required"] }],
    ["link empty", { title: "Users", link: "" }, { link: ["validation.required"] }],
    ["link without a leading slash", { title: "Users", link: "users" }, {
      link: ["validation.invalidValue"],
    }],
    ["link to another site", { title: "Evil", link: "https://evil.example/" }, {
      link: ["validation.invalidValue"],
    }],
    ["protocol-relative link", { title: "Evil", link: "//evil.example/x" }, {
      link: ["validation.invalidValue"],
    }],
    ["link with a query (that is parameters)", { title: "Q", link: "/users?x=1" }, {
      link: ["validation.invalidValue"],
    }],
    ["link with a space", { title: "S", link: "/my users" }, { link: ["validation.invalidValue"] }],
    ["colour not #rrggbb", { title: "C", link: "/users", colour: "blue" }, {
      colour: ["validation.invalidValue"],
    }],
    ["too many parameters", {
      title: "P",
      link: "/users",
      parameters: Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`p${i}`, "1"])),
    }, { parameters: ["validation.tooLong"] }],
    ["description too long", { title: "D", link: "/users", description: "d".repeat(501) }, {
      description: ["validation.tooLong"],
    }],
  ];
  for (const [name, body, fields] of cases) {
    it(`refuses ${name} with 400 validation.failed and the field's code`, async () => {
      const before = await query(acme, "SELECT count(*) AS n FROM favorite_actions");
      const r = await call(s, "POST", "/api/FavoriteAction", { token: adminToken, body });
      expect(r.status).toBe(400);
      expect(r.body.error.code).toBe("validation.failed");
      expect(r.body.error.fields).toEqual(fields);
      expect(await query(acme, "SELECT count(*) AS n FROM favorite_actions")).toEqual(before);
    });
  }

  it("refuses a parameter value that is not text, naming that parameter", async () => {
    const r = await call(s, "POST", "/api/FavoriteAction", {
      token: adminToken,
      body: { title: "P", link: "/users", parameters: { page: 2 } },
    });
    expect(r.status).toBe(400);
    expect(r.body.error.code).toBe("validation.failed");
    expect(Object.keys(r.body.error.fields)).toEqual(["parameters.page"]);
  });

  it("checks an edit by the same rules and needs its id and version", async () => {
    const fav = await add(adminToken, { title: "Rules", link: "/users" });
    const r = await call(s, "PUT", "/api/FavoriteAction", {
      token: adminToken,
      body: { title: "", link: "users" },
    });
    expect(r.status).toBe(400);
    expect(r.body.error.fields).toEqual({
      id: ["validation.required"],
      version: ["validation.required"],
      title: ["validation.required"],
      link: ["validation.invalidValue"],
    });
    const unchanged = await call(s, "GET", `/api/FavoriteAction/${fav.id}`, { token: adminToken });
    expect(unchanged.body).toEqual(fav);
  });
});
