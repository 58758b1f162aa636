// The import wizard in real Chromium (issue 31, items 29 and 2): the same 57 products imported twice. The
// second preview names every row whose index and barcode are stored already; the wizard offers to update
// the stored products instead, checks again, says all 57 are unchanged, and the import says nothing changed.
// A weight typed "1,25" in a point file is refused at its cell with what was likely meant.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContext } from "playwright-core";
import { startStockWorld, type StockWorld } from "../integration/stock/fixture.ts";
import { launchBrowser, signedInPage } from "./browser.ts";
import { enUs } from "../../shared/i18n/en_us.ts";

let w: StockWorld;
let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  w = await startStockWorld("import-update-e2e");
  browser = await launchBrowser();
}, 60_000);
afterAll(async () => {
  for (const c of contexts) await c.close();
  await browser?.close();
  await w?.s.close();
});

const pad = (i: number) => String(i).padStart(3, "0");
const products = Buffer.from(
  [
    "Index,Name,Weight,Barcodes",
    ...Array.from(
      { length: 57 },
      (_, k) => `TWICE-${pad(k + 1)},Product ${k + 1},${k % 5}.5,5901000000${pad(k + 1)}`,
    ),
  ].join("\r\n"),
);
const fill = (text: string, values: Record<string, string | number>) =>
  Object.entries(values).reduce((s, [k, v]) => s.replace(`{${k}}`, String(v)), text);

describe("the import wizard with a file imported before", () => {
  it("names every stored row, then updates instead and says nothing changed", async () => {
    const page = await signedInPage(browser, w.s, contexts, "import-update-e2e-admin", "/import-file", {
      timeoutMs: 20_000,
      goto: { waitUntil: "domcontentloaded", timeout: 60_000 },
    });
    const file = page.locator('input[name="importFile"]');
    const read = page.getByRole("button", { name: enUs["importFile.preview"] });
    const run = page.getByRole("button", { name: fill(enUs["importFile.run"], { count: 57 }) });
    await file.setInputFiles({ name: "products.csv", mimeType: "text/csv", buffer: products });
    await read.click();
    await page.getByText(enUs["importFile.noErrors"]).waitFor();
    await run.click();
    await page.getByText(fill(enUs["importFile.done"], { count: 57 })).waitFor();

    // The same file again: every row named, nothing to import.
    await file.setInputFiles({ name: "products.csv", mimeType: "text/csv", buffer: products });
    await read.click();
    await page.getByRole("heading", { name: fill(enUs["importFile.errors"], { count: 114 }) }).waitFor();
    const errors = page.getByTestId("import-errors");
    expect(await errors.locator("li").count()).toBe(114);
    expect(await errors.locator("li").first().innerText()).toBe(
      `${fill(enUs["importFile.errorAt"], { row: 2, column: "Index" })} ${
        fill(enUs["apiError.import.alreadyStored"], { value: "TWICE-001", owner: "TWICE-001" })
      }`,
    );
    expect(await run.isDisabled()).toBe(true);

    // Update the stored products instead: checked again, all of them as they are.
    await page.getByRole("button", { name: new RegExp(enUs["importFile.mode"]) }).click();
    await page.getByRole("option", {
      name: fill(enUs["importFile.mode.update"], { fields: "Index or Barcodes" }),
    })
      .click();
    await page.getByText(enUs["importFile.noErrors"]).waitFor();
    expect(await page.getByTestId("import-summary").innerText()).toBe(
      fill(enUs["importFile.summary"], { added: 0, updated: 0, unchanged: 57 }),
    );
    await run.click();
    await page.getByText(fill(enUs["importFile.nothingChanged"], { count: 57 })).waitFor();
    const [n] = await w.query(
      "SELECT count(*) AS n, max(version) AS v FROM products WHERE product_index LIKE 'TWICE-%'",
    );
    expect([Number(n.n), Number(n.v)]).toEqual([57, 1]);
  });

  it("refuses a weight that reads two ways at its cell, with what was likely meant", async () => {
    const page = await signedInPage(browser, w.s, contexts, "import-update-e2e-admin", "/import-file", {
      timeoutMs: 20_000,
      goto: { waitUntil: "domcontentloaded", timeout: 60_000 },
    });
    await page.locator('input[name="importFile"]').setInputFiles({
      name: "weights.csv",
      mimeType: "text/csv",
      buffer: Buffer.from('Index,Name,Weight\r\nAMB-1,Tea,"1,25"\r\nAMB-2,Rice,"1,250"\r\n'),
    });
    await page.getByRole("button", { name: enUs["importFile.preview"] }).click();
    const message = fill(enUs["apiError.import.numberAmbiguous"], { value: "1,25", suggestions: "1.25" });
    const errors = page.getByTestId("import-errors");
    await errors.waitFor();
    expect(await errors.innerText()).toBe(
      `${fill(enUs["importFile.errorAt"], { row: 2, column: "Weight" })} ${message}`,
    );
    // The cell itself is marked where it stands, its message on it; "1,250" is one thousand two hundred and fifty.
    const cell = page.locator('td[aria-invalid="true"]');
    expect([await cell.count(), await cell.innerText(), await cell.getAttribute("title")]).toEqual([
      1,
      "1,25",
      message,
    ]);
    expect(await w.query("SELECT id FROM products WHERE product_index LIKE 'AMB-%'")).toEqual([]);
  });
});
