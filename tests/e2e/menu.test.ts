// The menu stays put: it scrolls in its own area, stays on screen while a long page scrolls, and keeps the
// active entry in view after a click low in the menu or a reload; screens that arrive in a later version
// are marked in the menu itself.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { createTenant, startServer, type TestServer } from "../fixtures/harness.ts";
import { launchBrowser, signedInPage, waitForHydration } from "./browser.ts";
import { enUs } from "../../client/i18n/en_us.ts";

let s: TestServer;
let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  s = await startServer({ loginLimitPerUser: 1000, loginLimitPerIp: 1000 });
  await createTenant(s, "menus");
  browser = await launchBrowser();
}, 60_000);
afterAll(async () => {
  for (const c of contexts) await c.close();
  await browser?.close();
  await s?.close();
});

const nav = (page: Page) => page.locator("nav#main-menu");

/** Is the element wholly inside the menu's visible box and the window? */
const inView = (page: Page, selector: string) =>
  page.evaluate((sel) => {
    const menu = document.querySelector("nav#main-menu")!.getBoundingClientRect();
    const item = document.querySelector(sel)!.getBoundingClientRect();
    return item.top >= menu.top && item.bottom <= menu.bottom && item.top >= 0 && item.bottom <= innerHeight;
  }, selector);

describe("the menu", () => {
  it("scrolls on its own, stays on screen and keeps the active entry in view", async () => {
    const page = await signedInPage(browser, s, contexts, "menus-admin", "/", {
      viewport: { width: 1440, height: 900 },
      timeoutMs: 20_000,
    });
    // The menu is taller than the window: it scrolls within its own box.
    const [scrollHeight, clientHeight] = await nav(page).evaluate((el) => [el.scrollHeight, el.clientHeight]);
    expect(scrollHeight).toBeGreaterThan(clientHeight);
    expect(clientHeight).toBeLessThanOrEqual(900);

    // A low entry, clicked: the new screen's menu still shows it.
    const low = nav(page).getByRole("link", { name: enUs["route.warehouse-product-stock"], exact: true });
    await low.scrollIntoViewIfNeeded();
    await low.click();
    await page.waitForURL(/\/warehouse-product-stock$/);
    await expect.poll(() => inView(page, 'nav#main-menu [aria-current="page"]')).toBe(true);

    // After a reload the menu opens scrolled to it.
    await page.reload();
    await waitForHydration(page);
    await expect.poll(() => inView(page, 'nav#main-menu [aria-current="page"]')).toBe(true);

    // The page scrolls; the menu stays where it is.
    await page.evaluate(() => {
      document.querySelector("main")!.style.minHeight = "3000px";
      scrollTo(0, 2000);
    });
    const top = await nav(page).evaluate((el) => el.getBoundingClientRect().top);
    expect(top).toBeGreaterThanOrEqual(0);
    expect(top).toBeLessThan(5);
    expect(await inView(page, 'nav#main-menu [aria-current="page"]')).toBe(true);
  }, 60_000);

  it("has every screen of the menu built: none carries the later-version mark", async () => {
    const page = await signedInPage(browser, s, contexts, "menus-admin", "/", { timeoutMs: 20_000 });
    // The administrator's menu: every section, the last screens to arrive (issue 19) among them.
    for (
      const route of ["computer-vision-faces", "external-credentials", "direct-transport-offer"] as const
    ) {
      await nav(page).getByRole("link", { name: enUs[`route.${route}`], exact: true }).waitFor();
    }
    expect(await nav(page).getByRole("link").count()).toBeGreaterThan(40);
    expect(await nav(page).locator("[data-soon]").count()).toBe(0);
    expect(await nav(page).getByRole("link", { name: new RegExp(enUs["shell.comingSoon"]) }).count()).toBe(0);
  }, 60_000);
});
