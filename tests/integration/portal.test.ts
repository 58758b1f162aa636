// The contractor portal (issue 16; decision 0011): a contractor user browses their own orderable products
// with free stock, fills a cart of goods out and of goods announced in, and confirms it: each becomes a
// warehouse order staff see (a working copy from the portal) and a submitted external order whose status
// then follows the warehouse order as staff confirm it and its documents, live on the hub. Another
// contractor, staff and API keys reach nothing of it they should not.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  addStaffUser,
  company,
  confirm,
  location,
  product,
  receive,
  startStockWorld,
  type StockWorld,
} from "./stock/fixture.ts";
import { call } from "../fixtures/harness.ts";
import { Socket } from "../fixtures/hub_socket.ts";

let w: StockWorld;
let acme: number;
let other: number;
let bin: number;
let soap: number;
let towel: number;
let hidden: number;
let off: number;
let theirs: number;
let ann: string;
let otto: string;

const tomorrow = () => new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  w = await startStockWorld("portal");
  acme = await company(w, "ACME");
  other = await company(w, "Other Co");
  bin = await location(w, "PO-01");
  soap = await product(w, "PO-SOAP", { contractorId: acme, unit: "pcs" });
  towel = await product(w, "PO-TOWEL", { contractorId: acme });
  hidden = await product(w, "PO-SECRET", { contractorId: acme, contractorPortalHide: true });
  off = await product(w, "PO-OFF", { contractorId: acme, disabled: true });
  theirs = await product(w, "PO-THEIRS", { contractorId: other });
  await receive(w, soap, bin, 10);
  await receive(w, hidden, bin, 2);
  await receive(w, theirs, bin, 7);
  ann = await addStaffUser(w, "portal-ann", { connectedContractorId: acme, contractorPortalEnabled: true });
  otto = await addStaffUser(w, "portal-otto", {
    connectedContractorId: other,
    contractorPortalEnabled: true,
  });
});
afterAll(() => w?.s.close());

const as = (token: string) => (method: string, path: string, body?: unknown) =>
  w.api(method, `/contractororders/${path}`, body, token);

describe("the cart", () => {
  it("offers only the contractor's own orderable products, with their free stock", async () => {
    const r = await as(ann)("GET", "availible-products?PageSize=50");
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const byIndex = Object.fromEntries(r.body.results.map((p: Record<string, unknown>) => [p.index, p]));
    expect(Object.keys(byIndex).sort()).toEqual(["PO-SOAP", "PO-TOWEL"]);
    expect(byIndex["PO-SOAP"]).toMatchObject({ stockQuantity: 10, freeQuantity: 10 });
    expect(byIndex["PO-TOWEL"]).toMatchObject({ stockQuantity: 0, freeQuantity: 0 });
    // A search for another contractor's product finds nothing.
    const search = await as(ann)(
      "GET",
      "availible-products?PageSize=50&BasicFiltersSerialized=" +
        encodeURIComponent(JSON.stringify([{ field: "index", operator: "eq", value: "PO-THEIRS" }])),
    );
    expect([search.status, search.body.results]).toEqual([200, []]);
  });

  it("adds, sets, edits and removes lines; refuses others' and hidden products and more than is free", async () => {
    const add = await as(ann)("POST", `add-to-cart?productId=${soap}&quantity=3`);
    expect(add.status, JSON.stringify(add.body)).toBe(200);
    expect(add.body.out).toEqual({ positionsCount: 1, quantitySum: 3 });
    expect((await as(ann)("POST", `add-to-cart?productId=${soap}&quantity=2`)).body.out.quantitySum).toBe(5);
    for (const id of [theirs, hidden]) {
      expect((await as(ann)("POST", `add-to-cart?productId=${id}&quantity=1`)).status).toBe(404);
    }
    const disabled = await as(ann)("POST", `add-to-cart?productId=${off}&quantity=1`);
    expect([disabled.status, disabled.body.error.code]).toEqual([409, "portal.productUnavailable"]);
    const tooMuch = await as(ann)("POST", `add-to-cart?productId=${soap}&quantity=6`);
    expect([tooMuch.status, tooMuch.body.error.code]).toEqual([409, "portal.notEnoughStock"]);
    expect(tooMuch.body.error.message).toContain("PO-SOAP");
    // Goods announced in: no stock needed.
    const announce = await as(ann)("PATCH", `product-in?productId=${towel}&quantity=12`);
    expect(announce.body.in).toEqual({ positionsCount: 1, quantitySum: 12 });
    const lines = await as(ann)("GET", "list-cart-product");
    expect(lines.body.results.map((l: Record<string, unknown>) => [l.typeCode, l.productIndex, l.quantity]))
      .toEqual([["OOU", "PO-SOAP", 5], ["OIN", "PO-TOWEL", 12]]);
    const soapLine = lines.body.results[0];
    expect(
      (await as(ann)("PATCH", "edit-cart-product", { id: soapLine.id, quantity: 4 })).body.out.quantitySum,
    )
      .toBe(4);
    // Another contractor's user cannot touch it, nor see it in their cart.
    expect((await as(otto)("PATCH", "edit-cart-product", { id: soapLine.id, quantity: 1 })).status).toBe(404);
    expect((await as(otto)("DELETE", `delete-cart-product/${soapLine.id}`)).status).toBe(404);
    expect((await as(otto)("GET", "cart-summary")).body.positionsCount).toBe(0);
    // product-out with 0 removes; adding back.
    expect((await as(ann)("PATCH", `product-out?productId=${soap}&quantity=0`)).body.out.positionsCount).toBe(
      0,
    );
    expect((await as(ann)("PATCH", `product-out?productId=${soap}&quantity=4`)).body.out.quantitySum).toBe(4);
    // Staff have no cart.
    expect((await as(w.admin)("GET", "cart-summary")).status).toBe(403);
  });
});

describe("an order from the cart", () => {
  let outId: number;
  let inId: number;
  let wmsOut: number;

  it("confirms with a delivery date: a submitted external order and a warehouse order per direction", async () => {
    const past = await as(ann)("POST", "confirm-order", { deliveryDate: "2020-01-01" });
    expect([past.status, past.body.error.fields]).toEqual([400, { deliveryDate: ["validation.tooSmall"] }]);
    const r = await as(ann)("POST", "confirm-order", { deliveryDate: tomorrow(), comment: "Dock 2" });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const [announced, ordered] = r.body.results;
    expect(ordered).toMatchObject({
      typeCode: "OOU",
      statusCode: "submitted",
      contractorId: acme,
      quantitySum: 4,
    });
    expect(announced).toMatchObject({ typeCode: "OIN", statusCode: "submitted", quantitySum: 12 });
    outId = ordered.id;
    inId = announced.id;
    wmsOut = ordered.wmsOrderId;
    expect((await as(ann)("GET", "cart-summary")).body.positionsCount).toBe(0);
    expect((await as(ann)("POST", "confirm-order", { deliveryDate: tomorrow() })).body.error.code)
      .toBe("portal.cartEmpty");
    // Staff see it among the orders, from the portal.
    const staff = await w.api("GET", `/WmsOrder/${wmsOut}`);
    expect(staff.body).toMatchObject({
      typeCode: "OOU",
      statusCode: "workingCopy",
      contractorId: acme,
      sourceType: "portal",
      plannedDate: tomorrow(),
      comment: "Dock 2",
      orderNumber: ordered.orderNumber,
    });
    const positions = await w.api("GET", `/WmsOrder/${wmsOut}/Positions`);
    expect(positions.body.results.map((p: Record<string, unknown>) => [p.productId, p.quantity]))
      .toEqual([[soap, 4]]);
  });

  it("is the contractor's alone: another contractor gets 404 by id and nothing in lists", async () => {
    expect((await as(otto)("GET", `orders/${outId}`)).status).toBe(404);
    expect((await as(otto)("GET", `orders/${outId}/positions`)).status).toBe(404);
    expect((await as(otto)("GET", "orders")).body.results).toEqual([]);
    expect((await as(otto)("GET", "last-orders")).body.results).toEqual([]);
    expect((await as(otto)("DELETE", `orders/${inId}`)).status).toBe(404);
    expect((await as(ann)("GET", "orders")).body.results.map((o: { id: number }) => o.id).sort())
      .toEqual([outId, inId].sort());
    expect((await as(ann)("GET", "last-orders")).body.results[0].positions.length).toBe(1);
  });

  it("follows the warehouse order live: sent, then fully received as its release is confirmed", async () => {
    const socket = new Socket(w.s.baseUrl.replace(/^http/, "ws") + "/dataHub");
    const otherSocket = new Socket(w.s.baseUrl.replace(/^http/, "ws") + "/dataHub");
    try {
      await Promise.all([socket.opened, otherSocket.opened]);
      socket.send({ type: "auth", token: ann });
      otherSocket.send({ type: "auth", token: otto });
      await Promise.all([socket.next("authenticated"), otherSocket.next("authenticated")]);
      const c = await w.api("POST", `/WmsOrder/${wmsOut}/confirm?generateDocuments=true`);
      expect(c.status, JSON.stringify(c.body)).toBe(200);
      await socket.next("event", (e) => e.resource === "ExternalOrder" && e.id === outId);
      expect((await as(ann)("GET", `orders/${outId}`)).body.statusCode).toBe("sent");
      // Changing or cancelling it now is refused.
      expect((await as(ann)("DELETE", `orders/${outId}`)).status).toBe(409);
      const docs = await w.api(
        "GET",
        `/WmsDocument?BasicFiltersSerialized=${
          encodeURIComponent(JSON.stringify([{ field: "orderId", operator: "eq", value: wmsOut }]))
        }`,
      );
      expect(docs.body.results.length).toBe(1);
      const done = await confirm(w, docs.body.results[0].id, true);
      expect(done.status, JSON.stringify(done.body)).toBe(200);
      await socket.next("event", (e) => e.resource === "ExternalOrder" && e.id === outId);
      const order = await as(ann)("GET", `orders/${outId}`);
      expect(order.body).toMatchObject({
        statusCode: "fullyReceived",
        progressPercent: 100,
        quantityDone: 4,
      });
      const positions = await as(ann)("GET", `orders/${outId}/positions`);
      expect(positions.body.results).toMatchObject([{ productId: soap, quantity: 4, quantityDone: 4 }]);
      // The other contractor heard nothing of it.
      expect(otherSocket.messages.filter((m) => m.type === "event")).toEqual([]);
      const positionId = positions.body.results[0].id;
      const tooMany = await as(ann)("POST", `orders/${outId}/position/${positionId}?quantityRecieved=5`);
      expect([tooMany.status, tooMany.body.error.fields]).toEqual([400, {
        quantityRecieved: ["validation.tooLarge"],
      }]);
      const received = await as(ann)("POST", `orders/${outId}/position/${positionId}?quantityRecieved=3.5`);
      expect(received.status, JSON.stringify(received.body)).toBe(200);
      expect(received.body.quantityReceived).toBe(3.5);
      expect((await as(otto)("POST", `orders/${outId}/position/${positionId}?quantityRecieved=1`)).status)
        .toBe(404);
    } finally {
      socket.ws.close();
      otherSocket.ws.close();
    }
  });

  it("can be changed and cancelled while staff have not confirmed it", async () => {
    const get = await as(ann)("GET", `orders/${inId}`);
    const edit = await as(ann)("PUT", "orders", {
      id: inId,
      version: get.body.version,
      deliveryDate: tomorrow(),
      positions: [{ productId: towel, quantity: 7 }, { productId: soap, quantity: 1 }],
    });
    expect(edit.status, JSON.stringify(edit.body)).toBe(200);
    expect(edit.body).toMatchObject({ positionsCount: 2, quantitySum: 8, statusCode: "submitted" });
    const wms = await w.api("GET", `/WmsOrder/${get.body.wmsOrderId}`);
    expect(wms.body).toMatchObject({ positionsCount: 2, quantitySum: 8 });
    const stale = await as(ann)("PUT", "orders", {
      id: inId,
      version: get.body.version,
      deliveryDate: tomorrow(),
      positions: [{ productId: towel, quantity: 1 }],
    });
    expect(stale.body.error.code).toBe("record.changedByAnotherUser");
    expect((await as(ann)("DELETE", `orders/${inId}`)).status).toBe(204);
    expect((await as(ann)("GET", `orders/${inId}`)).status).toBe(404);
    expect((await w.api("GET", `/WmsOrder/${get.body.wmsOrderId}`)).status).toBe(404);
  });

  it("is placed at once through the API too, all or none", async () => {
    const count = async () => ({
      wms: (await w.api("GET", "/WmsOrder?PageSize=1")).body.allFilteredRowCount,
      external: (await w.query("SELECT count(*) AS n FROM external_orders"))[0].n,
    });
    const before = await count();
    // Another contractor's product and a product that is not there read alike; a zero quantity is refused.
    for (const productId of [theirs, 999_999]) {
      const bad = await as(ann)("POST", "orders", {
        typeCode: "OOU",
        deliveryDate: tomorrow(),
        positions: [{ productId: soap, quantity: 1 }, { productId, quantity: 1 }],
      });
      expect([bad.status, bad.body.error.code], String(productId)).toEqual([
        404,
        "record.notFoundOrNoPermission",
      ]);
    }
    const zero = await as(ann)("POST", "orders", {
      typeCode: "OIN",
      deliveryDate: tomorrow(),
      positions: [{ productId: soap, quantity: 0 }],
    });
    expect([zero.status, zero.body.error.fields]).toEqual([400, {
      "positions.0.quantity": ["validation.tooSmall"],
    }]);
    expect(await count()).toEqual(before);
    const made = await as(ann)("POST", "orders", {
      typeCode: "OOU",
      deliveryDate: tomorrow(),
      positions: [{ productId: soap, quantity: 2 }],
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body).toMatchObject({ statusCode: "submitted", quantitySum: 2 });
    expect((await count()).wms).toBe(before.wms + 1);
  });

  it("never promises the same free stock twice: submitted orders hold what they ask for", async () => {
    // 6 on hand after the release; 2 asked for by the order above, not yet confirmed by staff.
    const offered = await as(ann)("GET", `availible-products?PageSize=50`);
    const soapNow = offered.body.results.find((p: { id: number }) => p.id === soap);
    expect(soapNow).toMatchObject({ stockQuantity: 6, freeQuantity: 4 });
    const rest = await as(ann)("POST", "orders", {
      typeCode: "OOU",
      deliveryDate: tomorrow(),
      positions: [{ productId: soap, quantity: 4 }],
    });
    expect(rest.status, JSON.stringify(rest.body)).toBe(201);
    const more = await as(ann)("POST", "orders", {
      typeCode: "OOU",
      deliveryDate: tomorrow(),
      positions: [{ productId: soap, quantity: 1 }],
    });
    expect([more.status, more.body.error.code]).toEqual([409, "portal.notEnoughStock"]);
    expect((await as(ann)("POST", `add-to-cart?productId=${soap}&quantity=1`)).body.error.code)
      .toBe("portal.notEnoughStock");
    // Cancelling one gives its quantity back.
    expect((await as(ann)("DELETE", `orders/${rest.body.id}`)).status).toBe(204);
    expect((await as(ann)("POST", `add-to-cart?productId=${soap}&quantity=1`)).status).toBe(200);
    // The cart is no order: it is not among the orders, to the contractor, to staff or to a key.
    const orders = await as(ann)("GET", "orders?PageSize=100");
    expect(orders.body.results.filter((o: { statusCode: string }) => o.statusCode === "cart")).toEqual([]);
    const staffList = await w.api("GET", "/contractororders/orders?PageSize=100");
    expect(staffList.body.results.filter((o: { statusCode: string }) => o.statusCode === "cart")).toEqual([]);
    expect(
      (await as(ann)("PATCH", "edit-cart-product", {
        id: (await as(ann)("GET", "list-cart-product")).body.results[0].id,
        quantity: 0,
      })).body.error.fields,
    ).toEqual({ quantity: ["validation.tooSmall"] });
  });

  it("says which product in the cart can no longer be ordered, and confirms nothing", async () => {
    await w.api("PUT", "/Product", {
      ...(await w.api("GET", `/Product/${towel}`)).body,
      contractorPortalHide: true,
    });
    expect((await as(ann)("PATCH", `product-in?productId=${towel}&quantity=2`)).status).toBe(404);
    await w.query(
      "INSERT INTO external_order_positions (external_order_id, product_id, quantity, created_at, updated_at) " +
        "SELECT id, ?, 2000, created_at, created_at FROM external_orders WHERE status_code = 'cart' " +
        "AND type_code = 'OOU' AND created_by_user_id = (SELECT id FROM users WHERE username = 'portal-ann')",
      [towel],
    );
    const lines = (await as(ann)("GET", "list-cart-product")).body.results;
    expect(lines.map((l: { productId: number; available: boolean }) => [l.productId, l.available]))
      .toEqual([[soap, true], [towel, false]]);
    const before = (await w.api("GET", "/WmsOrder?PageSize=1")).body.allFilteredRowCount;
    const refused = await as(ann)("POST", "confirm-order", { deliveryDate: tomorrow() });
    expect([refused.status, refused.body.error.code]).toEqual([409, "portal.productUnavailable"]);
    expect(refused.body.error.message).toContain("PO-TOWEL");
    expect((await w.api("GET", "/WmsOrder?PageSize=1")).body.allFilteredRowCount).toBe(before);
    expect((await as(ann)("GET", "cart-summary")).body.positionsCount).toBe(2);
  });

  it("follows staff's revert and manual close", async () => {
    const made = await as(ann)("POST", "orders", {
      typeCode: "OIN",
      deliveryDate: tomorrow(),
      positions: [{ productId: soap, quantity: 3 }],
    });
    const wms = made.body.wmsOrderId;
    expect((await w.api("POST", `/WmsOrder/${wms}/confirm`)).status).toBe(200);
    expect((await as(ann)("GET", `orders/${made.body.id}`)).body.statusCode).toBe("sent");
    expect((await w.api("POST", `/WmsOrder/${wms}/revert`)).status).toBe(200);
    expect((await as(ann)("GET", `orders/${made.body.id}`)).body.statusCode).toBe("submitted");
    // Staff may not delete it (the contractor's order refers to it), and may not give it to another contractor.
    const del = await w.api("DELETE", `/WmsOrder/${wms}`);
    expect([del.status, del.body.error.code]).toEqual([409, "record.foreignKey"]);
    const order = (await w.api("GET", `/WmsOrder/${wms}`)).body;
    const moved = await w.api("PUT", "/WmsOrder", { ...order, contractorId: other });
    expect([moved.status, moved.body.error?.fields]).toEqual([400, {
      contractorId: ["validation.invalidValue"],
    }]);
    expect((await w.api("POST", `/WmsOrder/${wms}/confirm`)).status).toBe(200);
    expect((await w.api("POST", `/WmsOrder/${wms}/close`, { reason: "Supplier cancelled" })).status).toBe(
      200,
    );
    const closed = (await as(ann)("GET", `orders/${made.body.id}`)).body;
    expect(closed).toMatchObject({ closedManually: true, closedManuallyReason: "Supplier cancelled" });
  });

  it("orders again in one step, all or none", async () => {
    const cart = async () =>
      (await as(ann)("GET", "list-cart-product")).body.results.map((l: Record<string, unknown>) =>
        `${l.typeCode} ${l.productId} ${l.quantity}`
      ).sort();
    const before = await cart();
    // The first release (4 soap) again: with the cart's 1 soap, more than the 4 now free: nothing is added.
    const refused = await as(ann)("POST", `orders/${outId}/order-again`);
    expect([refused.status, refused.body.error.code]).toEqual([409, "portal.notEnoughStock"]);
    expect(await cart()).toEqual(before);
    // An announced delivery again: into the cart of goods in.
    const [announced] = await w.query(
      "SELECT id FROM external_orders WHERE type_code = 'OIN' AND status_code <> 'cart' ORDER BY id DESC LIMIT 1",
    );
    const again = await as(ann)("POST", `orders/${announced.id}/order-again`);
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(again.body.in).toEqual({ positionsCount: 1, quantitySum: 3 });
    // Another contractor's order is not there for them.
    expect((await as(otto)("POST", `orders/${outId}/order-again`)).status).toBe(404);
  });
});

describe("an API key of the contractor", () => {
  it("reads the contractor's orders and their positions, and writes nothing", async () => {
    const key = await w.api("POST", "/SharedAccess", { contentType: "api", contractorId: acme });
    expect(key.status).toBe(201);
    const get = (path: string) =>
      call(w.s, "GET", `/api/contractororders/${path}`, {
        headers: { "X-Api-Key": key.body.token },
      });
    const list = await get("orders");
    expect(list.status, JSON.stringify(list.body)).toBe(200);
    expect(list.body.results.every((o: { contractorId: number }) => o.contractorId === acme)).toBe(true);
    expect(list.body.results.length).toBeGreaterThan(0);
    expect((await get(`orders/${list.body.results[0].id}/positions`)).status).toBe(200);
    expect((await get("cart-summary")).status).toBe(403);
    const write = await call(w.s, "POST", `/api/contractororders/add-to-cart?productId=${soap}&quantity=1`, {
      headers: { "X-Api-Key": key.body.token },
    });
    expect(write.status).toBe(403);
    const theirKey = await w.api("POST", "/SharedAccess", { contentType: "api", contractorId: other });
    const theirs = await call(w.s, "GET", `/api/contractororders/orders/${list.body.results[0].id}`, {
      headers: { "X-Api-Key": theirKey.body.token },
    });
    expect(theirs.status).toBe(404);
  });
});
