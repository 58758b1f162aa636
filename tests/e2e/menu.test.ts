// The menu stays put: it scrolls in its own area, stays on screen while a long page scrolls, and keeps the
// active entry in view after a click low in the menu or a reload; screens that arrive in a later version
// are marked in the menu itself. Every entry opens its own screen: walked as an administrator, a business
// manager and a logistics user, each entry's screen is headed by the entry's own label (issue 31: the
// verification positions entry opened the verification orders).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { addUser, createTenant, signIn, startServer, type TestServer } from "../fixtures/harness.ts";
import { launchBrowser, signedInPage, waitForHydration } from "./browser.ts";
import { enUs } from "../../shared/i18n/en_us.ts";

let s: TestServer;
let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  s = await startServer({ loginLimitPerUser: 1000, loginLimitPerIp: 1000 });
  await createTenant(s, "menus");
  const admin = (await signIn(s, "menus-admin")).token;
  await addUser(s, admin, { username: "menus-manager", isPowerUser: true, logisticsEnabled: true });
  await addUser(s, admin, { username: "menus-user", logisticsEnabled: true, terminalEnabled: true });
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

  for (const username of ["menus-admin", "menus-manager", "menus-user"]) {
    it(`opens each entry's own screen, headed by the entry's label (${username})`, async () => {
      const page = await signedInPage(browser, s, contexts, username, "/", { timeoutMs: 20_000 });
      await nav(page).getByRole("link").first().waitFor();
      // The sections' entries (favorites aside), each route once.
      const entries = await nav(page).locator("[data-section] a").evaluateAll((links) =>
        links.map((a) => ({ href: a.getAttribute("href")!, label: a.textContent!.trim() }))
      );
      const routes = [...new Map(entries.map((e) => [e.href, e])).values()];
      expect(routes.length).toBeGreaterThan(5);
      // Two entries of one menu never share a label: each names a screen of its own.
      const labels = routes.map((e) => e.label);
      expect(labels.length, labels.join(", ")).toBe(new Set(labels).size);
      const wrong: string[] = [];
      for (const entry of routes) {
        // A screen that opens as a dialog (a new order's header) is closed first: it keeps the menu inert.
        const modal = page.locator('[role="dialog"]');
        if (await modal.count()) {
          await page.keyboard.press("Escape");
          await modal.first().waitFor({ state: "detached" });
        }
        await nav(page).locator(`[data-section] a[href="${entry.href}"]`).first().click();
        await page.waitForURL((url) => url.pathname === entry.href);
        // The screen's visible heading (a screen may first show the frame's loading state).
        const headings = () =>
          page.evaluate(() =>
            [...document.querySelectorAll("main h1")].filter((h) => h.checkVisibility())
              .map((h) => h.textContent?.trim())
          );
        const ok = await page.waitForFunction(
          (want) =>
            [...document.querySelectorAll("main h1")].some((h) =>
              h.checkVisibility() && h.textContent?.trim() === want
            ),
          entry.label,
          { timeout: 5_000 },
        ).then(() => true, () => false);
        if (!ok) wrong.push(`${entry.href}: ${JSON.stringify(await headings())} is not "${entry.label}"`);
      }
      expect(wrong).toEqual([]);
    }, 120_000);
  }
});
