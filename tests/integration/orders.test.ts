// Warehouse orders, first step (api-contract.md, Orders): working copies of every type with their statuses,
// scope rules, draft numbers and positions whose count and sum the order keeps; who may read and write
// them; a contractor sees only their own; another tenant's is 404.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  addStaffUser,
  company,
  location,
  product,
  startStockWorld,
  type StockWorld,
} from "./stock/fixture.ts";
import { call, createTenant, signIn } from "../fixtures/harness.ts";

let w: StockWorld;
let farms: number;
let grocer: number;
let tea: number;
let coffee: number;
let hall: number;
let basic: string;
let portal: string;
let other: string;

beforeAll(async () => {
  w = await startStockWorld("orders");
  farms = await company(w, "FRESH FARMS");
  grocer = await company(w, "GREEN GROCER");
  tea = await product(w, "TEA-1", { contractorId: farms });
  coffee = await product(w, "COFFEE-1");
  hall = await location(w, "HALL-A");
  basic = await addStaffUser(w, "orders-basic");
  portal = await addStaffUser(w, "orders-portal", {
    contractorPortalEnabled: true,
    connectedContractorId: farms,
  });
  await createTenant(w.s, "orders-other");
  other = (await signIn(w.s, "orders-other-admin")).token;
});
afterAll(() => w?.s.close());

const order = (body: Record<string, unknown>, token = w.admin) => w.api("POST", "/WmsOrder", body, token);

describe("an order", () => {
  it("is made as a working copy with a draft number, pending, of normal priority", async () => {
    const r = await order({ typeCode: "OIN", contractorId: farms, plannedDate: "2026-12-01" });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body).toMatchObject({
      typeCode: "OIN",
      statusCode: "workingCopy",
      processStatusCode: "pending",
      verificationStatusCode: null,
      priority: "normal",
      contractorId: farms,
      contractorName: "FRESH FARMS",
      positionsCount: 0,
      quantitySum: 0,
    });
    expect(r.body.orderNumber).toMatch(/Z\d+$/);
    const next = await order({ typeCode: "OOU" });
    expect(next.body.orderNumber).not.toBe(r.body.orderNumber);
  });

  it("of every type; a count starts not started, and takes the scope its type names", async () => {
    for (const typeCode of ["OIN", "OOU", "OPI", "VER-A"]) {
      const r = await order({ typeCode, priority: "high" });
      expect(r.status, typeCode).toBe(201);
      expect(r.body.verificationStatusCode).toBe(typeCode === "VER-A" ? "notStarted" : null);
    }
    const byLocation = await order({ typeCode: "VER-L", scopeLocationId: hall });
    expect(byLocation.status).toBe(201);
    expect(byLocation.body.scopeLocationLabel).toBe("HALL-A");
    const byProducts = await order({ typeCode: "VER-P", scopeProductIds: [tea, coffee] });
    expect(byProducts.status).toBe(201);
    expect([...byProducts.body.scopeProductIds].sort()).toEqual([tea, coffee].sort());
    expect((await order({ typeCode: "VER-C", contractorId: grocer })).status).toBe(201);
  });

  it("refuses a scope its type does not take, or a count without its scope, with the field named", async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ typeCode: "VER-L" }, "scopeLocationId", "validation.required"],
      [{ typeCode: "VER-P" }, "scopeProductIds", "validation.required"],
      [{ typeCode: "VER-C" }, "contractorId", "validation.required"],
      [{ typeCode: "OIN", scopeLocationId: hall }, "scopeLocationId", "validation.invalidValue"],
      [{ typeCode: "VER-A", scopeProductIds: [tea] }, "scopeProductIds", "validation.invalidValue"],
      [{ typeCode: "NOPE" }, "typeCode", "validation.invalidValue"],
      [{ typeCode: "OIN", priority: "urgent" }, "priority", "validation.invalidValue"],
    ];
    const before = await w.query("SELECT count(*) AS n FROM wms_orders");
    for (const [body, field, code] of cases) {
      const r = await order(body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.error.fields[field], JSON.stringify(r.body)).toContain(code);
    }
    expect(await w.query("SELECT count(*) AS n FROM wms_orders")).toEqual(before);
  });

  it("keeps a count's scope as it was made: an edit neither changes nor clears it", async () => {
    const byProducts = (await order({ typeCode: "VER-P", scopeProductIds: [tea] })).body;
    const edited = await w.api("PUT", "/WmsOrder", { ...byProducts, scopeProductIds: [], comment: "edited" });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body).toMatchObject({ scopeProductIds: [tea], comment: "edited" });
    const receipt = (await order({ typeCode: "OIN" })).body;
    const moved = await w.api("PUT", "/WmsOrder", { ...receipt, scopeLocationId: hall });
    expect(moved.body.scopeLocationId).toBeNull();
    const byContractor = (await order({ typeCode: "VER-C", contractorId: grocer })).body;
    const cleared = await w.api("PUT", "/WmsOrder", { ...byContractor, contractorId: null });
    expect(cleared.status).toBe(400);
    expect(cleared.body.error.fields.contractorId).toEqual(["validation.required"]);
    expect((await w.api("GET", `/WmsOrder/${byContractor.id}`)).body.contractorId).toBe(grocer);
  });

  it("keeps the count and sum of its positions; a count's positions are not added by hand", async () => {
    const o = (await order({ typeCode: "OOU", contractorId: farms })).body;
    const a = await w.api("POST", "/WmsOrderPosition", { orderId: o.id, productId: tea, quantity: 2.5 });
    expect(a.status, JSON.stringify(a.body)).toBe(201);
    expect(a.body).toMatchObject({ orderNumber: o.orderNumber, productName: "Product TEA-1", quantity: 2.5 });
    const b = await w.api("POST", "/WmsOrderPosition", { orderId: o.id, productId: coffee, quantity: 4 });
    expect(b.status).toBe(201);
    let read = await w.api("GET", `/WmsOrder/${o.id}`);
    expect(read.body).toMatchObject({ positionsCount: 2, quantitySum: 6.5 });
    expect((await w.api("DELETE", `/WmsOrderPosition/${a.body.id}`)).status).toBe(204);
    read = await w.api("GET", `/WmsOrder/${o.id}`);
    expect(read.body).toMatchObject({ positionsCount: 1, quantitySum: 4 });
    const bad = await w.api("POST", "/WmsOrderPosition", { orderId: o.id, productId: tea, quantity: 0 });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields.quantity).toEqual(["validation.tooSmall"]);
    const count = (await order({ typeCode: "VER-A" })).body;
    const byHand = await w.api("POST", "/WmsOrderPosition", {
      orderId: count.id,
      productId: tea,
      quantity: 1,
    });
    expect(byHand.status).toBe(400);
    expect(byHand.body.error.fields.orderId).toEqual(["validation.invalidValue"]);
  });

  it("once it is no working copy, is neither edited nor deleted, nor are its positions", async () => {
    const o = (await order({ typeCode: "OIN" })).body;
    const p =
      (await w.api("POST", "/WmsOrderPosition", { orderId: o.id, productId: coffee, quantity: 1 })).body;
    // Confirmation is a later step; the status is set here as it will set it.
    await w.query("UPDATE wms_orders SET status_code = 'confirmed' WHERE id = ?", [o.id]);
    const edit = await w.api("PUT", "/WmsOrder", { ...o, comment: "late", version: o.version });
    expect(edit.status).toBe(409);
    expect(edit.body.error.code).toBe("order.statusChangeNotAllowed");
    const del = await w.api("DELETE", `/WmsOrder/${o.id}`);
    expect(del.status).toBe(409);
    expect(del.body.error.code).toBe("record.statusForbidsDelete");
    const pos = await w.api("DELETE", `/WmsOrderPosition/${p.id}`);
    expect(pos.status).toBe(409);
    expect(pos.body.error.code).toBe("order.statusChangeNotAllowed");
  });

  it("lists one order's positions, paged and sorted, and only that order's", async () => {
    const o = (await order({ typeCode: "OOU" })).body;
    for (const [productId, quantity] of [[tea, 1], [coffee, 2], [tea, 3]]) {
      await w.api("POST", "/WmsOrderPosition", { orderId: o.id, productId, quantity });
    }
    const elsewhere = (await order({ typeCode: "OOU" })).body;
    await w.api("POST", "/WmsOrderPosition", { orderId: elsewhere.id, productId: coffee, quantity: 9 });
    const page = await w.api(
      "GET",
      `/WmsOrder/${o.id}/Positions?PageSize=2&sortColumn=id&sortDescending=true`,
    );
    expect(page.status).toBe(200);
    expect(page.body.allFilteredRowCount).toBe(3);
    expect(page.body.results.map((p: { quantity: number }) => p.quantity)).toEqual([3, 2]);
    expect(page.body.results[0]).toMatchObject({ orderId: o.id, orderNumber: o.orderNumber });
    expect((await w.api("GET", "/WmsOrder/999999/Positions")).status).toBe(404);
  });

  it("deleting a working copy deletes its positions", async () => {
    const o = (await order({ typeCode: "OPI" })).body;
    await w.api("POST", "/WmsOrderPosition", { orderId: o.id, productId: coffee, quantity: 3 });
    expect((await w.api("DELETE", `/WmsOrder/${o.id}`)).status).toBe(204);
    expect(await w.query("SELECT count(*) AS n FROM wms_order_positions WHERE order_id = ?", [o.id]))
      .toEqual([{ n: 0 }]);
  });
});

describe("an order's life", () => {
  const post = (id: number, verb: string, body?: unknown) => w.api("POST", `/WmsOrder/${id}/${verb}`, body);
  const withPosition = async (typeCode = "OIN") => {
    const o = (await order({ typeCode })).body;
    await w.api("POST", "/WmsOrderPosition", { orderId: o.id, productId: coffee, quantity: 5 });
    return o;
  };

  it("is confirmed without documents and numbered by its type's schema; nothing is made", async () => {
    const o = await withPosition();
    const documentsBefore = await w.query("SELECT count(*) AS n FROM wms_documents");
    const r = await post(o.id, "confirm?generateDocuments=false");
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({ statusCode: "confirmed", processStatusCode: "waitingToProcess" });
    expect(r.body.orderNumber).toMatch(/^ZOIN\/\d{4}\/\d{2}\/\d{6}$/);
    expect(r.body.version).toBe(o.version + 1);
    expect(await w.query("SELECT count(*) AS n FROM wms_documents")).toEqual(documentsBefore);
    const again = await post(o.id, "confirm?generateDocuments=false");
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe("order.statusChangeNotAllowed");
    const history = await w.api("GET", `/WmsOrder/${o.id}/History`);
    const [confirmed] = history.body.entries;
    expect(confirmed).toMatchObject({ action: "changed" });
    expect([confirmed.before.statusCode, confirmed.after.statusCode]).toEqual(["workingCopy", "confirmed"]);
  });

  it("refuses a malformed generateDocuments, and an order with no positions, changing nothing", async () => {
    const o = await withPosition();
    const withDocuments = await post(o.id, "confirm?generateDocuments=maybe");
    expect(withDocuments.status).toBe(400);
    expect(withDocuments.body.error.fields).toHaveProperty("generateDocuments");
    const empty = (await order({ typeCode: "OOU" })).body;
    const r = await post(empty.id, "confirm?generateDocuments=false");
    expect(r.body.error.fields.positionsCount).toEqual(["validation.tooSmall"]);
    for (const id of [o.id, empty.id]) {
      expect((await w.api("GET", `/WmsOrder/${id}`)).body.statusCode).toBe("workingCopy");
    }
  });

  it("is closed with a reason, reopened, reverted to a working copy, and archived", async () => {
    const o = await withPosition("OOU");
    await post(o.id, "confirm?generateDocuments=false");
    expect((await post(o.id, "close", {})).status).toBe(400);
    const closed = await post(o.id, "close", { reason: "customer cancelled" });
    expect(closed.body).toMatchObject({
      statusCode: "closedManually",
      processStatusCode: "closedManually",
      closedManuallyReason: "customer cancelled",
    });
    expect((await post(o.id, "revert")).status).toBe(409);
    const reopened = await post(o.id, "reopen");
    expect(reopened.body).toMatchObject({
      statusCode: "confirmed",
      processStatusCode: "waitingToProcess",
      closedManuallyReason: null,
    });
    const reverted = await post(o.id, "revert");
    expect(reverted.body).toMatchObject({ statusCode: "workingCopy", processStatusCode: "pending" });
    expect(reverted.body.orderNumber).toBe(reopened.body.orderNumber);
    expect((await post(o.id, "archive")).status).toBe(409);
    await post(o.id, "confirm?generateDocuments=false");
    const archived = await post(o.id, "archive");
    expect(archived.body).toMatchObject({ statusCode: "archived", processStatusCode: "archived" });
    expect((await post(o.id, "reopen")).status).toBe(409);
  });

  it("is cloned to another type: its header, and its positions between orders that take them", async () => {
    const o = (await order({
      typeCode: "OIN",
      contractorId: farms,
      priority: "high",
      comment: "from the farm",
      plannedDate: "2026-12-03",
    })).body;
    await w.api("POST", "/WmsOrderPosition", { orderId: o.id, productId: tea, quantity: 2 });
    await w.api("POST", "/WmsOrderPosition", { orderId: o.id, productId: coffee, quantity: 1.5 });
    const made = await w.api("GET", `/WmsOrder/${o.id}/clonetotype/OOU`);
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body).toMatchObject({
      typeCode: "OOU",
      statusCode: "workingCopy",
      contractorId: farms,
      priority: "high",
      comment: "from the farm",
      plannedDate: o.plannedDate,
      sourceType: "clone",
      positionsCount: 2,
      quantitySum: 3.5,
    });
    expect(made.body.id).not.toBe(o.id);
    expect(made.body.orderNumber).not.toBe(o.orderNumber);
    const copied = await w.api("GET", `/WmsOrder/${made.body.id}/Positions?sortColumn=id`);
    expect(copied.body.results.map((p: { productId: number; quantity: number }) => [p.productId, p.quantity]))
      .toEqual([[tea, 2], [coffee, 1.5]]);
    // A count of those products: its scope from the order's positions, and no positions by hand.
    const count = await w.api("GET", `/WmsOrder/${o.id}/clonetotype/VER-P`);
    expect(count.status).toBe(201);
    expect([...count.body.scopeProductIds].sort()).toEqual([tea, coffee].sort());
    expect(count.body).toMatchObject({ verificationStatusCode: "notStarted", positionsCount: 0 });
  });

  it("refuses a clone it cannot make, naming the field, and makes nothing", async () => {
    const o = (await order({ typeCode: "OOU" })).body;
    const before = await w.query("SELECT count(*) AS n FROM wms_orders");
    const noLocation = await w.api("GET", `/WmsOrder/${o.id}/clonetotype/VER-L`);
    expect(noLocation.status).toBe(400);
    expect(noLocation.body.error.fields.scopeLocationId).toEqual(["validation.required"]);
    const unknown = await w.api("GET", `/WmsOrder/${o.id}/clonetotype/XYZ`);
    expect(unknown.body.error.fields.typeCode).toEqual(["validation.invalidValue"]);
    const noModule = await w.api("GET", `/WmsOrder/${o.id}/clonetotype/OIN`, undefined, basic);
    expect([noModule.status, noModule.body.error.code]).toEqual([403, "auth.moduleDisabled"]);
    expect((await w.api("GET", `/WmsOrder/${o.id}/clonetotype/OIN`, undefined, portal)).status).toBe(404);
    expect((await call(w.s, "GET", `/api/WmsOrder/${o.id}/clonetotype/OIN`, { token: other })).status).toBe(
      404,
    );
    expect(await w.query("SELECT count(*) AS n FROM wms_orders")).toEqual(before);
  });

  it("is changed by logistics staff only; another tenant's is 404", async () => {
    const o = await withPosition();
    const noModule = await w.api(
      "POST",
      `/WmsOrder/${o.id}/confirm?generateDocuments=false`,
      undefined,
      basic,
    );
    expect([noModule.status, noModule.body.error.code]).toEqual([403, "auth.moduleDisabled"]);
    expect(
      (await call(w.s, "POST", `/api/WmsOrder/${o.id}/confirm?generateDocuments=false`, { token: other }))
        .status,
    ).toBe(404);
    expect((await w.api("GET", `/WmsOrder/${o.id}`)).body.statusCode).toBe("workingCopy");
  });
});

describe("who sees and changes orders", () => {
  it("staff read them; only logistics staff write them", async () => {
    const o = (await order({ typeCode: "OIN", contractorId: grocer })).body;
    expect((await w.api("GET", `/WmsOrder/${o.id}`, undefined, basic)).status).toBe(200);
    const noModule = await order({ typeCode: "OIN" }, basic);
    expect([noModule.status, noModule.body.error.code]).toEqual([403, "auth.moduleDisabled"]);
  });

  it("a contractor reads their own orders and positions only; another's answers 404", async () => {
    const mine = (await order({ typeCode: "OOU", contractorId: farms })).body;
    const theirs = (await order({ typeCode: "OOU", contractorId: grocer })).body;
    const pos =
      (await w.api("POST", "/WmsOrderPosition", { orderId: theirs.id, productId: coffee, quantity: 1 }))
        .body;
    expect((await w.api("GET", `/WmsOrder/${mine.id}`, undefined, portal)).status).toBe(200);
    expect((await w.api("GET", `/WmsOrder/${theirs.id}`, undefined, portal)).status).toBe(404);
    expect((await w.api("GET", `/WmsOrderPosition/${pos.id}`, undefined, portal)).status).toBe(404);
    expect((await w.api("GET", `/WmsOrder/${theirs.id}/Positions`, undefined, portal)).status).toBe(404);
    expect((await w.api("GET", `/WmsOrder/${mine.id}/Positions`, undefined, portal)).status).toBe(200);
    const list = await w.api("GET", "/WmsOrder?PageSize=500", undefined, portal);
    expect(list.status).toBe(200);
    expect(list.body.results.length).toBeGreaterThan(0);
    expect(list.body.results.every((r: { contractorId: number }) => r.contractorId === farms)).toBe(true);
  });

  it("another tenant's order answers 404", async () => {
    const o = (await order({ typeCode: "OIN" })).body;
    expect((await call(w.s, "GET", `/api/WmsOrder/${o.id}`, { token: other })).status).toBe(404);
    expect((await call(w.s, "DELETE", `/api/WmsOrder/${o.id}`, { token: other })).status).toBe(404);
  });
});
