// Scanning into a document (POST /WmsDocumentPosition/scan): the same product scanned again raises its
// line's quantity instead of adding a line of 1, by index, barcode, GS1 label or a product picked by name;
// a different expiry or serial, or a line with locations of its own, is another line; what cannot be
// scanned is refused as the plain add refuses it, and nothing changes.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  addStaffUser,
  confirm,
  daysAhead,
  draft,
  location,
  product,
  startStockWorld,
  type StockWorld,
  yymmdd,
} from "./fixture.ts";

let w: StockWorld;
let at: number;
let other: number;
let milk: number;
let basic: string;

beforeAll(async () => {
  w = await startStockWorld("scan");
  at = await location(w, "S-01");
  other = await location(w, "S-02");
  milk = await product(w, "MILK", { barcodes: ["5901234123457"] });
  basic = await addStaffUser(w, "scan-basic");
});
afterAll(() => w?.s.close());

const scan = (body: Record<string, unknown>, token?: string) =>
  w.api("POST", "/WmsDocumentPosition/scan", body, token);
async function lines(doc: number) {
  const r = await w.api("GET", `/WmsDocument/${doc}/Positions?PageSize=100&sortColumn=id`);
  return r.body.results.map((p: Record<string, unknown>) => [p.quantity, p.expiryDate, p.serialNumber]);
}

describe("scanning into a document", () => {
  it("raises the line of the same product instead of adding another, however the product is named", async () => {
    const d = await draft(w, { typeCode: "IIN", destinationLocationId: at }, []);
    const first = await scan({ documentId: d.id, productCode: "milk" });
    expect([first.status, first.body.merged, first.body.position.quantity]).toEqual([200, false, 1]);
    const byBarcode = await scan({ documentId: d.id, productCode: "5901234123457" });
    expect([byBarcode.body.merged, byBarcode.body.position.id, byBarcode.body.position.quantity]).toEqual([
      true,
      first.body.position.id,
      2,
    ]);
    await scan({ documentId: d.id, productId: milk, quantity: 3 });
    expect(await lines(d.id)).toEqual([[5, null, null]]);

    // A label with an expiry and a serial is another line; the same label again raises that one.
    const expiry = daysAhead(400);
    const ai17 = yymmdd(expiry);
    const label = `(01)05901234123457(17)${ai17}(21)SN-1`;
    expect((await scan({ documentId: d.id, productCode: label })).body.merged).toBe(false);
    expect((await scan({ documentId: d.id, productCode: label })).body.merged).toBe(true);
    await scan({ documentId: d.id, productCode: `(01)05901234123457(17)${ai17}(21)SN-2` });
    expect(await lines(d.id)).toEqual([[5, null, null], [2, expiry, "SN-1"], [1, expiry, "SN-2"]]);

    // A line placed at a location of its own is not the one a plain scan grows.
    const placed = await w.api("POST", "/WmsDocumentPosition", {
      documentId: d.id,
      productId: milk,
      quantity: 1,
      destinationLocationId: other,
    });
    expect(placed.status).toBe(201);
    const again = await scan({ documentId: d.id, productCode: "MILK" });
    expect(again.body.position.id).toBe(first.body.position.id);
    expect(again.body.position.quantity).toBe(6);
  });

  it("grows one line by every scan when several arrive at once", async () => {
    const d = await draft(w, { typeCode: "IIN", destinationLocationId: at }, [{
      productId: milk,
      quantity: 1,
    }]);
    const answers = await Promise.all(
      [1, 2, 3, 4].map(() => scan({ documentId: d.id, productCode: "MILK" })),
    );
    expect(answers.map((r) => [r.status, r.body.merged])).toEqual([[200, true], [200, true], [200, true], [
      200,
      true,
    ]]);
    expect(await lines(d.id)).toEqual([[5, null, null]]);
  });

  it("refuses what cannot be scanned, changing nothing", async () => {
    const d = await draft(w, { typeCode: "IIN", destinationLocationId: at }, [{
      productId: milk,
      quantity: 1e9,
    }]);
    const unknown = await scan({ documentId: d.id, productCode: "99999999999995901234000017" });
    expect([unknown.status, unknown.body.error.issues?.[0]?.code]).toEqual([
      422,
      "document.issue.productNotFound",
    ]);
    const tooMany = await scan({ documentId: d.id, productCode: "MILK" });
    expect([tooMany.status, tooMany.body.error.fields]).toEqual([400, { quantity: ["validation.tooLarge"] }]);
    const neither = await scan({ documentId: d.id });
    expect(neither.status).toBe(400);
    const noModule = await scan({ documentId: d.id, productCode: "MILK" }, basic);
    expect([noModule.status, noModule.body.error.code]).toEqual([403, "auth.moduleDisabled"]);
    expect(await lines(d.id)).toEqual([[1e9, null, null]]);

    const done = await draft(w, { typeCode: "IIN", destinationLocationId: at }, [{
      productId: milk,
      quantity: 1,
    }]);
    expect((await confirm(w, done.id, true)).status).toBe(200);
    const late = await scan({ documentId: done.id, productCode: "MILK" });
    expect(late.status).toBeGreaterThanOrEqual(400);
    expect(late.status).toBeLessThan(500);
    expect(await lines(done.id)).toEqual([[1, null, null]]);
  });
});
