// RecordLog and SystemLog as read-only resources over HTTP against a real server and real SQLite files:
// administrators list and read them (old and new objects as parsed JSON), with filters and sorting; nobody
// adds, edits or deletes through the API; other roles and other tenants see nothing.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, type TestServer } from "../../fixtures/harness.ts";
import { masterCalls, type MasterWorld, startMasterWorld } from "./fixture.ts";

let w: MasterWorld;
let s: TestServer;
let admin: string;
let manager: string;
let basic: string;
let other: string;

beforeAll(async () => {
  w = await startMasterWorld();
  ({ s, admin, manager, basic, other } = w);
});
afterAll(() => w?.close());

const { filter, query: exec } = masterCalls(() => w);

describe("RecordLog", () => {
  it("lists a change with its old and new objects as JSON, filtered by resource and action", async () => {
    const added = await call(s, "POST", "/api/ProductGroup", { token: manager, body: { name: "Frozen" } });
    expect(added.status).toBe(201);
    const { id, version } = added.body;
    const edited = await call(s, "PUT", "/api/ProductGroup", {
      token: manager,
      body: { id, version, name: "Frozen food" },
    });
    expect(edited.status).toBe(200);

    const list = await call(
      s,
      "GET",
      "/api/RecordLog?" + filter([
        { field: "resourceType", operator: "eq", value: "ProductGroup" },
        { field: "resourceId", operator: "eq", value: id },
      ]),
      { token: admin },
    );
    expect(list.status).toBe(200);
    expect(list.body.allFilteredRowCount).toBe(2);
    // Newest first by default.
    const [changed, created] = list.body.results;
    expect(changed).toMatchObject({
      action: "changed",
      resourceType: "ProductGroup",
      resourceId: id,
      title: "Frozen food",
      userName: "alpha-manager",
    });
    expect(changed.oldObject).toEqual(added.body);
    expect(changed.newObject).toEqual(edited.body);
    expect(created).toMatchObject({ action: "created", oldObject: null, title: "Frozen" });
    expect(created.newObject).toEqual(added.body);
    expect(typeof changed.userId).toBe("number");
    expect(changed.createdAt >= created.createdAt).toBe(true);

    const one = await call(s, "GET", `/api/RecordLog/${changed.id}`, { token: admin });
    expect(one.status).toBe(200);
    expect(one.body).toEqual(changed);

    const onlyCreated = await call(
      s,
      "GET",
      "/api/RecordLog?" + filter([
        { field: "action", operator: "eq", value: "created" },
        { field: "resourceType", operator: "eq", value: "ProductGroup" },
      ]),
      { token: admin },
    );
    expect(onlyCreated.body.results.map((r: { action: string }) => r.action)).toEqual(["created"]);

    const byUser = await call(
      s,
      "GET",
      "/api/RecordLog?" + filter([{ field: "userName", operator: "eq", value: "alpha-manager" }]),
      { token: admin },
    );
    // The manager's sign-in, then the two changes; newest first.
    expect(byUser.body.results.map((r: { action: string }) => r.action)).toEqual([
      "changed",
      "created",
      "loggedIn",
    ]);
  });

  it("sorts by createdAt and id and filters createdAt by range; other columns are not sortable", async () => {
    const ascending = await call(s, "GET", "/api/RecordLog?sortColumn=id&PageSize=1000", { token: admin });
    const ids = ascending.body.results.map((r: { id: number }) => r.id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(ids.length).toBeGreaterThan(2);
    const byDate = await call(s, "GET", "/api/RecordLog?sortColumn=createdAt&sortDescending=true", {
      token: admin,
    });
    const dates = byDate.body.results.map((r: { createdAt: string }) => r.createdAt);
    expect(dates).toEqual([...dates].sort().reverse());
    const future = await call(
      s,
      "GET",
      "/api/RecordLog?" + filter([{ field: "createdAt", operator: "gt", value: "2999-01-01" }]),
      { token: admin },
    );
    expect(future.body).toEqual({ results: [], allFilteredRowCount: 0 });
    expect((await call(s, "GET", "/api/RecordLog?sortColumn=title", { token: admin })).status).toBe(400);
    const unfilterable = await call(
      s,
      "GET",
      "/api/RecordLog?" + filter([{ field: "oldObject", operator: "contains", value: "x" }]),
      { token: admin },
    );
    expect(unfilterable.status).toBe(400);
  });

  it("cannot be added, edited or deleted through the API, not even by an administrator", async () => {
    const [entry] = (await call(s, "GET", "/api/RecordLog", { token: admin })).body.results;
    const before = await exec("SELECT count(*) AS n FROM record_log");
    for (
      const [method, path, body] of [
        ["POST", "/api/RecordLog", { action: "created", resourceType: "X" }],
        ["PUT", "/api/RecordLog", { id: entry.id, version: 1, title: "forged" }],
        ["DELETE", `/api/RecordLog/${entry.id}`, undefined],
      ] as const
    ) {
      const r = await call(s, method, path, { token: admin, body });
      expect(r.status, `${method} ${path}`).toBe(405);
      expect(r.body.error.code).toBe("method.notAllowed");
    }
    expect(await exec("SELECT count(*) AS n FROM record_log")).toEqual(before);
    expect((await call(s, "GET", `/api/RecordLog/${entry.id}`, { token: admin })).body).toEqual(entry);
  });

  it("is published in the OpenAPI document with its two GETs only", async () => {
    const { body } = await call(s, "GET", "/api/openapi.json");
    expect(Object.keys(body.paths["/api/RecordLog"]).sort()).toEqual(["get"]);
    expect(Object.keys(body.paths["/api/RecordLog/{id}"]).sort()).toEqual(["get"]);
    expect(Object.keys(body.paths["/api/SystemLog/{id}"]).sort()).toEqual(["get"]);
  });

  it("is for administrators only, and of their own tenant", async () => {
    const [entry] = (await call(s, "GET", "/api/RecordLog", { token: admin })).body.results;
    for (const token of [manager, basic]) {
      const list = await call(s, "GET", "/api/RecordLog", { token });
      expect(list.status).toBe(403);
      expect(list.body.error.code).toBe("auth.forbidden");
      expect((await call(s, "GET", `/api/RecordLog/${entry.id}`, { token })).status).toBe(403);
    }
    // Another tenant's administrator reads their own log: nothing of alpha's in it.
    const same = await call(s, "GET", `/api/RecordLog/${entry.id}`, { token: other });
    if (same.status === 200) expect(same.body.userName ?? "").not.toMatch(/^alpha-/);
    else expect(same.status).toBe(404);
    const theirs = await call(s, "GET", "/api/RecordLog?PageSize=1000", { token: other });
    expect(theirs.body.allFilteredRowCount).toBeGreaterThan(0);
    expect(theirs.body.results.filter((r: { userName: string | null }) => r.userName?.startsWith("alpha-")))
      .toEqual([]);
    const groups = await call(
      s,
      "GET",
      "/api/RecordLog?" + filter([{ field: "resourceType", operator: "eq", value: "ProductGroup" }]),
      { token: other },
    );
    expect(groups.body).toEqual({ results: [], allFilteredRowCount: 0 });
  });
});

describe("SystemLog", () => {
  beforeAll(async () => {
    const row = "INSERT INTO system_log (level, message, exception, source, machine_name, http_code, " +
      "elapsed_ms, raise_date, properties, request_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)";
    await exec(row, [
      "error",
      "Database is locked",
      "Error: database is locked\n    at run",
      "http",
      "node-1",
      500,
      1234,
      "2026-01-02T10:00:00.000Z",
      JSON.stringify({ path: "/api/ProductGroup", method: "POST" }),
      "req-1",
    ]);
    await exec(row, [
      "warning",
      "Slow answer",
      null,
      "list",
      "node-2",
      200,
      4100,
      "2026-01-03T10:00:00.000Z",
      null,
      "req-2",
    ]);
    await exec(row, [
      "info",
      "Cache cleared",
      null,
      "system",
      "node-1",
      null,
      null,
      "2026-01-01T10:00:00.000Z",
      null,
      null,
    ]);
  });

  it("lists entries newest first with properties as JSON, filtered and sorted", async () => {
    const list = await call(s, "GET", "/api/SystemLog", { token: admin });
    expect(list.status).toBe(200);
    expect(list.body.results.map((r: { message: string }) => r.message)).toEqual([
      "Slow answer",
      "Database is locked",
      "Cache cleared",
    ]);
    const error = list.body.results[1];
    expect(error).toEqual({
      id: error.id,
      level: "error",
      message: "Database is locked",
      exception: "Error: database is locked\n    at run",
      source: "http",
      machineName: "node-1",
      httpCode: 500,
      elapsedMs: 1234,
      raiseDate: "2026-01-02T10:00:00.000Z",
      properties: { path: "/api/ProductGroup", method: "POST" },
      requestId: "req-1",
    });
    expect((await call(s, "GET", `/api/SystemLog/${error.id}`, { token: admin })).body).toEqual(error);

    const errors = await call(
      s,
      "GET",
      "/api/SystemLog?" + filter([{ field: "level", operator: "eq", value: "error" }]),
      { token: admin },
    );
    expect(errors.body.results.map((r: { requestId: string }) => r.requestId)).toEqual(["req-1"]);
    const byRequest = await call(
      s,
      "GET",
      "/api/SystemLog?" + filter([{ field: "requestId", operator: "eq", value: "req-2" }]),
      { token: admin },
    );
    expect(byRequest.body.results.map((r: { message: string }) => r.message)).toEqual(["Slow answer"]);
    const slowest = await call(s, "GET", "/api/SystemLog?sortColumn=elapsedMs&sortDescending=true", {
      token: admin,
    });
    expect(slowest.body.results.map((r: { elapsedMs: number | null }) => r.elapsedMs)[0]).toBe(4100);
    const search = await call(
      s,
      "GET",
      "/api/SystemLog?" + filter([{ field: "*", operator: "contains", value: "LOCKED" }]),
      { token: admin },
    );
    expect(search.body.allFilteredRowCount).toBe(1);
  });

  it("is read-only and for administrators of the tenant only", async () => {
    const [entry] = (await call(s, "GET", "/api/SystemLog", { token: admin })).body.results;
    expect((await call(s, "DELETE", `/api/SystemLog/${entry.id}`, { token: admin })).status).toBe(405);
    expect(
      (await call(s, "POST", "/api/SystemLog", { token: admin, body: { level: "info", message: "x" } }))
        .status,
    ).toBe(405);
    expect((await call(s, "GET", `/api/SystemLog/${entry.id}`, { token: admin })).status).toBe(200);
    for (const token of [manager, basic]) {
      expect((await call(s, "GET", "/api/SystemLog", { token })).status).toBe(403);
      expect((await call(s, "GET", `/api/SystemLog/${entry.id}`, { token })).status).toBe(403);
    }
    expect((await call(s, "GET", "/api/SystemLog", { token: other })).body).toEqual({
      results: [],
      allFilteredRowCount: 0,
    });
    // The cache-clearing call keeps its own path beside the resource's.
    expect((await call(s, "GET", "/api/systemlog/clearcache", { token: admin })).status).not.toBe(400);
  });
});
