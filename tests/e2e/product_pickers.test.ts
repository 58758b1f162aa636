// Every product picker offers a product by its name, with its index and barcodes beside it, and finds it
// by any of them (issue 31, item 4), in real Chromium against the real server: the document editor's
// "find a product", the order dialog's, a sell offer's line, a bill of materials' raw material, the
// production plan's product, and the terminal's keyboard entry (from the products it keeps offline).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContext, Locator, Page } from "playwright-core";
import {
  draft,
  location,
  product,
  receive,
  startStockWorld,
  type StockWorld,
} from "../integration/stock/fixture.ts";
import { addUser } from "../fixtures/harness.ts";
import { launchBrowser, signedInPage } from "./browser.ts";
import { enUs } from "../../shared/i18n/en_us.ts";

let w: StockWorld;
let browser: Browser;
const contexts: BrowserContext[] = [];
let hake: number;
let cod: number;
let dock: number;

beforeAll(async () => {
  w = await startStockWorld("pickers", { loginLimitPerUser: 1000, loginLimitPerIp: 1000 });
  dock = await location(w, "DOCK-P");
  hake = await product(w, "HAKE-P", { name: "Cape hake fillets", barcodes: ["4006381333931"] });
  cod = await product(w, "COD-P", { name: "Atlantic cod loins", barcodes: ["5901234123457"] });
  await receive(w, hake, dock, 10);
  await addUser(w.s, w.admin, { username: "pickers-op", terminalEnabled: true });
  browser = await launchBrowser();
}, 60_000);
afterAll(async () => {
  for (const c of contexts) await c.close();
  await browser?.close();
  await w?.s.close();
});

const open = (path: string, username = "pickers-admin", phone = false) =>
  signedInPage(browser, w.s, contexts, username, path, {
    timeoutMs: 20_000,
    goto: { waitUntil: "domcontentloaded", timeout: 60_000 },
    ...(phone ? { viewport: { width: 390, height: 844 }, mobile: true } : {}),
  });

/** As each product is offered: its name, then its index and barcodes. */
const HAKE = "Cape hake fillets HAKE-P · 4006381333931";
const COD = "Atlantic cod loins COD-P · 5901234123457";

/** Types into a picker and waits for exactly these options, as read out. */
async function offers(page: Page, picker: Locator, text: string, expected: string[]): Promise<void> {
  await picker.fill(text);
  const options = page.getByRole("listbox").getByRole("option");
  await expect.poll(() =>
    options.evaluateAll((els) => els.map((el) => el.textContent?.replace(/\s+/g, " ").trim() ?? ""))
  ).toEqual(expected);
}

describe("product pickers", () => {
  it("in the document editor: by a name's fragment, a barcode's or an index's, each shown whole", async () => {
    const doc = await draft(w, { typeCode: "IIN", destinationLocationId: dock }, []);
    const page = await open(`/warehouse-new-document/${doc.id}`);
    const editor = page.getByTestId("document-editor");
    const picker = editor.getByRole("combobox", { name: enUs["documents.pickProduct"] });
    await offers(page, picker, "hake fil", [HAKE]);
    await offers(page, picker, "59012341", [COD]);
    await offers(page, picker, "cod-p", [COD]);
    // Read out as it is seen, name first.
    await page.getByRole("option", { name: COD, exact: true }).click();
    await editor.locator("tbody tr[data-product='COD-P']").waitFor();
    const stored = await w.api("GET", `/WmsDocument/${doc.id}/Positions?sortColumn=id`);
    expect(stored.body.results.map((r: { productId: number }) => r.productId)).toEqual([cod]);
  });

  it("in the order dialog, a sell offer's line and a bill of materials", async () => {
    // The order dialog: a product found by name goes onto the order.
    const order = await w.api("POST", "/WmsOrder", { typeCode: "OIN", destinationLocationId: dock });
    const page = await open(`/warehouse-orders/${order.body.id}`);
    const adding = page.getByTestId("order-add-position");
    const orderPicker = adding.getByRole("combobox", { name: enUs["documents.pickProduct"] });
    await offers(page, orderPicker, "atlantic", [COD]);
    await page.getByRole("option", { name: COD, exact: true }).click();
    expect(await orderPicker.inputValue()).toBe("COD-P · Atlantic cod loins");
    await adding.getByRole("button", { name: enUs["orders.addPosition"], exact: true }).click();
    await page.getByTestId("order-dialog").locator("[data-testid=order-positions] tbody tr").first()
      .waitFor();
    const positions = await w.api("GET", `/WmsOrder/${order.body.id}/Positions?sortColumn=id`);
    expect(positions.body.results.map((r: { productId: number }) => r.productId)).toEqual([cod]);

    // A sell offer's line.
    await page.goto(`${w.s.baseUrl}/active-sell-offers`);
    await page.getByRole("button", { name: enUs["offers.new"] }).click();
    const offer = page.getByTestId("sell-offer-dialog");
    const line = offer.getByRole("combobox", { name: enUs["field.wmsOrderPosition.productId"] });
    await offers(page, line, "fillets", [HAKE]);
    await page.getByRole("option", { name: HAKE, exact: true }).click();
    expect(await line.inputValue()).toBe("HAKE-P · Cape hake fillets");
    await page.keyboard.press("Escape");

    // A bill of materials: the raw material picked as a product, not typed as an id.
    await page.goto(`${w.s.baseUrl}/products/${hake}`);
    const dialog = page.getByRole("dialog");
    const bill = dialog.getByRole("group", { name: enUs["field.product.resources"] });
    await bill.getByRole("button", { name: enUs["dialog.addRow"] }).click();
    const cell = (column: string) =>
      enUs["dialog.cellLabel"].replace("{column}", enUs[column as keyof typeof enUs]).replace("{n}", "1");
    const material = bill.getByRole("combobox", { name: cell("field.resource.productId") });
    await offers(page, material, "5901234", [COD]);
    await page.getByRole("option", { name: COD, exact: true }).click();
    await bill.getByRole("textbox", { name: cell("field.resource.quantity") }).fill("2");
    await dialog.getByRole("button", { name: enUs["common.save"] }).click();
    await expect.poll(async () => (await w.api("GET", `/Product/${hake}`)).body.resources).toEqual([
      { productId: cod, quantity: 2 },
    ]);
    // Its preview names the raw material.
    await page.goto(`${w.s.baseUrl}/products/${hake}/preview`);
    await page.getByRole("dialog").getByRole("group", { name: enUs["field.product.resources"] })
      .getByText("COD-P · Atlantic cod loins").waitFor();

    // Planning a production: the product to make.
    await page.goto(`${w.s.baseUrl}/production-summary`);
    const make = page.getByTestId("plan-production").getByRole("combobox", {
      name: enUs["documents.pickProduct"],
    });
    await offers(page, make, "cape hake", [HAKE]);
    await page.getByRole("option", { name: HAKE, exact: true }).click();
    expect(await make.inputValue()).toBe("HAKE-P · Cape hake fillets");
  }, 60_000);

  it("on the terminal's keyboard entry, from the products kept for offline use", async () => {
    const page = await open("/wms-terminal-in", "pickers-op", true);
    await page.getByTestId("terminal-new").click();
    await page.getByRole("button", { name: enUs["terminal.keyboardOn"] }).click();
    await page.getByTestId("terminal-scan").fill("atlantic");
    const matches = page.getByTestId("terminal-matches").getByRole("button");
    await matches.first().waitFor();
    expect(await matches.allInnerTexts()).toEqual([expect.stringContaining("Atlantic cod loins")]);
    expect((await matches.first().innerText()).replace(/\s+/g, " ")).toBe(COD);
    // By a barcode's fragment too.
    await page.getByTestId("terminal-scan").fill("400638");
    await expect.poll(async () => (await matches.first().innerText()).replace(/\s+/g, " ")).toBe(HAKE);
    await matches.first().click();
    await expect.poll(() => page.getByTestId("terminal-prompt").innerText()).toBe(
      enUs["terminal.prompt.quantity"].replace("{product}", "HAKE-P"),
    );
  });
});
