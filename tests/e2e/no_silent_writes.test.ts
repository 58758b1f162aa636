// No value is written without a person's edit (issue 31, the blocker): switching the language while the
// price list was open multiplied every visible price by 100 and saved it. Every screen with editable cells
// or fields is opened with stored values in it, the language is switched twice (to Polish and back, and for
// the price list through German and Russian too), and: no write request leaves the page (but the language
// setting itself), the page's write guard had nothing to refuse, no stored row changed, and the fields show
// the same values in the language they end in.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import {
  addStaffUser,
  company,
  draft,
  location,
  product,
  receive,
  startStockWorld,
  type StockWorld,
} from "../integration/stock/fixture.ts";
import { chooseLanguage as choose, launchBrowser, openUserMenu, signedInPage } from "./browser.ts";
import { enUs } from "../../shared/i18n/en_us.ts";

let w: StockWorld;
let browser: Browser;
const contexts: BrowserContext[] = [];
const ids: Record<string, number> = {};

/** The tables a screen of these could write to, row by row (users' settings hold the chosen language). */
const WATCHED = [
  "products",
  "wms_documents",
  "wms_document_positions",
  "wms_orders",
  "wms_order_positions",
  "client_logistics_config",
  "client_account",
  "external_orders",
  "external_order_positions",
  "storage_spaces",
  "exchange_rates",
  "record_log",
];

async function snapshot(): Promise<string> {
  const parts: string[] = [];
  for (const table of WATCHED) {
    parts.push(table, JSON.stringify(await w.query(`SELECT * FROM ${table} ORDER BY rowid`)));
  }
  return parts.join("\n");
}

beforeAll(async () => {
  w = await startStockWorld("quiet-e2e");
  const bin = await location(w, "QW-01");
  const shelf = await location(w, "QW-02");
  const acme = await company(w, "QW ACME");
  // Prices and quantities whose text differs between languages: a decimal mark, and a thousands group.
  ids.tea = await product(w, "QW-TEA", { cashValue: 41.8, contractorId: acme, unit: "kg" });
  ids.salt = await product(w, "QW-SALT", { cashValue: 1234.5, contractorId: acme, unit: "kg", weight: 0.75 });
  ids.oil = await product(w, "QW-OIL", { cashValue: 0.5, contractorId: acme });
  await receive(w, ids.tea, bin, 100);
  await receive(w, ids.salt, shelf, 2500.5);
  await receive(w, ids.oil, bin, 12);
  // A document being written: quantities with decimals.
  const doc = await draft(w, { typeCode: "IOU", sourceLocationId: bin }, [
    { productId: ids.tea, quantity: 2.5 },
    { productId: ids.oil, quantity: 1.25 },
  ]);
  ids.document = doc.id;
  // An order being written.
  const order = await w.api("POST", "/WmsOrder", { typeCode: "OOU", contractorId: acme });
  expect(order.status, JSON.stringify(order.body)).toBe(201);
  ids.order = order.body.id;
  for (const [productId, quantity] of [[ids.tea, 3.5], [ids.salt, 1200.25]]) {
    const r = await w.api("POST", "/WmsOrderPosition", { orderId: ids.order, productId, quantity });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
  }
  // A count with one quantity counted.
  const count = await w.api("POST", "/WmsOrder", { typeCode: "VER-L", scopeLocationId: shelf });
  expect((await w.api("POST", `/WmsOrder/${count.body.id}/confirm`)).status).toBe(200);
  ids.count = count.body.id;
  const positions = await w.api("GET", `/WmsOrder/${ids.count}/Positions?PageSize=10`);
  const counted = await w.api(
    "PATCH",
    `/WmsOrderPosition/${positions.body.results[0].id}/QuantityReal?quantityReal=2499.5`,
  );
  expect(counted.status, JSON.stringify(counted.body)).toBe(200);
  // The logistics configuration with a number in it.
  const config = await w.api("GET", "/ClientLogisticsConfig");
  const rules = { ...config.body.rules, shortExpiryDays: 14 };
  expect((await w.api("PUT", "/ClientLogisticsConfig", { ...config.body, rules })).status).toBe(200);
  await addStaffUser(w, "quiet-manager", { isPowerUser: true });
  await addStaffUser(w, "quiet-terminal", { terminalEnabled: true, logisticsEnabled: true });
  const carla = await addStaffUser(w, "quiet-carla", {
    connectedContractorId: acme,
    contractorPortalEnabled: true,
  });
  const added = await w.api(
    "POST",
    `/contractororders/add-to-cart?productId=${ids.tea}&quantity=2.5`,
    undefined,
    carla,
  );
  expect(added.status, JSON.stringify(added.body)).toBeLessThan(300);
  browser = await launchBrowser();
}, 120_000);

afterAll(async () => {
  for (const c of contexts) await c.close();
  await browser?.close();
  await w?.s.close();
});

interface Watched {
  page: Page;
  writes: string[];
}

/** A signed-in page whose write requests are noted (all but the language setting the test itself makes). */
async function open(username: string, path: string): Promise<Watched> {
  const page = await signedInPage(browser, w.s, contexts, username, path, {
    timeoutMs: 30_000,
    goto: { waitUntil: "domcontentloaded", timeout: 60_000 },
  });
  const writes: string[] = [];
  page.on("request", (r) => {
    if (r.method() === "GET" || !r.url().includes("/api/")) return;
    if (/\/config\/changeuserconfig$/i.test(r.url()) && (r.postData() ?? "").includes("defaultLanguage")) {
      return;
    }
    // The numbering patterns' next numbers are read by a POST that changes nothing.
    if (/\/Config\/NumberingPreviews?$/i.test(r.url())) return;
    writes.push(`${r.method()} ${r.url()} ${r.postData() ?? ""}`);
  });
  return { page, writes };
}

const names: Record<string, string> = {
  "pl-pl": "Polski",
  "en-us": "English",
  "de-de": "Deutsch",
  "ru-ru": "Русский",
};

/** Chooses a language in the user's menu, as a person does, and waits until the page has settled. */
async function chooseLanguage(page: Page, lang: keyof typeof names): Promise<void> {
  await choose(page, names[lang]);
  await settled(page);
}

/** The redraw for the new language is over, its effects have run, and no write is on its way. */
async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    (globalThis as unknown as { __wmsIntent?: { settled(): boolean } }).__wmsIntent?.settled() === true
  );
}

/**
 * Switches the language twice (or through `languages`) and checks nothing was written. A modal dialog keeps
 * the person from the top bar: the language is then chosen in another tab of the app, which this one
 * follows at once, dialog and all (`inOtherTab`).
 */
async function switchTwiceAndCheck(
  { page, writes }: Watched,
  languages: (keyof typeof names)[] = ["pl-pl", "en-us"],
  inOtherTab = false,
): Promise<void> {
  const before = await snapshot();
  const chooser = inOtherTab ? await page.context().newPage() : page;
  if (inOtherTab) {
    await chooser.goto(w.s.baseUrl + "/", { waitUntil: "domcontentloaded" });
    await chooser.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
  }
  for (const lang of languages) {
    await chooseLanguage(chooser, lang);
    await page.waitForFunction((l) => document.documentElement.lang === l, lang);
    await settled(page);
  }
  if (inOtherTab) await chooser.close();
  expect(writes).toEqual([]);
  expect(await page.evaluate(() => (globalThis as { __wmsRefusedWrites?: unknown[] }).__wmsRefusedWrites))
    .toEqual([]);
  expect(await snapshot()).toBe(before);
}

/** The text of a number field by its accessible name. */
function field(page: Page, name: string) {
  return page.getByRole("textbox", { name, exact: true });
}

describe("nothing is written by a language or theme change or a reload", { timeout: 90_000 }, () => {
  it("the price list keeps every price (Polish and back, German, Russian and back)", async () => {
    const watched = await open("quiet-manager", "/products-price-list");
    const price = (index: string) =>
      field(watched.page, enUs["priceList.priceOf"].replace("{product}", index));
    await price("QW-SALT").waitFor();
    expect(await price("QW-TEA").inputValue()).toBe("€41.80");
    await switchTwiceAndCheck(watched, ["pl-pl", "en-us", "de-de", "en-us", "ru-ru", "en-us"]);
    expect(await price("QW-TEA").inputValue()).toBe("€41.80");
    expect(await price("QW-SALT").inputValue()).toBe("€1234.50");
    expect(await price("QW-OIL").inputValue()).toBe("€0.50");
  });

  it("the price list writes nothing on a theme change or when another person's change reloads it", async () => {
    const watched = await open("quiet-manager", "/products-price-list");
    const price = (index: string) =>
      field(watched.page, enUs["priceList.priceOf"].replace("{product}", index));
    await price("QW-SALT").waitFor();
    // Night mode and back, in the user's menu.
    const before = await snapshot();
    for (const theme of ["userMenu.theme.dark", "userMenu.theme.light"] as const) {
      await (await openUserMenu(watched.page)).getByRole("menuitemradio", { name: enUs[theme] }).click();
      await watched.page.waitForFunction(
        (dark) => document.documentElement.dataset.theme === (dark ? "dark" : "light"),
        theme === "userMenu.theme.dark",
      );
      await settled(watched.page);
    }
    await watched.page.keyboard.press("Escape");
    expect(await snapshot()).toBe(before);
    // Another person changes a price: the hub's event reloads the list, and this page writes nothing.
    const other = await w.api("GET", `/Product/${ids.tea}`);
    const changed = await w.api("PATCH", `/Product/${ids.tea}/price`, {
      cashValue: 42.5,
      version: other.body.version,
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    await expect.poll(() => price("QW-TEA").inputValue(), { timeout: 20_000 }).toBe("€42.50");
    await settled(watched.page);
    expect(watched.writes).toEqual([]);
    expect(
      await watched.page.evaluate(() =>
        (globalThis as { __wmsRefusedWrites?: unknown[] }).__wmsRefusedWrites
      ),
    )
      .toEqual([]);
    expect((await w.api("GET", `/Product/${ids.salt}`)).body.cashValue).toBe(1234.5);
    expect((await w.api("GET", `/Product/${ids.oil}`)).body.cashValue).toBe(0.5);
  });

  it("the document editor keeps its quantities", async () => {
    const watched = await open(w.tenant.slug + "-admin", `/warehouse-new-document/${ids.document}`);
    await watched.page.locator("tr[data-position-id]").first().waitFor();
    await switchTwiceAndCheck(watched);
    const quantities = await watched.page.locator("tr[data-position-id] input[data-number-input]")
      .evaluateAll(
        (inputs) => inputs.map((i) => (i as HTMLInputElement).value),
      );
    expect(quantities).toEqual(["2.5", "1.25"]);
    // Nothing to save: the editor holds no change of its own.
    const save = watched.page.getByRole("button", { name: enUs["common.save"], exact: true });
    if (await save.count()) await save.click();
    await settled(watched.page);
    expect(watched.writes.filter((x) => x.includes("/WmsDocumentPosition"))).toEqual([]);
  });

  it("the order dialog keeps its positions", async () => {
    const watched = await open(w.tenant.slug + "-admin", `/warehouse-orders/${ids.order}`);
    await watched.page.getByRole("dialog").getByText("QW-SALT").first().waitFor();
    await switchTwiceAndCheck(watched, undefined, true);
    await watched.page.getByRole("dialog").getByText("QW-SALT").first().waitFor();
  });

  it("a record dialog in edit keeps its numbers", async () => {
    const watched = await open(w.tenant.slug + "-admin", `/products/${ids.salt}`);
    const dialog = watched.page.getByRole("dialog");
    await dialog.waitFor();
    const price = dialog.getByRole("textbox", { name: new RegExp(enUs["field.product.cashValue"]) }).first();
    await price.waitFor();
    const shown = await price.inputValue();
    await switchTwiceAndCheck(watched, undefined, true);
    expect(await price.inputValue()).toBe(shown);
  });

  it("the logistics configuration keeps its rules", async () => {
    const watched = await open(w.tenant.slug + "-admin", "/logistics-config");
    await watched.page.getByRole("tab", { name: enUs["logistics.rules"] }).click();
    await watched.page.locator("input[data-number-input]").first().waitFor();
    const numbers = () =>
      watched.page.locator("input[data-number-input]").evaluateAll((inputs) =>
        inputs.map((i) => (i as HTMLInputElement).value)
      );
    const shown = await numbers();
    expect(shown).toContain("14");
    await switchTwiceAndCheck(watched);
    expect(await numbers()).toEqual(shown);
  });

  it("the counting page keeps the counted quantities", async () => {
    const watched = await open(w.tenant.slug + "-admin", `/warehouse-orders-verify-positions/${ids.count}`);
    const counted = field(watched.page, enUs["orders.countOf"].replace("{product}", "QW-SALT"));
    await counted.waitFor();
    expect(await counted.inputValue()).toBe("2499.5");
    await switchTwiceAndCheck(watched);
    expect(await counted.inputValue()).toBe("2499.5");
  });

  it("the terminal writes nothing", async () => {
    const watched = await open("quiet-terminal", "/wms-terminal-out");
    await watched.page.getByTestId("terminal").first().waitFor();
    await switchTwiceAndCheck(watched);
  });

  it("the portal's cart keeps its quantities", async () => {
    const watched = await open("quiet-carla", "/external-order");
    const line = watched.page.getByTestId("portal-cart-line").first();
    await line.waitFor();
    const quantity = line.locator("input[data-number-input]");
    expect(await quantity.inputValue()).toBe("2.5");
    await switchTwiceAndCheck(watched);
    expect(await quantity.inputValue()).toBe("2.5");
  });
});

describe("a typed number is read, or asked about, in the user's language", { timeout: 60_000 }, () => {
  it("refuses 1,25 in English beside the field and saves nothing; 1.25 is saved on Enter", async () => {
    const watched = await open("quiet-manager", "/products-price-list");
    const price = field(watched.page, enUs["priceList.priceOf"].replace("{product}", "QW-OIL"));
    await price.waitFor();
    await price.fill("1,25");
    await price.press("Enter");
    await watched.page.getByText(enUs["number.didYouMean"].replace("{suggestion}", "1.25")).waitFor();
    await price.press("Tab");
    await settled(watched.page);
    expect(watched.writes).toEqual([]);
    expect((await w.api("GET", `/Product/${ids.oil}`)).body.cashValue).toBe(0.5);
    await price.fill("1.25");
    // Typing alone saves nothing; Enter does, once.
    await settled(watched.page);
    expect(watched.writes).toEqual([]);
    await price.press("Enter");
    await expect.poll(async () => (await w.api("GET", `/Product/${ids.oil}`)).body.cashValue).toBe(1.25);
    expect(watched.writes.filter((x) => x.includes(`/Product/${ids.oil}/price`))).toHaveLength(1);
  });

  it("keeps a question about a typed number when the language changes under it", async () => {
    const watched = await open("quiet-manager", "/products-price-list");
    // By its place in the list: its label changes with the language.
    const price = watched.page.locator(`[data-price-of="${ids.oil}"] input`);
    await price.waitFor();
    await price.fill("1,5");
    await watched.page.getByText(enUs["number.didYouMean"].replace("{suggestion}", "1.5")).waitFor();
    // In German "1,5" would read as 1.5: it was typed in English, so it stays the question it was.
    await chooseLanguage(watched.page, "de-de");
    expect(await price.inputValue()).toBe("1,5");
    expect(await price.getAttribute("aria-invalid")).toBe("true");
    await chooseLanguage(watched.page, "en-us");
    expect(await price.getAttribute("aria-invalid")).toBe("true");
    expect(watched.writes).toEqual([]);
    expect((await w.api("GET", `/Product/${ids.oil}`)).body.cashValue).toBe(1.25);
  });

  it("refuses a price typed while another person changed it, instead of overwriting theirs", async () => {
    const watched = await open("quiet-manager", "/products-price-list");
    const price = field(watched.page, enUs["priceList.priceOf"].replace("{product}", "QW-SALT"));
    await price.waitFor();
    await price.fill("99");
    const stored = await w.api("GET", `/Product/${ids.salt}`);
    expect(
      (await w.api("PATCH", `/Product/${ids.salt}/price`, { cashValue: 1500, version: stored.body.version }))
        .status,
    ).toBe(200);
    // The list reloads under the typing (the stock's value follows the other person's price).
    await watched.page.getByRole("row", { name: /QW-SALT/ }).getByText("€3,750,750.00").first().waitFor();
    expect(await price.inputValue()).toBe("99");
    await price.press("Enter");
    await watched.page.getByText(enUs["apiError.record.changedByAnotherUser"]).first().waitFor();
    expect((await w.api("GET", `/Product/${ids.salt}`)).body.cashValue).toBe(1500);
  });
});
