// Tags and Dictionary over HTTP against a real server and real SQLite files: capitals, uniqueness (a tag's
// name; a dictionary code within its group), links that forbid a delete, lists, RecordLog entries, role
// rules, contractor users and tenant isolation.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addUser, signIn, type TestServer } from "../../fixtures/harness.ts";
import { masterCalls, type MasterWorld, startMasterWorld } from "./fixture.ts";

let w: MasterWorld;
let s: TestServer;
let admin: string;
let basic: string;
let other: string;

beforeAll(async () => {
  w = await startMasterWorld();
  ({ s, admin, basic, other } = w);
});
afterAll(() => w?.close());

const { post, put, get, del, filter, created, query } = masterCalls(() => w);

async function actionsOf(resource: string, id: number) {
  const rows = await query(
    "SELECT action FROM record_log WHERE resource_type = ? AND resource_id = ? ORDER BY id",
    [resource, id],
  );
  return rows.map((r) => r.action);
}

describe("Tags", () => {
  it("adds, edits and deletes at /api/Tags with the name in capitals and RecordLog entries", async () => {
    const r = await post("Tags", { name: " urgent ", colour: "#FF0000", description: "Same day" });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ name: "URGENT", colour: "#ff0000", description: "Same day", version: 1 });
    const id = r.body.id;
    expect((await get(`tags/${id}`)).body).toEqual(r.body);
    const edited = await put("Tags", { id, version: 1, name: "very urgent", colour: "" });
    expect(edited.body).toMatchObject({ name: "VERY URGENT", colour: null, description: null, version: 2 });
    const stale = await put("Tags", { id, version: 1, name: "lost" });
    expect([stale.status, stale.body.error.code]).toEqual([409, "record.changedByAnotherUser"]);
    expect((await del("Tags", id)).status).toBe(204);
    expect(await actionsOf("Tags", id)).toEqual(["created", "changed", "deleted"]);
  });

  it("keeps names unique without regard to case", async () => {
    await created("Tags", { name: "fragile" });
    const r = await post("Tags", { name: "Fragile" });
    expect([r.status, r.body.error.code, r.body.error.fields]).toEqual([
      409,
      "record.uniqueConflict",
      { name: ["validation.mustBeUnique"] },
    ]);
  });

  it("cannot be deleted while a company, a person or a dictionary entry carries it", async () => {
    // Each carrier alone forbids the delete; once it drops the tag, the delete goes through.
    const carriers: [string, string, (tagId: number) => Promise<() => Promise<unknown>>][] = [
      ["company", "company", async (tagId) => {
        const company = await created("Company", { shortName: "Tagged", keyRole: "other", tagIds: [tagId] });
        return () => put("Company", { ...company, tagIds: [] });
      }],
      ["person", "general", async (tagId) => {
        const person = await created("Person", { firstName: "T", lastName: "Agged", tagIds: [tagId] });
        return () => put("Person", { ...person, tagIds: [] });
      }],
      ["dictionary", "general", async (tagId) => {
        const entry = await created("Dictionary", {
          group: "colours",
          code: "t",
          value: "T",
          tagIds: [tagId],
        });
        // Deleting the entry takes its links with it.
        return () => del("Dictionary", entry.id);
      }],
    ];
    for (const [name, variant, carry] of carriers) {
      const tag = await created("Tags", { name: `carried by ${name}` });
      const drop = await carry(tag.id);
      const r = await del("Tags", tag.id);
      expect([r.status, r.body.error?.code, r.body.error?.params], name).toEqual([
        409,
        "record.foreignKey",
        { variant },
      ]);
      await drop();
      expect((await del("Tags", tag.id)).status, name).toBe(204);
    }
  });

  it("lists sorted by name and searched", async () => {
    for (const name of ["zeta", "alpha", "mid"]) await created("Tags", { name: `list ${name}` });
    const r = await get(
      `Tags?sortColumn=name&${filter([{ field: "name", operator: "startsWith", value: "list" }])}`,
    );
    expect(r.body.results.map((t: { name: string }) => t.name)).toEqual([
      "LIST ALPHA",
      "LIST MID",
      "LIST ZETA",
    ]);
    expect((await get("Tags?sortColumn=colour")).status).toBe(400);
  });
});

describe("Dictionary", () => {
  it("adds, edits and deletes entries with the code in capitals, tags and RecordLog entries", async () => {
    const tag = await created("Tags", { name: "dict" });
    const r = await post("Dictionary", {
      group: "paymentMethod",
      code: "cod",
      value: "Cash on delivery",
      description: "Paid to the driver",
      tagIds: [tag.id],
    });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({
      group: "paymentMethod",
      code: "COD",
      value: "Cash on delivery",
      tagIds: [tag.id],
    });
    const id = r.body.id;
    const edited = await put("Dictionary", { ...r.body, value: "Cash", tagIds: [] });
    expect(edited.body).toMatchObject({ value: "Cash", tagIds: [], version: 2 });
    expect((await get(`Dictionary/${id}`)).body).toEqual(edited.body);
    expect((await del("Dictionary", id)).status).toBe(204);
    expect(await actionsOf("Dictionary", id)).toEqual(["created", "changed", "deleted"]);
  });

  it("keeps a code unique within its group, not across groups", async () => {
    await created("Dictionary", { group: "unit", code: "kg", value: "Kilogram" });
    expect((await post("Dictionary", { group: "weightClass", code: "KG", value: "Heavy" })).status).toBe(201);
    const r = await post("Dictionary", { group: "unit", code: "Kg", value: "Again" });
    expect([r.status, r.body.error.code, r.body.error.fields]).toEqual([
      409,
      "record.uniqueConflict",
      { group: ["validation.mustBeUnique"], code: ["validation.mustBeUnique"] },
    ]);
  });

  it("refuses a missing code, value or group and an unknown tag", async () => {
    const r = await post("Dictionary", { group: "", code: " ", value: "", tagIds: [1] });
    expect([r.status, r.body.error.fields]).toEqual([400, {
      group: ["validation.required"],
      code: ["validation.required"],
      value: ["validation.required"],
    }]);
    const tag = await post("Dictionary", { group: "g", code: "c", value: "v", tagIds: [999_999] });
    expect([tag.status, tag.body.error.fields]).toEqual([400, { tagIds: ["validation.invalidValue"] }]);
  });

  it("cannot delete an entry a company has as its group", async () => {
    const group = await created("Dictionary", { group: "companyGroup", code: "b2b", value: "Business" });
    const company = await created("Company", {
      shortName: "In group",
      keyRole: "other",
      groupIds: [group.id],
    });
    const r = await del("Dictionary", group.id);
    expect([r.status, r.body.error.code, r.body.error.params]).toEqual([409, "record.foreignKey", {
      variant: "company",
    }]);
    await put("Company", { ...company, groupIds: [] });
    expect((await del("Dictionary", group.id)).status).toBe(204);
  });

  it("lists one group's entries sorted by code", async () => {
    for (const code of ["c", "a", "b"]) await created("Dictionary", { group: "sorted", code, value: code });
    const r = await get(
      `Dictionary?sortColumn=code&${filter([{ field: "group", operator: "eq", value: "sorted" }])}`,
    );
    expect(r.body.results.map((d: { code: string }) => d.code)).toEqual(["A", "B", "C"]);
    expect(r.body.allFilteredRowCount).toBe(3);
  });
});

describe("roles, contractor users and tenants", () => {
  it("lets basic users read but not write; contractor users cannot read", async () => {
    const tag = await created("Tags", { name: "roles" });
    const entry = await created("Dictionary", { group: "roles", code: "r", value: "R" });
    const contractor = await created("Company", { shortName: "Roles contractor", keyRole: "contractor" });
    await addUser(s, admin, { username: "roles-contractor", connectedContractorId: contractor.id });
    const portal = (await signIn(s, "roles-contractor")).token;
    for (const [resource, record] of [["Tags", tag], ["Dictionary", entry]] as const) {
      expect((await get(`${resource}/${record.id}`, basic)).status, resource).toBe(200);
      expect((await post(resource, { ...record, code: "x", name: "x" }, basic)).status, resource).toBe(404);
      expect((await put(resource, record, basic)).status, resource).toBe(404);
      expect((await del(resource, record.id, basic)).status, resource).toBe(404);
      expect((await get(resource, portal)).status, resource).toBe(403);
      expect((await get(`${resource}/${record.id}`, portal)).status, resource).toBe(403);
    }
    // An administrator writes too.
    expect((await put("Tags", { ...tag, description: "by admin" }, admin)).status).toBe(200);
  });

  it("keeps tenants apart: another tenant's records are 404 for every verb", async () => {
    const records = {
      Tags: await created("Tags", { name: "alpha tag" }),
      Dictionary: await created("Dictionary", { group: "alpha", code: "a", value: "A" }),
    };
    for (const [resource, record] of Object.entries(records)) {
      expect((await get(`${resource}/${record.id}`, other)).status, resource).toBe(404);
      expect((await put(resource, record, other)).status, resource).toBe(404);
      expect((await del(resource, record.id, other)).status, resource).toBe(404);
      expect((await get(resource, other)).body, resource).toEqual({ results: [], allFilteredRowCount: 0 });
    }
  });
});
