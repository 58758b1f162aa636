// Logistics → total stock and detailed inventory, Statistics → movements, in a real browser against the
// real server. Stock is made by confirming documents through the API (receipts of milk into two
// locations and of bolts, a release of one milk); the total stock shows milk's low level as a badge, the
// switch adds the product that never had stock, a product's row opens its inventory by location, and the
// movement screens show what the documents moved.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContext, Locator, Page } from "playwright-core";
import {
  assertStockEqualsLedger,
  confirm,
  draft,
  location,
  product,
  receive,
  startStockWorld,
  type StockWorld,
} from "../integration/stock/fixture.ts";
import { signIn } from "../fixtures/harness.ts";
import { dateField, launchBrowser, typeDate, waitForHydration } from "./browser.ts";
import { enUs } from "../../shared/i18n/en_us.ts";

let w: StockWorld;
let browser: Browser;
let context: BrowserContext;
let whA: number;
let whB: number;
let milk: number;
let bolt: number;
let nut: number;
let glue: number;

beforeAll(async () => {
  w = await startStockWorld("stk");
  whA = await location(w, "WH-A");
  whB = await location(w, "WH-B");
  milk = await product(w, "MILK-1", { warningStock: 10, criticalStock: 2 });
  bolt = await product(w, "BOLT-1", { warningStock: 5 });
  nut = await product(w, "NUT-1");
  glue = await product(w, "GLUE-1", { warningStock: 10, criticalStock: 5 });
  await receive(w, milk, whA, 4);
  await receive(w, milk, whB, 3, { serialNumber: "SN-77" });
  await receive(w, bolt, whA, 20);
  await receive(w, glue, whB, 2);
  const release = await draft(w, { typeCode: "DOU", sourceLocationId: whA }, [{
    productId: milk,
    quantity: 1,
  }]);
  const r = await confirm(w, release.id);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  await assertStockEqualsLedger(w);
  browser = await launchBrowser();
  const auth = await signIn(w.s, "stk-admin");
  context = await browser.newContext({ locale: "en-US" });
  await context.addInitScript((value) => {
    if (!localStorage.getItem("wms.auth")) localStorage.setItem("wms.auth", value);
  }, JSON.stringify(auth));
}, 60_000);
afterAll(async () => {
  await context?.close();
  await browser?.close();
  await w?.s.close();
});

async function open(path: string): Promise<Page> {
  const page = await context.newPage();
  page.setDefaultTimeout(20_000);
  await page.setViewportSize({ width: 1600, height: 1000 });
  // The first page of a run may wait for the server's first rendering on a loaded machine.
  await page.goto(w.s.baseUrl + path, { waitUntil: "domcontentloaded", timeout: 60_000 });
  await waitForHydration(page);
  return page;
}

const grid = (page: Page): Locator => page.getByTestId("list-grid");
const gridRow = (page: Page, id: number): Locator => grid(page).locator(`[data-row-id="${id}"]`);
const records = (n: number) =>
  (n === 1 ? enUs["list.rows#one"] : enUs["list.rows#other"]).replace("{count}", `${n}`);

async function count(page: Page, n: number) {
  await page.waitForFunction(
    (expected) => document.querySelector('[data-testid="list-count"]')?.textContent === expected,
    records(n),
  );
}

async function cells(row: Locator): Promise<string[]> {
  return (await row.getByRole("gridcell").allTextContents()).map((s) => s.trim());
}

describe("stock screens", { timeout: 120_000 }, () => {
  it("total stock flags low stock with a badge, includes products without stock on request, opens a product's inventory", async () => {
    const page = await open("/warehouse-product-stock");
    await count(page, 3);
    const milkRow = gridRow(page, milk);
    await milkRow.waitFor();
    // 6 of milk is at or below its warning level (10), above its critical level (2): "Low", in its colour.
    const badge = milkRow.locator("[data-level]");
    expect(await badge.getAttribute("data-level")).toBe("warning");
    expect((await badge.textContent())?.trim()).toBe(enUs["stock.level.warning"]);
    expect(await cells(milkRow)).toEqual(expect.arrayContaining(["MILK-1", "Product MILK-1", "6"]));
    // 20 bolts are above their warning level (5): no badge.
    expect(await cells(gridRow(page, bolt))).toEqual(expect.arrayContaining(["BOLT-1", "20"]));
    expect(await gridRow(page, bolt).locator("[data-level]").count()).toBe(0);
    expect(await gridRow(page, nut).count()).toBe(0);
    // 2 of glue is at or below its critical level (5): "Critical".
    const critical = gridRow(page, glue).locator("[data-level]");
    expect(await critical.getAttribute("data-level")).toBe("critical");
    expect((await critical.textContent())?.trim()).toBe(enUs["stock.level.critical"]);

    // The level asked: at or below the warning level (milk, glue), then the critical one (glue).
    const options = page.getByTestId("stock-options");
    const level = async (choice: "belowWarning" | "belowCritical" | "all") => {
      await options.getByRole("button", { name: new RegExp(enUs["stock.level"]) }).click();
      await page.getByRole("option", { name: enUs[`stock.level.${choice}`], exact: true }).click();
    };
    await level("belowWarning");
    await count(page, 2);
    await gridRow(page, milk).waitFor();
    await gridRow(page, glue).waitFor();
    await level("belowCritical");
    await count(page, 1);
    await gridRow(page, glue).waitFor();
    await level("all");
    await count(page, 3);

    // The switch: the product that never had stock is listed at 0 (and flagged by nothing).
    // The switch's input is visually hidden; a person clicks its label.
    const zero = page.getByRole("switch", { name: enUs["stock.includeZero"] });
    const zeroLabel = page.locator("label").filter({ has: zero });
    await zeroLabel.click();
    expect(await zero.isChecked()).toBe(true);
    await count(page, 4);
    await gridRow(page, nut).waitFor();
    expect(await cells(gridRow(page, nut))).toEqual(expect.arrayContaining(["NUT-1", "0"]));
    await zeroLabel.click();
    await count(page, 3);
    expect(await gridRow(page, nut).count()).toBe(0);

    // Milk's row opens its detailed inventory: one line per location, bolts left out.
    await milkRow.click();
    await page.waitForURL(new RegExp(`/warehouse-product-inventory/product/${milk}$`));
    await page.getByRole("heading", { name: enUs["route.warehouse-product-inventory"] }).waitFor();
    await count(page, 2);
    const lines = grid(page).locator("[data-row-id]");
    const texts = await Promise.all([0, 1].map((i) => cells(lines.nth(i))));
    const byLocation = Object.fromEntries(texts.map((c) => [c.find((x) => x.startsWith("WH-")), c]));
    expect(Object.keys(byLocation).sort()).toEqual(["WH-A", "WH-B"]);
    expect(byLocation["WH-A"]).toEqual(expect.arrayContaining(["MILK-1", "3"]));
    expect(byLocation["WH-B"]).toEqual(expect.arrayContaining(["MILK-1", "SN-77", "3"]));
    // The filter is a chip naming the product; removing it shows every line (bolts and glue too).
    const chip = page.getByRole("button", { name: /MILK-1/ }).first();
    await chip.click();
    await count(page, 4);
    await page.close();
  });

  it("product movements over a date range show what the documents moved; group movements sum them per day", async () => {
    const page = await open("/warehouse-product-movements");
    await count(page, 5);
    await page.getByLabel(enUs["list.search"]).fill("MILK-1");
    await count(page, 3);
    const rows = grid(page).locator("[data-row-id]");
    // Each row's In and Out, by their columns (key columns, shown before the others).
    const cell = async (i: number, column: string) =>
      ((await rows.nth(i).locator(`[data-column="${column}"]`).textContent()) ?? "").trim();
    const inOut = (await Promise.all(
      [0, 1, 2].map(async (i) => `${await cell(i, "quantityIn")}/${await cell(i, "quantityOut")}`),
    )).sort();
    expect(inOut).toEqual(["0/1", "3/0", "4/0"]);
    // A range that ends before today has no movements.
    await typeDate(dateField(page, enUs["stock.dateFrom"]), "2020-01-01");
    await typeDate(dateField(page, enUs["stock.dateTo"]), "2020-01-31");
    await count(page, 0);
    // A range in the wrong order is said so (and the list keeps the last valid range).
    await typeDate(dateField(page, enUs["stock.dateFrom"]), "2020-02-10");
    await page.getByText(enUs["stock.badRange"]).waitFor();
    await page.close();

    const groups = await open("/warehouse-product-group-movements");
    const table = groups.getByRole("table", { name: enUs["route.warehouse-product-group-movements"] });
    await table.waitFor();
    const body = await table.locator("tbody tr td").allTextContents();
    // Every receipt and release of today in one row of products without a group: 29 in, 1 out.
    expect(body.slice(1)).toEqual([enUs["stock.noGroup"], "29", "1"]);
    await groups.close();
  });

  it("total stock follows a document confirmed elsewhere without a reload (after the movements, which it would change)", async () => {
    const page = await open("/warehouse-product-stock");
    await count(page, 3);
    expect(await gridRow(page, nut).count()).toBe(0);
    // The page hears the hub before the document is confirmed.
    await page.locator('[data-testid="connection-status"][data-status="connected"]').waitFor();
    await receive(w, nut, whA, 5);
    await count(page, 4);
    expect(await cells(gridRow(page, nut))).toEqual(expect.arrayContaining(["NUT-1", "5"]));
    await page.close();
  });
});
