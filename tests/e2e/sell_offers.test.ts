// A sell offer made from stock in real Chromium (issue 19): the dispatcher of sales picks the customer, the
// product and a quantity above what is free (refused at that line), then one that fits, and records the
// customer's acceptance: the order is confirmed with its documents.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContext } from "playwright-core";
import {
  company,
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

beforeAll(async () => {
  w = await startStockWorld("offers-e2e");
  await company(w, "OFFER CUSTOMER");
  const tea = await product(w, "OFF-TEA", { name: "Green tea", cashValue: 4 });
  await receive(w, tea, await location(w, "OFF-A1"), 20);
  browser = await launchBrowser();
}, 60_000);
afterAll(async () => {
  for (const c of contexts) await c.close();
  await browser?.close();
  await w?.s.close();
});

describe("sell offers", () => {
  it("makes an offer from what is free and records the customer's acceptance", async () => {
    const page = await signedInPage(browser, w.s, contexts, "offers-e2e-admin", "/active-sell-offers", {
      timeoutMs: 20_000,
      goto: { waitUntil: "domcontentloaded", timeout: 60_000 },
    });
    await page.getByRole("button", { name: enUs["offers.new"] }).click();
    const dialog = page.getByTestId("sell-offer-dialog");
    await dialog.getByRole("combobox", { name: enUs["field.wmsOrder.contractorId"] }).fill("OFFER");
    await page.getByRole("option", { name: /OFFER CUSTOMER/ }).click();
    await dialog.getByRole("combobox", { name: enUs["field.wmsOrderPosition.productId"] }).fill("OFF-TEA");
    await page.getByRole("option", { name: /OFF-TEA/ }).click();
    const quantity = dialog.getByRole("textbox", { name: enUs["field.wmsOrderPosition.quantity"] });
    await quantity.fill("25");
    await dialog.getByRole("button", { name: enUs["offers.make"] }).click();
    await dialog.getByText(enUs["validation.tooLarge"]).waitFor();
    await quantity.fill("12");
    await dialog.getByRole("button", { name: enUs["offers.make"] }).click();
    const order = page.getByTestId("order-dialog");
    await order.getByRole("button", { name: enUs["offers.accept"] }).click();
    await expect.poll(
      async () => (await w.query("SELECT status_code, offer_status, summary_value FROM wms_orders"))[0],
      { timeout: 10_000 },
    )
      .toMatchObject({ status_code: "confirmed", offer_status: "accepted", summary_value: 48 });
    expect(await w.query("SELECT count(*) AS n FROM stock_reservations")).toEqual([{ n: 1 }]);
  });
});
