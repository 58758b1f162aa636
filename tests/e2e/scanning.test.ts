// A clerk scanning into a document in a real browser: an unknown code is refused with its text selected,
// so the next scan replaces it instead of being appended ("No product matches 9999…5901234000017"); the
// same product scanned again raises its line instead of adding a second line of 1; a product is picked by
// name from a search list when it has no barcode at hand.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContext, Locator, Page } from "playwright-core";
import { addUser, call, createTenant, signIn, startServer, type TestServer } from "../fixtures/harness.ts";
import { launchBrowser, signedInPage, waitForHydration } from "./browser.ts";
import { enUs } from "../../shared/i18n/en_us.ts";
import { enUs as serverEn } from "../../shared/i18n/api/en_us.ts";

let s: TestServer;
let browser: Browser;
let admin: string;
let doc: number;
const contexts: BrowserContext[] = [];
const EAN = "5901234000017";

beforeAll(async () => {
  s = await startServer({ loginLimitPerUser: 1000, loginLimitPerIp: 1000 });
  await createTenant(s, "scans");
  admin = (await signIn(s, "scans-admin")).token;
  await addUser(s, admin, { username: "clerk-sam", logisticsEnabled: true });
  const api = async (method: string, path: string, body?: unknown) => {
    const r = await call(s, method, `/api${path}`, { token: admin, body });
    expect(r.status, JSON.stringify(r.body)).toBeLessThan(300);
    return r.body;
  };
  const at = (await api("POST", "/StorageSpace", { label: "DOCK-1" })).id;
  await api("POST", "/Product", { index: "COD-1", name: "Atlantic cod", barcodes: [EAN] });
  await api("POST", "/Product", { index: "HAKE-1", name: "Cape hake fillets" });
  doc = (await api("POST", "/WmsDocument", { typeCode: "IIN", destinationLocationId: at })).id;
  browser = await launchBrowser();
}, 60_000);
afterAll(async () => {
  for (const c of contexts) await c.close();
  await browser?.close();
  await s?.close();
});

const editor = (page: Page) => page.getByTestId("document-editor");
const rows = (page: Page) => editor(page).locator("tbody tr[data-product]");

async function scan(box: Locator, code: string) {
  // A scanner gun types the code and Enter into whatever the field holds.
  await box.pressSequentially(code, { delay: 2 });
  await box.press("Enter");
}

describe("scanning into a document", () => {
  it("selects a refused code, raises a line scanned again and picks a product by name", async () => {
    const page = await signedInPage(browser, s, contexts, "clerk-sam", `/warehouse-new-document/${doc}`, {
      timeoutMs: 20_000,
      viewport: { width: 1400, height: 1000 },
    });
    await waitForHydration(page);
    const box = editor(page).getByRole("textbox", { name: enUs["documents.scan"] });
    await box.click();

    await scan(box, "99999999999995");
    const notFound = serverEn["document.issue.productNotFound"].replace("{code}", "99999999999995");
    await editor(page).getByText(notFound).waitFor();
    expect(await box.inputValue()).toBe("99999999999995");
    expect(await box.evaluate((el: HTMLInputElement) => [el.selectionStart, el.selectionEnd])).toEqual([
      0,
      14,
    ]);

    // The next scan replaces the refused one.
    await scan(box, EAN);
    await rows(page).filter({ hasText: "COD-1" }).waitFor();
    expect(await box.inputValue()).toBe("");
    await scan(box, EAN);
    await page.getByTestId("scan-status").getByText(
      enUs["documents.raised"].replace("{product}", "COD-1").replace("{quantity}", "2"),
    ).waitFor();
    expect(await rows(page).count()).toBe(1);
    const quantity = rows(page).getByRole("textbox", {
      name: new RegExp(enUs["field.wmsDocumentPosition.quantity"]),
    });
    expect(await quantity.inputValue()).toBe("2");

    // No barcode at hand: found by name.
    const picker = editor(page).getByRole("combobox", { name: enUs["documents.pickProduct"] });
    await picker.fill("hake");
    // Offered by its name, with its index beside it.
    await page.getByRole("option", { name: "Cape hake fillets HAKE-1", exact: true }).click();
    await rows(page).filter({ hasText: "HAKE-1" }).waitFor();

    const stored = await call(s, "GET", `/api/WmsDocument/${doc}/Positions?sortColumn=id`, { token: admin });
    expect(
      stored.body.results.map((
        p: { productIndex: string; quantity: number },
      ) => [p.productIndex, p.quantity]),
    )
      .toEqual([["COD-1", 2], ["HAKE-1", 1]]);
  }, 60_000);
});
