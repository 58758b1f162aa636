// A barcode typed or scanned into the quick search of any stock or document list finds the product's rows
// (the issue: 5901234000017 found 0 rows in total stock and the detailed inventory), a part of it too, and
// a contractor user finds a shared container only by their own product's barcode.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addUser, signIn } from "../../fixtures/harness.ts";
import { company, container, draft, location, product, startStockWorld, type StockWorld } from "./fixture.ts";

let w: StockWorld;
let cod: number;
let hake: number;
let box: number;
let portal: string;
const EAN = "5901234000017";

beforeAll(async () => {
  w = await startStockWorld("barcodes");
  const at = await location(w, "B-01");
  const own = await company(w, "OWN FISH");
  const theirs = await company(w, "THEIR FISH");
  cod = await product(w, "COD", { barcodes: [EAN], contractorId: own });
  hake = await product(w, "HAKE", { barcodes: ["5900000000004"], contractorId: theirs });
  box = (await container(w, at)).id;
  // One pallet with both contractors' fish, received on two documents.
  for (const [contractorId, productId] of [[own, cod], [theirs, hake]]) {
    const d = await draft(w, {
      typeCode: "DIN",
      contractorId,
      destinationLocationId: at,
      destinationContainerId: box,
    }, [
      { productId, quantity: 3 },
    ]);
    expect((await w.api("POST", `/WmsDocument/${d.id}/confirm?acceptWarnings=true`)).status).toBe(200);
  }
  await addUser(w.s, w.admin, {
    username: "fish-portal",
    connectedContractorId: own,
    contractorPortalEnabled: true,
  });
  portal = (await signIn(w.s, "fish-portal")).token;
});
afterAll(() => w?.s.close());

const search = (path: string, value: string, token?: string) => {
  const filters = encodeURIComponent(JSON.stringify([{ field: "*", operator: "contains", value }]));
  const join = path.includes("?") ? "&" : "?";
  return w.api("GET", `${path}${join}PageSize=100&BasicFiltersSerialized=${filters}`, undefined, token);
};

describe("quick search by barcode", () => {
  it.each([
    ["/WmsInventory/inventory", "productId"],
    ["/WmsInventory/productStock", "productId"],
    ["/WmsInventory/productStock?includeZero=true", "productId"],
    ["/WmsInventory/customProductStock", "productId"],
    ["/WmsInventory/productMovements", "productId"],
    ["/WmsDocumentPosition", "productId"],
  ])("%s finds the product's rows by its barcode, whole or in part", async (path, key) => {
    for (const value of [EAN, "1234000"]) {
      const r = await search(path, value);
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect(r.body.results.length, value).toBeGreaterThan(0);
      expect(new Set(r.body.results.map((row: Record<string, unknown>) => row[key])), value).toEqual(
        new Set([cod]),
      );
    }
  });

  it("finds the documents and the containers holding it", async () => {
    const docs = await search("/WmsDocument", EAN);
    expect(docs.body.results.map((d: { contractorName: string }) => d.contractorName)).toEqual(["OWN FISH"]);
    const boxes = await search("/WmsInventory/containerStock", EAN);
    expect(boxes.body.results.map((c: { id: number }) => c.id)).toEqual([box]);
  });

  it("lets a contractor user find a shared container by their own barcode only", async () => {
    expect((await search("/WmsInventory/containerStock", EAN, portal)).body.allFilteredRowCount).toBe(1);
    const theirs = await search("/WmsInventory/containerStock", "5900000000004", portal);
    expect([theirs.status, theirs.body.allFilteredRowCount]).toEqual([200, 0]);
    const stock = await search("/WmsInventory/inventory", "5900000000004", portal);
    expect(stock.body.allFilteredRowCount).toBe(0);
  });
});
