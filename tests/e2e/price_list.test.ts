// The price list in real Chromium (issue 17): a business manager types a product's new unit price into its
// row and it is saved; the prices and values show in another currency through its exchange rate; a basic
// user reads the prices without a field to type in.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContext } from "playwright-core";
import {
  addStaffUser,
  location,
  product,
  receive,
  startStockWorld,
  type StockWorld,
} from "../integration/stock/fixture.ts";
import { launchBrowser, signedInPage } from "./browser.ts";
import { enUs } from "../../shared/i18n/en_us.ts";

let w: StockWorld;
let browser: Browser;
const contexts: BrowserContext[] = [];
let tea: number;

beforeAll(async () => {
  w = await startStockWorld("price-e2e");
  const bin = await location(w, "PE-01");
  tea = await product(w, "PE-TEA", { cashValue: 12.5 });
  await receive(w, tea, bin, 4);
  await w.api("POST", "/ExchangeRate", {
    currencySign: "USD",
    shortName: "$",
    fullName: "US dollar",
    baseRate: 0.8,
  });
  await addStaffUser(w, "price-manager", { isPowerUser: true });
  await addStaffUser(w, "price-basic");
  browser = await launchBrowser();
}, 60_000);
afterAll(async () => {
  for (const c of contexts) await c.close();
  await browser?.close();
  await w?.s.close();
});

const open = (username: string) =>
  signedInPage(browser, w.s, contexts, username, "/products-price-list", {
    timeoutMs: 20_000,
    goto: { waitUntil: "domcontentloaded", timeout: 60_000 },
  });

describe("the price list", () => {
  it("saves a price typed into its row and shows prices in another currency", async () => {
    const page = await open("price-manager");
    const field = page.getByRole("textbox", {
      name: enUs["priceList.priceOf"].replace("{product}", "PE-TEA"),
    });
    await field.waitFor();
    expect(await page.getByRole("row", { name: /PE-TEA/ }).innerText()).toContain("€50.00");
    await field.fill("13.75");
    await field.press("Enter");
    await expect.poll(async () => (await w.api("GET", `/Product/${tea}`)).body.cashValue).toBe(13.75);
    await page.getByRole("row", { name: /PE-TEA/ }).getByText("€55.00").first().waitFor();
    await page.getByRole("button", { name: new RegExp(enUs["priceList.showIn"]) }).click();
    await page.getByRole("option", { name: "USD", exact: true }).click();
    // 13.75 EUR at 0.8 EUR a dollar: $17.19, the four units $68.75.
    await page.getByRole("row", { name: /PE-TEA/ }).getByText("$68.75").waitFor();
    expect(await page.getByRole("row", { name: /PE-TEA/ }).innerText()).toContain("$17.19");
  });

  it("shows a basic user the prices without a field to change them", async () => {
    const page = await open("price-basic");
    await page.getByRole("row", { name: /PE-TEA/ }).waitFor();
    expect(await page.getByRole("textbox", { name: /PE-TEA/ }).count()).toBe(0);
    expect(await page.getByRole("row", { name: /PE-TEA/ }).innerText()).toContain("€13.75");
  });

  it("labels the exchange rates' columns by what they hold: the code is the short name, $ the sign", async () => {
    const page = await signedInPage(browser, w.s, contexts, "price-manager", "/exchange-rates", {
      timeoutMs: 20_000,
      viewport: { width: 1440, height: 900 },
    });
    const grid = page.getByTestId("list-grid");
    const row = grid.locator("[data-row-id]").filter({ hasText: "US dollar" });
    await row.waitFor();
    const headers = (await grid.getByRole("columnheader").allInnerTexts()).map((h) => h.trim());
    const cells = (await row.getByRole("gridcell").allInnerTexts()).map((c) => c.trim());
    const under = (label: string) => cells[headers.findIndex((h) => h.startsWith(label))];
    expect(under("Short name")).toBe("USD");
    expect(under("Currency sign")).toBe("$");
    expect(under("Full name")).toBe("US dollar");
  });
});
