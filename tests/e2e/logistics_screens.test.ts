// Issue 31, item 28: the logistics screens that had no browser test, each opened by a logistics user over
// data made through the API: supply (and making its receipt orders), the supply report (and another range),
// the delay monitor, order positions (each opening its order) and the archived sell offers.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import {
  addStaffUser,
  company,
  location,
  product,
  receive,
  startStockWorld,
  type StockWorld,
} from "../integration/stock/fixture.ts";
import { dateField, launchBrowser, signedInPage, typeDate, waitForListCount } from "./browser.ts";
import { listRow } from "./list_rows.ts";
import { enUs } from "../../shared/i18n/en_us.ts";

let w: StockWorld;
let browser: Browser;
const contexts: BrowserContext[] = [];
let salt: number;
let sugar: number;
let mill: number;
const made: Record<string, { id: number; orderNumber: string }> = {};

beforeAll(async () => {
  w = await startStockWorld("logi-e2e");
  await addStaffUser(w, "logi-lena", { visibleName: "Lena Logistics", logisticsEnabled: true });
  const dock = await location(w, "DOCK-L");
  const rack = await location(w, "RACK-L");
  mill = await company(w, "MILL-L");
  const customer = await company(w, "SHOP-L");
  // SALT: 1 on hand, critical; SUGAR: none, under its warning stock, bought from the mill.
  salt = await product(w, "SALT-L", { name: "Salt", warningStock: 10, criticalStock: 2 });
  sugar = await product(w, "SUGAR-L", { name: "Sugar", warningStock: 5, contractorId: mill });
  const tea = await product(w, "TEA-L", { name: "Tea", cashValue: 3 });
  await receive(w, salt, rack, 1);
  await receive(w, tea, rack, 20);
  // A release three days late, and a receipt order still being written.
  const late = await w.api("POST", "/WmsOrder", {
    typeCode: "OOU",
    sourceLocationId: rack,
    deadline: new Date(Date.now() - 3 * 86_400_000).toISOString().slice(0, 10),
  });
  await w.api("POST", "/WmsOrderPosition", { orderId: late.body.id, productId: tea, quantity: 4 });
  made.late = (await w.api("POST", `/WmsOrder/${late.body.id}/confirm?generateDocuments=false`)).body;
  const receipt = await w.api("POST", "/WmsOrder", { typeCode: "OIN", destinationLocationId: dock });
  await w.api("POST", "/WmsOrderPosition", { orderId: receipt.body.id, productId: salt, quantity: 7 });
  made.receipt = receipt.body;
  // Two sell offers: one declined (in the archive), one still open.
  const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
  for (const name of ["declined", "open"]) {
    const offer = await w.api("POST", "/WmsOrder/Offers/Sell", {
      contractorId: customer,
      validUntil: tomorrow,
      positions: [{ productId: tea, quantity: name === "open" ? 2 : 5 }],
    });
    expect(offer.status, JSON.stringify(offer.body)).toBe(201);
    made[name] = offer.body;
  }
  expect((await w.api("POST", `/WmsOrder/${made.declined.id}/offer/reject`)).status).toBe(200);
  browser = await launchBrowser();
}, 60_000);
afterAll(async () => {
  for (const c of contexts) await c.close();
  await browser?.close();
  await w?.s.close();
});

let page: Page;
async function open(path: string): Promise<Page> {
  page ??= await signedInPage(browser, w.s, contexts, "logi-lena", "/", {
    timeoutMs: 20_000,
    goto: { waitUntil: "domcontentloaded", timeout: 60_000 },
  });
  await page.goto(w.s.baseUrl + path);
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
  return page;
}

const heading = (p: Page) => p.locator("main h1").first();
const fill = (text: string, values: Record<string, string | number>) =>
  Object.entries(values).reduce((out, [k, v]) => out.replace(`{${k}}`, String(v)), text);
const cells = (p: Page, testId: string, productId: number) =>
  p.getByTestId(testId).locator(`tr[data-product-id="${productId}"] td`).allTextContents();
const reportCells = (p: Page, text: string) =>
  p.getByTestId("supply-report").locator("tbody tr").filter({ hasText: text }).locator("td")
    .allTextContents();

describe("logistics screens", () => {
  it("supply: what is short and what to order; its receipt orders made in one step, one per supplier", async () => {
    const p = await open("/warehouse-supply");
    expect(await heading(p).textContent()).toBe(enUs["route.warehouse-supply"]);
    await p.getByTestId("supply").waitFor();
    // Product, level, on hand, reserved, on the way (the receipt order being written), supplier; the
    // quantity to order is a number field (read below).
    const line = await cells(p, "supply", salt);
    expect([...line.slice(1, 6), line[7]]).toEqual([
      "SALT-L · Salt",
      enUs["orders.critical"],
      "1",
      "0",
      "7",
      enUs["orders.noSupplier"],
    ]);
    // Up to the warning stock: 10 − 1 on hand − 7 on the way.
    const salted = p.getByRole("textbox", { name: fill(enUs["orders.quantityOf"], { product: "SALT-L" }) });
    expect(await salted.inputValue()).toBe("2");
    expect((await cells(p, "supply", sugar))[7]).toBe("MILL-L");
    // A refusal is said once, in one toast, and what was chosen stays.
    await p.route("**/api/Supply/GenerateOrders", (route) =>
      route.fulfill({
        status: 403,
        contentType: "application/json",
        body: JSON.stringify({ error: { code: "auth.forbidden", message: "Forbidden" } }),
      }));
    await p.getByRole("button", { name: enUs["orders.makeReceiptOrders"] }).click();
    const refused = p.getByRole("alert").filter({ hasText: enUs["apiError.auth.forbidden"] });
    await refused.first().waitFor();
    // Both toasts of a doubled report are drawn by the same render.
    await p.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    expect(await refused.count()).toBe(1);
    expect(await salted.inputValue()).toBe("2");
    await p.unroute("**/api/Supply/GenerateOrders");
    await p.getByRole("button", { name: enUs["orders.makeReceiptOrders"] }).click();
    await p.getByText(fill(enUs["orders.supplyOrdered"], { count: 2 })).waitFor();
    const orders = await w.query(
      "SELECT contractor_id AS supplier, positions_count AS n FROM wms_orders WHERE source_type = 'supply' ORDER BY id",
    );
    expect(orders).toEqual([{ supplier: null, n: 1 }, { supplier: mill, n: 1 }]);
    // Read again: now on its way.
    await expect.poll(async () => (await cells(p, "supply", sugar))[5], { timeout: 20_000 }).toBe("5");
  });

  it("supply report: ordered, received and released per product over a range; another range", async () => {
    const p = await open("/warehouse-supply-reports");
    expect(await heading(p).textContent()).toBe(enUs["route.warehouse-supply-reports"]);
    await p.getByTestId("supply-report").waitFor();
    // SALT: 7 on the receipt order and 2 on the supply's ordered, 1 received, none released, 1 on hand.
    expect(await reportCells(p, "SALT-L")).toEqual(["SALT-L · Salt", "9", "1", "0", "1"]);
    expect(await reportCells(p, "TEA-L")).toEqual(["TEA-L · Tea", "0", "20", "0", "20"]);
    await typeDate(dateField(p, enUs["stock.dateFrom"]), "2020-01-01");
    await typeDate(dateField(p, enUs["stock.dateTo"]), "2020-01-31");
    await p.getByText(enUs["orders.nothingInRange"]).waitFor();
  });

  it("delay monitor: the open orders past their deadline, each saying how late; a row opens its order", async () => {
    const p = await open("/warehouse-orders-delay-monitor");
    expect(await heading(p).textContent()).toBe(enUs["route.warehouse-orders-delay-monitor"]);
    await waitForListCount(p, fill(enUs["list.rows#one"], { count: 1 }));
    const row = await listRow(p, made.late.orderNumber);
    expect(row.deadline).toContain(fill(enUs["orders.late"], { days: 3 }));
    expect(row.processStatusCode).toBe(enUs["option.processStatusCode.waitingToProcess"]);
    await p.locator("[data-row-id]").filter({ hasText: made.late.orderNumber }).click();
    await expect.poll(() => p.getByTestId("order-number").textContent(), { timeout: 20_000 }).toBe(
      made.late.orderNumber,
    );
  });

  it("order positions: every order's positions with their order; a row opens its order", async () => {
    const p = await open("/warehouse-orders-positions");
    expect(await heading(p).textContent()).toBe(enUs["route.warehouse-orders-positions"]);
    const row = await listRow(p, made.receipt.orderNumber);
    expect(row).toMatchObject({ orderId: made.receipt.orderNumber, productId: "Salt", quantity: "7" });
    await p.locator("[data-row-id]").filter({ hasText: made.receipt.orderNumber }).click();
    await p.waitForURL((url) => url.pathname === `/warehouse-orders/${made.receipt.id}`);
    await expect.poll(() => p.getByTestId("order-number").textContent(), { timeout: 20_000 }).toBe(
      made.receipt.orderNumber,
    );
  });

  it("archived sell offers: the declined one, not the open one; the other view a tab away", async () => {
    const p = await open("/archive-sell-offers");
    expect(await heading(p).textContent()).toBe(enUs["route.archive-sell-offers"]);
    await waitForListCount(p, fill(enUs["list.rows#one"], { count: 1 }));
    const row = await listRow(p, made.declined.orderNumber);
    expect(row).toMatchObject({
      contractorId: "SHOP-L",
      offerStatus: enUs["option.offerStatus.rejected"],
    });
    expect(row.summaryValue).toContain("15.00");
    expect(await p.locator("[data-row-id]").filter({ hasText: made.open.orderNumber }).count()).toBe(0);
    // A declined offer takes no answer.
    await p.locator("[data-row-id]").filter({ hasText: made.declined.orderNumber }).click();
    await p.getByTestId("order-dialog").waitFor();
    expect(await p.getByRole("button", { name: enUs["offers.accept"] }).count()).toBe(0);
    await p.keyboard.press("Escape");
    await p.getByRole("tab", { name: enUs["route.active-sell-offers"] }).click();
    await p.waitForURL((url) => url.pathname === "/active-sell-offers");
    await p.locator("[data-row-id]").filter({ hasText: made.open.orderNumber }).waitFor();
  });
});
