// Orders carried out by documents (api-contract.md, Orders; decision 0008): confirming with documents makes
// them and reserves the stock they will take in one transaction; reserved stock is not promised again (to
// another order, another release, bestsourcematerial, a revert, a container relocation); documents of an
// order check it; the process status follows the documents; revert, reopen and close keep to their rules.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  assertReservationsHold,
  assertStockEqualsLedger,
  confirm,
  container,
  daysAhead,
  draft,
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
let store: number;
let dock: number;
let pick: number;

beforeAll(async () => {
  w = await startStockWorld("orders-docs");
  store = await location(w, "STORE");
  dock = await location(w, "DOCK");
  pick = await location(w, "PICK");
});
afterAll(async () => {
  await assertStockEqualsLedger(w);
  await assertReservationsHold(w);
  w?.s.close();
});

/** A working-copy order with positions; answers its id. */
async function planned(header: Record<string, unknown>, positions: Record<string, unknown>[]) {
  const o = await w.api("POST", "/WmsOrder", header);
  expect(o.status, JSON.stringify(o.body)).toBe(201);
  for (const p of positions) {
    const r = await w.api("POST", "/WmsOrderPosition", { orderId: o.body.id, ...p });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
  }
  return o.body.id as number;
}

const confirmOrder = (id: number, generateDocuments: boolean) =>
  w.api("POST", `/WmsOrder/${id}/confirm?generateDocuments=${generateDocuments}`);

async function documentsOf(orderId: number) {
  const filter = encodeURIComponent(JSON.stringify([{ field: "orderId", operator: "eq", value: orderId }]));
  const r = await w.api("GET", `/WmsDocument?BasicFiltersSerialized=${filter}&PageSize=50`);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.results as Record<string, unknown>[];
}

const reservedOf = async (productId: number) =>
  Number(
    (await w.query("SELECT coalesce(sum(quantity), 0) AS q FROM stock_reservations WHERE product_id = ?", [
      productId,
    ]))[0].q,
  ) / 1000;

const order = async (id: number) => (await w.api("GET", `/WmsOrder/${id}`)).body;

describe("confirming a release order with documents", () => {
  it("makes its release and reserves the stock, FEFO, in one step", async () => {
    const milk = await product(w, "MILK");
    const [early, late] = [daysAhead(300), daysAhead(360)];
    await receive(w, milk, store, 6, { expiryDate: late });
    await receive(w, milk, store, 4, { expiryDate: early });
    const id = await planned({ typeCode: "OOU", sourceLocationId: store }, [{
      productId: milk,
      quantity: 7,
    }]);
    const r = await confirmOrder(id, true);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({ statusCode: "confirmed", processStatusCode: "waitingToProcess" });
    expect(r.body.orderNumber).not.toMatch(/Z\d+$/);
    const docs = await documentsOf(id);
    expect(docs).toHaveLength(1);
    expect(docs[0]).toMatchObject({
      typeCode: "OOU",
      statusCode: "workingCopy",
      orderId: id,
      generated: true,
    });
    expect(docs[0].orderNumber).toBe(r.body.orderNumber);
    const positions = (await w.api("GET", `/WmsDocument/${docs[0].id}/Positions`)).body.results;
    // Earliest expiry first: all 4 of the early lot, then 3 of the late one, each line named.
    expect(positions.map((p: Record<string, unknown>) => [p.quantity, p.expiryDate])).toEqual([
      [4, early],
      [3, late],
    ]);
    expect(await reservedOf(milk)).toBe(7);
    await assertReservationsHold(w);

    // Nothing else may promise the reserved 7 of the 10.
    const free = await w.api("GET", `/WmsInventory/bestsourcematerial/${milk}`);
    expect(free.body.results.map((l: { quantity: number }) => l.quantity)).toEqual([3]);
    const other = await planned({ typeCode: "OOU" }, [{ productId: milk, quantity: 4 }]);
    const refused = await confirmOrder(other, true);
    expect(refused.status).toBe(422);
    expect(refused.body.error.issues).toEqual([expect.objectContaining({
      code: "document.issue.quantityAboveAvailable",
      params: { requested: 4, available: 3 },
    })]);
    expect((await order(other)).statusCode).toBe("workingCopy");
    const release = await draft(w, { typeCode: "IOU", sourceLocationId: store }, [{
      productId: milk,
      quantity: 4,
    }]);
    const taken = await confirm(w, release.id);
    expect(taken.status).toBe(422);
    expect(taken.body.error.issues[0].code).toBe("document.issue.quantityAboveAvailable");
    const three = await draft(w, { typeCode: "IOU", sourceLocationId: store }, [{
      productId: milk,
      quantity: 3,
    }]);
    expect((await confirm(w, three.id)).status).toBe(200);

    // The order's own release takes what was reserved for it, and the reservation goes.
    const done = await confirm(w, docs[0].id as number);
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(await stockAt(w, milk, store)).toBe(0);
    expect(await reservedOf(milk)).toBe(0);
    const after = await order(id);
    expect(after.processStatusCode).toBe("closedFully");
    const lines = (await w.api("GET", `/WmsOrder/${id}/Positions`)).body.results;
    expect(lines[0].quantityReal).toBe(7);
    // A confirmed document of the order: it can no longer go back to a working copy.
    expect((await w.api("POST", `/WmsOrder/${id}/revert`)).status).toBe(409);
    await assertStockEqualsLedger(w);
  });

  it("refuses as a whole when stock is short: no number, no document, no reservation", async () => {
    const tea = await product(w, "TEA");
    await receive(w, tea, store, 2);
    const id = await planned({ typeCode: "OOU" }, [{ productId: tea, quantity: 1 }, {
      productId: tea,
      quantity: 2,
    }]);
    const before = await dumpStock(w);
    const r = await confirmOrder(id, true);
    expect(r.status).toBe(422);
    const positions = (await w.api("GET", `/WmsOrder/${id}/Positions`)).body.results;
    expect(r.body.error.issues).toEqual([expect.objectContaining({
      positionId: positions[1].id,
      params: { requested: 2, available: 1 },
    })]);
    expect(await dumpStock(w)).toBe(before);
  });

  it("confirmed without documents makes and reserves nothing; GenerateDocuments does it later", async () => {
    const salt = await product(w, "SALT");
    await receive(w, salt, store, 5);
    const id = await planned({ typeCode: "OOU" }, [{ productId: salt, quantity: 2 }]);
    expect((await confirmOrder(id, false)).status).toBe(200);
    expect(await documentsOf(id)).toEqual([]);
    expect(await reservedOf(salt)).toBe(0);
    const g = await w.api("GET", `/WmsOrder/${id}/GenerateDocuments`);
    expect(g.status, JSON.stringify(g.body)).toBe(200);
    expect(await documentsOf(id)).toHaveLength(1);
    expect(await reservedOf(salt)).toBe(2);
    const again = await w.api("GET", `/WmsOrder/${id}/GenerateDocuments`);
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe("order.nothingToGenerate");
    // Reverted while nothing of it is confirmed: its working copy and its reservation go.
    const back = await w.api("POST", `/WmsOrder/${id}/revert`);
    expect(back.status).toBe(200);
    expect(back.body).toMatchObject({ statusCode: "workingCopy", processStatusCode: "pending" });
    expect(await documentsOf(id)).toEqual([]);
    expect(await reservedOf(salt)).toBe(0);
  });

  it("closed by hand gives up its working copies and their reservation; reopened, it makes them again", async () => {
    const rice = await product(w, "RICE");
    await receive(w, rice, store, 5);
    const id = await planned({ typeCode: "OOU" }, [{ productId: rice, quantity: 5 }]);
    expect((await confirmOrder(id, true)).status).toBe(200);
    expect(await reservedOf(rice)).toBe(5);
    const [doc] = await documentsOf(id);
    const closed = await w.api("POST", `/WmsOrder/${id}/close`, { reason: "customer cancelled" });
    expect(closed.status).toBe(200);
    expect(closed.body).toMatchObject({
      processStatusCode: "closedManually",
      closedManuallyReason: "customer cancelled",
    });
    expect(await reservedOf(rice)).toBe(0);
    expect(await documentsOf(id)).toEqual([]);
    expect((await w.api("GET", `/WmsDocument/${doc.id}`)).status).toBe(404);
    expect(await stockAt(w, rice, store)).toBe(5);
    // Reopened (nothing of it confirmed): its documents are made again, reserving the stock.
    expect((await w.api("POST", `/WmsOrder/${id}/reopen`)).status).toBe(200);
    expect((await w.api("GET", `/WmsOrder/${id}/GenerateDocuments`)).status).toBe(200);
    expect(await reservedOf(rice)).toBe(5);
    const [again] = await documentsOf(id);
    expect((await confirm(w, again.id as number)).status).toBe(200);
    expect((await order(id)).processStatusCode).toBe("closedFully");
  });

  it("an archived order's working copy cannot be confirmed, nor a document for another contractor made", async () => {
    const beans = await product(w, "BEANS");
    await receive(w, beans, store, 2);
    const id = await planned({ typeCode: "OIN", destinationLocationId: dock }, [{
      productId: beans,
      quantity: 1,
    }]);
    expect((await confirmOrder(id, false)).status).toBe(200);
    const farm = (await w.api("POST", "/Company", { shortName: "FARM-X", keyRole: "contractor" })).body.id;
    const wrong = await w.api("POST", "/WmsDocument", { typeCode: "OIN", orderId: id, contractorId: farm });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.fields).toHaveProperty("contractorId");
    const d = await draft(w, { typeCode: "OIN", orderId: id, destinationLocationId: dock }, [
      { productId: beans, quantity: 1 },
    ]);
    expect((await w.api("POST", `/WmsOrder/${id}/archive`)).status).toBe(200);
    const r = await confirm(w, d.id);
    expect(r.status).toBe(422);
    expect(r.body.error.issues.map((i: { code: string }) => i.code)).toContain(
      "document.issue.orderNotConfirmed",
    );
  });
});

describe("reserved stock", () => {
  it("is not taken by a revert or a container relocation", async () => {
    const oil = await product(w, "OIL");
    const pallet = await container(w, store);
    const receipt = await receive(w, oil, store, 4, { destinationContainerId: pallet.id });
    const id = await planned({ typeCode: "OPI", destinationLocationId: pick }, [{
      productId: oil,
      quantity: 3,
    }]);
    expect((await confirmOrder(id, true)).status).toBe(200);
    const [picking] = await documentsOf(id);
    expect(picking.typeCode).toBe("CRL");
    const undo = await revert(w, receipt);
    expect(undo.status).toBe(422);
    expect(undo.body.error.issues[0].code).toBe("document.issue.stockAlreadyLeft");
    const move = await draft(w, { typeCode: "PRL", sourceLocationId: store, destinationLocationId: dock }, [{
      productId: oil,
      quantity: 1,
      sourceContainerId: pallet.id,
    }]);
    const moved = await confirm(w, move.id);
    expect(moved.status).toBe(422);
    expect(moved.body.error.issues.map((i: { code: string }) => i.code)).toContain(
      "document.issue.containerNotWhole",
    );
    // The picking moves the reserved 3 to the pick face; the order is done.
    expect((await confirm(w, picking.id as number)).status).toBe(200);
    expect(await stockAt(w, oil, pick)).toBe(3);
    expect((await order(id)).processStatusCode).toBe("closedFully");
    await assertReservationsHold(w);
  });
});

describe("documents of an order", () => {
  it("check that the product is on the order and the quantity is not above what is left", async () => {
    const flour = await product(w, "FLOUR");
    const sugar = await product(w, "SUGAR");
    const id = await planned({ typeCode: "OIN", destinationLocationId: dock }, [{
      productId: flour,
      quantity: 10,
    }]);
    expect((await w.api("POST", "/WmsDocument", { typeCode: "OIN", orderId: id })).status).toBe(409);
    expect((await confirmOrder(id, false)).status).toBe(200);
    const wrongType = await w.api("POST", "/WmsDocument", { typeCode: "OOU", orderId: id });
    expect(wrongType.status).toBe(400);
    expect(wrongType.body.error.fields).toHaveProperty("typeCode");

    const first = await draft(w, { typeCode: "OIN", orderId: id, destinationLocationId: dock }, [
      { productId: flour, quantity: 6 },
      { productId: sugar, quantity: 1 },
    ]);
    const r = await confirm(w, first.id);
    expect(r.status).toBe(422);
    expect(r.body.error.issues).toEqual([expect.objectContaining({
      positionId: first.positionIds[1],
      code: "document.issue.productNotOnOrder",
    })]);
    await w.api("DELETE", `/WmsDocumentPosition/${first.positionIds[1]}`);
    expect((await confirm(w, first.id)).status).toBe(200);
    expect((await order(id)).processStatusCode).toBe("doneConfirmed");

    const second = await draft(w, { typeCode: "OIN", orderId: id, destinationLocationId: dock }, [
      { productId: flour, quantity: 5 },
    ]);
    expect((await order(id)).processStatusCode).toBe("inProgress");
    const over = await confirm(w, second.id);
    expect(over.status).toBe(422);
    expect(over.body.error.issues).toEqual([expect.objectContaining({
      code: "document.issue.quantityAboveOrder",
      params: { product: "FLOUR", left: 4 },
    })]);
    const held = (await w.api("GET", `/WmsDocumentPosition/${second.positionIds[0]}`)).body;
    const less = await w.api("PUT", "/WmsDocumentPosition", { ...held, quantity: 4 });
    expect(less.status, JSON.stringify(less.body)).toBe(200);
    expect((await confirm(w, second.id)).status).toBe(200);
    expect((await order(id)).processStatusCode).toBe("closedFully");
    // Reverting one of its documents opens the order again.
    expect((await revert(w, second.id)).status).toBe(200);
    expect((await order(id)).processStatusCode).toBe("doneConfirmed");
  });

  it("of another tenant's order cannot be made", async () => {
    const r = await w.api("POST", "/WmsDocument", { typeCode: "OIN", orderId: 999_999 });
    expect(r.status).toBe(400);
    expect(r.body.error.fields).toHaveProperty("orderId");
  });
});

describe("progress", () => {
  it("lists confirmed orders with their progress, the overdue ones with their delay, and one order's positions", async () => {
    const jam = await product(w, "JAM");
    await receive(w, jam, store, 10);
    const yesterday = new Date(Date.now() - 3 * 86_400_000).toISOString().slice(0, 10);
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const late = await planned({ typeCode: "OOU", deadline: yesterday }, [
      { productId: jam, quantity: 4 },
      { productId: jam, quantity: 2 },
    ]);
    const onTime = await planned({ typeCode: "OIN", plannedDate: tomorrow, destinationLocationId: dock }, [
      { productId: jam, quantity: 1 },
    ]);
    const draftOnly = await planned({ typeCode: "OOU", deadline: yesterday }, [{
      productId: jam,
      quantity: 1,
    }]);
    expect((await confirmOrder(late, true)).status).toBe(200);
    expect((await confirmOrder(onTime, false)).status).toBe(200);

    const byId = (r: { body: { results: Record<string, unknown>[] } }) =>
      new Map(r.body.results.map((o) => [o.id as number, o]));
    const all = byId(await w.api("GET", "/WmsOrder/Move/Progress?PageSize=1000"));
    expect(all.has(late) && all.has(onTime)).toBe(true);
    expect(all.has(draftOnly)).toBe(false);
    expect(all.get(late)).toMatchObject({ progressPercent: 0, delayDays: 3, positionsDoneCount: 0 });
    expect(all.get(onTime)).toMatchObject({ delayDays: null });
    const overdue = byId(await w.api("GET", "/WmsOrder/Move/ProgressWithDelay?PageSize=1000"));
    expect(overdue.has(late)).toBe(true);
    expect(overdue.has(onTime) || overdue.has(draftOnly)).toBe(false);

    const positions = await w.api("GET", `/WmsOrder/Move/${late}/PositionsProgressWithStock`);
    expect(positions.status, JSON.stringify(positions.body)).toBe(200);
    expect(positions.body.results.map((p: Record<string, unknown>) => [
      p.quantity,
      p.quantityPlanned,
      p.quantityLeft,
      p.stockQuantity,
      p.freeQuantity,
    ])).toEqual([[4, 4, 4, 10, 4], [2, 2, 2, 10, 4]]);

    // Its release confirmed: done, closed fully, off the delay monitor.
    const [release] = await documentsOf(late);
    expect((await confirm(w, release.id as number)).status).toBe(200);
    const done = byId(await w.api("GET", "/WmsOrder/Move/Progress?PageSize=1000")).get(late);
    expect(done).toMatchObject({
      progressPercent: 100,
      positionsDoneCount: 2,
      quantityDoneSum: 6,
      delayDays: null,
    });
    expect(byId(await w.api("GET", "/WmsOrder/Move/ProgressWithDelay?PageSize=1000")).has(late)).toBe(false);
    const after = await w.api("GET", `/WmsOrder/Move/${late}/PositionsProgress`);
    expect(
      after.body.results.map((
        p: Record<string, unknown>,
      ) => [p.quantityReal, p.quantityLeft, p.progressPercent]),
    )
      .toEqual([[4, 0, 100], [2, 0, 100]]);
    expect((await w.api("GET", `/WmsOrder/Verify/${late}/PositionsProgress`)).status).toBe(400);
  });
});

describe("operational orders", () => {
  it("lists the receipt, release and picking orders worked on now, not drafts, counts or finished ones", async () => {
    const figs = await product(w, "FIGS");
    await receive(w, figs, store, 10);
    const waiting = await planned({ typeCode: "OOU", priority: "high" }, [{ productId: figs, quantity: 2 }]);
    const working = await planned({ typeCode: "OOU" }, [{ productId: figs, quantity: 3 }]);
    const finished = await planned({ typeCode: "OOU" }, [{ productId: figs, quantity: 1 }]);
    const draftOnly = await planned({ typeCode: "OIN", destinationLocationId: dock }, [{
      productId: figs,
      quantity: 1,
    }]);
    expect((await confirmOrder(waiting, true)).status).toBe(200);
    expect((await confirmOrder(finished, true)).status).toBe(200);
    const [finishedRelease] = await documentsOf(finished);
    expect((await confirm(w, finishedRelease.id as number)).status).toBe(200);
    // One release under way: a third of it out, the rest on a document still open.
    expect((await confirmOrder(working, false)).status).toBe(200);
    const part = await draft(w, { typeCode: "OOU", orderId: working, sourceLocationId: store }, [
      { productId: figs, quantity: 1 },
    ]);
    expect((await confirm(w, part.id)).status).toBe(200);
    await draft(w, { typeCode: "OOU", orderId: working, sourceLocationId: store }, [
      { productId: figs, quantity: 2 },
    ]);
    const count = await w.api("POST", "/WmsOrder", { typeCode: "VER-A" });
    expect((await confirmOrder(count.body.id, false)).status).toBe(200);

    const list = await w.api("GET", "/WmsOrder/Move/Operational?PageSize=1000&sortColumn=id");
    expect(list.status, JSON.stringify(list.body)).toBe(200);
    const seen = new Map(list.body.results.map((o: Record<string, unknown>) => [o.id, o]));
    expect(seen.get(waiting)).toMatchObject({ processStatusCode: "waitingToProcess", priority: "high" });
    expect(seen.get(working)).toMatchObject({ processStatusCode: "inProgress", progressPercent: 33 });
    for (const id of [finished, draftOnly, count.body.id]) expect(seen.has(id), String(id)).toBe(false);
    expect(
      list.body.results.every((o: { statusCode: string; typeCode: string }) =>
        o.statusCode === "confirmed" && ["OIN", "OOU", "OPI"].includes(o.typeCode)
      ),
    ).toBe(true);
  });
});

describe("order positions by a scanned code", () => {
  it("finds the product by its index or barcode, and a GS1 label's lot", async () => {
    const cod = await product(w, "COD-1", { barcodes: ["5901234123457"] });
    const o = await w.api("POST", "/WmsOrder", { typeCode: "OIN" });
    const byIndex = await w.api("POST", "/WmsOrderPosition", {
      orderId: o.body.id,
      productCode: "cod-1",
      quantity: 2,
    });
    expect(byIndex.status, JSON.stringify(byIndex.body)).toBe(201);
    expect(byIndex.body.productId).toBe(cod);
    const gs1 = await w.api("POST", "/WmsOrderPosition", {
      orderId: o.body.id,
      productCode: "(01)05901234123457(17)271231(21)SN-7",
      quantity: 1,
    });
    expect(gs1.status, JSON.stringify(gs1.body)).toBe(201);
    expect(gs1.body).toMatchObject({ productId: cod, expiryDate: "2027-12-31", serialNumber: "SN-7" });
    const unknown = await w.api("POST", "/WmsOrderPosition", {
      orderId: o.body.id,
      productCode: "NOPE",
      quantity: 1,
    });
    expect(unknown.status).toBe(422);
    const none = await w.api("POST", "/WmsOrderPosition", { orderId: o.body.id, quantity: 1 });
    expect(none.status).toBe(400);
  });
});
