// The application on a phone (390×844, touch): the top bar keeps one row, every setting sits in the user's
// menu behind their initials and works from there (touch and keyboard), and no page scrolls sideways.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { createTenant, PASSWORD, startServer, type TestServer } from "../fixtures/harness.ts";
import { launchBrowser, signInThroughForm, waitForHydration } from "./browser.ts";
import { enUs } from "../../shared/i18n/en_us.ts";
import { deDe } from "../../shared/i18n/de_de.ts";

let s: TestServer;
let browser: Browser;

beforeAll(async () => {
  s = await startServer();
  // One tenant per test: the touch test changes its user's language and menu settings on the server.
  for (const slug of ["bar", "touch", "keys"]) await createTenant(s, slug);
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await s?.close();
});

async function signedInPhone(slug: string): Promise<Page> {
  const context = await browser.newContext({
    locale: "en-US",
    viewport: { width: 390, height: 844 },
    hasTouch: true,
    isMobile: true,
  });
  const page = await context.newPage();
  await page.goto(`${s.baseUrl}/signin`);
  await waitForHydration(page);
  await noSidewaysScroll(page);
  await signInThroughForm(page, `${slug}-admin`, PASSWORD);
  await page.waitForURL(/\/$/);
  await page.locator("nav a").first().waitFor({ state: "attached" });
  return page;
}

async function noSidewaysScroll(page: Page): Promise<void> {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: globalThis.innerWidth,
  }));
  expect(scrollWidth, page.url()).toBeLessThanOrEqual(innerWidth);
}

/** The user's menu (named Settings in the page's language). */
function settingsDialog(page: Page, name: string = enUs["common.settings"]) {
  return page.getByRole("menu", { name });
}

/** The button that opens it: the user's initials at the end of the top bar. */
function settingsButton(page: Page) {
  return page.locator('[data-menu-button="user"]');
}

describe("the top bar on a phone", () => {
  it("keeps one row: the settings are behind one button, and nothing scrolls sideways", async () => {
    const page = await signedInPhone("bar");
    const bar = await page.locator("header").boundingBox();
    expect(bar!.height).toBeLessThanOrEqual(72);
    expect(await page.getByRole("switch", { name: enUs["common.nightMode"] }).count()).toBe(0);
    expect(await page.getByRole("button", { name: enUs["common.signOut"] }).count()).toBe(0);
    await noSidewaysScroll(page);
    for (const path of ["/users", "/my-company", "/companies"]) {
      await page.goto(s.baseUrl + path);
      await waitForHydration(page);
      await page.locator("main h1, main h2").first().waitFor();
      await noSidewaysScroll(page);
    }
    await settingsButton(page).tap();
    await settingsDialog(page).waitFor();
    await noSidewaysScroll(page);
    const box = await settingsDialog(page).boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    await page.context().close();
  });

  it("reaches every setting by touch, and each one works", async () => {
    const page = await signedInPhone("touch");
    const open = async (name: string = enUs["common.settings"]) => {
      await settingsButton(page).tap();
      await settingsDialog(page, name).waitFor();
      return settingsDialog(page, name);
    };

    // Night mode: the menu's dark theme.
    let dialog = await open();
    const nightMode = dialog.getByRole("menuitemradio", { name: enUs["userMenu.theme.dark"] });
    await nightMode.tap();
    expect(await nightMode.isChecked()).toBe(true);
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe("dark");

    // Compact menu: kept in local storage.
    const compact = dialog.getByRole("menuitemcheckbox", { name: enUs["common.compactMenu"] });
    await compact.tap();
    expect(await compact.isChecked()).toBe(true);
    expect(await page.evaluate(() => localStorage.getItem("wms.compactMenu"))).toBe("true");

    // Simplified menu: the menu becomes one list.
    const simplified = dialog.getByRole("menuitemcheckbox", { name: enUs["common.simplifiedMenu"] });
    await simplified.tap();
    expect(await simplified.isChecked()).toBe(true);
    await page.locator("nav [data-simplified-menu]").waitFor({ state: "attached" });

    // Closed and opened again, the dialog shows the settings as they are.
    await page.keyboard.press("Escape");
    await settingsDialog(page).waitFor({ state: "detached" });
    dialog = await open();
    expect(await dialog.getByRole("menuitemradio", { name: enUs["userMenu.theme.dark"] }).isChecked()).toBe(
      true,
    );
    expect(await dialog.getByRole("menuitemcheckbox", { name: enUs["common.simplifiedMenu"] }).isChecked())
      .toBe(true);

    // Language: the page switches to German.
    await dialog.getByRole("menuitemradio", { name: "Deutsch" }).tap();
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe("de-de");
    await page.keyboard.press("Escape");
    await settingsDialog(page).waitFor({ state: "detached" });
    dialog = await open(deDe["common.settings"]);

    // Sign out.
    await dialog.getByRole("menuitem", { name: deDe["common.signOut"] }).tap();
    await page.waitForURL(/\/signin$/);
    expect(await page.evaluate(() => localStorage.getItem("wms.auth"))).toBeNull();
    await page.context().close();
  });

  it("works from the keyboard: Enter opens, the arrows move, Space toggles, Escape closes", async () => {
    const page = await signedInPhone("keys");
    const button = settingsButton(page);
    await button.focus();
    await page.keyboard.press("Enter");
    const dialog = settingsDialog(page);
    await dialog.waitFor();
    const nightMode = dialog.getByRole("menuitemradio", { name: enUs["userMenu.theme.dark"] });
    for (let i = 0; i < 10 && !(await nightMode.evaluate((el) => el === document.activeElement)); i++) {
      await page.keyboard.press("ArrowDown");
    }
    expect(await nightMode.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press("Space");
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe("dark");
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });
    // The popover hands the focus back once it has gone (react-aria restores it a frame later).
    await expect.poll(() => button.evaluate((el) => el === document.activeElement), { timeout: 5000 }).toBe(
      true,
    );
    await page.context().close();
  });
});
