// The import wizard in real Chromium (issue 18): an administrator reads a CSV of products written the Polish
// way (semicolons, decimal commas), sees the unknown column left out and a bad cell named by row and column in
// words, cannot import while it is there, reads the corrected file and imports both rows.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContext } from "playwright-core";
import { startStockWorld, type StockWorld } from "../integration/stock/fixture.ts";
import { launchBrowser, signedInPage } from "./browser.ts";
import { enUs } from "../../shared/i18n/en_us.ts";

let w: StockWorld;
let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  w = await startStockWorld("import-e2e");
  browser = await launchBrowser();
}, 60_000);
afterAll(async () => {
  for (const c of contexts) await c.close();
  await browser?.close();
  await w?.s.close();
});

const csv = (weight: string) =>
  Buffer.from(`Index;Name;Weight;Shelf colour\r\nIMP-1;Tea;1,5;red\r\nIMP-2;Rice;${weight};blue\r\n`);

describe("the import wizard", () => {
  it("names what it leaves out and what is wrong, then imports every row", async () => {
    const page = await signedInPage(browser, w.s, contexts, "import-e2e-admin", "/import-file", {
      timeoutMs: 20_000,
      goto: { waitUntil: "domcontentloaded", timeout: 60_000 },
    });
    const file = page.locator('input[name="importFile"]');
    await file.setInputFiles({ name: "products.csv", mimeType: "text/csv", buffer: csv("heavy") });
    await page.getByRole("button", { name: new RegExp(enUs["importFile.decimal"]) }).click();
    await page.getByRole("option", { name: enUs["importFile.decimal.comma"] }).click();
    await page.getByRole("button", { name: enUs["importFile.preview"] }).click();
    await page.getByText(enUs["importFile.ignored"].replace("{columns}", "Shelf colour")).waitFor();
    const errors = page.getByTestId("import-errors");
    await errors.waitFor();
    expect(await errors.innerText()).toContain(
      `${enUs["importFile.errorAt"].replace("{row}", "3").replace("{column}", "Weight")} ${
        enUs["validation.invalidValue"]
      }`,
    );
    const run = page.getByRole("button", { name: enUs["importFile.run"].replace("{count}", "2") });
    expect(await run.isDisabled()).toBe(true);
    await file.setInputFiles({ name: "products.csv", mimeType: "text/csv", buffer: csv("2,25") });
    await page.getByRole("button", { name: enUs["importFile.preview"] }).click();
    await page.getByText(enUs["importFile.noErrors"]).waitFor();
    await run.click();
    await page.getByText(enUs["importFile.done"].replace("{count}", "2")).waitFor();
    const rows = await w.query("SELECT product_index, weight FROM products ORDER BY product_index");
    expect(rows.map((r) => [r.product_index, r.weight])).toEqual([["IMP-1", 1.5], ["IMP-2", 2.25]]);
  });

  it("imports a long file as a job, showing its progress, then how many rows it took", async () => {
    const page = await signedInPage(browser, w.s, contexts, "import-e2e-admin", "/import-file", {
      timeoutMs: 30_000,
      goto: { waitUntil: "domcontentloaded", timeout: 60_000 },
    });
    const rows = Array.from({ length: 2_500 }, (_, i) => `LONG-${i};Long ${i};1`);
    await page.locator('input[name="importFile"]').setInputFiles({
      name: "long.csv",
      mimeType: "text/csv",
      buffer: Buffer.from(["Index;Name;Weight", ...rows].join("\r\n")),
    });
    await page.getByRole("button", { name: enUs["importFile.preview"] }).click();
    await page.getByText(enUs["importFile.noErrors"]).waitFor();
    await page.getByRole("button", { name: enUs["importFile.run"].replace("{count}", "2500") }).click();
    await page.getByRole("progressbar", { name: enUs["importFile.importing"] }).waitFor();
    await page.getByText(enUs["importFile.done"].replace("{count}", "2500")).waitFor();
    const [n] = await w.query("SELECT count(*) AS n FROM products WHERE product_index LIKE 'LONG-%'");
    expect(Number(n.n)).toBe(2_500);
  });
});
