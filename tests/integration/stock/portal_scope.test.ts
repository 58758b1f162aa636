// A contractor user sees their contractor's products that are not hidden from the portal, and nothing else,
// in every stock report; and no working copy of one contractor may hold another contractor's product, so
// reading it cannot show that product either (the hardening issue's scope leaks).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addUser, signIn } from "../../fixtures/harness.ts";
import { company, location, product, receive, startStockWorld, type StockWorld } from "./fixture.ts";

let w: StockWorld;
let portal: string;
let first: number;
let second: number;
let shown: number;
let hidden: number;
let theirs: number;
let at: number;

beforeAll(async () => {
  w = await startStockWorld("portal");
  first = await company(w, "FIRST FOODS");
  second = await company(w, "SECOND FOODS");
  at = await location(w, "P-01");
  shown = await product(w, "SHOWN", { contractorId: first });
  hidden = await product(w, "HIDDEN", { contractorId: first, contractorPortalHide: true });
  theirs = await product(w, "THEIRS", { contractorId: second });
  for (const id of [shown, hidden, theirs]) await receive(w, id, at, 10);
  await addUser(w.s, w.admin, {
    username: "portal-pia",
    connectedContractorId: first,
    contractorPortalEnabled: true,
  });
  portal = (await signIn(w.s, "portal-pia")).token;
});
afterAll(() => w.s.close());

// deno-lint-ignore no-explicit-any
const productIds = (rows: any[]) => [...new Set(rows.map((r) => r.productId))].sort();

describe("a contractor user's stock reports", () => {
  it.each([
    "/WmsInventory/inventory",
    "/WmsInventory/productStock",
    "/WmsInventory/productStock?includeZero=true",
    "/WmsInventory/customProductStock",
    "/WmsInventory/productMovements",
  ])("%s: only the contractor's products not hidden from the portal", async (path) => {
    const r = await w.api("GET", path, undefined, portal);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(productIds(r.body.results)).toEqual([shown]);
    // Staff see all three.
    const staff = await w.api("GET", path);
    expect(productIds(staff.body.results)).toEqual([shown, hidden, theirs].sort());
  });

  it("the best source of a hidden product, as of another's, is not found", async () => {
    expect((await w.api("GET", `/WmsInventory/bestsourcematerial/${shown}`, undefined, portal)).status).toBe(
      200,
    );
    for (const id of [hidden, theirs]) {
      const r = await w.api("GET", `/WmsInventory/bestsourcematerial/${id}`, undefined, portal);
      expect([r.status, r.body.error.code]).toEqual([404, "record.notFoundOrNoPermission"]);
    }
  });
});

describe("a contractor's working copy", () => {
  it("refuses another contractor's product when the position is saved, and a contractor change that would mix them", async () => {
    const d = await w.api("POST", "/WmsDocument", {
      typeCode: "DIN",
      contractorId: first,
      destinationLocationId: at,
    });
    expect(d.status).toBe(201);
    const refused = await w.api("POST", "/WmsDocumentPosition", {
      documentId: d.body.id,
      productId: theirs,
      quantity: 1,
    });
    expect([refused.status, refused.body.error.code]).toEqual([422, "document.validation"]);
    expect(refused.body.error.issues).toMatchObject([
      {
        positionId: null,
        code: "document.issue.contractorMismatch",
        severity: "error",
        params: { product: "THEIRS" },
      },
    ]);
    const own = await w.api("POST", "/WmsDocumentPosition", {
      documentId: d.body.id,
      productId: shown,
      quantity: 1,
    });
    expect(own.status).toBe(201);
    // By code too (a scan).
    const scanned = await w.api("POST", "/WmsDocumentPosition", {
      documentId: d.body.id,
      productCode: "theirs",
      quantity: 1,
    });
    expect(scanned.status).toBe(422);
    const positions = await w.api("GET", `/WmsDocument/${d.body.id}/Positions`);
    expect(positions.body.results.map((p: { productId: number }) => p.productId)).toEqual([shown]);
    // Handing the working copy to the other contractor would show them the first one's product.
    const doc = (await w.api("GET", `/WmsDocument/${d.body.id}`)).body;
    const moved = await w.api("PUT", "/WmsDocument", { ...doc, contractorId: second });
    expect([moved.status, moved.body.error.issues[0].code]).toEqual([
      422,
      "document.issue.contractorMismatch",
    ]);
    expect((await w.api("GET", `/WmsDocument/${d.body.id}`)).body.contractorId).toBe(first);
  });
});
