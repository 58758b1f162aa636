// Group movement, releasing a location, and the working copies generated from a document.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  assertStockEqualsLedger,
  confirm,
  container,
  draft,
  dumpStock,
  location,
  product,
  receive,
  startStockWorld,
  stockAt,
  type StockWorld,
} from "./fixture.ts";

let w: StockWorld;
let a: number;
let b: number;
let tea: number;
let rice: number;

beforeAll(async () => {
  w = await startStockWorld("moves");
  a = await location(w, "A-01");
  b = await location(w, "B-01");
  tea = await product(w, "TEA");
  rice = await product(w, "RICE");
  await receive(w, tea, a, 10);
  await receive(w, rice, a, 6, { expiryDate: "2099-01-01" });
});
afterAll(() => w?.s.close());

describe("POST WmsDocumentPosition/groupmovement", () => {
  it("relocates several quantities by one confirmed ARL document", async () => {
    const r = await w.api("POST", "/WmsDocumentPosition/groupmovement", {
      destinationLocationId: b,
      moves: [
        { productId: tea, quantity: 4, sourceLocationId: a },
        { productId: rice, quantity: 1.5, sourceLocationId: a, expiryDate: "2099-01-01" },
      ],
    });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body).toMatchObject({ typeCode: "ARL", statusCode: "confirmed", positionsCount: 2 });
    expect(await stockAt(w, tea, b)).toBe(4);
    expect(await stockAt(w, rice, b)).toBe(1.5);
    const [line] = await w.query(
      "SELECT expiry_date FROM stock_lines WHERE product_id = ? AND location_id = ?",
      [
        rice,
        b,
      ],
    );
    expect(line.expiry_date).toBe("2099-01-01");
    await assertStockEqualsLedger(w);
  });

  it("refuses all moves when one cannot be made, leaving nothing behind", async () => {
    const before = await dumpStock(w);
    const r = await w.api("POST", "/WmsDocumentPosition/groupmovement", {
      destinationLocationId: b,
      moves: [
        { productId: tea, quantity: 1, sourceLocationId: a },
        { productId: rice, quantity: 100, sourceLocationId: a },
      ],
    });
    expect(r.status).toBe(422);
    expect(r.body.error.issues.map((i: { code: string }) => i.code)).toEqual([
      "document.issue.quantityAboveAvailable",
    ]);
    expect(await dumpStock(w)).toBe(before);
  });

  it("leaves a working copy to review when confirm is false", async () => {
    const r = await w.api("POST", "/WmsDocumentPosition/groupmovement", {
      destinationLocationId: b,
      confirm: false,
      moves: [{ productId: tea, quantity: 1, sourceLocationId: a }],
    });
    expect(r.status).toBe(201);
    expect(r.body.statusCode).toBe("workingCopy");
    expect(await stockAt(w, tea, a)).toBe(6);
  });
});

describe("POST WmsDocumentPosition/ReleaseStorageSpace/{id}", () => {
  it("makes a generated release of everything at the location, whose positions are fixed", async () => {
    const shelf = await location(w, "SHELF");
    const pallet = await container(w, shelf);
    await receive(w, tea, shelf, 2);
    await receive(w, rice, shelf, 3, { destinationContainerId: pallet.id, expiryDate: "2099-05-05" });
    const r = await w.api("POST", `/WmsDocumentPosition/ReleaseStorageSpace/${shelf}`);
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body).toMatchObject({
      typeCode: "IOU",
      statusCode: "workingCopy",
      generated: true,
      sourceLocationId: shelf,
      positionsCount: 2,
      quantitySum: 5,
    });
    const positions = (await w.api("GET", `/WmsDocument/${r.body.id}/Positions`)).body.results;
    const fields = (p: Record<string, unknown>) => [
      p.productId,
      p.quantity,
      p.sourceLocationId,
      p.sourceContainerId,
      p.expiryDate,
    ];
    expect(positions.map(fields)).toEqual([[tea, 2, shelf, null, null], [
      rice,
      3,
      shelf,
      pallet.id,
      "2099-05-05",
    ]]);
    const edit = await w.api("PUT", "/WmsDocumentPosition", { ...positions[0], quantity: 1 });
    expect(edit.status).toBe(409);
    expect(edit.body.error.code).toBe("document.generatedPositions");
    expect(edit.body.error.message).toBe("Positions of generated documents cannot be modified.");
    const add = await w.api("POST", "/WmsDocumentPosition", {
      documentId: r.body.id,
      productId: tea,
      quantity: 1,
    });
    expect(add.body.error.code).toBe("document.generatedPositions");
    expect((await w.api("DELETE", `/WmsDocumentPosition/${positions[0].id}`)).body.error.code)
      .toBe("document.generatedPositions");
    expect((await confirm(w, r.body.id)).status).toBe(200);
    expect(await w.query("SELECT * FROM stock_lines WHERE location_id = ?", [shelf])).toEqual([]);
    await assertStockEqualsLedger(w);
  });

  it("relocates everything to destinationLocationId, and refuses an empty location", async () => {
    const from = await location(w, "FROM");
    const to = await location(w, "TO");
    await receive(w, tea, from, 1);
    const r = await w.api(
      "POST",
      `/WmsDocumentPosition/ReleaseStorageSpace/${from}?destinationLocationId=${to}`,
    );
    expect(r.body).toMatchObject({ typeCode: "ARL", destinationLocationId: to, generated: true });
    expect((await confirm(w, r.body.id)).status).toBe(200);
    expect(await stockAt(w, tea, to)).toBe(1);
    const empty = await w.api("POST", `/WmsDocumentPosition/ReleaseStorageSpace/${from}`);
    expect(empty.status).toBe(422);
    expect(empty.body.error.issues[0].code).toBe("document.issue.locationEmpty");
    expect((await w.api("POST", "/WmsDocumentPosition/ReleaseStorageSpace/999999")).status).toBe(404);
  });
});

describe("DELETE WmsDocument/ByPrecedingDocumentId/{id}", () => {
  it("deletes the generated working copies of a document and keeps the rest", async () => {
    const origin = await draft(w, { typeCode: "IIN", destinationLocationId: a }, []);
    const shelf = await location(w, "GEN");
    await receive(w, tea, shelf, 1);
    const generated = (await w.api("POST", `/WmsDocumentPosition/ReleaseStorageSpace/${shelf}`)).body;
    const kept = (await w.api("POST", `/WmsDocumentPosition/ReleaseStorageSpace/${shelf}`)).body;
    // Both name the origin as preceding; one is confirmed, so it stays.
    await w.query("UPDATE wms_documents SET preceding_document_id = ? WHERE id IN (?, ?)", [
      origin.id,
      generated.id,
      kept.id,
    ]);
    expect((await confirm(w, kept.id)).status).toBe(200);
    const handMade = await draft(w, {
      typeCode: "IIN",
      destinationLocationId: a,
      precedingDocumentId: origin.id,
    }, []);
    const r = await w.api("DELETE", `/WmsDocument/ByPrecedingDocumentId/${origin.id}`);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.deletedIds).toEqual([generated.id]);
    expect((await w.api("GET", `/WmsDocument/${generated.id}`)).status).toBe(404);
    expect((await w.api("GET", `/WmsDocument/${kept.id}`)).status).toBe(200);
    expect((await w.api("GET", `/WmsDocument/${handMade.id}`)).status).toBe(200);
    const log = await w.query(
      "SELECT action FROM record_log WHERE resource_type = 'WmsDocument' AND resource_id = ?",
      [
        generated.id,
      ],
    );
    expect(log.map((l) => l.action)).toEqual(["created", "deleted"]);
    expect((await w.api("DELETE", "/WmsDocument/ByPrecedingDocumentId/999999")).status).toBe(404);
  });
});
