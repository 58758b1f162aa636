// The price list (issue 17): each product's unit price in the base currency with its stock and that stock's
// value, the same in another currency through its exchange rate, and a price edited in the list with the
// version check, logged as a product edit; kept to business managers and administrators, and to the tenant.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  addStaffUser,
  location,
  product,
  receive,
  startStockWorld,
  type StockWorld,
} from "./stock/fixture.ts";

let w: StockWorld;
let tea: number;
let rice: number;
let bare: number;

beforeAll(async () => {
  w = await startStockWorld("price-list");
  const bin = await location(w, "PL-01");
  tea = await product(w, "PL-TEA", { cashValue: 12.5 });
  rice = await product(w, "PL-RICE", { cashValue: 3 });
  bare = await product(w, "PL-BARE");
  await receive(w, tea, bin, 4);
  await receive(w, rice, bin, 10.5);
  expect((await w.api("POST", "/ExchangeRate", { currencySign: "usd", baseRate: 0.8 })).status).toBe(201);
});
afterAll(() => w?.s.close());

const page = async (query = "") => {
  const r = await w.api("GET", `/Product/PriceList?sortColumn=productIndex${query}`);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body;
};
const row = (body: { results: { productId: number }[] }, id: number) =>
  body.results.find((r) => r.productId === id) as Record<string, unknown>;

describe("the price list", () => {
  it("lists each product's price, stock and value in the base currency and in another one", async () => {
    const base = await page();
    expect([base.baseCurrency, base.currency, base.allFilteredRowCount]).toEqual(["EUR", "EUR", 3]);
    expect(base.results.map((r: { productIndex: string }) => r.productIndex)).toEqual([
      "PL-BARE",
      "PL-RICE",
      "PL-TEA",
    ]);
    expect(row(base, tea)).toMatchObject({
      cashValue: 12.5,
      quantity: 4,
      stockValue: 50,
      price: 12.5,
      value: 50,
    });
    expect(row(base, bare)).toMatchObject({ cashValue: null, quantity: 0, stockValue: null, price: null });
    // One dollar is worth 0.8 euro: 12.50 EUR is 15.63 USD, the 10.5 units of rice at 3 EUR 39.38 USD.
    const usd = await page("&currency=usd");
    expect(usd.currency).toBe("USD");
    expect(row(usd, tea)).toMatchObject({ price: 15.63, value: 62.5 });
    expect(row(usd, rice)).toMatchObject({ price: 3.75, stockValue: 31.5, value: 39.38 });
    // Sorted by price, filtered and searched like any list.
    const dear = await w.api("GET", "/Product/PriceList?sortColumn=price&sortDescending=true&currency=USD");
    expect(dear.body.results[0].productId).toBe(tea);
    const filter = encodeURIComponent(JSON.stringify([{ field: "cashValue", operator: "gt", value: 5 }]));
    expect(
      (await page(`&BasicFiltersSerialized=${filter}`)).results.map((r: { productId: number }) =>
        r.productId
      ),
    )
      .toEqual([tea]);
    const unknown = await w.api("GET", "/Product/PriceList?currency=XYZ");
    expect([unknown.status, unknown.body.error.fields]).toEqual([400, {
      currency: ["validation.invalidValue"],
    }]);
  });

  it("names the account's base currency", async () => {
    const account = (await w.api("GET", "/ClientAccount")).body;
    const { id: _i, createdAt: _c, updatedAt: _u, ...rest } = account;
    const saved = await w.api("PUT", "/ClientAccount", { ...rest, baseCurrency: "pln" });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.baseCurrency).toBe("PLN");
    expect((await page()).baseCurrency).toBe("PLN");
    await w.api("PUT", "/ClientAccount", { ...rest, version: saved.body.version, baseCurrency: "EUR" });
  });

  it("changes one price with the version check, logged as a product edit", async () => {
    const before = (await w.api("GET", `/Product/${rice}`)).body;
    const r = await w.api("PATCH", `/Product/${rice}/price`, { cashValue: 3.2, version: before.version });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect([r.body.cashValue, r.body.version, r.body.name]).toEqual([3.2, before.version + 1, before.name]);
    expect(row(await page(), rice)).toMatchObject({ cashValue: 3.2, stockValue: 33.6 });
    const stale = await w.api("PATCH", `/Product/${rice}/price`, { cashValue: 9, version: before.version });
    expect([stale.status, stale.body.error.code]).toEqual([409, "record.changedByAnotherUser"]);
    const bad = await w.api("PATCH", `/Product/${rice}/price`, { cashValue: -1, version: r.body.version });
    expect([bad.status, bad.body.error.fields]).toEqual([400, { cashValue: ["validation.tooSmall"] }]);
    const log = await w.query(
      "SELECT old_object, new_object FROM record_log WHERE resource_type = 'Product' AND resource_id = ? AND action = 'changed'",
      [rice],
    );
    expect(
      log.map((
        l,
      ) => [JSON.parse(l.old_object as string).cashValue, JSON.parse(l.new_object as string).cashValue]),
    )
      .toEqual([[3, 3.2]]);
  });

  it("is read by staff and written by managers only; another tenant's product is 404", async () => {
    const basic = await addStaffUser(w, "pl-basic");
    expect((await w.api("GET", "/Product/PriceList", undefined, basic)).status).toBe(200);
    const version = (await w.api("GET", `/Product/${tea}`)).body.version;
    expect((await w.api("PATCH", `/Product/${tea}/price`, { cashValue: 1, version }, basic)).status).toBe(
      404,
    );
    const other = await startStockWorld("price-list-other");
    try {
      const r = await other.api("PATCH", `/Product/${tea}/price`, { cashValue: 1, version });
      expect(r.status).toBe(404);
      expect((await other.api("GET", "/Product/PriceList")).body.allFilteredRowCount).toBe(0);
    } finally {
      other.s.close();
    }
    expect((await w.api("GET", `/Product/${tea}`)).body.cashValue).toBe(12.5);
  });
});
