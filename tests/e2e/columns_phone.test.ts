// Every list on a phone (issue 31, item 3), in real Chromium against the real server: at 390×844 each
// main list shows each row as a card holding all its key fields (the identifier and name on its first
// line, the quantity and status on the next), their headers above the cards, and nothing of the page
// scrolls sideways. The data (tests/e2e/lists_world.ts) has long names and large quantities.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import type { StockWorld } from "../integration/stock/fixture.ts";
import { launchBrowser, signedInPage } from "./browser.ts";
import { scan } from "./axe.ts";
import { CONTRACTOR_LISTS, notInView, openList, STAFF_LISTS, startListsWorld } from "./lists_world.ts";

let w: StockWorld;
let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  w = await startListsWorld("colp");
  browser = await launchBrowser();
}, 120_000);
afterAll(async () => {
  for (const c of contexts) await c.close();
  await browser?.close();
  await w?.s.close();
});

function phone(username: string, bypassCSP = false): Promise<Page> {
  return signedInPage(browser, w.s, contexts, username, "/", {
    viewport: { width: 390, height: 844 },
    mobile: true,
    bypassCSP,
    timeoutMs: 20_000,
    goto: { waitUntil: "domcontentloaded", timeout: 60_000 },
  });
}

async function check(page: Page, lists: [string, string[]][]): Promise<Record<string, string[]>> {
  const found: Record<string, string[]> = {};
  for (const [path, keys] of lists) {
    await openList(w, page, path);
    // A person scrolls the page down to the list.
    await page.getByTestId("list-grid").evaluate((grid) => grid.scrollIntoView({ block: "start" }));
    await expect.poll(() => notInView(page, keys), { timeout: 5000 }).toEqual([]).catch(async () => {
      found[path] = await notInView(page, keys);
    });
    if (await page.evaluate(() => document.documentElement.scrollWidth > innerWidth)) {
      (found[path] ??= []).push("the page scrolls sideways");
    }
  }
  return found;
}

describe("key columns at 390×844", { timeout: 120_000 }, () => {
  it("make each row a card holding all of them, nothing scrolled sideways", async () => {
    const staff = await check(await phone("colp-admin"), STAFF_LISTS);
    const contractor = await check(await phone("colp-carla"), CONTRACTOR_LISTS);
    expect({ ...staff, ...contractor }).toEqual({});
  });
});

describe("a list of cards", { timeout: 90_000 }, () => {
  it("is the same grid: a tap on a card's check selects it, a tap on the card opens it, and axe finds nothing", async () => {
    const page = await phone("colp-admin", true);
    await openList(w, page, "/warehouse-documents");
    const grid = page.getByTestId("list-grid");
    expect(await grid.getAttribute("data-layout")).toBe("cards");
    const card = grid.locator("[data-row-id]").first();
    const id = await card.getAttribute("data-row-id");
    await card.locator('[role="gridcell"][aria-colindex="1"]').tap();
    await expect.poll(() => card.getAttribute("aria-selected")).toBe("true");
    await page.getByTestId("list-selected").waitFor();

    expect(await scan(page, "/warehouse-documents (cards)")).toEqual([]);

    await card.locator('[data-line="1"]').first().tap();
    await page.waitForURL(new RegExp(`/warehouse-documents/${id}`));
    await page.getByTestId("document-preview").waitFor();
  });
});
