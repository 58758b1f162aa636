// Every master-data resource of the engine, driven by the very metadata the screens use (the client's
// resource registry plus locations): add, read, edit with the version check, delete, the RecordLog entry of
// each change, another tenant's 404, a basic user's refused write, every sortable column in both directions
// with stable paging, and every filter operator the list screen offers on every filterable column, each
// checked against the rows it returns. A resource added to the registry is tested here without a new line,
// except its sample records below (a missing sample fails the test).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FieldMeta, ResourceMeta } from "../../../shared/resources/meta.ts";
import { resourceScreens } from "../../../client/screens/resources.ts";
import { storageSpaceMeta } from "../../../server/domain/storage/locations/entity.ts";
import { operatorsFor, takesValue } from "../../../client/features/list/filters.ts";
import { call, type TestServer } from "../../fixtures/harness.ts";
import { masterCalls, type MasterWorld, startMasterWorld } from "./fixture.ts";

type Body = Record<string, unknown>;

/** Three distinct records of each resource (the i-th of them), valid as the add dialog would send them. */
const samples: Record<string, (i: number) => Body> = {
  ProductGroup: (i) => ({
    name: `Group ${i}`,
    colour: ["#ff0000", "#00ff00", "#0000ff"][i],
    icon: i ? `i${i}` : null,
  }),
  PrintLayout: (i) => ({
    name: `Layout ${i}`,
    type: ["product", "storageSpace", "wmsDocument"][i],
    isDefault: i === 1,
    content: JSON.stringify({
      page: { width: 50, height: 30 },
      elements: [{ type: "text", x: 1, y: 1, text: `${i}` }],
    }),
  }),
  EmailAccount: (i) => ({
    address: `box${i}@example.com`,
    smtpServer: `smtp${i}.example.com`,
    smtpPort: 587 + i,
    login: i ? `login${i}` : null,
    password: "secret",
  }),
  EmailTemplate: (i) => ({
    code: `CODE${i}`,
    name: `Template ${i}`,
    language: ["en-us", "pl-pl", "de-de"][i],
    subject: `Subject ${i}`,
    body: `Body ${i}`,
  }),
  Product: (i) => ({
    index: `IDX-${i}`,
    name: `Product ${["alpha", "beta", "gamma"][i]}`,
    barcodes: i ? [`590000000000${i}`] : [],
    sapId: i ? `SAP${i}` : null,
    unit: "pcs",
    weight: i ? 1.5 * i : null,
    cashValue: 10 + i,
    warningStock: i * 10,
    criticalStock: i * 5,
    fragile: i === 1,
    disabled: false,
    contractorPortalHide: i === 2,
  }),
  // Not the base currency (EUR), whose own rate could only be 1.
  ExchangeRate: (i) => ({ currencySign: ["USD", "CHF", "GBP"][i], shortName: `s${i}`, baseRate: 1 + i / 4 }),
  Address: (i) => ({
    street: i ? `Street ${i}` : null,
    city: ["Gdańsk", "Łódź", "Berlin"][i],
    postalCode: `0${i}-100`,
    country: i === 2 ? "DE" : "PL",
  }),
  GeoLocation: (i) => ({
    name: ["North gate", "Cross-dock Łódź", "Truck park"][i],
    coordinates: { lat: [54.35, 51.76, 52.23][i], lng: [18.65, 19.46, 21.01][i] },
    address: i ? `Yard ${i}` : null,
    description: i === 2 ? "Overnight parking" : null,
  }),
  Company: (i) => ({
    shortName: `Firm ${i}`,
    fullName: i ? `Firm ${i} Ltd` : null,
    keyRole: ["contractor", "supplier", "carrier"][i],
    officeMail: `office${i}@firm.example`,
    officePhoneNumber: i ? `+4812345678${i}` : null,
  }),
  Person: (i) => ({
    firstName: ["Anna", "Bartek", "Celina"][i],
    lastName: `Nowak${i}`,
    email: i ? `p${i}@firm.example` : null,
    position: i === 1 ? "Buyer" : null,
  }),
  Tags: (i) => ({ name: `tag${i}` }),
  Dictionary: (i) => ({ group: i === 2 ? "units" : "colours", code: `C${i}`, value: `Value ${i}` }),
  StorageSpaceType: (i) => ({ code: `TYPE${i}`, handleStock: i !== 1 }),
  StorageSpace: (i) => ({ label: `LOC-${i}`, description: i ? `Shelf ${i}` : null, pickupOrder: i }),
};

let w: MasterWorld;
let s: TestServer;
let admin: string;
let basic: string;
let other: string;
const metas: ResourceMeta[] = [];

beforeAll(async () => {
  // No power user: the walk writes as the administrator and reads as the basic user.
  w = await startMasterWorld({ manager: false });
  ({ s, admin, basic, other } = w);
  for (const load of Object.values(resourceScreens)) metas.push(await load());
  metas.push(storageSpaceMeta);
});
afterAll(() => w?.close());

const { query } = masterCalls(() => w);

function list(meta: ResourceMeta, params: Record<string, string>, token = admin) {
  return call(s, "GET", `/api${meta.path}?${new URLSearchParams(params)}`, { token });
}

const filter = (field: string, operator: string, value?: unknown) =>
  JSON.stringify([value === undefined ? { field, operator } : { field, operator, value }]);

/** A comparable form of a list cell, as SQLite orders it (NULL first; text by its bytes). */
function rank(v: unknown): [number, number | string] {
  if (v === null || v === undefined) return [0, 0];
  if (typeof v === "boolean") return [1, v ? 1 : 0];
  if (typeof v === "number") return [1, v];
  return [2, String(v)];
}

function compare(a: unknown, b: unknown): number {
  const [ta, va] = rank(a);
  const [tb, vb] = rank(b);
  if (ta !== tb) return ta - tb;
  if (typeof va === "number" && typeof vb === "number") return va - vb;
  return String(va) < String(vb) ? -1 : String(va) > String(vb) ? 1 : 0;
}

/** Does a row's value meet `operator value`, the way the contract defines each operator? */
function meets(cell: unknown, operator: string, value: unknown): boolean {
  const values = Array.isArray(cell) ? cell : [cell];
  const text = (v: unknown) => String(v).toLocaleLowerCase();
  const one = (v: unknown): boolean => {
    switch (operator) {
      case "eq":
        return v === value;
      case "contains":
        return v !== null && text(v).includes(text(value));
      case "startsWith":
        return v !== null && text(v).startsWith(text(value));
      case "gt":
        return v !== null && (v as number) > (value as number);
      case "gte":
        return v !== null && (v as number | string) >= (value as number | string);
      case "lt":
        return v !== null && (v as number) < (value as number);
      case "lte":
        return v !== null && (v as number | string) <= (value as number | string);
      case "between": {
        const [from, to] = value as [number | string, number | string];
        return v !== null && (v as number | string) >= from && (v as number | string) <= to;
      }
      default:
        throw new Error(`no check for ${operator}`);
    }
  };
  switch (operator) {
    case "isNull":
      return Array.isArray(cell) ? cell.length === 0 : cell === null;
    case "isNotNull":
      return Array.isArray(cell) ? cell.length > 0 : cell !== null;
    case "neq":
      // None of the values equals it (a row without a value has none that does).
      return !values.some((v) => v === value);
    default:
      return values.some(one);
  }
}

const hasValue = (cell: unknown) =>
  Array.isArray(cell) ? cell.length > 0 : cell !== null && cell !== undefined;

/** A value to filter `field` by with `operator`, taken from `record` so that it matches it. */
function valueFor(f: FieldMeta, operator: string, cell: unknown): unknown {
  const v = Array.isArray(cell) ? cell[0] : cell;
  switch (operator) {
    case "contains":
      return String(v).slice(1, -1) || String(v);
    case "startsWith":
      return String(v).slice(0, 2);
    case "between":
      return [v, v];
    case "gt":
      return f.kind === "date" ? v : (v as number) - 0.5;
    case "lt":
      return f.kind === "date" ? v : (v as number) + 0.5;
    default:
      return v;
  }
}

/**
 * Every operator the list offers on every filterable column, with a value taken from a listed record: the
 * rows answered are exactly those of the whole list that meet it, and the count says as many.
 */
async function checkEveryFilter(m: ResourceMeta): Promise<void> {
  const every = (await list(m, { PageSize: "1000" })).body.results as Body[];
  for (const f of m.fields.filter((f) => f.list?.filterable)) {
    for (const operator of operatorsFor(f.kind)) {
      // A record with a value in this column to filter by (any, for the operators without a value).
      const probe = every.find((r) => hasValue(r[f.name]));
      if (takesValue(operator) && !probe) continue;
      const value = takesValue(operator) ? valueFor(f, operator, probe![f.name]) : undefined;
      const r = await list(m, { PageSize: "1000", BasicFiltersSerialized: filter(f.name, operator, value) });
      const label = `${f.name} ${operator} ${JSON.stringify(value)}`;
      expect(r.status, `${label}: ${JSON.stringify(r.body)}`).toBe(200);
      const got = (r.body.results as Body[]).map((x) => x.id);
      const want = every.filter((x) => meets(x[f.name], operator, value)).map((x) => x.id);
      expect(got.toSorted(), label).toEqual(want.toSorted());
      expect(r.body.allFilteredRowCount, label).toBe(want.length);
      if (takesValue(operator) && operator !== "neq") expect(got, label).toContain(probe!.id);
    }
  }
}

describe.each([
  "ProductGroup",
  "PrintLayout",
  "EmailAccount",
  "EmailTemplate",
  "Product",
  "ExchangeRate",
  "Address",
  "GeoLocation",
  "Company",
  "Person",
  "Tags",
  "Dictionary",
  "StorageSpaceType",
  "StorageSpace",
])("%s", (resource) => {
  const meta = () => metas.find((m) => m.resource === resource)!;
  const rows: Body[] = [];

  it("adds, reads, edits with the version check and lists the changes in the RecordLog", async () => {
    const m = meta();
    expect(m, `${resource} is in the client's registry`).toBeDefined();
    for (let i = 0; i < 3; i++) {
      const r = await call(s, "POST", `/api${m.path}`, { token: admin, body: samples[resource](i) });
      expect(r.status, JSON.stringify(r.body)).toBe(201);
      expect(r.body.version).toBe(1);
      rows.push(r.body);
    }
    const first = rows[0];
    const got = await call(s, "GET", `/api${m.path}/${first.id}`, { token: admin });
    expect(got.status).toBe(200);
    expect(got.body).toEqual(first);

    const edited = await call(s, "PUT", `/api${m.path}`, {
      token: admin,
      body: { ...samples[resource](0), id: first.id, version: 1 },
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body.version).toBe(2);
    rows[0] = edited.body;
    const stale = await call(s, "PUT", `/api${m.path}`, {
      token: admin,
      body: { ...samples[resource](0), id: first.id, version: 1 },
    });
    expect([stale.status, stale.body.error?.code]).toEqual([409, "record.changedByAnotherUser"]);

    const log = await query<{ action: string }>(
      "SELECT action FROM record_log WHERE resource_type = ? AND resource_id = ? ORDER BY id",
      [resource, first.id],
    );
    expect(log.map((e) => e.action)).toEqual(["created", "changed"]);
  });

  it("answers another tenant's administrator and a basic user's write as a missing record", async () => {
    const m = meta();
    const id = rows[0].id;
    for (
      const [method, path, body] of [
        ["GET", `/api${m.path}/${id}`, undefined],
        ["PUT", `/api${m.path}`, { ...samples[resource](0), id, version: rows[0].version }],
        ["DELETE", `/api${m.path}/${id}`, undefined],
      ] as const
    ) {
      const r = await call(s, method, path, { token: other, body });
      expect([method, r.status, r.body.error.code]).toEqual([method, 404, "record.notFoundOrNoPermission"]);
    }
    const listed = await list(m, { PageSize: "100" }, other);
    expect(listed.body.results.map((r: Body) => r.id)).not.toContain(id);
    if (m.readers !== "admin") {
      const write = await call(s, "PUT", `/api${m.path}`, {
        token: basic,
        body: { ...samples[resource](0), id, version: rows[0].version },
      });
      expect(write.status).toBe(404);
      expect((await call(s, "DELETE", `/api${m.path}/${id}`, { token: basic })).status).toBe(404);
      expect((await call(s, "GET", `/api${m.path}/${id}`, { token: admin })).body.version).toBe(
        rows[0].version,
      );
    }
  });

  it("sorts by every sortable column both ways, ties by id, and pages without losing or repeating a row", async () => {
    const m = meta();
    for (const f of m.fields.filter((f) => f.list?.sortable)) {
      const up = await list(m, { sortColumn: f.name, PageSize: "100" });
      expect(up.status, `${f.name}: ${JSON.stringify(up.body)}`).toBe(200);
      const all = up.body.results as Body[];
      expect(up.body.allFilteredRowCount).toBe(all.length);
      for (let i = 1; i < all.length; i++) {
        const c = f.kind === "text" || f.kind === "email" || f.kind === "phone"
          ? 0 // text order is the database's collation; checked by the reverse below
          : compare(all[i - 1][f.name], all[i][f.name]);
        expect(c, `${f.name} ascending at ${i}`).toBeLessThanOrEqual(0);
      }
      const down = await list(m, { sortColumn: f.name, sortDescending: "true", PageSize: "100" });
      expect(down.body.results.map((r: Body) => r.id), `${f.name} descending`).toEqual(
        all.map((r) => r.id).reverse(),
      );
      const paged: unknown[] = [];
      for (let page = 1; page <= Math.ceil(all.length / 2); page++) {
        const p = await list(m, { sortColumn: f.name, PageSize: "2", PageNumber: String(page) });
        expect(p.body.allFilteredRowCount).toBe(all.length);
        paged.push(...p.body.results.map((r: Body) => r.id));
      }
      expect(paged, `${f.name} paged`).toEqual(all.map((r) => r.id));
    }
  });

  it("filters every filterable column with every operator the list offers, each row meeting it", async () => {
    await checkEveryFilter(meta());
  });

  it("deletes once; a second delete finds the record already removed; both are in the RecordLog", async () => {
    const m = meta();
    const id = rows[2].id;
    expect((await call(s, "DELETE", `/api${m.path}/${id}`, { token: admin })).status).toBe(204);
    expect((await call(s, "GET", `/api${m.path}/${id}`, { token: admin })).status).toBe(404);
    const again = await call(s, "DELETE", `/api${m.path}/${id}`, { token: admin });
    expect([again.status, again.body.error.code]).toEqual([409, "record.alreadyRemoved"]);
    const log = await query<{ action: string }>(
      "SELECT action FROM record_log WHERE resource_type = ? AND resource_id = ? ORDER BY id",
      [resource, id],
    );
    expect(log.map((e) => e.action)).toEqual(["created", "deleted"]);
  });
});

describe.each(["RecordLog", "SystemLog"])("%s (written by the server only)", (resource) => {
  it("lists with every sortable column and every filter operator, and refuses writes", async () => {
    const m = metas.find((x) => x.resource === resource)!;
    for (const f of m.fields.filter((f) => f.list?.sortable)) {
      expect((await list(m, { sortColumn: f.name, sortDescending: "true" })).status, f.name).toBe(200);
    }
    await checkEveryFilter(m);
    expect((await call(s, "POST", `/api${m.path}`, { token: admin, body: {} })).status).toBe(405);
    const refused = await list(m, {}, basic);
    expect([refused.status, refused.body.error.code]).toEqual([403, "auth.forbidden"]);
  });
});
