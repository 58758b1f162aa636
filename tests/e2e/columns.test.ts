// Every list's key columns in view on a desktop (issue 31, item 3), in real Chromium against the real
// server: at 1440×900 each main list shows its key columns' headers and first row's cells inside the
// window and uncut by any scrolling box, without scrolling the page; a list wider than its box has its
// horizontal scroll bar drawn inside the window; in German, with its longer headers, the same. The data
// (tests/e2e/lists_world.ts) has long names and large quantities.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import type { StockWorld } from "../integration/stock/fixture.ts";
import { launchBrowser, signedInPage } from "./browser.ts";
import { CONTRACTOR_LISTS, notInView, openList, STAFF_LISTS, startListsWorld } from "./lists_world.ts";

let w: StockWorld;
let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  w = await startListsWorld("cols");
  // Scroll bars drawn, as on a desktop: the test sees whether the grid's is in the window.
  browser = await launchBrowser([], { scrollBars: true });
}, 120_000);
afterAll(async () => {
  for (const c of contexts) await c.close();
  await browser?.close();
  await w?.s.close();
});

function desktop(username: string, locale = "en-US"): Promise<Page> {
  return signedInPage(browser, w.s, contexts, username, "/", {
    locale,
    viewport: { width: 1440, height: 900 },
    timeoutMs: 20_000,
    goto: { waitUntil: "domcontentloaded", timeout: 60_000 },
  });
}

/** Whether the grid scrolls sideways, and if so whether its scroll bar is drawn inside the window. */
function sideways(page: Page) {
  return page.getByTestId("list-grid").evaluate((grid: HTMLElement) => {
    const box = grid.getBoundingClientRect();
    return {
      scrolls: grid.scrollWidth > grid.clientWidth,
      barInWindow: box.bottom <= innerHeight &&
        grid.offsetHeight - grid.clientTop * 2 - grid.clientHeight > 0,
    };
  });
}

/** Each list's key columns not in view (none: an empty record), after its widths have settled. */
async function check(page: Page, lists: [string, string[]][]): Promise<Record<string, string[]>> {
  const found: Record<string, string[]> = {};
  for (const [path, keys] of lists) {
    await openList(w, page, path);
    // The columns take their widths as the rows are measured: wait for that state, not for a time.
    await expect.poll(() => notInView(page, keys), { timeout: 5000 }).toEqual([]).catch(async () => {
      found[path] = await notInView(page, keys);
    });
    const bar = await sideways(page);
    if (bar.scrolls && !bar.barInWindow) (found[path] ??= []).push("its scroll bar is out of the window");
  }
  return found;
}

describe("key columns at 1440×900", { timeout: 120_000 }, () => {
  it("are in view in every main list, with the scroll bar in view where more columns remain", async () => {
    const staff = await check(await desktop("cols-admin"), STAFF_LISTS);
    const contractor = await check(await desktop("cols-carla"), CONTRACTOR_LISTS);
    expect({ ...staff, ...contractor }).toEqual({});
  });

  it("are in view in German, with its longer headers", async () => {
    const chosen = [
      "/warehouse-product-inventory",
      "/products-price-list",
      "/warehouse-product-stock",
      "/companies",
    ];
    const staff = await check(
      await desktop("cols-admin", "de-DE"),
      STAFF_LISTS.filter(([path]) => chosen.includes(path)),
    );
    const contractor = await check(await desktop("cols-carla", "de-DE"), CONTRACTOR_LISTS);
    expect({ ...staff, ...contractor }).toEqual({});
  });
});
