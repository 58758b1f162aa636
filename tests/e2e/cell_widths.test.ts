// Cells wide enough for what they hold (issue 31, item 18), in real Chromium against the real server: a
// release document's product column reads a long German name on three or four lines (not one word a
// line) in its editor and its preview, and on a phone its rows are cards within the screen; the price
// list's price field keeps its − and + inside its own column, clear of the stock beside it.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContext, Locator, Page } from "playwright-core";
import {
  confirm,
  draft,
  location,
  product,
  receive,
  startStockWorld,
  type StockWorld,
} from "../integration/stock/fixture.ts";
import { launchBrowser, signedInPage } from "./browser.ts";
import { enUs } from "../../shared/i18n/en_us.ts";

const NAME = "Tiefkühl-Seehechtfilet ohne Haut, naturbelassen, MSC-zertifiziert, Karton zu 2 kg";

let w: StockWorld;
let browser: Browser;
const contexts: BrowserContext[] = [];
let release: number;

beforeAll(async () => {
  w = await startStockWorld("cells");
  const freezer = await location(w, "FREEZER-B-02-07");
  const hake = await product(w, "HAKE-FILLET-2KG", { name: NAME, unit: "kg", cashValue: 18.4567 });
  await receive(w, hake, freezer, 1234567.125);
  release = (await draft(w, { typeCode: "IOU", sourceLocationId: freezer }, [{
    productId: hake,
    quantity: 120.5,
  }])).id;
  browser = await launchBrowser();
}, 60_000);
afterAll(async () => {
  for (const c of contexts) await c.close();
  await browser?.close();
  await w?.s.close();
});

function open(path: string, options: { locale?: string; phone?: boolean } = {}): Promise<Page> {
  return signedInPage(browser, w.s, contexts, "cells-admin", path, {
    locale: options.locale ?? "en-US",
    viewport: options.phone ? { width: 390, height: 844 } : { width: 1440, height: 900 },
    mobile: options.phone,
    timeoutMs: 20_000,
    goto: { waitUntil: "domcontentloaded", timeout: 60_000 },
  });
}

/** The product cell of a positions table: its width and how many lines its name takes. */
function productCell(cell: Locator) {
  return cell.evaluate((td) => {
    const text = [...td.childNodes].find((n) => n.nodeType === Node.TEXT_NODE && n.textContent?.trim());
    const range = document.createRange();
    range.selectNodeContents(text!);
    const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
    return { width: td.getBoundingClientRect().width, lines };
  });
}

describe("a release document's positions", { timeout: 90_000 }, () => {
  it("give the product's name a column of its own width in the editor and the preview", async () => {
    const page = await open(`/warehouse-new-document/${release}`, { locale: "de-DE" });
    const editorRow = page.getByTestId("editor-positions").locator("tbody tr").first();
    await editorRow.waitFor();
    const inEditor = await productCell(editorRow.locator("td").first());
    expect(inEditor.width).toBeGreaterThanOrEqual(320);
    // "HAKE-FILLET-2KG · " and the name: 101 characters, some 30 to a line.
    expect(inEditor.lines).toBeLessThanOrEqual(4);

    expect((await confirm(w, release, true)).status).toBe(200);
    await page.goto(w.s.baseUrl + `/warehouse-documents/${release}/preview`, {
      waitUntil: "domcontentloaded",
    });
    const previewRow = page.getByTestId("document-positions").locator("tbody tr").first();
    await previewRow.locator('[data-testid="position-sources"]').waitFor();
    const inPreview = await productCell(previewRow.locator("td").first());
    expect(inPreview.width).toBeGreaterThanOrEqual(320);
    expect(inPreview.lines).toBeLessThanOrEqual(4);
  });

  it("are cards on a phone: the name over the quantity and the bin, all within the screen", async () => {
    const page = await open(`/warehouse-documents/${release}/preview`, { phone: true });
    const row = page.getByTestId("document-positions").locator("tbody tr").first();
    await row.locator('[data-testid="position-sources"]').waitFor();
    const cells = await row.locator("td").evaluateAll((tds) =>
      tds.map((td) => {
        const r = td.getBoundingClientRect();
        return { left: r.left, right: r.right, top: r.top, text: td.textContent ?? "" };
      })
    );
    const [name, quantity, sources] = cells;
    expect(name.text).toContain("HAKE-FILLET-2KG");
    // One under the other, each as wide as the card, inside the screen.
    expect(quantity.top).toBeGreaterThan(name.top);
    expect(sources.top).toBeGreaterThan(quantity.top);
    for (const c of cells) {
      expect(c.left).toBeGreaterThanOrEqual(0);
      expect(c.right).toBeLessThanOrEqual(390);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});

describe("the price list's price field", { timeout: 60_000 }, () => {
  it("keeps its − and + inside its column, clear of the stock", async () => {
    const page = await open("/products-price-list");
    const field = page.getByRole("textbox", {
      name: enUs["priceList.priceOf"].replace("{product}", "HAKE-FILLET-2KG"),
    });
    await field.waitFor();
    const row = page.locator('[data-testid="list-grid"] [data-row-id]').first();
    // Widths settle as the row is measured: wait for the buttons to lie within their column.
    await expect.poll(() =>
      row.evaluate((r) => {
        const colindex = (name: string) =>
          document.querySelector(`[role="columnheader"][data-column="${name}"]`)!.getAttribute(
            "aria-colindex",
          );
        const cell = (name: string) =>
          r.querySelector(`[role="gridcell"][aria-colindex="${colindex(name)}"]`)!.getBoundingClientRect();
        const price = cell("cashValue");
        const stock = cell("quantity");
        return [...r.querySelectorAll(`[data-price-of] button, [data-price-of] input`)].map((el) => {
          const b = el.getBoundingClientRect();
          return b.left >= price.left && b.right <= price.right && b.right <= stock.left &&
            b.top >= price.top && b.bottom <= price.bottom;
        });
      }), { timeout: 5000 }).toEqual([true, true, true]);
  });
});
