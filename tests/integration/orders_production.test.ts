// Production (api-contract.md, Orders): a bill of materials on the product, the ' - ' rule, a production
// order planned from it, the release of raw material (reserved) and the receipt of the product generated
// for what is left, and ConfirmDocuments that finishes it, after which nothing of it changes.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  assertReservationsHold,
  assertStockEqualsLedger,
  dumpStock,
  location,
  product,
  receive,
  revert,
  startStockWorld,
  stockAt,
  type StockWorld,
} from "./stock/fixture.ts";

let w: StockWorld;
let raw: number;
let goods: number;
let flour: number;
let water: number;
let bread: number;

beforeAll(async () => {
  w = await startStockWorld("orders-production");
  raw = await location(w, "RAW");
  goods = await location(w, "FINISHED");
  flour = await product(w, "FLOUR", { unit: "kg" });
  water = await product(w, "WATER", { unit: "l" });
  bread = await product(w, "BREAD - WHITE", {
    name: "Bread - white",
    sapId: "BR - 1",
    resources: [{ productId: flour, quantity: 0.5 }, { productId: water, quantity: 0.3 }],
  });
  await receive(w, flour, raw, 10);
  await receive(w, water, raw, 10);
});
afterAll(async () => {
  await assertStockEqualsLedger(w);
  await assertReservationsHold(w);
  w?.s.close();
});

async function enableProduction() {
  const config = (await w.api("GET", "/ClientLogisticsConfig")).body;
  const r = await w.api("PUT", "/ClientLogisticsConfig", {
    ...config,
    production: { enabled: true, rawMaterialLocationId: raw, finishedGoodsLocationId: goods },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
}

const plan = (productId: number, quantity: number) =>
  w.api("POST", "/WmsOrder/GenerateProduction", { productId, quantity, plannedDate: "2026-12-01" });

describe("a production", () => {
  it("is refused while production is off, without the ' - ' naming, or without resources", async () => {
    const off = await plan(bread, 1);
    expect(off.status).toBe(409);
    expect(off.body.error.code).toBe("production.disabled");
    await enableProduction();
    const plain = await product(w, "ROLL", { resources: [{ productId: flour, quantity: 1 }] });
    const named = await plan(plain, 1);
    expect(named.status).toBe(400);
    expect(named.body.error.fields).toEqual({
      name: ["validation.productionNaming"],
      index: ["validation.productionNaming"],
      sapId: ["validation.productionNaming"],
    });
    const empty = await product(w, "CAKE - PLAIN", { name: "Cake - plain", sapId: "C - 1" });
    const none = await plan(empty, 1);
    expect(none.status).toBe(409);
    expect(none.body.error.code).toBe("production.noResources");
    // Several at once: all or none.
    const before = await dumpStock(w);
    const many = await w.api("POST", "/WmsOrder/Generatemultipleproductions", [
      { productId: bread, quantity: 1 },
      { productId: empty, quantity: 1 },
    ]);
    expect(many.status).toBe(409);
    expect(await dumpStock(w)).toBe(before);
  });

  it("is planned, its documents generated and confirmed, and then it does not change", async () => {
    const planned = await plan(bread, 4);
    expect(planned.status, JSON.stringify(planned.body)).toBe(201);
    expect(planned.body).toMatchObject({
      typeCode: "PRD",
      statusCode: "confirmed",
      processStatusCode: "waitingToProcess",
      productionProductId: bread,
      productionProductIndex: "BREAD - WHITE",
      productionQuantity: 4,
      producedQuantity: 0,
    });
    const id = planned.body.id;
    const materials = (await w.api("GET", `/WmsOrder/${id}/Positions`)).body.results;
    expect(materials.map((p: Record<string, unknown>) => [p.productIndex, p.quantity])).toEqual([
      ["FLOUR", 2],
      ["WATER", 1.2],
    ]);

    const docs = await w.api("POST", "/Production/GenerateDocuments", { orderId: id });
    expect(docs.status, JSON.stringify(docs.body)).toBe(201);
    expect(docs.body.map((d: Record<string, unknown>) => [d.typeCode, d.statusCode, d.quantitySum])).toEqual([
      ["IOU", "workingCopy", 3.2],
      ["IIN", "workingCopy", 4],
    ]);
    const reserved = await w.query("SELECT sum(quantity) AS q FROM stock_reservations WHERE order_id = ?", [
      id,
    ]);
    expect(Number(reserved[0].q)).toBe(3200);
    const again = await w.api("POST", "/Production/GenerateDocuments", { orderId: id });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe("production.nothingLeftToProduce");
    const listed = await w.api("GET", `/Production/${id}/GetProductionDocuments`);
    expect(listed.body.map((d: Record<string, unknown>) => d.id)).toEqual(
      docs.body.map((d: { id: number }) => d.id),
    );

    // Its documents go together: not deleted, confirmed or taken apart through the documents' own calls.
    expect((await w.api("DELETE", `/WmsDocument/${docs.body[1].id}`)).status).toBe(409);
    expect((await w.api("POST", `/WmsDocument/${docs.body[0].id}/confirm`)).status).toBe(409);
    const finished = await w.api("GET", `/Production/${id}/ConfirmDocuments`);
    expect(finished.status, JSON.stringify(finished.body)).toBe(200);
    expect(finished.body).toMatchObject({
      processStatusCode: "closedFully",
      producedQuantity: 4,
      progressPercent: 100,
    });
    expect(await stockAt(w, flour, raw)).toBe(8);
    expect(await stockAt(w, water, raw)).toBe(8.8);
    expect(await stockAt(w, bread, goods)).toBe(4);
    // Finished: nothing of it changes.
    expect((await revert(w, docs.body[1].id)).status).toBe(409);
    expect((await w.api("POST", `/WmsOrder/${id}/close`, { reason: "again" })).status).toBe(409);
    expect((await w.api("POST", `/WmsOrder/${id}/revert`)).status).toBe(409);
    expect((await w.api("GET", `/Production/${id}/ConfirmDocuments`)).status).toBe(409);
    expect((await w.api("POST", "/Production/GenerateDocuments", { orderId: id })).status).toBe(409);
    await assertStockEqualsLedger(w);
  });

  it("refuses documents for raw material that is not free, writing nothing", async () => {
    const planned = await plan(bread, 100);
    expect(planned.status).toBe(201);
    const before = await dumpStock(w);
    const r = await w.api("POST", "/Production/GenerateDocuments", { orderId: planned.body.id });
    expect(r.status).toBe(422);
    expect(r.body.error.issues.map((i: { code: string }) => i.code)).toEqual([
      "document.issue.quantityAboveAvailable",
      "document.issue.quantityAboveAvailable",
    ]);
    expect(await dumpStock(w)).toBe(before);
  });

  it("keeps a bill of materials to products that exist, each once, never itself", async () => {
    const r = await w.api("PUT", "/Product", {
      ...(await w.api("GET", `/Product/${bread}`)).body,
      resources: [{ productId: bread, quantity: 1 }],
    });
    expect(r.status).toBe(400);
    expect(r.body.error.fields.resources).toEqual(["validation.invalidValue"]);
    const twice = await product(w, "X - 1", {
      resources: [{ productId: flour, quantity: 1 }, { productId: flour, quantity: 2 }],
    }).catch((e) => e);
    expect(String(twice)).toMatch(/400/);
  });
});
