// Orders in a real browser against the real server (issue 14): a receipt order from its entry to closed
// fully (the header on the new-order screen, a position scanned in its dialog, confirmed with its
// documents, the receipt confirmed); a count of a location whose counter finds a difference, finished and
// booked; a production planned, its documents generated, picked, labelled and finished. Stock is read
// from the tenant's database after each.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import {
  assertStockEqualsLedger,
  location,
  product,
  receive,
  startStockWorld,
  stockAt,
  type StockWorld,
} from "../integration/stock/fixture.ts";
import { launchBrowser, signedInPage } from "./browser.ts";
import { enUs } from "../../shared/i18n/en_us.ts";

let w: StockWorld;
let browser: Browser;
const contexts: BrowserContext[] = [];
let dock: number;
let rack: number;
let tea: number;
let flour: number;
let water: number;

beforeAll(async () => {
  w = await startStockWorld("ord-e2e");
  dock = await location(w, "DOCK-O");
  rack = await location(w, "RACK-O");
  tea = await product(w, "TEA-O", { barcodes: ["5901234123457"] });
  flour = await product(w, "FLOUR-O");
  water = await product(w, "WATER-O");
  await receive(w, tea, rack, 10);
  await receive(w, flour, rack, 20);
  await receive(w, water, rack, 20);
  browser = await launchBrowser();
}, 60_000);
afterAll(async () => {
  for (const c of contexts) await c.close();
  await browser?.close();
  await assertStockEqualsLedger(w);
  await w?.s.close();
});

function open(path: string): Promise<Page> {
  return signedInPage(browser, w.s, contexts, "ord-e2e-admin", path, {
    timeoutMs: 20_000,
    goto: { waitUntil: "domcontentloaded", timeout: 60_000 },
  });
}

const dialog = (page: Page) => page.getByTestId("order-dialog");
const button = (page: Page, name: string) => page.getByRole("button", { name, exact: true });

describe("orders in the browser", () => {
  it("takes a receipt order from its entry to closed fully", async () => {
    const page = await open("/warehouse-new-order");
    // The header: the type (a receipt is the form's first type) and where the goods go.
    const form = page.getByRole("dialog");
    await form.getByRole("button", { name: new RegExp(enUs["field.wmsOrder.typeCode"]) }).click();
    await page.getByRole("option", { name: enUs["option.typeCode.OIN"], exact: true }).click();
    await form.getByRole("combobox", { name: enUs["field.wmsOrder.destinationLocationId"] }).fill("DOCK-O");
    await page.getByRole("option", { name: "DOCK-O", exact: true }).click();
    await form.getByRole("button", { name: enUs["common.save"], exact: true }).click();
    await dialog(page).waitFor();
    // A position scanned by its EAN.
    await dialog(page).getByRole("textbox", { name: enUs["orders.scan"] }).fill("5901234123457");
    await dialog(page).getByRole("textbox", { name: enUs["field.wmsOrderPosition.quantity"] }).fill("4");
    await button(page, enUs["orders.addPosition"]).click();
    await dialog(page).locator("[data-testid=order-positions] tbody tr").first().waitFor();
    expect(await dialog(page).locator("[data-testid=order-positions] tbody tr").innerText()).toContain(
      "TEA-O",
    );
    // Confirmed with its documents: the receipt is made, the order waits.
    await button(page, enUs["order.action.confirm"]).click();
    await button(page, enUs["orders.withDocuments"]).click();
    await expect.poll(() => dialog(page).getByTestId("order-process").innerText())
      .toBe(enUs["option.processStatusCode.waitingToProcess"]);
    await dialog(page).getByTestId("order-documents").waitFor();
    const number = await dialog(page).getByTestId("order-number").innerText();
    const [order] = await w.query("SELECT id FROM wms_orders WHERE order_number = ?", [number]);
    const [receipt] = await w.query("SELECT id FROM wms_documents WHERE order_id = ?", [order.id]);
    // The receipt confirmed: the goods are in, the order is closed fully (the dialog hears it).
    expect((await w.api("POST", `/WmsDocument/${receipt.id}/confirm`)).status).toBe(200);
    await expect.poll(() => dialog(page).getByTestId("order-process").innerText(), { timeout: 10_000 })
      .toBe(enUs["option.processStatusCode.closedFully"]);
    expect(await stockAt(w, tea, dock)).toBe(4);
    await page.close();
  });

  it("counts a location, finds a difference, and books it", async () => {
    const count = await w.api("POST", "/WmsOrder", { typeCode: "VER-L", scopeLocationId: rack });
    expect((await w.api("POST", `/WmsOrder/${count.body.id}/confirm`)).status).toBe(200);
    const page = await open(`/warehouse-orders-verify-positions/${count.body.id}`);
    const table = page.getByTestId("count-positions");
    await table.waitFor();
    // The counter finds 9 TEA-O where 10 are booked, and the rest as booked.
    for (const [index, found] of [["TEA-O", "9"], ["FLOUR-O", "20"], ["WATER-O", "20"]]) {
      const field = table.getByRole("textbox", { name: enUs["orders.countOf"].replace("{product}", index) });
      await field.fill(found);
      await field.press("Enter");
    }
    await expect.poll(async () =>
      (await w.query("SELECT count(quantity_real) AS n FROM wms_order_positions WHERE order_id = ?", [
        count.body.id,
      ]))[0].n
    ).toBe(3);
    const order = await open(`/warehouse-orders-verify/${count.body.id}`);
    await dialog(order).waitFor();
    await expect.poll(() => dialog(order).getByTestId("order-verification").innerText())
      .toBe(enUs["option.verificationStatusCode.inProgressWithDifferences"]);
    await button(order, enUs["orders.finish"]).click();
    await order.getByRole("alertdialog").getByRole("button", { name: enUs["orders.finish"], exact: true })
      .click();
    await expect.poll(() => dialog(order).getByTestId("order-verification").innerText())
      .toBe(enUs["option.verificationStatusCode.finishedWithDifferences"]);
    await button(order, enUs["orders.adjust"]).click();
    await expect.poll(() => dialog(order).getByTestId("order-process").innerText())
      .toBe(enUs["option.processStatusCode.closedFully"]);
    expect(await stockAt(w, tea, rack)).toBe(9);
    expect(await stockAt(w, flour, rack)).toBe(20);
    await page.close();
    await order.close();
  });

  it("plans a production, picks its raw material, prints its labels and finishes it", async () => {
    const config = (await w.api("GET", "/ClientLogisticsConfig")).body;
    await w.api("PUT", "/ClientLogisticsConfig", {
      ...config,
      production: { enabled: true, rawMaterialLocationId: rack, finishedGoodsLocationId: dock },
    });
    await product(w, "DOUGH - 1", {
      name: "Dough - plain",
      sapId: "D - 1",
      resources: [{ productId: flour, quantity: 2 }, { productId: water, quantity: 1 }],
    });
    const page = await open("/production-summary");
    const plan = page.getByTestId("plan-production");
    await plan.getByRole("textbox", { name: enUs["orders.productToMake"] }).fill("DOUGH - 1");
    await plan.getByRole("textbox", { name: enUs["field.wmsOrderPosition.quantity"] }).fill("3");
    await button(page, enUs["orders.planProduction"]).click();
    await page.getByTestId("production-materials").waitFor();
    expect(await page.getByTestId("production-materials").innerText()).toContain("FLOUR-O");
    await button(page, enUs["orders.generateDocuments"]).click();
    await page.getByTestId("production-documents").waitFor();
    const id = page.url().split("/").pop();
    // Picking: the bins and lots to take the raw material from.
    await page.getByRole("link", { name: enUs["route.production-picking"], exact: true }).click();
    await page.getByTestId("production-picking").waitFor();
    expect(await page.getByTestId("production-picking").innerText()).toContain("RACK-O");
    // Labels of what is made.
    await page.getByRole("link", { name: enUs["route.production-labels"], exact: true }).click();
    await page.getByTestId("production-labels").waitFor();
    expect(await page.getByTestId("production-labels").innerText()).toContain("DOUGH - 1");
    // Finish: confirmed, closed fully, and nothing of it changes after.
    await page.getByRole("link", { name: enUs["route.production-finish"], exact: true }).click();
    await button(page, enUs["orders.finishProduction"]).click();
    await expect.poll(() => page.getByTestId("production-state").innerText())
      .toContain(enUs["option.processStatusCode.closedFully"]);
    expect(await stockAt(w, flour, rack)).toBe(14);
    expect(await stockAt(w, water, rack)).toBe(17);
    const [made] = await w.query(
      "SELECT coalesce(sum(quantity), 0) AS q FROM stock_lines WHERE location_id = ? AND product_id = " +
        "(SELECT id FROM products WHERE product_index = 'DOUGH - 1')",
      [dock],
    );
    expect(Number(made.q)).toBe(3000);
    expect((await w.api("GET", `/Production/${id}/ConfirmDocuments`)).status).toBe(409);
    await page.close();
  });
});
