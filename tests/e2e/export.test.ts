// The export wizard in real Chromium (issue 18): a manager searches the product list, sorts it, opens the
// export, sees the summary of what the file will hold, takes the CSV and the XLSX, and each file read back
// holds the list's rows in its order.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import Papa from "papaparse";
import ExcelJS from "exceljs";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { product, startStockWorld, type StockWorld } from "../integration/stock/fixture.ts";
import { launchBrowser, signedInPage, waitForListCount } from "./browser.ts";
import { enUs } from "../../shared/i18n/en_us.ts";

let w: StockWorld;
let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  w = await startStockWorld("export-e2e");
  browser = await launchBrowser();
  for (
    const [index, name] of [["EXW-3", "Żurek"], ["EXW-1", "Borscht"], ["EXW-2", "Goulash"], [
      "OTHER-1",
      "Tea",
    ]]
  ) {
    await product(w, index, { name });
  }
}, 60_000);
afterAll(async () => {
  for (const c of contexts) await c.close();
  await browser?.close();
  await w?.s.close();
});

async function download(page: Page, format: string): Promise<Buffer> {
  await page.getByRole("button", { name: enUs["export.button"], exact: true }).click();
  const dialog = page.getByTestId("export-dialog");
  await dialog.waitFor();
  await page.getByRole("button", { name: new RegExp(enUs["export.format"]) }).click();
  await page.getByRole("option", { name: enUs[`export.format.${format}` as "export.format.csv"] }).click();
  const [file] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: enUs["export.download"] }).click(),
  ]);
  expect(file.suggestedFilename()).toMatch(new RegExp(`^Product-\\d{4}-\\d{2}-\\d{2}\\.${format}$`));
  // Read through the connection (a browser shared by the run has the file on its side, not ours).
  const chunks: Buffer[] = [];
  for await (const chunk of await file.createReadStream()) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe("the export wizard", () => {
  it("writes the list as it is searched and sorted, as CSV and XLSX", async () => {
    const page = await signedInPage(browser, w.s, contexts, "export-e2e-admin", "/products", {
      timeoutMs: 20_000,
      goto: { waitUntil: "domcontentloaded", timeout: 60_000 },
    });
    await page.getByRole("searchbox", { name: enUs["list.search"] }).fill("EXW");
    await waitForListCount(page, enUs["list.rows#other"].replace("{count}", "3"));
    // Sorted by name, descending: press the header twice.
    const header = page.getByRole("columnheader", { name: enUs["field.product.name"] }).first();
    await header.click();
    await header.click();
    await page.getByRole("button", { name: enUs["export.button"], exact: true }).click();
    const summary = page.getByTestId("export-summary");
    await summary.waitFor();
    const text = await summary.innerText();
    expect(text).toContain(`${enUs["export.rows"]}\n3`);
    expect(text).toContain(`${enUs["field.product.name"]} ${enUs["export.descending"]}`);
    expect(text).toContain('"EXW"');
    await page.keyboard.press("Escape");

    const csv = Papa.parse<string[]>(new TextDecoder().decode(await download(page, "csv")), {
      skipEmptyLines: true,
    });
    const indexAt = csv.data[0].indexOf(enUs["field.product.index"]);
    const nameAt = csv.data[0].indexOf(enUs["field.product.name"]);
    expect(csv.data.slice(1).map((r) => [r[indexAt], r[nameAt]])).toEqual([
      ["EXW-3", "Żurek"],
      ["EXW-2", "Goulash"],
      ["EXW-1", "Borscht"],
    ]);

    const book = new ExcelJS.Workbook();
    await book.xlsx.load(new Uint8Array(await download(page, "xlsx")).buffer);
    const sheet = book.worksheets[0];
    const head = (sheet.getRow(1).values as string[]).slice(1);
    const names = [2, 3, 4].map((i) =>
      (sheet.getRow(i).values as string[]).slice(1)[head.indexOf(enUs["field.product.name"])]
    );
    expect(names).toEqual(["Żurek", "Goulash", "Borscht"]);
    expect(book.worksheets[1].name).toBe(enUs["export.summary"]);
  });
});
