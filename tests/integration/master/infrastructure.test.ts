// Locations (StorageSpace) and location types over HTTP against a real server and real SQLite files: the
// tree rules, the materialized path, the tree browser's children, and the location generator.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, type TestServer } from "../../fixtures/harness.ts";
import { masterCalls, type MasterWorld, startMasterWorld } from "./fixture.ts";
import { infrastructureMessages } from "../../../shared/i18n/areas/infrastructure.ts";
import type { ResourceMeta } from "../../../shared/resources/meta.ts";
import {
  storageSpace as storageSpaceResource,
  storageSpaceMeta,
} from "../../../server/domain/storage/locations/entity.ts";
import {
  storageSpaceType as storageSpaceTypeResource,
  storageSpaceTypeMeta,
} from "../../../server/domain/storage/location_types/entity.ts";

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

const { query } = masterCalls(() => w);

async function count(sql: string, params: unknown[] = []): Promise<number> {
  return Number((await query(sql, params))[0].n);
}

const addType = (body: Record<string, unknown>, token = manager) =>
  call(s, "POST", "/api/StorageSpaceType", { token, body });
const addLocation = (body: Record<string, unknown>, token = manager) =>
  call(s, "POST", "/api/StorageSpace", { token, body });
const generate = (body: Record<string, unknown>, token = manager) =>
  call(s, "POST", "/api/StorageSpace/generate", { token, body });
const filter = (field: string, operator: string, value: unknown) =>
  "BasicFiltersSerialized=" + encodeURIComponent(JSON.stringify([{ field, operator, value }]));

describe("metadata", () => {
  it("names only catalogue keys of this area (all six languages) and only fields the schemas take", () => {
    const metas: [ResourceMeta, { shape: Record<string, unknown> }][] = [
      [storageSpaceMeta, storageSpaceResource.entity.create],
      [storageSpaceTypeMeta, storageSpaceTypeResource.entity.create],
    ];
    for (const [meta, schema] of metas) {
      const keys = [meta.nameKey, meta.addKey!, ...meta.fields.flatMap((f) => [f.labelKey, f.groupKey ?? ""])]
        .filter((k) => k && !k.startsWith("field.common."));
      for (const [lang, messages] of Object.entries(infrastructureMessages)) {
        for (const key of keys) expect(messages, `${lang} ${key}`).toHaveProperty([key]);
      }
      for (const f of meta.fields.filter((f) => f.form?.add)) {
        expect(Object.keys(schema.shape), `${meta.resource}.${f.name}`).toContain(f.name);
      }
    }
  });
});

describe("StorageSpaceType", () => {
  it("adds with the code upper-cased, edits, logs, and refuses a code used in another case", async () => {
    const rack = await addType({ code: " rack ", colour: "#AA0000", icon: "rack", handleStock: false });
    expect(rack.status).toBe(201);
    expect(rack.body).toMatchObject({
      code: "RACK",
      colour: "#aa0000",
      parentId: null,
      parentCode: null,
      handleStock: false,
    });
    const shelf = await addType({ code: "shelf", parentId: rack.body.id, description: "One shelf" });
    expect(shelf.body).toMatchObject({ code: "SHELF", parentCode: "RACK", handleStock: true });

    const clash = await addType({ code: "Rack" });
    expect(clash.status).toBe(409);
    expect(clash.body.error.code).toBe("record.uniqueConflict");
    expect(clash.body.error.fields).toEqual({ code: ["validation.mustBeUnique"] });

    const edited = await call(s, "PUT", "/api/StorageSpaceType", {
      token: admin,
      body: { id: shelf.body.id, version: 1, code: "shelf-b", parentId: rack.body.id },
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ code: "SHELF-B", version: 2, description: null });
    const stale = await call(s, "PUT", "/api/StorageSpaceType", {
      token: admin,
      body: { id: shelf.body.id, version: 1, code: "LOST" },
    });
    expect(stale.status).toBe(409);
    expect(stale.body.error.code).toBe("record.changedByAnotherUser");

    const log = await query(
      "SELECT action FROM record_log WHERE resource_type = 'StorageSpaceType' AND resource_id = ? ORDER BY id",
      [shelf.body.id],
    );
    expect(log.map((r) => r.action)).toEqual(["created", "changed"]);

    const list = await call(
      s,
      "GET",
      `/api/StorageSpaceType?sortColumn=code&${filter("code", "startsWith", "sh")}`,
      {
        token: basic,
      },
    );
    expect(list.status).toBe(200);
    expect(list.body.results.map((r: { code: string }) => r.code)).toEqual(["SHELF-B"]);
  });

  it("refuses a parent type that is the type itself or below it", async () => {
    const a = (await addType({ code: "T-A" })).body;
    const b = (await addType({ code: "T-B", parentId: a.id })).body;
    const c = (await addType({ code: "T-C", parentId: b.id })).body;
    for (const parentId of [a.id, c.id]) {
      const r = await call(s, "PUT", "/api/StorageSpaceType", {
        token: manager,
        body: { id: a.id, version: a.version, code: "T-A", parentId },
      });
      expect(r.status, `parent ${parentId}`).toBe(400);
      expect(r.body.error.fields).toEqual({ parentId: ["validation.invalidValue"] });
    }
    const missing = await addType({ code: "T-X", parentId: 999_999 });
    expect(missing.body.error.fields).toEqual({ parentId: ["validation.invalidValue"] });
  });

  it("refuses to delete a type with child types or used by a location", async () => {
    const parent = (await addType({ code: "D-PARENT" })).body;
    const child = (await addType({ code: "D-CHILD", parentId: parent.id })).body;
    const used = await call(s, "DELETE", `/api/StorageSpaceType/${parent.id}`, { token: manager });
    expect(used.status).toBe(409);
    expect(used.body.error.code).toBe("record.foreignKey");

    const loc = (await addLocation({ label: "D-LOC", typeId: child.id })).body;
    expect(loc.typeCode).toBe("D-CHILD");
    const inUse = await call(s, "DELETE", `/api/StorageSpaceType/${child.id}`, { token: manager });
    expect(inUse.status).toBe(409);
    expect(inUse.body.error.code).toBe("record.foreignKey");

    expect((await call(s, "DELETE", `/api/StorageSpace/${loc.id}`, { token: manager })).status).toBe(204);
    expect((await call(s, "DELETE", `/api/StorageSpaceType/${child.id}`, { token: manager })).status).toBe(
      204,
    );
    expect((await call(s, "DELETE", `/api/StorageSpaceType/${parent.id}`, { token: manager })).status).toBe(
      204,
    );
  });

  it("lets basic users read but not write, and keeps tenants apart", async () => {
    const r = await addType({ code: "BASIC" }, basic);
    expect(r.status).toBe(404);
    expect(r.body.error.code).toBe("record.notFoundOrNoPermission");
    const mine = (await addType({ code: "ALPHA-ONLY" })).body;
    expect((await call(s, "GET", `/api/StorageSpaceType/${mine.id}`, { token: basic })).status).toBe(200);
    expect((await call(s, "GET", `/api/StorageSpaceType/${mine.id}`, { token: other })).status).toBe(404);
    expect((await call(s, "GET", "/api/StorageSpaceType", { token: other })).body.allFilteredRowCount).toBe(
      0,
    );
  });
});

describe("StorageSpace", () => {
  it("adds with label upper-cased, barcode defaulting to the label, parentLabel, typeCode and path", async () => {
    const type = (await addType({ code: "AISLE" })).body;
    const a = await addLocation({
      label: "p",
      typeId: type.id,
      capacityKg: 1200,
      temperature: -18,
      cooled: true,
    });
    expect(a.status).toBe(201);
    expect(a.body).toMatchObject({
      label: "P",
      barcode: "P",
      path: "P",
      parentId: null,
      parentLabel: null,
      typeCode: "AISLE",
      capacityKg: 1200,
      temperature: -18,
      cooled: true,
      outside: false,
      zonePicking: false,
    });
    const b = await addLocation({
      label: "p-01",
      parentId: a.body.id,
      barcode: "5901234123457",
      zoneReceipt: true,
    });
    expect(b.body).toMatchObject({
      label: "P-01",
      barcode: "5901234123457",
      path: "P / P-01",
      parentLabel: "P",
      zoneReceipt: true,
    });
    const c = await addLocation({ label: "P-01-01", parentId: b.body.id });
    expect(c.body.path).toBe("P / P-01 / P-01-01");

    const log = await query(
      "SELECT new_object FROM record_log WHERE resource_type = 'StorageSpace' AND resource_id = ?",
      [c.body.id],
    );
    expect(JSON.parse(log[0].new_object as string)).toMatchObject({ label: "P-01-01", parentLabel: "P-01" });

    for (
      const [body, field] of [
        [{ label: "p-01" }, "label"],
        [{ label: "P-NEW", barcode: "5901234123457" }, "barcode"],
        [{ label: "P-NEW2", barcode: "P" }, "barcode"],
      ] as const
    ) {
      const r = await addLocation(body);
      expect(r.status, JSON.stringify(body)).toBe(409);
      expect(r.body.error.fields).toEqual({ [field]: ["validation.mustBeUnique"] });
    }
    const badType = await addLocation({ label: "P-BAD", typeId: 999_999 });
    expect(badType.body.error.fields).toEqual({ typeId: ["validation.invalidValue"] });
  });

  it("keeps the paths of all descendants on a rename and on a move", async () => {
    const root = (await addLocation({ label: "R" })).body;
    const other = (await addLocation({ label: "Q" })).body;
    const r1 = (await addLocation({ label: "R1", parentId: root.id })).body;
    const r11 = (await addLocation({ label: "R11", parentId: r1.id })).body;
    const r111 = (await addLocation({ label: "R111", parentId: r11.id })).body;

    const renamed = await call(s, "PUT", "/api/StorageSpace", {
      token: manager,
      body: { id: root.id, version: root.version, label: "RR", barcode: root.barcode },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body.path).toBe("RR");
    const path = async (id: number) =>
      (await call(s, "GET", `/api/StorageSpace/${id}`, { token: basic })).body;
    expect((await path(r1.id)).path).toBe("RR / R1");
    expect((await path(r11.id)).path).toBe("RR / R1 / R11");
    expect((await path(r111.id)).path).toBe("RR / R1 / R11 / R111");
    // Descendants keep their version: their own fields did not change.
    expect((await path(r111.id)).version).toBe(1);

    const moved = await call(s, "PUT", "/api/StorageSpace", {
      token: manager,
      body: { id: r1.id, version: r1.version, label: "R1", parentId: other.id },
    });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ path: "Q / R1", parentLabel: "Q", barcode: "R1" });
    expect((await path(r111.id)).path).toBe("Q / R1 / R11 / R111");

    const sorted = await call(
      s,
      "GET",
      `/api/StorageSpace?sortColumn=path&PageSize=100&${filter("path", "startsWith", "Q")}`,
      { token: basic },
    );
    expect(sorted.body.results.map((r: { path: string }) => r.path)).toEqual([
      "Q",
      "Q / R1",
      "Q / R1 / R11",
      "Q / R1 / R11 / R111",
    ]);
  });

  it("refuses a parent that is the location itself or one of its descendants, and a delete with children", async () => {
    const a = (await addLocation({ label: "CY" })).body;
    const b = (await addLocation({ label: "CY-1", parentId: a.id })).body;
    const c = (await addLocation({ label: "CY-1-1", parentId: b.id })).body;
    for (const parentId of [a.id, b.id, c.id]) {
      const r = await call(s, "PUT", "/api/StorageSpace", {
        token: manager,
        body: { id: a.id, version: a.version, label: "CY", parentId },
      });
      expect(r.status, `parent ${parentId}`).toBe(400);
      expect(r.body.error.fields).toEqual({ parentId: ["validation.invalidValue"] });
    }
    const withChildren = await call(s, "DELETE", `/api/StorageSpace/${b.id}`, { token: manager });
    expect(withChildren.status).toBe(409);
    expect(withChildren.body.error.code).toBe("record.foreignKey");
    expect((await call(s, "DELETE", `/api/StorageSpace/${c.id}`, { token: manager })).status).toBe(204);
    expect((await call(s, "DELETE", `/api/StorageSpace/${b.id}`, { token: manager })).status).toBe(204);
  });

  it("lets basic users read but not write, and keeps tenants apart", async () => {
    expect((await addLocation({ label: "NOPE" }, basic)).status).toBe(404);
    const mine = (await addLocation({ label: "ALPHA-LOC" })).body;
    expect((await call(s, "GET", `/api/StorageSpace/${mine.id}`, { token: basic })).status).toBe(200);
    expect((await call(s, "GET", `/api/StorageSpace/${mine.id}`, { token: other })).status).toBe(404);
    expect((await call(s, "GET", `/api/StorageSpace/${mine.id}/children`, { token: other })).status).toBe(
      404,
    );
    expect((await call(s, "GET", "/api/StorageSpace", { token: other })).body.allFilteredRowCount).toBe(0);
  });
});

describe("the tree browser", () => {
  it("pages the children of a location (0: the roots), each with its childCount", async () => {
    const top = (await addLocation({ label: "TREE" })).body;
    const kids = [];
    for (const n of [3, 1, 2]) kids.push((await addLocation({ label: `TREE-${n}`, parentId: top.id })).body);
    await addLocation({ label: "TREE-1-A", parentId: kids[1].id });
    await addLocation({ label: "TREE-1-B", parentId: kids[1].id });

    const page = await call(s, "GET", `/api/StorageSpace/${top.id}/children?PageSize=2&sortColumn=label`, {
      token: basic,
    });
    expect(page.status).toBe(200);
    expect(page.body.allFilteredRowCount).toBe(3);
    expect(page.body.results.map((r: { label: string; childCount: number }) => [r.label, r.childCount]))
      .toEqual([["TREE-1", 2], ["TREE-2", 0]]);
    const second = await call(
      s,
      "GET",
      `/api/StorageSpace/${top.id}/children?PageSize=2&PageNumber=2&sortColumn=label`,
      { token: basic },
    );
    expect(second.body.results.map((r: { label: string }) => r.label)).toEqual(["TREE-3"]);

    const roots = await call(
      s,
      "GET",
      `/api/StorageSpace/0/children?PageSize=1000&${filter("label", "eq", "TREE")}`,
      {
        token: basic,
      },
    );
    expect(roots.body.results).toHaveLength(1);
    expect(roots.body.results[0]).toMatchObject({ id: top.id, childCount: 3, parentId: null });
    const allRoots = await call(s, "GET", "/api/StorageSpace/0/children?PageSize=1000", { token: basic });
    expect(allRoots.body.results.every((r: { parentId: number | null }) => r.parentId === null)).toBe(true);

    expect((await call(s, "GET", "/api/StorageSpace/999999/children", { token: basic })).status).toBe(404);
  });
});

describe("the location generator", () => {
  it("previews nested, padded, prefixed labels and writes nothing", async () => {
    const parent = (await addLocation({ label: "G" })).body;
    const before = await count("SELECT count(*) AS n FROM storage_spaces");
    const logBefore = await count("SELECT count(*) AS n FROM record_log");
    const r = await generate({
      parentId: parent.id,
      separator: ".",
      preview: true,
      levels: [
        { prefix: "r", quantity: 2, digits: 2 },
        { prefix: "", quantity: 3, digits: 3, beginFrom: 9 },
      ],
    });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      labels: [
        "G.R01",
        "G.R01.009",
        "G.R01.010",
        "G.R01.011",
        "G.R02",
        "G.R02.009",
        "G.R02.010",
        "G.R02.011",
      ],
    });
    expect(await count("SELECT count(*) AS n FROM storage_spaces")).toBe(before);
    expect(await count("SELECT count(*) AS n FROM record_log")).toBe(logBefore);
  });

  it("creates three nested levels in one go, with paths, flags, types and a RecordLog entry each", async () => {
    const type = (await addType({ code: "BIN" })).body;
    const hall = (await addLocation({ label: "H" })).body;
    const r = await generate({
      parentId: hall.id,
      separator: "-",
      levels: [
        { quantity: 2, digits: 1, zonePicking: true },
        { prefix: "S", quantity: 2, digits: 2 },
        { quantity: 2, digits: 1, beginFrom: 5, typeId: type.id, cooled: true, lockedOut: true },
      ],
    });
    expect(r.status).toBe(200);
    expect(r.body.created).toBe(14);
    expect(r.body.labels.slice(0, 4)).toEqual(["H-1", "H-1-S01", "H-1-S01-5", "H-1-S01-6"]);

    const leaf =
      (await call(s, "GET", `/api/StorageSpace?${filter("label", "eq", "H-2-S02-6")}`, { token: basic }))
        .body.results[0];
    expect(leaf).toMatchObject({
      barcode: "H-2-S02-6",
      path: "H / H-2 / H-2-S02 / H-2-S02-6",
      parentLabel: "H-2-S02",
      typeCode: "BIN",
      cooled: true,
      lockedOut: true,
      zonePicking: false,
      version: 1,
    });
    const mid = (await call(s, "GET", `/api/StorageSpace?${filter("label", "eq", "H-2")}`, { token: basic }))
      .body.results[0];
    expect(mid).toMatchObject({ parentId: hall.id, zonePicking: true, cooled: false, typeId: null });
    const children = await call(s, "GET", `/api/StorageSpace/${hall.id}/children`, { token: basic });
    expect(children.body.results.map((c: { childCount: number }) => c.childCount)).toEqual([2, 2]);

    const log = await query(
      "SELECT title, user_name, new_object FROM record_log WHERE resource_type = 'StorageSpace' AND title LIKE 'H-%'",
    );
    expect(log).toHaveLength(14);
    expect(log.every((e) => e.user_name === "alpha-manager")).toBe(true);
    expect(JSON.parse(log.find((e) => e.title === "H-2-S02-6")!.new_object as string)).toMatchObject({
      path: "H / H-2 / H-2-S02 / H-2-S02-6",
      typeCode: "BIN",
    });
  });

  it("creates roots without a parent", async () => {
    const r = await generate({ separator: "", levels: [{ prefix: "ROOT", quantity: 2, digits: 1 }] });
    expect(r.body).toMatchObject({ created: 2, labels: ["ROOT1", "ROOT2"] });
    expect(r.body.ids).toHaveLength(2);
    const roots = await call(
      s,
      "GET",
      `/api/StorageSpace/0/children?${filter("label", "startsWith", "ROOT")}`,
      {
        token: basic,
      },
    );
    expect(roots.body.results.map((x: { path: string }) => x.path)).toEqual(["ROOT1", "ROOT2"]);
  });

  it("refuses labels that exist (as a label or a barcode) and writes nothing", async () => {
    const parent = (await addLocation({ label: "K" })).body;
    await addLocation({ label: "K-02", parentId: parent.id });
    await addLocation({ label: "ELSEWHERE", barcode: "K-03-1" });
    const before = await count("SELECT count(*) AS n FROM storage_spaces");
    const logBefore = await count("SELECT count(*) AS n FROM record_log");
    const r = await generate({
      parentId: parent.id,
      levels: [{ quantity: 3, digits: 2 }, { quantity: 2, digits: 1 }],
    });
    expect(r.status).toBe(409);
    expect(r.body.error.code).toBe("record.uniqueConflict");
    expect(r.body.error.params).toEqual({ labels: "K-02, K-03-1", count: 2 });
    expect(await count("SELECT count(*) AS n FROM storage_spaces")).toBe(before);
    expect(await count("SELECT count(*) AS n FROM record_log")).toBe(logBefore);

    // Labels the batch itself would make twice (1 + 1 and 11) are refused the same way.
    const twice = await generate({
      separator: "",
      levels: [{ prefix: "DUP", quantity: 11, digits: 1 }, { quantity: 1, digits: 1 }],
    });
    expect(twice.status).toBe(409);
    expect(twice.body.error.params.labels).toBe("DUP11");
    expect(await count("SELECT count(*) AS n FROM storage_spaces")).toBe(before);
  });

  it("refuses more than 100,000 locations, bad levels, a missing parent or type", async () => {
    const many = await generate({
      preview: true,
      levels: [{ quantity: 1000, digits: 4 }, { quantity: 101, digits: 3 }],
    });
    expect(many.status).toBe(400);
    expect(many.body.error.fields).toEqual({ levels: ["validation.tooLarge"] });
    for (
      const [levels, field, code] of [
        [[], "levels", "validation.required"],
        [[{ quantity: 0, digits: 1 }], "levels.0.quantity", "validation.tooSmall"],
        [[{ quantity: 1001, digits: 1 }], "levels.0.quantity", "validation.tooLarge"],
        [[{ quantity: 1, digits: 7 }], "levels.0.digits", "validation.tooLarge"],
        [
          [{ quantity: 1, digits: 1 }, { quantity: 1, digits: 1 }, { quantity: 1, digits: 1 }, {
            quantity: 1,
            digits: 1,
          }],
          "levels",
          "validation.tooLong",
        ],
      ] as const
    ) {
      const r = await generate({ preview: true, levels });
      expect(r.status, field).toBe(400);
      expect(r.body.error.fields[field], field).toEqual([code]);
    }
    const noParent = await generate({ parentId: 999_999, levels: [{ quantity: 1, digits: 1 }] });
    expect(noParent.body.error.fields).toEqual({ parentId: ["validation.invalidValue"] });
    const noType = await generate({ levels: [{ prefix: "NT", quantity: 1, digits: 1, typeId: 999_999 }] });
    expect(noType.status).toBe(400);
    expect(noType.body.error.fields).toEqual({ "levels.0.typeId": ["validation.invalidValue"] });
  });

  it("is for managers and administrators only", async () => {
    const body = { levels: [{ prefix: "ROLE", quantity: 1, digits: 1 }] };
    const denied = await generate(body, basic);
    expect(denied.status).toBe(404);
    expect((await generate({ ...body, preview: true }, basic)).status).toBe(404);
    expect(await count("SELECT count(*) AS n FROM storage_spaces WHERE label = 'ROLE1'")).toBe(0);
    expect((await generate(body, admin)).status).toBe(200);
  });

  it("creates 10 x 20 x 10 (2,210 locations) in one call", async () => {
    const parent = (await addLocation({ label: "BIG" })).body;
    const r = await generate({
      parentId: parent.id,
      levels: [
        { prefix: "A", quantity: 10, digits: 2 },
        { prefix: "R", quantity: 20, digits: 2 },
        { prefix: "S", quantity: 10, digits: 2 },
      ],
    });
    expect(r.status).toBe(200);
    expect(r.body.created).toBe(2210);
    // Its time (a median within a second, every call within five) is bounded by `deno task bench generator`
    // (bench/generator.ts): a machine shared with other test files is no measure of it.
    expect(await count("SELECT count(*) AS n FROM storage_spaces WHERE path LIKE 'BIG / %'")).toBe(2210);
    expect(await count("SELECT count(*) AS n FROM record_log WHERE title LIKE 'BIG-%'")).toBe(2210);
  });
});
