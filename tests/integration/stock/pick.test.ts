// The terminal's verbs on positions (decision 0009): Pick checks each scan against the position (product,
// lot, location, locks, quantity left, the tote) with the validators' codes and writes nothing on a
// finding; two operators never take the same last units; Shortage lowers a position to what was found and
// gives the rest of its reservation back; a release's scan takes from the scanned location only; and
// staff with the terminal module do all of it, while a basic user is kept out.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  addStaffUser,
  assertReservationsHold,
  assertStockEqualsLedger,
  confirm,
  container,
  daysAhead,
  draft,
  location,
  product,
  receive,
  startStockWorld,
  stockAt,
  type StockWorld,
  yymmdd,
} from "./fixture.ts";

let w: StockWorld;
let zone: number;
let a1: number;
let a2: number;
let dock: number;
let other: number;
let operator: string;
let basic: string;

/** The record log's last entry of a position: its before and after. */
async function lastLogged(id: number): Promise<{ old: unknown; new: unknown }> {
  const [row] = await w.query(
    "SELECT old_object AS o, new_object AS n FROM record_log WHERE resource_type = 'WmsDocumentPosition' " +
      "AND resource_id = ? ORDER BY id DESC LIMIT 1",
    [id],
  );
  return { old: JSON.parse(String(row.o)), new: JSON.parse(String(row.n)) };
}

beforeAll(async () => {
  w = await startStockWorld("pick");
  zone = await location(w, "ZONE-A");
  a1 = await location(w, "A-01", { parentId: zone });
  a2 = await location(w, "A-02", { parentId: zone });
  dock = await location(w, "DOCK");
  other = await location(w, "B-01");
  operator = await addStaffUser(w, "pick-operator", { terminalEnabled: true });
  basic = await addStaffUser(w, "pick-basic");
});
afterAll(async () => {
  await assertStockEqualsLedger(w);
  await assertReservationsHold(w);
  w?.s.close();
});

const pick = (id: number, body: Record<string, unknown>, token = operator) =>
  w.api("POST", `/WmsDocumentPosition/${id}/Pick`, body, token);
const codes = (r: { body: { error?: { issues?: { code: string }[] } } }) =>
  (r.body.error?.issues ?? []).map((i) => i.code.replace("document.issue.", ""));

/** A confirmed release order with its generated document; answers the document and its positions. */
async function releaseOrder(productId: number, quantity: number, header: Record<string, unknown> = {}) {
  const o = await w.api("POST", "/WmsOrder", { typeCode: "OOU", ...header });
  expect(o.status, JSON.stringify(o.body)).toBe(201);
  const p = await w.api("POST", "/WmsOrderPosition", { orderId: o.body.id, productId, quantity });
  expect(p.status, JSON.stringify(p.body)).toBe(201);
  const c = await w.api("POST", `/WmsOrder/${o.body.id}/confirm?generateDocuments=true`);
  expect(c.status, JSON.stringify(c.body)).toBe(200);
  const [doc] = await w.query("SELECT id FROM wms_documents WHERE order_id = ?", [o.body.id]);
  const positions = await w.api("GET", `/WmsDocument/${doc.id}/Positions?sortColumn=id&PageSize=50`);
  return {
    orderId: o.body.id as number,
    documentId: Number(doc.id),
    positions: positions.body.results as Record<string, unknown>[],
  };
}

describe("picking a position on the terminal", () => {
  it("checks the scanned product, lot, location and quantity, writing nothing on a finding", async () => {
    const milk = await product(w, "P-MILK", { barcodes: ["5901234123457"] });
    await product(w, "P-BREAD", { barcodes: ["4006381333931"] });
    // A GS1 label's expiry (AI 17) is YYMMDD.
    const [lot, otherLot] = [daysAhead(500), daysAhead(530)];
    await receive(w, milk, a1, 5, { expiryDate: lot });
    const { documentId, positions } = await releaseOrder(milk, 4, { sourceLocationId: zone });
    expect(positions).toHaveLength(1);
    const id = positions[0].id as number;

    expect(codes(await pick(id, { quantity: 1, productCode: "4006381333931", locationId: a1 })))
      .toEqual(["wrongProduct"]);
    expect(
      codes(
        await pick(id, {
          quantity: 1,
          productCode: `(01)05901234123457(17)${yymmdd(otherLot)}`,
          locationId: a1,
        }),
      ),
    )
      .toEqual(["wrongLot"]);
    const wrongPlace = await pick(id, { quantity: 1, productCode: "5901234123457", locationId: a2 });
    expect(codes(wrongPlace)).toEqual(["wrongLocation"]);
    expect(wrongPlace.body.error.issues[0].message).toContain("A-02");
    expect(codes(await pick(id, { quantity: 5, productCode: "P-MILK", locationId: a1 })))
      .toEqual(["quantityAbovePosition"]);
    const untouched = await w.api("GET", `/WmsDocumentPosition/${id}`);
    expect(untouched.body.quantityReal).toBeNull();

    const first = await pick(id, {
      quantity: 3,
      productCode: `(01)05901234123457(17)${yymmdd(lot)}`,
      locationId: a1,
    });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect([first.body.quantityReal, first.body.quantityLeft]).toEqual([3, 1]);
    // The answer, and the record log's before and after, are the position as the API reads it.
    expect(first.body).toEqual((await w.api("GET", `/WmsDocumentPosition/${id}`)).body);
    expect(await lastLogged(id)).toEqual({ old: untouched.body, new: first.body });
    const doc = await w.api("GET", `/WmsDocument/${documentId}`);
    expect([doc.body.quantityRealSum, doc.body.progressPercent]).toEqual([3, 75]);
    expect(codes(await pick(id, { quantity: 2, productCode: "P-MILK" }))).toEqual(["quantityAbovePosition"]);
    // At the bin the position now names: nothing it shows changes but its quantities (its display values are
    // not read again), and the answer and the log are still the position as the API reads it.
    const before = (await w.api("GET", `/WmsDocumentPosition/${id}`)).body;
    const last = await pick(id, { quantity: 1, productCode: "P-MILK", locationId: a1 });
    expect([last.status, last.body.quantityLeft, last.body.sourceLocationLabel]).toEqual([200, 0, "A-01"]);
    expect(last.body).toEqual((await w.api("GET", `/WmsDocumentPosition/${id}`)).body);
    expect(await lastLogged(id)).toEqual({ old: before, new: last.body });
    expect((await confirm(w, documentId, false, operator)).status).toBe(200);
    expect(await stockAt(w, milk, a1)).toBe(1);
  });

  it("refuses locked products and locations, and expired lots while the rules block them", async () => {
    const jam = await product(w, "P-JAM");
    await receive(w, jam, other, 3);
    const expired = await draft(w, { typeCode: "IOU", sourceLocationId: a2 }, [{
      productId: jam,
      quantity: 1,
      expiryDate: "2020-01-01",
    }]);
    expect(codes(await pick(expired.positionIds[0], { quantity: 1, locationId: a2 }))).toEqual([
      "productExpired",
    ]);

    const lockedPlace = await location(w, "B-LOCKED", { lockedIn: true });
    const receipt = await draft(w, { typeCode: "IIN", destinationLocationId: lockedPlace }, [{
      productId: jam,
      quantity: 2,
    }]);
    expect(codes(await pick(receipt.positionIds[0], { quantity: 1, locationId: lockedPlace })))
      .toEqual(["locationLocked"]);
    const edit = await w.api("GET", `/Product/${jam}`);
    expect((await w.api("PUT", "/Product", { ...edit.body, lockIn: true })).status).toBe(200);
    const both = await pick(receipt.positionIds[0], { quantity: 1, locationId: lockedPlace });
    expect(codes(both)).toEqual(["locationLocked", "productLockedIn"]);
  });

  it("puts a receipt away into bins of the zone it names, each part a position of its own", async () => {
    const tea = await product(w, "P-TEA");
    const receipt = await draft(w, { typeCode: "IIN", destinationLocationId: zone }, [{
      productId: tea,
      quantity: 5,
    }]);
    const id = receipt.positionIds[0];
    expect(codes(await pick(id, { quantity: 2, productCode: "P-TEA", locationId: other }))).toEqual([
      "wrongLocation",
    ]);
    // Part of it into A-02: that part is a position of its own at A-02, done; the rest stays on the zone.
    const put = await pick(id, { quantity: 2, productCode: "P-TEA", locationId: a2 });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect([put.body.id === id, put.body.destinationLocationId, put.body.quantity, put.body.quantityReal])
      .toEqual([false, a2, 2, 2]);
    const rest = (await w.api("GET", `/WmsDocumentPosition/${id}`)).body;
    expect([rest.destinationLocationId, rest.quantity, rest.quantityReal ?? 0]).toEqual([null, 3, 0]);
    // The next part into another bin of the zone, then the last one whole into A-02 again.
    expect((await pick(id, { quantity: 1, productCode: "P-TEA", locationId: a1 })).status).toBe(200);
    const last = await pick(id, { quantity: 2, productCode: "P-TEA", locationId: a2 });
    expect([last.status, last.body.id, last.body.destinationLocationId]).toEqual([200, id, a2]);
    // Done: no more than the position asked for, anywhere.
    expect(codes(await pick(id, { quantity: 1, productCode: "P-TEA", locationId: a1 }))).toEqual([
      "wrongLocation",
      "quantityAbovePosition",
    ]);
    const all = await w.query(
      "SELECT quantity, quantity_real, destination_location_id FROM wms_document_positions WHERE document_id = ? ORDER BY id",
      [receipt.id],
    );
    expect(
      all.map((r) => [Number(r.quantity) / 1000, Number(r.quantity_real) / 1000, r.destination_location_id]),
    )
      .toEqual([[2, 2, a2], [2, 2, a2], [1, 1, a1]]);
    expect((await confirm(w, receipt.id, false, operator)).status).toBe(200);
    expect([await stockAt(w, tea, a2), await stockAt(w, tea, a1)]).toEqual([4, 1]);
  });

  it("fills a tote standing at the destination, one tote per position", async () => {
    const soap = await product(w, "P-SOAP");
    await receive(w, soap, a1, 10);
    const tote = await container(w, dock, { kind: "bin" });
    const elsewhere = await container(w, other, { kind: "bin" });
    const second = await container(w, dock, { kind: "bin" });
    const o = await w.api("POST", "/WmsOrder", { typeCode: "OPI", destinationLocationId: dock });
    await w.api("POST", "/WmsOrderPosition", { orderId: o.body.id, productId: soap, quantity: 6 });
    expect((await w.api("POST", `/WmsOrder/${o.body.id}/confirm?generateDocuments=true`)).status).toBe(200);
    const [doc] = await w.query("SELECT id FROM wms_documents WHERE order_id = ?", [o.body.id]);
    const [pos] = await w.query("SELECT id FROM wms_document_positions WHERE document_id = ?", [doc.id]);
    const id = Number(pos.id);
    expect(codes(await pick(id, { quantity: 2, locationId: a1, containerId: elsewhere.id })))
      .toEqual(["containerAtOtherLocation"]);
    const into = await pick(id, { quantity: 2, productCode: "P-SOAP", locationId: a1, containerId: tote.id });
    expect([into.status, into.body.destinationContainerNumber]).toEqual([200, tote.number]);
    expect(into.body).toEqual((await w.api("GET", `/WmsDocumentPosition/${id}`)).body);
    // A page of many positions reads their display values in batches: the same values as one position's.
    const page = await w.api("GET", "/WmsDocumentPosition?sortColumn=id&sortDescending=true&PageSize=50");
    expect(page.body.results.length).toBeGreaterThan(1);
    expect(page.body.results.find((p: { id: number }) => p.id === id)).toMatchObject(into.body);
    expect((await lastLogged(id)).new).toEqual(into.body);
    const wrongTote = await pick(id, { quantity: 2, locationId: a1, containerId: second.id });
    expect(codes(wrongTote)).toEqual(["otherContainer"]);
    expect(wrongTote.body.error.issues[0].message).toContain(tote.number);
    expect((await pick(id, { quantity: 4, locationId: a1, containerId: tote.id })).status).toBe(200);
    expect((await confirm(w, Number(doc.id), false, operator)).status).toBe(200);
    const [inTote] = await w.query(
      "SELECT sum(quantity) AS q FROM stock_lines WHERE product_id = ? AND container_id = ?",
      [soap, tote.id],
    );
    expect(Number(inTote.q) / 1000).toBe(6);
  });

  it("lets two operators at once take no more than the position holds", async () => {
    const salt = await product(w, "P-SALT");
    await receive(w, salt, a1, 5);
    const { positions } = await releaseOrder(salt, 5, { sourceLocationId: a1 });
    const id = positions[0].id as number;
    const second = await addStaffUser(w, "pick-operator-2", { terminalEnabled: true });
    const answers = await Promise.all([
      pick(id, { quantity: 3, productCode: "P-SALT", locationId: a1 }),
      pick(id, { quantity: 3, productCode: "P-SALT", locationId: a1 }, second),
    ]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 422]);
    expect(answers.flatMap(codes)).toEqual(["quantityAbovePosition"]);
    const after = await w.api("GET", `/WmsDocumentPosition/${id}`);
    expect(after.body.quantityReal).toBe(3);
  });
});

describe("reporting a shortage", () => {
  it("lowers the position to what was picked, gives the rest back, and the order can go on", async () => {
    const oil = await product(w, "P-OIL");
    await receive(w, oil, a1, 3);
    await receive(w, oil, a2, 3);
    const { orderId, documentId, positions } = await releaseOrder(oil, 5, { sourceLocationId: zone });
    expect(positions.map((p) => p.quantity)).toEqual([3, 2]);
    const reserved = async () =>
      Number(
        (await w.query("SELECT sum(quantity) AS q FROM stock_reservations WHERE product_id = ?", [oil]))[0]
          .q ?? 0,
      ) /
      1000;
    expect(await reserved()).toBe(5);

    const [p1, p2] = positions.map((p) => p.id as number);
    expect((await pick(p1, { quantity: 2, productCode: "P-OIL", locationId: a1 })).status).toBe(200);
    const short = await w.api("POST", `/WmsDocumentPosition/${p1}/Shortage`, undefined, operator);
    expect(short.status, JSON.stringify(short.body)).toBe(200);
    expect([short.body.missing, short.body.position.quantity, short.body.position.quantityLeft]).toEqual([
      1,
      2,
      0,
    ]);
    const none = await w.api("POST", `/WmsDocumentPosition/${p2}/Shortage`, undefined, operator);
    expect([none.body.missing, none.body.position]).toEqual([2, null]);
    expect(await reserved()).toBe(2);
    // Again: nothing more is missing, nothing changes.
    const again = await w.api("POST", `/WmsDocumentPosition/${p1}/Shortage`, undefined, operator);
    expect([again.status, again.body.missing]).toEqual([200, 0]);

    expect((await confirm(w, documentId, false, operator)).status).toBe(200);
    const order = await w.api("GET", `/WmsOrder/${orderId}`);
    expect(order.body.processStatusCode).toBe("doneConfirmed");
    // What was not found is on no document: the order makes a document for it again.
    const more = await w.api("GET", `/WmsOrder/${orderId}/GenerateDocuments`);
    expect(more.status, JSON.stringify(more.body)).toBe(200);
    expect(await reserved()).toBe(3);
  });
});

describe("a release's scan from a scanned location", () => {
  it("takes FEFO from that location only, and refuses one outside the document's source", async () => {
    const rice = await product(w, "P-RICE");
    await receive(w, rice, a1, 2, { expiryDate: daysAhead(300) });
    await receive(w, rice, a2, 2, { expiryDate: daysAhead(700) });
    await receive(w, rice, other, 2, { expiryDate: daysAhead(200) });
    const d = await draft(w, { typeCode: "IOU", sourceLocationId: zone }, [], operator);
    const scan = (body: Record<string, unknown>) =>
      w.api("POST", "/WmsDocumentPosition/scan", { documentId: d.id, ...body }, operator);
    const fromA2 = await scan({ productCode: "P-RICE", quantity: 1, sourceLocationId: a2 });
    expect(fromA2.status, JSON.stringify(fromA2.body)).toBe(200);
    expect(fromA2.body.positions.map((p: Record<string, unknown>) => [p.sourceLocationId, p.expiryDate]))
      .toEqual([[a2, daysAhead(700)]]);
    expect(codes(await scan({ productCode: "P-RICE", quantity: 1, sourceLocationId: other })))
      .toEqual(["wrongLocation"]);
    expect((await scan({ productCode: "P-RICE", quantity: 1 })).body.positions[0].sourceLocationId).toBe(a1);
  });
});

describe("who may use the terminal's verbs", () => {
  it("lets staff with the terminal module move goods, and keeps a basic user out", async () => {
    const box = await product(w, "P-BOX");
    const d = await w.api("POST", "/WmsDocument", { typeCode: "IIN", destinationLocationId: a1 }, operator);
    expect(d.status, JSON.stringify(d.body)).toBe(201);
    const line = await w.api("POST", "/WmsDocumentPosition", {
      documentId: d.body.id,
      productId: box,
      quantity: 2,
    }, operator);
    expect(line.status).toBe(201);
    for (
      const r of [
        await pick(line.body.id, { quantity: 2 }, basic),
        await w.api("POST", `/WmsDocumentPosition/${line.body.id}/Shortage`, undefined, basic),
      ]
    ) {
      expect([r.status, r.body.error.code]).toEqual([403, "auth.moduleDisabled"]);
    }
    const noModule = await confirm(w, d.body.id, false, basic);
    expect([noModule.status, noModule.body.error.code]).toEqual([403, "auth.moduleDisabled"]);
    expect((await pick(line.body.id, { quantity: 2, locationId: a1 })).status).toBe(200);
    expect((await confirm(w, d.body.id, false, operator)).status).toBe(200);
    // Reverting stays with logistics staff: the terminal operator is told their module does not do it.
    const revert = await w.api("POST", `/WmsDocument/${d.body.id}/revert`, undefined, operator);
    expect([revert.status, revert.body.error.code]).toEqual([403, "auth.moduleDisabled"]);
  });
});

describe("moving a whole container", () => {
  it("moves it with everything in it by one confirmed PRL, and refuses an empty one", async () => {
    const nuts = await product(w, "P-NUTS");
    const figs = await product(w, "P-FIGS");
    const pallet = await container(w, a1);
    await receive(w, nuts, a1, 4, { destinationContainerId: pallet.id, expiryDate: daysAhead(400) });
    await receive(w, figs, a1, 2, { destinationContainerId: pallet.id });
    const r = await w.api(
      "POST",
      `/Container/${pallet.id}/Relocate`,
      { destinationLocationId: other },
      operator,
    );
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect([r.body.typeCode, r.body.statusCode, r.body.positionsCount]).toEqual(["PRL", "confirmed", 2]);
    expect([await stockAt(w, nuts, other), await stockAt(w, figs, other), await stockAt(w, nuts, a1)])
      .toEqual([
        4,
        2,
        0,
      ]);
    expect((await w.api("GET", `/Container/${pallet.id}`)).body.locationId).toBe(other);
    const empty = await container(w, a1);
    const refused = await w.api(
      "POST",
      `/Container/${empty.id}/Relocate`,
      { destinationLocationId: other },
      operator,
    );
    expect([refused.status, codes(refused)]).toEqual([422, ["containerEmpty"]]);
    const noModule = await w.api(
      "POST",
      `/Container/${pallet.id}/Relocate`,
      { destinationLocationId: a2 },
      basic,
    );
    expect([noModule.status, noModule.body.error.code]).toEqual([403, "auth.moduleDisabled"]);
  });
});

describe("what the terminal's verbs refuse or clean up", () => {
  it("refuses a quantity of more than three decimals, and a tote on a release", async () => {
    const wax = await product(w, "P-WAX");
    await receive(w, wax, a1, 5);
    const { positions } = await releaseOrder(wax, 2, { sourceLocationId: a1 });
    const id = positions[0].id as number;
    const odd = await pick(id, { quantity: 0.0005, locationId: a1 });
    expect([odd.status, odd.body.error.code]).toEqual([400, "validation.failed"]);
    const tote = await container(w, a1, { kind: "bin" });
    expect(codes(await pick(id, { quantity: 1, locationId: a1, containerId: tote.id })))
      .toEqual(["destinationContainerForbidden"]);
    expect((await w.api("GET", `/WmsDocumentPosition/${id}`)).body.quantityReal).toBeNull();
  });

  it("takes the scanned bin as a hand-made release's source under its zone", async () => {
    const gum = await product(w, "P-GUM");
    await receive(w, gum, a1, 2, { expiryDate: daysAhead(300) });
    await receive(w, gum, a2, 2, { expiryDate: daysAhead(700) });
    const d = await draft(w, { typeCode: "IOU", sourceLocationId: zone }, [{ productId: gum, quantity: 2 }]);
    const r = await pick(d.positionIds[0], { quantity: 2, productCode: "P-GUM", locationId: a2 });
    expect([r.status, r.body.sourceLocationId]).toEqual([200, a2]);
    expect((await confirm(w, d.id, false, operator)).status).toBe(200);
    // The bin that was emptied, not the earlier expiry in the other one.
    expect([await stockAt(w, gum, a2), await stockAt(w, gum, a1)]).toEqual([0, 2]);
  });

  it("takes one release position from several bins of its zone, each part at its bin", async () => {
    const rice = await product(w, "P-GRAIN");
    await receive(w, rice, a1, 3, { expiryDate: daysAhead(300) });
    await receive(w, rice, a2, 10, { expiryDate: daysAhead(700) });
    const d = await draft(w, { typeCode: "IOU", sourceLocationId: zone }, [{
      productId: rice,
      quantity: 7,
      unitPrice: 2.5,
    }]);
    const id = d.positionIds[0];
    const first = await pick(id, { quantity: 3, productCode: "P-GRAIN", locationId: a1 });
    expect([first.status, first.body.sourceLocationId, first.body.value]).toEqual([200, a1, 7.5]);
    const rest = (await w.api("GET", `/WmsDocumentPosition/${id}`)).body;
    expect([rest.sourceLocationId, rest.quantity, rest.value]).toEqual([null, 4, 10]);
    // The document's totals count both parts once.
    const doc = (await w.api("GET", `/WmsDocument/${d.id}`)).body;
    expect(doc.positionsCount).toBe(2);
    expect((await pick(id, { quantity: 4, productCode: "P-GRAIN", locationId: a2 })).status).toBe(200);
    expect((await confirm(w, d.id, false, operator)).status).toBe(200);
    expect([await stockAt(w, rice, a1), await stockAt(w, rice, a2)]).toEqual([0, 6]);
    // Each part is in the record log: the new one added, the first one changed.
    const log = await w.query(
      "SELECT action FROM record_log WHERE resource_type = 'WmsDocumentPosition' AND resource_id = ? ORDER BY id",
      [first.body.id],
    );
    expect(log.map((r) => r.action)).toContain("created");
  });

  it("deletes an order's document when a shortage takes its last position, and the order can go on", async () => {
    const ink = await product(w, "P-INK");
    await receive(w, ink, a1, 3);
    const { orderId, documentId, positions } = await releaseOrder(ink, 3, { sourceLocationId: a1 });
    const r = await w.api("POST", `/WmsDocumentPosition/${positions[0].id}/Shortage`, undefined, operator);
    expect([r.status, r.body.missing, r.body.position, r.body.documentDeleted]).toEqual([200, 3, null, true]);
    expect((await w.api("GET", `/WmsDocument/${documentId}`)).status).toBe(404);
    expect(
      Number(
        (await w.query("SELECT count(*) AS n FROM stock_reservations WHERE product_id = ?", [ink]))[0].n,
      ),
    )
      .toBe(0);
    expect((await w.api("GET", `/WmsOrder/${orderId}`)).body.processStatusCode).toBe("waitingToProcess");
  });

  it("leaves changing or deleting an order's generated document to logistics staff", async () => {
    const tar = await product(w, "P-TAR");
    await receive(w, tar, a1, 2);
    const { documentId } = await releaseOrder(tar, 1, { sourceLocationId: a1 });
    const doc = (await w.api("GET", `/WmsDocument/${documentId}`)).body;
    // The terminal operator has no logistics module: told so.
    for (
      const r of [
        await w.api("PUT", "/WmsDocument", { ...doc, comment: "x" }, operator),
        await w.api("DELETE", `/WmsDocument/${documentId}`, undefined, operator),
      ]
    ) {
      expect([r.status, r.body.error.code]).toEqual([403, "auth.moduleDisabled"]);
    }
    expect((await w.api("GET", `/WmsDocument/${documentId}`)).status).toBe(200);
    expect((await w.api("DELETE", `/WmsDocument/${documentId}`)).status).toBe(204);
  });
});
