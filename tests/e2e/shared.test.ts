// The shared pages in real Chromium (issue 16): a contractor opens the link a manager handed out, without
// signing in, and sees their own stock and inventory (not another contractor's); the same link, withdrawn,
// says plainly that it has ended, in the reader's language.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import {
  company,
  location,
  product,
  receive,
  startStockWorld,
  type StockWorld,
} from "../integration/stock/fixture.ts";
import type { BrowserContext } from "playwright-core";
import { launchBrowser, signedInPage, waitForHydration } from "./browser.ts";
import { enUs as clientEn } from "../../shared/i18n/en_us.ts";
import { plPl as clientPl } from "../../shared/i18n/pl_pl.ts";
import { enUs } from "../../shared/i18n/api/en_us.ts";
import { deDe } from "../../shared/i18n/api/de_de.ts";

let w: StockWorld;
let browser: Browser;
let acme: number;

beforeAll(async () => {
  w = await startStockWorld("shared-pages");
  acme = await company(w, "ACME Pages");
  const other = await company(w, "Other Pages");
  const bin = await location(w, "SP-01");
  await receive(w, await product(w, "SP-TEA", { contractorId: acme }), bin, 6);
  await receive(w, await product(w, "SP-THEIRS", { contractorId: other }), bin, 9);
  browser = await launchBrowser();
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await w?.s.close();
});

async function open(url: string, locale = "en-US") {
  const context = await browser.newContext({ locale });
  const page = await context.newPage();
  page.setDefaultTimeout(20_000);
  await page.goto(w.s.baseUrl + url, { waitUntil: "domcontentloaded", timeout: 60_000 });
  await waitForHydration(page);
  return { page, context };
}

describe("a shared access link", () => {
  it("shows the contractor's own stock and inventory without signing in, and says when it has ended", async () => {
    const stockKey =
      (await w.api("POST", "/SharedAccess", { contentType: "wmsstock", contractorId: acme })).body;
    const { page, context } = await open(stockKey.url);
    const grid = page.locator('[data-testid="list-grid"]');
    await grid.locator("[data-row-id]").first().waitFor();
    const text = await grid.innerText();
    expect(text).toContain("SP-TEA");
    expect(text).not.toContain("SP-THEIRS");
    expect(page.url()).toContain("/shared/wms-stock");

    const inventoryKey =
      (await w.api("POST", "/SharedAccess", { contentType: "wmsinventory", contractorId: acme }))
        .body;
    await page.goto(w.s.baseUrl + inventoryKey.url);
    await waitForHydration(page);
    await page.locator('[data-testid="list-grid"] [data-row-id]').first().waitFor();
    expect(await page.locator('[data-testid="list-grid"]').innerText()).toContain("SP-01");

    await w.api("POST", `/SharedAccess/${stockKey.id}/withdraw`);
    await page.goto(w.s.baseUrl + stockKey.url);
    await waitForHydration(page);
    await page.getByText(enUs["sharedAccess.ended"]).waitFor();
    await context.close();

    const german = await open(stockKey.url, "de-DE");
    await german.page.getByText(deDe["sharedAccess.ended"]).waitFor();
    await german.context.close();
  });
});

describe("the shared-access screen", () => {
  const contexts: BrowserContext[] = [];
  afterAll(async () => {
    for (const c of contexts) await c.close();
  });

  it("hands out a link shown once with its QR code, which opens the stock, and withdraws it", async () => {
    const page = await signedInPage(browser, w.s, contexts, "shared-pages-admin", "/shared-access", {
      timeoutMs: 20_000,
      goto: { waitUntil: "domcontentloaded", timeout: 60_000 },
    });
    await page.getByRole("button", { name: clientEn["sharedAccess.new"] }).click();
    const dialog = page.getByRole("dialog");
    // The first contractor (by name) is chosen: ACME Pages.
    await dialog.getByRole("button", { name: new RegExp(clientEn["field.sharedAccess.contractorId"]) })
      .filter({ hasText: "ACME Pages" }).waitFor();
    await dialog.getByRole("button", { name: clientEn["sharedAccess.create"] }).click();
    await dialog.getByTestId("shared-access-made").waitFor();
    await dialog.getByTestId("shared-access-qr").waitFor();
    const link = await dialog.getByTestId("shared-access-link").textContent();
    expect(link).toMatch(/\/shared\/wms-stock\?key=/);
    const token = await dialog.getByTestId("shared-access-token").textContent();
    expect(token).toMatch(/^[\w-]{43}$/);
    // The widget's snippet for the contractor's web shop, with the same key.
    expect(await dialog.getByTestId("shared-access-snippet").textContent()).toBe(
      `<script src="${w.s.baseUrl}/widgets/embed.js" async></script>\n<wms-stock key="${token}"></wms-stock>`,
    );

    const visitor = await open(new URL(link!).pathname + new URL(link!).search);
    await visitor.page.locator('[data-testid="list-grid"] [data-row-id]').first().waitFor();
    expect(await visitor.page.locator('[data-testid="list-grid"]').innerText()).toContain("SP-TEA");

    const [made] =
      (await w.api("GET", "/SharedAccess?sortColumn=createdAt&sortDescending=true&PageSize=1")).body
        .results;
    await page.goto(`${w.s.baseUrl}/shared-access/${made.id}`);
    await waitForHydration(page);
    await page.getByRole("button", { name: clientEn["sharedAccess.withdraw"] }).click();
    await expect.poll(() => page.getByTestId("shared-access-state").innerText())
      .toBe(clientEn["sharedAccess.state.withdrawn"]);
    await visitor.page.reload();
    await visitor.page.getByText(enUs["sharedAccess.ended"]).waitFor();
    await visitor.context.close();
  });

  it("offers the durations by name under Duration, in the user's language, and Cancel makes nothing", async () => {
    const before = (await w.api("GET", "/SharedAccess?PageSize=1")).body.totalCount;
    const page = await signedInPage(browser, w.s, contexts, "shared-pages-admin", "/shared-access", {
      timeoutMs: 20_000,
      goto: { waitUntil: "domcontentloaded", timeout: 60_000 },
    });
    await page.getByRole("button", { name: clientEn["sharedAccess.new"] }).click();
    const dialog = page.getByRole("dialog");
    // A choice of named durations is labelled "Duration": no unit in the label, which its options carry.
    const duration = dialog.getByRole("button", { name: /\bDuration$/ });
    expect(await duration.textContent()).toContain("24 hours");
    await duration.click();
    expect(await page.getByRole("listbox").getByRole("option").allTextContents()).toEqual([
      "30 minutes",
      "60 minutes",
      "24 hours",
      "7 days",
      "No limit",
    ]);
    await page.keyboard.press("Escape");
    await page.getByRole("listbox").waitFor({ state: "detached" });
    // Cancel closes the dialog and hands nothing out.
    await dialog.getByRole("button", { name: clientEn["common.cancel"], exact: true }).click();
    await dialog.waitFor({ state: "detached" });
    expect((await w.api("GET", "/SharedAccess?PageSize=1")).body.totalCount).toBe(before);

    // The list names a duration the same way under the same heading.
    await w.api("POST", "/SharedAccess", { contentType: "wmsstock", contractorId: acme, durationMin: 10080 });
    await page.reload();
    await waitForHydration(page);
    const column = page.getByRole("columnheader", { name: "Duration", exact: true });
    await column.waitFor();
    const first = page.locator('[data-testid="list-grid"] [data-row-id]').first();
    await first.waitFor();
    expect(await first.innerText()).toContain("7 days");

    // In Polish.
    const polish = await signedInPage(browser, w.s, contexts, "shared-pages-admin", "/shared-access", {
      timeoutMs: 20_000,
      locale: "pl-PL",
    });
    await polish.getByRole("button", { name: clientPl["sharedAccess.new"] }).click();
    await polish.getByRole("dialog").getByRole("button", { name: /\bCzas trwania$/ }).click();
    expect(await polish.getByRole("listbox").getByRole("option").allTextContents()).toEqual([
      "30 minut",
      "60 minut",
      "24 godziny",
      "7 dni",
      "Bez limitu",
    ]);
    expect(await polish.getByRole("dialog").getByText("Czas trwania", { exact: true }).count()).toBe(1);
  });
});
