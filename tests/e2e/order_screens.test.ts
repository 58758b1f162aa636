// Issue 31 in real Chromium against the real server: verification positions list the counts' positions (not
// the counts), filtered by count, a row opening its count; a new order shows only its type's own fields; the
// sell offers show an offer's columns and one way to make one; operational orders list what is worked on
// now; statuses wear their numbered colours in both themes; /title is the product's own page.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
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
} from "../integration/stock/fixture.ts";
import { launchBrowser, openUserMenu, signedInPage, waitForHydration, waitForListCount } from "./browser.ts";
import { listColumns, listRow } from "./list_rows.ts";
import { enUs } from "../../shared/i18n/en_us.ts";
import { plPl } from "../../shared/i18n/pl_pl.ts";
import { darkStatusPalette, lightStatusPalette } from "../../client/theme/status_palette.ts";

let w: StockWorld;
let browser: Browser;
const contexts: BrowserContext[] = [];
let rack: number;
let shelf: number;
let dock: number;
let tea: number;
let rice: number;
const counts: { id: number; orderNumber: string }[] = [];
const orders: Record<string, { id: number; orderNumber: string }> = {};

async function order(header: Record<string, unknown>, positions: { productId: number; quantity: number }[]) {
  const o = await w.api("POST", "/WmsOrder", header);
  expect(o.status, JSON.stringify(o.body)).toBe(201);
  for (const p of positions) {
    expect((await w.api("POST", "/WmsOrderPosition", { orderId: o.body.id, ...p })).status).toBe(201);
  }
  return o.body.id as number;
}

async function confirmOrder(id: number, generateDocuments: boolean) {
  const r = await w.api("POST", `/WmsOrder/${id}/confirm?generateDocuments=${generateDocuments}`);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body as { id: number; orderNumber: string };
}

beforeAll(async () => {
  w = await startStockWorld("scr-e2e");
  await addStaffUser(w, "scr-manager", {
    visibleName: "Mia Manager",
    isPowerUser: true,
    logisticsEnabled: true,
  });
  rack = await location(w, "RACK-S");
  shelf = await location(w, "SHELF-S");
  dock = await location(w, "DOCK-S");
  tea = await product(w, "TEA-S", { name: "Green tea", cashValue: 4 });
  rice = await product(w, "RICE-S", { name: "Rice" });
  await receive(w, tea, rack, 10);
  await receive(w, rice, shelf, 6);
  // Two counts: the rack's finds 8 of the 10 teas; the shelf's finds the rice as booked.
  for (const scope of [rack, shelf]) {
    const c = await w.api("POST", "/WmsOrder", { typeCode: "VER-L", scopeLocationId: scope });
    counts.push(await confirmOrder(c.body.id, false));
  }
  for (const [c, found] of [[counts[0], 8], [counts[1], 6]] as const) {
    const [position] = (await w.api("GET", `/WmsOrder/${c.id}/Positions`)).body.results;
    const r = await w.api("PATCH", `/WmsOrderPosition/${position.id}/QuantityReal?quantityReal=${found}`);
    expect(r.status).toBe(200);
  }
  // Orders in every state the operational list tells apart.
  orders.waiting = await confirmOrder(
    await order({ typeCode: "OIN", destinationLocationId: dock, priority: "high" }, [
      { productId: rice, quantity: 2 },
    ]),
    true,
  );
  const working = await order({ typeCode: "OOU", sourceLocationId: rack }, [{ productId: tea, quantity: 3 }]);
  orders.working = await confirmOrder(working, false);
  const part = await draft(w, { typeCode: "OOU", orderId: working, sourceLocationId: rack }, [
    { productId: tea, quantity: 1 },
  ]);
  expect((await confirm(w, part.id)).status).toBe(200);
  await draft(w, { typeCode: "OOU", orderId: working, sourceLocationId: rack }, [{
    productId: tea,
    quantity: 2,
  }]);
  const done = await order({ typeCode: "OIN", destinationLocationId: dock }, [{
    productId: rice,
    quantity: 1,
  }]);
  orders.done = await confirmOrder(done, true);
  const [doneReceipt] = await w.query("SELECT id FROM wms_documents WHERE order_id = ?", [done]);
  expect((await confirm(w, Number(doneReceipt.id))).status).toBe(200);
  const draftOnly = await order({ typeCode: "OIN", destinationLocationId: dock }, [{
    productId: rice,
    quantity: 1,
  }]);
  orders.draft = (await w.api("GET", `/WmsOrder/${draftOnly}`)).body;
  // A sell offer to a customer.
  const customer = await company(w, "OFFER CO");
  const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
  const offer = await w.api("POST", "/WmsOrder/Offers/Sell", {
    contractorId: customer,
    validUntil: tomorrow,
    positions: [{ productId: tea, quantity: 2 }],
  });
  expect(offer.status, JSON.stringify(offer.body)).toBe(201);
  orders.offer = offer.body;
  browser = await launchBrowser();
}, 60_000);
afterAll(async () => {
  for (const c of contexts) await c.close();
  await browser?.close();
  await w?.s.close();
});

function open(path: string, username = "scr-manager"): Promise<Page> {
  return signedInPage(browser, w.s, contexts, username, path, {
    timeoutMs: 20_000,
    goto: { waitUntil: "domcontentloaded", timeout: 60_000 },
  });
}

const heading = (page: Page) => page.locator("main h1").first();
const fill = (text: string, values: Record<string, string | number>) =>
  Object.entries(values).reduce((out, [k, v]) => out.replace(`{${k}}`, String(v)), text);

describe("verification positions", () => {
  it("lists the counts' positions with what was expected and counted, filters by count, opens a row's count", async () => {
    const page = await open("/warehouse-orders-verify-positions");
    expect(await heading(page).textContent()).toBe(enUs["route.warehouse-orders-verify-positions"]);
    await waitForListCount(page, fill(enUs["list.rows#other"], { count: 2 }));
    expect(await listRow(page, "TEA-S")).toMatchObject({
      orderId: counts[0].orderNumber,
      sourceLocationId: "RACK-S",
      productId: "TEA-S · Green tea",
      bookQuantity: "10",
      quantityReal: "8",
      difference: "-2",
      countedByName: "scr-e2e admin",
    });
    expect(await listRow(page, "RICE-S")).toMatchObject({ orderId: counts[1].orderNumber, difference: "0" });

    // Filtered by the second count: only its position.
    await page.getByRole("button", {
      name: fill(enUs["list.filter"], { column: enUs["field.wmsOrderPosition.orderId"] }),
      exact: true,
    }).click();
    const editor = page.getByRole("dialog");
    await editor.getByRole("combobox", { name: enUs["list.value"] }).fill(counts[1].orderNumber);
    await page.getByRole("option", { name: counts[1].orderNumber }).click();
    await editor.getByRole("button", { name: enUs["list.apply"] }).click();
    await waitForListCount(page, fill(enUs["list.rows#one"], { count: 1 }));
    expect(await page.locator("[data-row-id]").filter({ hasText: "TEA-S" }).count()).toBe(0);

    // A row opens its count.
    await page.locator("[data-row-id]").filter({ hasText: "RICE-S" }).click();
    await page.waitForURL((url) => url.pathname === `/warehouse-orders-verify/${counts[1].id}`);
    await expect.poll(() => page.getByTestId("order-number").textContent(), { timeout: 20_000 }).toBe(
      counts[1].orderNumber,
    );
  });
});

describe("the new order", () => {
  /** The form's field labels: its <label>s and whatever names a field by aria-labelledby (a date field). */
  const labels = (page: Page) =>
    page.getByTestId("record-form").evaluate((form) => {
      const named = [...form.querySelectorAll("[aria-labelledby]")]
        .flatMap((el) => el.getAttribute("aria-labelledby")!.split(/\s+/))
        .map((id) => document.getElementById(id));
      return [...new Set([...form.querySelectorAll("label"), ...named])]
        .map((l) => (l?.textContent ?? "").replace(/\s*\*$/, "").trim()).filter(Boolean);
    });

  it("shows each type's own fields: a receipt where its goods go, a count its scope", async () => {
    const page = await open("/warehouse-new-order");
    const form = page.getByTestId("record-form");
    await form.waitFor();
    const typeSelect = form.getByRole("button", { name: new RegExp(enUs["field.wmsOrder.typeCode"]) });
    // A receipt from an order: no count's scope, no source.
    expect(await typeSelect.textContent()).toContain(enUs["option.typeCode.OIN"]);
    let shown = await labels(page);
    expect(shown).toContain(enUs["field.wmsOrder.destinationLocationId"]);
    expect(shown).toContain(enUs["field.wmsOrder.unpackBy"]);
    for (const absent of ["scopeLocationId", "scopeProductIds", "sourceLocationId", "packBy"] as const) {
      expect(shown, absent).not.toContain(enUs[`field.wmsOrder.${absent}`]);
    }
    // The types a person makes: no production.
    await typeSelect.click();
    const options = await page.getByRole("option").allTextContents();
    expect(options).not.toContain(enUs["option.typeCode.PRD"]);
    expect(options).toContain(enUs["option.typeCode.VER-L"]);
    // A count of a location: its location, required, and nothing of a receipt's.
    await page.getByRole("option", { name: enUs["option.typeCode.VER-L"], exact: true }).click();
    await expect.poll(() => labels(page), { timeout: 20_000 }).toContain(
      enUs["field.wmsOrder.scopeLocationId"],
    );
    shown = await labels(page);
    for (const absent of ["destinationLocationId", "scopeProductIds", "contractorId", "unpackBy"] as const) {
      expect(shown, absent).not.toContain(enUs[`field.wmsOrder.${absent}`]);
    }
    const scope = form.getByRole("combobox", { name: enUs["field.wmsOrder.scopeLocationId"] });
    expect(await scope.getAttribute("aria-required")).toBe("true");
    // Saved: the count of the shelf, nothing else set.
    await scope.fill("SHELF-S");
    await page.getByRole("option", { name: "SHELF-S", exact: true }).click();
    await form.getByRole("button", { name: enUs["common.save"], exact: true }).click();
    await page.waitForURL(/\/warehouse-orders\/\d+$/);
    const id = Number(new URL(page.url()).pathname.split("/").at(-1));
    const [saved] = await w.query(
      "SELECT type_code, scope_location_id, destination_location_id FROM wms_orders WHERE id = ?",
      [id],
    );
    expect(saved).toEqual({ type_code: "VER-L", scope_location_id: shelf, destination_location_id: null });
  });
});

describe("sell offers", () => {
  it("show an offer's own columns and one way to make one", async () => {
    const page = await open("/active-sell-offers");
    expect(await heading(page).textContent()).toBe(enUs["route.active-sell-offers"]);
    await waitForListCount(page, fill(enUs["list.rows#one"], { count: 1 }));
    expect(await listColumns(page)).toEqual([
      "orderNumber",
      "contractorId",
      "summaryValue",
      "offerValidUntil",
      "offerStatus",
      "statusCode",
      "createdAt",
    ]);
    const headings = await page.locator('[role="columnheader"][data-column]').allTextContents();
    expect(headings.join(" ")).toContain(enUs["offers.customer"]);
    expect(headings.join(" ")).not.toContain(enUs["field.wmsOrder.verificationStatusCode"]);
    const row = await listRow(page, orders.offer.orderNumber);
    expect(row.contractorId).toBe("OFFER CO");
    expect(row.summaryValue).toContain("8.00");
    expect(row.offerStatus).toBe(enUs["option.offerStatus.active"]);
    expect(await page.getByRole("button", { name: enUs["offers.new"], exact: true }).count()).toBe(1);
    expect(await page.getByRole("button", { name: enUs["resource.wmsOrder.add"], exact: true }).count()).toBe(
      0,
    );
    // The offer opens with the customer's answers.
    await page.locator("[data-row-id]").filter({ hasText: orders.offer.orderNumber }).click();
    await page.getByTestId("order-dialog").getByRole("button", { name: enUs["offers.accept"] }).waitFor();
  });
});

describe("operational orders", () => {
  it("lists the orders worked on now, in the logistics menu after all orders", async () => {
    const page = await open("/warehouse-orders-operational");
    expect(await heading(page).textContent()).toBe(enUs["route.warehouse-orders-operational"]);
    const logistics = await page.locator('nav#main-menu [data-section="logistics"] a').evaluateAll((links) =>
      links.map((a) => a.getAttribute("href"))
    );
    expect(logistics.indexOf("/warehouse-orders-operational")).toBe(
      logistics.indexOf("/warehouse-orders") + 1,
    );
    await waitForListCount(page, fill(enUs["list.rows#other"], { count: 2 }));
    expect(await listRow(page, orders.waiting.orderNumber)).toMatchObject({
      processStatusCode: enUs["option.processStatusCode.waitingToProcess"],
      priority: enUs["option.priority.high"],
    });
    expect(await listRow(page, orders.working.orderNumber)).toMatchObject({
      processStatusCode: enUs["option.processStatusCode.inProgress"],
      progressPercent: "33%",
    });
    for (const absent of [orders.done, orders.draft, counts[0]]) {
      expect(await page.locator("[data-row-id]").filter({ hasText: absent.orderNumber }).count()).toBe(0);
    }
    await page.locator("[data-row-id]").filter({ hasText: orders.working.orderNumber }).click();
    await expect.poll(() => page.getByTestId("order-number").textContent(), { timeout: 20_000 }).toBe(
      orders.working.orderNumber,
    );
  });
});

describe("status colours", () => {
  const rgb = (hex: string) => `rgb(${[1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)).join(", ")})`;
  const colours = (page: Page, n: number) =>
    page.locator(`[data-status-number="${n}"]`).first().evaluate((el) => {
      const style = getComputedStyle(el);
      return { text: style.color, surface: style.backgroundColor };
    });

  it("shows each numbered status in its colours, light and dark", async () => {
    const page = await open("/warehouse-orders");
    // Process statuses: 142 waiting, 143 in progress, 146 closed fully, 141 pending (a draft).
    for (const n of [141, 142, 143, 146] as const) {
      await page.locator(`[data-status-number="${n}"]`).first().waitFor();
      expect(await colours(page, n), String(n)).toEqual({
        text: rgb(lightStatusPalette[n].text),
        surface: rgb(lightStatusPalette[n].surface),
      });
    }
    // A document's: confirmed (122) on the documents list.
    await page.goto(w.s.baseUrl + "/warehouse-documents");
    await waitForHydration(page);
    await page.locator('[data-status-number="122"]').first().waitFor();
    expect(await colours(page, 122)).toEqual({
      text: rgb(lightStatusPalette[122].text),
      surface: rgb(lightStatusPalette[122].surface),
    });
    // Night mode (the dark theme, chosen in the user's menu): the dark theme's colours.
    await (await openUserMenu(page)).getByRole("menuitemradio", { name: enUs["userMenu.theme.dark"] })
      .click();
    await page.waitForFunction(() => document.documentElement.dataset.theme === "dark");
    await page.keyboard.press("Escape");
    for (const n of [122, 112] as const) {
      await page.locator(`[data-status-number="${n}"]`).first().waitFor();
      expect(await colours(page, n), String(n)).toEqual({
        text: rgb(darkStatusPalette[n].text),
        surface: rgb(darkStatusPalette[n].surface),
      });
    }
  });
});

describe("the title page", () => {
  it("is the product's own page, rendered on the server, open to anyone, with the ways in", async () => {
    const html = await (await fetch(w.s.baseUrl + "/title", { headers: { "accept-language": "pl-PL" } }))
      .text();
    expect(html).toContain(plPl["title.heading"]);
    expect(html).toContain(plPl["title.feature.terminal"]);
    expect(html).not.toContain(enUs["shell.comingSoon"]);

    const context = await browser.newContext({ locale: "en-US" });
    contexts.push(context);
    const page = await context.newPage();
    page.setDefaultTimeout(20_000);
    await page.goto(w.s.baseUrl + "/title");
    await waitForHydration(page);
    expect(new URL(page.url()).pathname).toBe("/title");
    expect(await page.locator("h1").textContent()).toBe(enUs["title.heading"]);
    expect(await page.getByTestId("title-page").locator("li h2").allTextContents()).toHaveLength(6);
    // Another language, at once.
    await page.getByRole("button", { name: new RegExp(enUs["common.language"]) }).click();
    await page.getByRole("option", { name: "Polski" }).click();
    await expect.poll(() => page.locator("h1").textContent(), { timeout: 20_000 }).toBe(
      plPl["title.heading"],
    );
    // Registering a company: the sign-in screen's registration tab.
    await page.getByRole("link", { name: plPl["title.register"] }).click();
    await page.waitForURL((url) => url.pathname === "/signup");
    await expect.poll(
      () => page.getByRole("tab", { name: plPl["signin.tab.register"] }).getAttribute("aria-selected"),
      { timeout: 20_000 },
    ).toBe("true");
  });
});
