// Who may do what with documents and containers: logistics staff write, other staff read, a contractor
// user reads only their contractor's documents (another's is 404), another tenant sees nothing.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  addStaffUser,
  company,
  draft,
  location,
  product,
  startStockWorld,
  type StockWorld,
} from "./fixture.ts";
import { call, createTenant, signIn } from "../../fixtures/harness.ts";

let w: StockWorld;
let a: number;
let farms: number;
let greens: number;
let farmsDoc: number;
let greensDoc: number;
let logistics: string;
let basic: string;
let portal: string;
let stranger: string;

beforeAll(async () => {
  w = await startStockWorld("access");
  a = await location(w, "A-01");
  farms = await company(w, "FARMS");
  greens = await company(w, "GREENS");
  const milk = await product(w, "MILK", { contractorId: farms });
  farmsDoc = (await draft(w, { typeCode: "DIN", contractorId: farms, destinationLocationId: a }, [
    { productId: milk, quantity: 1 },
  ])).id;
  greensDoc = (await draft(w, { typeCode: "DIN", contractorId: greens, destinationLocationId: a }, [])).id;
  logistics = await addStaffUser(w, "clerk", { logisticsEnabled: true });
  basic = await addStaffUser(w, "basic");
  portal = await addStaffUser(w, "farmer", { contractorPortalEnabled: true, connectedContractorId: farms });
  await createTenant(w.s, "other");
  stranger = (await signIn(w.s, "other-admin")).token;
});
afterAll(() => w?.s.close());

describe("documents", () => {
  it("a logistics clerk creates, confirms and deletes; a basic user reads but does not write", async () => {
    const made = await w.api(
      "POST",
      "/WmsDocument",
      { typeCode: "IIN", destinationLocationId: a },
      logistics,
    );
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect((await w.api("GET", `/WmsDocument/${made.body.id}`, undefined, basic)).status).toBe(200);
    // A basic user has neither the logistics nor the terminal module: told so, and nothing changes.
    const denied = [
      await w.api("POST", "/WmsDocument", { typeCode: "IIN", destinationLocationId: a }, basic),
      await w.api("POST", `/WmsDocument/${made.body.id}/confirm`, undefined, basic),
      await w.api("DELETE", `/WmsDocument/${made.body.id}`, undefined, basic),
    ];
    for (const r of denied) expect([r.status, r.body.error.code]).toEqual([403, "auth.moduleDisabled"]);
    expect((await w.api("GET", `/WmsDocument/${made.body.id}`)).body.statusCode).toBe("workingCopy");
    expect((await w.api("DELETE", `/WmsDocument/${made.body.id}`, undefined, logistics)).status).toBe(204);
  });

  it("a contractor user sees only their contractor's documents and positions", async () => {
    expect((await w.api("GET", `/WmsDocument/${farmsDoc}`, undefined, portal)).status).toBe(200);
    const other = await w.api("GET", `/WmsDocument/${greensDoc}`, undefined, portal);
    expect(other.status).toBe(404);
    expect(other.body.error.code).toBe("record.notFoundOrNoPermission");
    const list = await w.api("GET", "/WmsDocument", undefined, portal);
    expect(list.body.results.map((d: { id: number }) => d.id)).toEqual([farmsDoc]);
    expect(
      (await w.api("GET", `/WmsDocument/${farmsDoc}/Positions`, undefined, portal)).body.allFilteredRowCount,
    )
      .toBe(1);
    expect((await w.api("GET", `/WmsDocument/${greensDoc}/Positions`, undefined, portal)).status).toBe(404);
    const positions = await w.api("GET", "/WmsDocumentPosition", undefined, portal);
    expect(positions.body.results.every((p: { documentId: number }) => p.documentId === farmsDoc)).toBe(true);
    expect((await w.api("POST", `/WmsDocument/${farmsDoc}/confirm`, undefined, portal)).status).toBe(404);
    const edit = await w.api("PUT", "/WmsDocument", { id: farmsDoc, version: 1, comment: "mine" }, portal);
    expect(edit.status).toBe(404);
  });

  it("another tenant's document is 404", async () => {
    for (const path of [`/WmsDocument/${farmsDoc}`, `/WmsDocument/${farmsDoc}/Positions`]) {
      const r = await call(w.s, "GET", `/api${path}`, { token: stranger });
      expect(r.status, path).toBe(404);
    }
    const position = (await w.api("GET", `/WmsDocument/${farmsDoc}/Positions`)).body.results[0];
    const box = (await w.api("POST", "/Container", { kind: "bin", locationId: a })).body;
    const writes: [string, string, unknown][] = [
      ["POST", `/api/WmsDocument/${farmsDoc}/confirm`, undefined],
      ["POST", `/api/WmsDocument/${farmsDoc}/revert`, undefined],
      ["PUT", "/api/WmsDocument", { id: farmsDoc, version: 1, comment: "taken over" }],
      ["DELETE", `/api/WmsDocument/${farmsDoc}`, undefined],
      ["DELETE", `/api/WmsDocument/ByPrecedingDocumentId/${farmsDoc}`, undefined],
      ["GET", `/api/WmsDocumentPosition/${position.id}`, undefined],
      ["PUT", "/api/WmsDocumentPosition", { ...position, quantity: 5 }],
      ["DELETE", `/api/WmsDocumentPosition/${position.id}`, undefined],
      ["GET", `/api/Container/${box.id}`, undefined],
      ["DELETE", `/api/Container/${box.id}`, undefined],
      ["POST", `/api/WmsDocumentPosition/ReleaseStorageSpace/${a}`, undefined],
    ];
    for (const [method, path, body] of writes) {
      const r = await call(w.s, method, path, { token: stranger, body });
      expect(r.status, `${method} ${path}`).toBe(404);
    }
    // Nothing of it changed.
    expect((await w.api("GET", `/WmsDocument/${farmsDoc}`)).body).toMatchObject({
      version: 1,
      comment: null,
    });
    expect((await w.api("GET", `/WmsDocumentPosition/${position.id}`)).body.quantity).toBe(1);
    expect((await call(w.s, "GET", "/api/WmsDocument", { token: stranger })).body.allFilteredRowCount).toBe(
      0,
    );
  });
});

describe("containers", () => {
  it("logistics staff keep them; one holding stock is not deleted; it is not moved by an edit", async () => {
    const c = await w.api("POST", "/Container", { kind: "bin", locationId: a }, logistics);
    expect(c.status, JSON.stringify(c.body)).toBe(201);
    expect(c.body).toMatchObject({ kind: "bin", locationId: a, locationLabel: "A-01", lockedIn: false });
    const noModule = await w.api("POST", "/Container", { kind: "bin", locationId: a }, basic);
    expect([noModule.status, noModule.body.error.code]).toEqual([403, "auth.moduleDisabled"]);
    expect((await w.api("GET", `/Container/${c.body.id}`, undefined, portal)).status).toBe(403);
    const b = await location(w, "B-01");
    const thing = await product(w, "THING");
    const d = await draft(
      w,
      { typeCode: "IIN", destinationLocationId: a, destinationContainerId: c.body.id },
      [
        { productId: thing, quantity: 2 },
      ],
    );
    expect((await w.api("POST", `/WmsDocument/${d.id}/confirm`)).status).toBe(200);
    const moved = await w.api("PUT", "/Container", { ...c.body, locationId: b });
    expect(moved.status).toBe(400);
    expect(moved.body.error.fields.locationId).toEqual(["validation.invalidValue"]);
    const del = await w.api("DELETE", `/Container/${c.body.id}`);
    expect(del.status).toBe(409);
    expect(del.body.error.code).toBe("record.foreignKey");
    const empty = await w.api("POST", "/Container", { kind: "pallet", locationId: a });
    expect((await w.api("DELETE", `/Container/${empty.body.id}`)).status).toBe(204);
  });
});

describe("master data in use by stock", () => {
  it("a product, a location or a contractor that stock or documents name is not deleted", async () => {
    const l = await location(w, "KEEP");
    const p = await product(w, "KEPT");
    const d = await draft(w, { typeCode: "IIN", destinationLocationId: l }, [{ productId: p, quantity: 1 }]);
    expect((await w.api("POST", `/WmsDocument/${d.id}/confirm`)).status).toBe(200);
    for (const path of [`/Product/${p}`, `/StorageSpace/${l}`, `/Company/${farms}`]) {
      const r = await w.api("DELETE", path);
      expect(r.status, path).toBe(409);
      expect(r.body.error.code, path).toBe("record.foreignKey");
    }
  });
});
