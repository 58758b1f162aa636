// Issue 31, item 26, in real Chromium: the four screens that showed the missing page for an address with
// the dialog parameters (a favorite, a link) open with them: total stock and supply (and its report)
// narrowed to the product named, the portal's new order with that product's dialog; an id naming nothing
// is said so in the screen.
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
import { launchBrowser, signedInPage, waitForHydration, waitForListCount } from "./browser.ts";
import { enUs } from "../../shared/i18n/en_us.ts";

let w: StockWorld;
let browser: Browser;
const contexts: BrowserContext[] = [];
let tea: number;
let rice: number;
let soap: number;
let page: Page;
let portalPage: Page;

beforeAll(async () => {
  w = await startStockWorld("params-e2e");
  const rack = await location(w, "RACK-P");
  // Tea is under its warning stock; rice is not.
  tea = await product(w, "TEA-P", { name: "Green tea", warningStock: 20 });
  rice = await product(w, "RICE-P", { name: "Rice", warningStock: 1 });
  await receive(w, tea, rack, 10);
  await receive(w, rice, rack, 6);
  const acme = await company(w, "ACME-P");
  soap = await product(w, "SOAP-P", { name: "Soap", contractorId: acme, unit: "pcs" });
  await receive(w, soap, rack, 5);
  await addStaffUser(w, "params-carla", { connectedContractorId: acme, contractorPortalEnabled: true });
  browser = await launchBrowser();
  page = await signedInPage(browser, w.s, contexts, "params-e2e-admin", "/", {
    timeoutMs: 20_000,
    goto: { waitUntil: "domcontentloaded", timeout: 60_000 },
  });
  portalPage = await signedInPage(browser, w.s, contexts, "params-carla", "/", { timeoutMs: 20_000 });
}, 60_000);
afterAll(async () => {
  for (const c of contexts) await c.close();
  await browser?.close();
  await w?.s.close();
});

const fill = (text: string, values: Record<string, string | number>) =>
  Object.entries(values).reduce((out, [k, v]) => out.replace(`{${k}}`, String(v)), text);

/** Opens `path` as a favorite or a link does: a fresh page load. */
async function visit(p: Page, path: string, title: string) {
  await p.goto(w.s.baseUrl + path);
  await waitForHydration(p);
  await expect.poll(() => p.locator("main h1").first().textContent(), { timeout: 20_000 }).toBe(title);
  expect(await p.getByTestId("not-found").count()).toBe(0);
}

describe("screens opened with the dialog parameters in their address", () => {
  it("total stock narrows to the product named, and says when it names none", async () => {
    await visit(page, `/warehouse-product-stock/${tea}/x`, enUs["route.warehouse-product-stock"]);
    await waitForListCount(page, fill(enUs["list.rows#one"], { count: 1 }));
    expect(await page.getByTestId("route-product").textContent()).toContain("TEA-P Green tea");
    await page.locator("[data-row-id]").filter({ hasText: "TEA-P" }).waitFor();
    // The inventory's form of the address too.
    await visit(page, `/warehouse-product-stock/product/${rice}`, enUs["route.warehouse-product-stock"]);
    await waitForListCount(page, fill(enUs["list.rows#one"], { count: 1 }));
    await page.locator("[data-row-id]").filter({ hasText: "RICE-P" }).waitFor();
    // No such product: said so, and every product shown.
    await visit(page, "/warehouse-product-stock/999999", enUs["route.warehouse-product-stock"]);
    await page.getByText(fill(enUs["stock.noSuchProduct"], { id: 999999 }).split(";")[0]).waitFor();
    await waitForListCount(page, fill(enUs["list.rows#other"], { count: 3 }));
    await page.getByRole("link", { name: enUs["stock.allProducts"] }).click();
    await page.waitForURL((url) => url.pathname === "/warehouse-product-stock");
  });

  it("supply narrows to the product named, and tells a product that is not short", async () => {
    await visit(page, "/warehouse-supply", enUs["route.warehouse-supply"]);
    await page.getByTestId("supply").waitFor();
    await visit(page, `/warehouse-supply/${tea}/x`, enUs["route.warehouse-supply"]);
    const rows = page.getByTestId("supply").locator("tbody tr");
    await expect.poll(() => rows.count(), { timeout: 20_000 }).toBe(1);
    expect(await rows.first().getAttribute("data-product-id")).toBe(String(tea));
    await visit(page, `/warehouse-supply/${rice}`, enUs["route.warehouse-supply"]);
    await page.getByText(enUs["orders.productNotShort"]).waitFor();
    await visit(page, "/warehouse-supply/nothing", enUs["route.warehouse-supply"]);
    await page.getByText(fill(enUs["stock.noSuchProduct"], { id: "nothing" }).split(";")[0]).waitFor();
  });

  it("the supply report narrows to the product named", async () => {
    await visit(page, `/warehouse-supply-reports/${rice}/x`, enUs["route.warehouse-supply-reports"]);
    const rows = page.getByTestId("supply-report").locator("tbody tr");
    await expect.poll(() => rows.count(), { timeout: 20_000 }).toBe(1);
    expect(await rows.first().textContent()).toContain("RICE-P");
  });

  it("the portal's new order opens the product's dialog, and says when it cannot be ordered", async () => {
    await visit(portalPage, `/external-order/${soap}`, enUs["route.external-order"]);
    const dialog = portalPage.getByRole("dialog", {
      name: fill(enUs["portal.addTitle"], { product: "SOAP-P Soap" }),
    });
    await dialog.waitFor();
    await dialog.getByText(fill(enUs["portal.free"], { quantity: 5 })).waitFor();
    await portalPage.keyboard.press("Escape");
    await portalPage.waitForURL((url) => url.pathname === "/external-order");
    // Another contractor's product (or none) is not offered: said so.
    await visit(portalPage, `/external-order/${tea}/x`, enUs["route.external-order"]);
    await portalPage.getByText(fill(enUs["portal.noSuchProduct"], { id: tea })).waitFor();
    expect(await portalPage.getByRole("dialog").count()).toBe(0);
  });
});
