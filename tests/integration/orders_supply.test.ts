// Supply (warehouse-supply, warehouse-supply-reports) and sell offers (Offers/Sell): products under their
// warning or critical stock with what is on its way and what to order, receipt orders per supplier made in
// one step, the report over a date range, and sell offers in their active and archive views.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  addStaffUser,
  company,
  confirm,
  draft,
  location,
  product,
  receive,
  startStockWorld,
  type StockWorld,
} from "./stock/fixture.ts";
import { signIn } from "../fixtures/harness.ts";

let w: StockWorld;
let dock: number;
let mill: number;
let salt: number;
let sugar: number;
let rice: number;
let plenty: number;

beforeAll(async () => {
  w = await startStockWorld("orders-supply");
  dock = await location(w, "DOCK");
  mill = await company(w, "MILL LTD");
  salt = await product(w, "SALT", { warningStock: 10, criticalStock: 2, palQuantity: 6 });
  sugar = await product(w, "SUGAR", { warningStock: 5, contractorId: mill });
  rice = await product(w, "RICE", { warningStock: 10, criticalStock: 5 });
  plenty = await product(w, "PLENTY", { warningStock: 1 });
  // SALT: 1 on hand (critical), bought from the mill last time.
  const d = await draft(w, { typeCode: "DIN", contractorId: null, destinationLocationId: dock }, [
    { productId: salt, quantity: 1 },
  ]);
  expect((await confirm(w, d.id, true)).status).toBe(200);
  await receive(w, rice, dock, 7);
  await receive(w, plenty, dock, 50);
  // 2 of RICE already on their way.
  const o = await w.api("POST", "/WmsOrder", { typeCode: "OIN" });
  await w.api("POST", "/WmsOrderPosition", { orderId: o.body.id, productId: rice, quantity: 2 });
});
afterAll(() => w?.s.close());

describe("supply", () => {
  it("lists products under their stock levels, critical first, with what is on its way and what to order", async () => {
    const r = await w.api("GET", "/Supply/Products");
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const rows = r.body.results.map((l: Record<string, unknown>) => [
      l.productIndex,
      l.level,
      l.onHand,
      l.inbound,
      l.suggestedQuantity,
      l.supplierName,
    ]);
    expect(rows).toEqual([
      // 10 − 1 = 9, in whole containers of 6: 12.
      ["SALT", "critical", 1, 0, 12, null],
      ["RICE", "warning", 7, 2, 1, null],
      ["SUGAR", "warning", 0, 0, 5, "MILL LTD"],
    ]);
    expect(r.body.allFilteredRowCount).toBe(3);
    const critical = await w.api("GET", "/Supply/Products?level=critical");
    expect(critical.body.results.map((l: { productIndex: string }) => l.productIndex)).toEqual(["SALT"]);
    // One product's line (a link naming it), and none for a product above its levels.
    const one = await w.api("GET", `/Supply/Products?productId=${rice}`);
    expect(one.body).toMatchObject({ allFilteredRowCount: 1, results: [{ productIndex: "RICE" }] });
    expect((await w.api("GET", `/Supply/Products?productId=${plenty}`)).body)
      .toEqual({ allFilteredRowCount: 0, results: [] });
  });

  it("makes receipt orders per supplier in one step", async () => {
    const r = await w.api("POST", "/Supply/GenerateOrders", {
      items: [
        { productId: salt, quantity: 12, supplierId: null },
        { productId: sugar, quantity: 5, supplierId: mill },
        { productId: rice, quantity: 1, supplierId: null },
      ],
      plannedDate: "2026-12-10",
    });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(
      r.body.map((
        o: Record<string, unknown>,
      ) => [o.typeCode, o.contractorId, o.positionsCount, o.sourceType]),
    )
      .toEqual([["OIN", null, 2, "supply"], ["OIN", mill, 1, "supply"]]);
    // Now on their way: SUGAR needs nothing more.
    const after = await w.api("GET", "/Supply/Products");
    const sugarLine = after.body.results.find((l: { productId: number }) => l.productId === sugar);
    expect(sugarLine).toMatchObject({ inbound: 5, suggestedQuantity: 0 });
    // A refused item (an unknown product) makes none of them.
    const before = (await w.api("GET", "/WmsOrder?PageSize=1000")).body.allFilteredRowCount;
    const bad = await w.api("POST", "/Supply/GenerateOrders", {
      items: [{ productId: salt, quantity: 1, supplierId: null }, {
        productId: 999_999,
        quantity: 1,
        supplierId: mill,
      }],
    });
    expect(bad.status).toBe(400);
    expect((await w.api("GET", "/WmsOrder?PageSize=1000")).body.allFilteredRowCount).toBe(before);
  });

  it("reports what was ordered, received and released over a range", async () => {
    const today = new Date().toISOString().slice(0, 10);
    const r = await w.api("GET", `/Supply/Report?dateFrom=${today}&dateTo=${today}`);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const rice_ = r.body.results.find((l: { productId: number }) => l.productId === rice);
    expect(rice_).toMatchObject({ ordered: 3, received: 7, released: 0, onHand: 7 });
    const one = await w.api("GET", `/Supply/Report?dateFrom=${today}&dateTo=${today}&productId=${rice}`);
    expect(one.body.allFilteredRowCount).toBe(1);
    expect(one.body.results).toEqual([expect.objectContaining({ productId: rice, ordered: 3, received: 7 })]);
    // A range that ends before today or starts after it holds none of today's receipts.
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    for (const [from, to] of [[day(-30), day(-1)], [day(1), day(2)]]) {
      const none = await w.api("GET", `/Supply/Report?dateFrom=${from}&dateTo=${to}&productId=${rice}`);
      expect(none.body, `${from}..${to}`).toMatchObject({ allFilteredRowCount: 0, results: [] });
    }
    const around = await w.api("GET", `/Supply/Report?dateFrom=${day(-30)}&dateTo=${day(30)}`);
    expect(around.body.results.find((l: { productId: number }) => l.productId === rice)).toEqual(rice_);
    const pastEnd = await w.api("GET", `/Supply/Report?dateFrom=${today}&dateTo=${today}&PageNumber=900`);
    expect(pastEnd.body).toMatchObject({ allFilteredRowCount: r.body.allFilteredRowCount, results: [] });
    const wrong = await w.api("GET", `/Supply/Report?dateFrom=${today}&dateTo=2020-01-01`);
    expect(wrong.status).toBe(400);
  });

  it("is staff's: a contractor user is refused", async () => {
    await addStaffUser(w, "supply-portal", { contractorPortalEnabled: true, connectedContractorId: mill });
    const token = (await signIn(w.s, "supply-portal")).token;
    expect((await w.api("GET", "/Supply/Products", undefined, token)).status).toBe(403);
  });
});

describe("sell offers", () => {
  it("shows active offers and, in the archive, the answered ones", async () => {
    const offer = async (offerStatus: string) =>
      (await w.api("POST", "/WmsOrder", {
        typeCode: "OOU",
        offerStatus,
        summaryValue: 100,
        paymentTerms: "14 days",
      }))
        .body.id as number;
    const open = await offer("active");
    const won = await offer("accepted");
    const plain = (await w.api("POST", "/WmsOrder", { typeCode: "OOU" })).body.id;
    const ids = async (view: string) =>
      (await w.api("GET", `/WmsOrder/Offers/Sell?view=${view}&PageSize=1000`)).body.results.map((
        o: { id: number },
      ) => o.id);
    expect(await ids("active")).toEqual([open]);
    expect(await ids("archive")).toEqual([won]);
    expect([...await ids("active"), ...await ids("archive")]).not.toContain(plain);
    const bad = await w.api("POST", "/WmsOrder", { typeCode: "OOU", offerStatus: "maybe" });
    expect(bad.status).toBe(400);
  });
});

describe("the day and the order charts", () => {
  it("counts today's planned and done receipts and releases, overdue orders, stock levels and open counts", async () => {
    const today = new Date().toISOString().slice(0, 10);
    const before = (await w.api("GET", "/Dashboard/Today")).body;
    expect(before).toMatchObject({ day: today, underWarning: 3, underCritical: 1 });
    const planned = await w.api("POST", "/WmsOrder", { typeCode: "OOU", plannedDate: today });
    await w.api("POST", "/WmsOrderPosition", { orderId: planned.body.id, productId: plenty, quantity: 1 });
    expect((await w.api("POST", `/WmsOrder/${planned.body.id}/confirm`)).status).toBe(200);
    const late = await w.api("POST", "/WmsOrder", { typeCode: "OIN", deadline: "2026-01-01" });
    await w.api("POST", "/WmsOrderPosition", { orderId: late.body.id, productId: plenty, quantity: 1 });
    expect((await w.api("POST", `/WmsOrder/${late.body.id}/confirm`)).status).toBe(200);
    const count = await w.api("POST", "/WmsOrder", { typeCode: "VER-P", scopeProductIds: [plenty] });
    expect((await w.api("POST", `/WmsOrder/${count.body.id}/confirm`)).status).toBe(200);
    await receive(w, plenty, dock, 1);
    const after = (await w.api("GET", "/Dashboard/Today")).body;
    expect(after.releasesPlanned - before.releasesPlanned).toBe(1);
    expect(after.overdueOrders - before.overdueOrders).toBe(1);
    expect(after.openCounts - before.openCounts).toBe(1);
    expect(after.receiptsDone - before.receiptsDone).toBe(1);
  });

  it("ranks the products most asked for on release orders", async () => {
    const today = new Date().toISOString().slice(0, 10);
    const r = await w.api("GET", `/WmsOrder/Charts/TopReleased?dateFrom=${today}&dateTo=${today}`);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.map((x: Record<string, unknown>) => [x.productIndex, x.quantity, x.orders])).toEqual([
      ["PLENTY", 1, 1],
    ]);
    expect((await w.api("GET", "/WmsOrder/Charts/TopReleased")).status).toBe(400);
  });
});
