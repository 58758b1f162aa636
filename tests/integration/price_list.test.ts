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

  it("converts with rates against the base currency: one złoty is worth 0.234 euro", async () => {
    expect(
      (await w.api("POST", "/ExchangeRate", { currencySign: "PLN", shortName: "zł", baseRate: 0.234 }))
        .status,
    )
      .toBe(201);
    // 12.50 EUR / 0.234 = 53.42 PLN; 4 units 213.68 PLN; 10.5 units of rice at 3 EUR 134.62 PLN.
    const pln = await page("&currency=PLN");
    expect(row(pln, tea)).toMatchObject({ price: 53.42, value: 213.68 });
    expect(row(pln, rice)).toMatchObject({ price: 12.82, value: 134.62 });
    // The base currency's own row can only say 1: rates are against it.
    const base = await w.api("POST", "/ExchangeRate", { currencySign: "eur", baseRate: 4.2735 });
    expect([base.status, base.body.error.fields]).toEqual([400, {
      baseRate: ["validation.baseCurrencyRate"],
    }]);
  });

  it("changes the base currency only by its own call, which says what becomes of the rates", async () => {
    const account = (await w.api("GET", "/ClientAccount")).body;
    const { id: _i, createdAt: _c, updatedAt: _u, ...rest } = account;
    // A plain edit of the account may not change it: never silently.
    const silent = await w.api("PUT", "/ClientAccount", { ...rest, baseCurrency: "pln" });
    expect([silent.status, silent.body.error.fields]).toEqual([400, {
      baseCurrency: ["validation.baseCurrencyByItsOwnCall"],
    }]);
    // An edit that sends it unchanged, or leaves it out, is an edit of the rest.
    const same = await w.api("PUT", "/ClientAccount", { ...rest, appTitle: "Prices" });
    expect([same.status, same.body.baseCurrency]).toEqual([200, "EUR"]);
    const change = (body: Record<string, unknown>, token = w.admin) =>
      w.api("POST", "/ClientAccount/base-currency", body, token);
    const rates = async () =>
      Object.fromEntries(
        (await w.api("GET", "/ExchangeRate?sortColumn=currencySign")).body.results.map((
          r: { currencySign: string; baseRate: number; shortName: string | null; fullName: string | null },
        ) => [r.currencySign, [r.baseRate, r.shortName, r.fullName]]),
      );
    const before = await rates();
    expect(before).toEqual({ PLN: [0.234, "zł", null], USD: [0.8, null, null] });
    const version = same.body.version;

    // Refused, changing nothing: no choice; recomputing without a rate of the new base; a stale version; a
    // business manager.
    expect((await change({ baseCurrency: "PLN", version })).body.error.fields).toEqual({
      exchangeRates: ["validation.required"],
    });
    const noRate = await change({ baseCurrency: "CHF", exchangeRates: "recompute", version });
    expect([noRate.status, noRate.body.error.fields]).toEqual([400, {
      exchangeRates: ["validation.noRateForNewBase"],
    }]);
    const stale = await change({ baseCurrency: "PLN", exchangeRates: "recompute", version: version - 1 });
    expect([stale.status, stale.body.error.code]).toEqual([409, "record.changedByAnotherUser"]);
    const manager = await addStaffUser(w, "pl-manager", { isPowerUser: true });
    expect((await change({ baseCurrency: "PLN", exchangeRates: "recompute", version }, manager)).status)
      .toBe(404);
    expect(await rates()).toEqual(before);
    expect((await w.api("GET", "/ClientAccount")).body).toMatchObject({ baseCurrency: "EUR", version });

    // Recomputed against PLN, in one transaction with the account: 1 USD = 0.8 / 0.234 PLN, and the złoty's
    // row becomes the euro's (1 EUR = 1 / 0.234 PLN), named in the caller's language.
    const done = await change({ baseCurrency: "pln", exchangeRates: "recompute", version });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body).toMatchObject({ baseCurrency: "PLN", version: version + 1 });
    expect(await rates()).toEqual({ EUR: [4.273504274, "€", "Euro"], USD: [3.418803419, null, null] });
    expect((await page()).baseCurrency).toBe("PLN");
    // Prices are numbers in the base currency: rice's 3 (now złoty) is 0.70 EUR, 10.5 units 7.37 EUR.
    expect(row(await page("&currency=EUR"), rice)).toMatchObject({ price: 0.7, value: 7.37 });
    const log = await w.query(
      "SELECT resource_type AS type, action FROM record_log WHERE resource_type IN ('ExchangeRate', 'ClientAccount') AND id > (SELECT max(id) - 3 FROM record_log) ORDER BY id",
    );
    expect(log.map((l) => `${l.type} ${l.action}`)).toEqual([
      "ExchangeRate changed",
      "ExchangeRate changed",
      "ClientAccount changed",
    ]);

    // Back to EUR keeping the rates: as typed, but the euro's own row goes (a base has no rate).
    const kept = await change({ baseCurrency: "EUR", exchangeRates: "keep", version: version + 1 });
    expect(kept.status, JSON.stringify(kept.body)).toBe(200);
    expect(await rates()).toEqual({ USD: [3.418803419, null, null] });
    // And to GBP clearing them.
    const cleared = await change({ baseCurrency: "GBP", exchangeRates: "clear", version: version + 2 });
    expect(cleared.body.baseCurrency).toBe("GBP");
    expect(await rates()).toEqual({});
    await change({ baseCurrency: "EUR", exchangeRates: "keep", version: version + 3 });
    await w.api("POST", "/ExchangeRate", { currencySign: "USD", baseRate: 0.8 });
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
