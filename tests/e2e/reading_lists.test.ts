// Reading lists all day (issue 12, item 9), in German on a 1440×900 screen: compact rows show far more
// than the 44 px rows' dozen (and stay chosen after a reload); document numbers, headers and quantities
// are not cut, columns being sized to their content; a cell shows its full value on hover, and Ctrl+C on
// the list copies the chosen rows with their headings, whole.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import {
  confirm,
  draft,
  location,
  product,
  startStockWorld,
  type StockWorld,
} from "../integration/stock/fixture.ts";
import { launchBrowser, signedInPage, waitForHydration, waitForListCount } from "./browser.ts";
import { deDe } from "../../shared/i18n/de_de.ts";

let w: StockWorld;
let browser: Browser;
const contexts: BrowserContext[] = [];
const numbers: string[] = [];

beforeAll(async () => {
  w = await startStockWorld("reading", { loginLimitPerUser: 1000, loginLimitPerIp: 1000 });
  const at = await location(w, "FREEZER-A-01-02");
  const hake = await product(w, "HAKE-FILLET-2KG");
  for (let i = 0; i < 30; i++) {
    const d = await draft(w, { typeCode: "IIN", destinationLocationId: at }, [{
      productId: hake,
      quantity: 1234567.125,
    }]);
    const r = await confirm(w, d.id, true);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    numbers.push(r.body.documentNumber);
  }
  browser = await launchBrowser();
}, 120_000);
afterAll(async () => {
  for (const c of contexts) await c.close();
  await browser?.close();
  await w?.s.close();
});

function pageAt(path: string): Promise<Page> {
  return signedInPage(browser, w.s, contexts, "reading-admin", path, {
    locale: "de-DE",
    viewport: { width: 1440, height: 900 },
  });
}

/** Rows wholly inside the grid's visible area, below its sticky header. */
function rowsInView(page: Page): Promise<number> {
  return page.getByTestId("list-grid").evaluate((grid) => {
    const box = grid.getBoundingClientRect();
    const head = grid.querySelector('[role="rowgroup"]')!.getBoundingClientRect();
    return [...grid.querySelectorAll("[data-row-id]")].filter((r) => {
      const b = r.getBoundingClientRect();
      return b.top >= head.bottom - 1 && b.bottom <= box.bottom + 1;
    }).length;
  });
}

/** Cells and headers whose text is cut off (wider than the box that shows it). */
function cutTexts(page: Page): Promise<string[]> {
  return page.getByTestId("list-grid").evaluate((grid) =>
    [...grid.querySelectorAll('[role="gridcell"], [role="columnheader"] span')]
      // (a checkbox's visually hidden input is 1 px wide on purpose)
      .filter((el) => el.clientWidth > 1 && el.scrollWidth > el.clientWidth + 1)
      .map((el) => el.textContent ?? "")
  );
}

describe("reading lists", () => {
  it("shows many more rows in compact density, kept after a reload", async () => {
    const page = await pageAt("/warehouse-documents");
    await waitForListCount(page, "30 Datensätze");
    const comfortable = await rowsInView(page);
    expect(comfortable).toBeLessThanOrEqual(14);
    const toggle = page.getByRole("switch", { name: deDe["list.compact"] });
    // The switch's input is visually hidden; a person clicks its label.
    await page.locator("label").filter({ has: toggle }).click();
    await page.locator('[data-density="compact"]').waitFor();
    const compact = await rowsInView(page);
    expect(compact, `${comfortable} rows before`).toBeGreaterThanOrEqual(Math.floor(comfortable * 1.4));
    await page.reload();
    await waitForHydration(page);
    await page.locator('[data-density="compact"]').waitFor();
    expect(await page.getByRole("switch", { name: deDe["list.compact"] }).isChecked()).toBe(true);
    await page.locator("label").filter({ has: toggle }).click();
    await page.locator('[data-density="comfortable"]').waitFor();
  });

  it("cuts no document number, German heading or quantity, and shows each value whole on hover", async () => {
    const page = await pageAt("/warehouse-documents");
    await waitForListCount(page, "30 Datensätze");
    await page.locator("[data-row-id]").first().waitFor();
    expect(await cutTexts(page)).toEqual([]);
    const headings = await page.getByRole("columnheader").allTextContents();
    expect(headings.join(" ")).toContain(deDe["field.wmsDocument.documentNumber"]);
    const newest = numbers.at(-1)!;
    const cell = page.getByRole("gridcell", { name: newest, exact: true });
    expect(await cell.getAttribute("title")).toBe(newest);

    // Total stock: the quantity, with its thousands and decimals.
    const stock = await pageAt("/warehouse-product-stock");
    await stock.locator("[data-row-id]").first().waitFor();
    expect(await cutTexts(stock)).toEqual([]);
    expect((await stock.getByTestId("list-grid").textContent()) ?? "").toContain("37.037.013,75");
  });

  it("copies the chosen rows with their headings, whole, on Ctrl+C", async () => {
    const page = await pageAt("/warehouse-documents");
    await waitForListCount(page, "30 Datensätze");
    await page.locator("[data-row-id]").first().waitFor();
    await page.evaluate(() => {
      const w = globalThis as unknown as { copied: string[] };
      w.copied = [];
      document.addEventListener("copy", (e) => w.copied.push(e.clipboardData?.getData("text/plain") ?? ""));
    });
    const grid = page.getByTestId("list-grid");
    // Focus makes the top row the active one.
    await grid.focus();
    await page.keyboard.press("Space");
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("Space");
    await page.keyboard.press("Control+c");
    const copied = await page.evaluate(() => (globalThis as unknown as { copied: string[] }).copied);
    expect(copied).toHaveLength(1);
    const lines = copied[0].split("\n").map((l) => l.split("\t"));
    expect(lines).toHaveLength(3);
    expect(lines[0]).toContain(deDe["field.wmsDocument.documentNumber"]);
    const column = lines[0].indexOf(deDe["field.wmsDocument.documentNumber"]);
    // Newest first in the list: the last two confirmed.
    expect(lines.slice(1).map((l) => l[column]).sort()).toEqual(numbers.slice(-2).sort());
  });
});
