// The resource engine through one configured resource (ProductGroup): list, get, add, edit with the
// version check, delete, the RecordLog entry of each change, uniqueness, links that must exist, role rules
// and tenant isolation, all over HTTP against a real server and real SQLite files.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, type TestServer } from "../../fixtures/harness.ts";
import { masterCalls, type MasterWorld, startMasterWorld } from "./fixture.ts";

let w: MasterWorld;
let s: TestServer;
let admin: string;
let manager: string;
let basic: string;
let other: string;
let basicId: number;

beforeAll(async () => {
  w = await startMasterWorld();
  ({ s, admin, manager, basic, other, basicId } = w);
});
afterAll(() => w?.close());

const add = (token: string, body: Record<string, unknown>) =>
  call(s, "POST", "/api/ProductGroup", { token, body });

const { query } = masterCalls(() => w);

describe("ProductGroup through the resource engine", () => {
  it("adds, reads, edits and deletes, each change with its RecordLog entry in the same transaction", async () => {
    const created = await add(manager, {
      name: "  Frozen food ",
      colour: "#00AAFF",
      assignedUserId: basicId,
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: "Frozen food", colour: "#00aaff", icon: null, version: 1 });
    const id = created.body.id;

    const got = await call(s, "GET", `/api/ProductGroup/${id}`, { token: basic });
    expect(got.status).toBe(200);
    expect(got.body).toEqual(created.body);

    const edited = await call(s, "PUT", "/api/ProductGroup", {
      token: manager,
      body: { id, version: 1, name: "Frozen", colour: "", assignedUserId: null },
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ name: "Frozen", colour: null, assignedUserId: null, version: 2 });

    // The same version again: someone else's edit would be lost, so it is refused.
    const stale = await call(s, "PUT", "/api/ProductGroup", {
      token: admin,
      body: { id, version: 1, name: "Lost" },
    });
    expect(stale.status).toBe(409);
    expect(stale.body.error.code).toBe("record.changedByAnotherUser");

    expect((await call(s, "DELETE", `/api/ProductGroup/${id}`, { token: manager })).status).toBe(204);
    expect((await call(s, "GET", `/api/ProductGroup/${id}`, { token: admin })).status).toBe(404);
    const again = await call(s, "DELETE", `/api/ProductGroup/${id}`, { token: manager });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe("record.alreadyRemoved");

    const entries = await query(
      "SELECT action, title, old_object, new_object, user_name FROM record_log " +
        "WHERE resource_type = 'ProductGroup' AND resource_id = ? ORDER BY id",
      [id],
    ) as {
      action: string;
      title: string;
      old_object: string | null;
      new_object: string | null;
      user_name: string;
    }[];
    expect(entries.map((e) => e.action)).toEqual(["created", "changed", "deleted"]);
    expect(entries.map((e) => e.user_name)).toEqual(["alpha-manager", "alpha-manager", "alpha-manager"]);
    expect(JSON.parse(entries[0].new_object!).name).toBe("Frozen food");
    expect(JSON.parse(entries[1].old_object!).name).toBe("Frozen food");
    expect(JSON.parse(entries[1].new_object!).name).toBe("Frozen");
    expect(JSON.parse(entries[2].old_object!).name).toBe("Frozen");
    expect(entries[2].title).toBe("Frozen");
  });

  it("refuses a name that exists in another letter case and writes nothing", async () => {
    expect((await add(admin, { name: "Dairy" })).status).toBe(201);
    const before = await query("SELECT count(*) AS n FROM record_log");
    const clash = await add(admin, { name: "DAIRY" });
    expect(clash.status).toBe(409);
    expect(clash.body.error.code).toBe("record.uniqueConflict");
    expect(clash.body.error.fields).toEqual({ name: ["validation.mustBeUnique"] });
    expect(await query("SELECT count(*) AS n FROM record_log")).toEqual(before);
    // Editing a record without changing its name is no clash with itself.
    const [{ id, version }] = (await call(
      s,
      "GET",
      "/api/ProductGroup?BasicFiltersSerialized=" +
        encodeURIComponent(JSON.stringify([{ field: "name", operator: "eq", value: "Dairy" }])),
      { token: admin },
    ))
      .body.results;
    const same = await call(s, "PUT", "/api/ProductGroup", {
      token: admin,
      body: { id, version, name: "Dairy", icon: "milk" },
    });
    expect(same.status).toBe(200);
  });

  it("refuses a link to a record that does not exist, naming the field", async () => {
    const r = await add(admin, { name: "Orphan", assignedUserId: 999_999 });
    expect(r.status).toBe(400);
    expect(r.body.error.fields).toEqual({ assignedUserId: ["validation.invalidValue"] });
    const bad = await add(admin, { name: "Bad colour", colour: "blue" });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toEqual({ colour: ["validation.invalidValue"] });
  });

  it("lets basic users read but not write; a write answers as a missing record", async () => {
    const r = await add(basic, { name: "Not allowed" });
    expect(r.status).toBe(404);
    expect(r.body.error.code).toBe("record.notFoundOrNoPermission");
    const [{ id, version }] = (await call(s, "GET", "/api/ProductGroup", { token: basic })).body.results;
    expect(
      (await call(s, "PUT", "/api/ProductGroup", { token: basic, body: { id, version, name: "X" } })).status,
    )
      .toBe(404);
    expect((await call(s, "DELETE", `/api/ProductGroup/${id}`, { token: basic })).status).toBe(404);
    expect((await call(s, "GET", `/api/ProductGroup/${id}`, { token: basic })).status).toBe(200);
  });

  it("keeps tenants apart: another tenant's record is 404 for every verb", async () => {
    const mine = (await add(admin, { name: "Alpha only" })).body;
    for (
      const [method, path, body] of [
        ["GET", `/api/ProductGroup/${mine.id}`, undefined],
        ["PUT", "/api/ProductGroup", { id: mine.id, version: mine.version, name: "Taken over" }],
        ["DELETE", `/api/ProductGroup/${mine.id}`, undefined],
      ] as const
    ) {
      const r = await call(s, method, path, { token: other, body });
      expect(r.status, `${method} ${path}`).toBe(404);
    }
    const list = await call(s, "GET", "/api/ProductGroup", { token: other });
    expect(list.body).toEqual({ results: [], allFilteredRowCount: 0 });
    expect((await call(s, "GET", `/api/ProductGroup/${mine.id}`, { token: admin })).body.name).toBe(
      "Alpha only",
    );
  });

  it("lists pages sorted and filtered as the metadata allows", async () => {
    for (const name of ["Bakery", "Beverages", "Cleaning", "Fruit", "Vegetables"]) await add(admin, { name });
    const page = await call(s, "GET", "/api/ProductGroup?PageSize=2&PageNumber=2&sortColumn=name", {
      token: basic,
    });
    expect(page.status).toBe(200);
    const all =
      (await call(s, "GET", "/api/ProductGroup?PageSize=100&sortColumn=name", { token: basic })).body;
    expect(page.body.allFilteredRowCount).toBe(all.allFilteredRowCount);
    expect(page.body.results.map((r: { name: string }) => r.name)).toEqual(
      all.results.slice(2, 4).map((r: { name: string }) => r.name),
    );
    const search = await call(
      s,
      "GET",
      "/api/ProductGroup?BasicFiltersSerialized=" +
        encodeURIComponent(JSON.stringify([{ field: "*", operator: "contains", value: "bev" }])),
      { token: basic },
    );
    expect(search.body.results.map((r: { name: string }) => r.name)).toEqual(["Beverages"]);
    // icon is filterable but not sortable.
    const unsortable = await call(s, "GET", "/api/ProductGroup?sortColumn=icon", { token: basic });
    expect(unsortable.status).toBe(400);
  });
});
