// The top bar gives the screen back to the work (issue 31, items 19 and 30): it holds the title, the
// connection status and one menu under the user's name, which sets the language, the theme, the menu's
// form and the scanner suffix and signs out, by keyboard as well as by pointer; each choice is kept where
// it was kept before. The sign-in page gives its language select a place of its own, apart from the
// Sign in button.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContext, Locator } from "playwright-core";
import { createTenant, startServer, type TestServer } from "../fixtures/harness.ts";
import type { Tenant } from "../../server/tenancy/registry.ts";
import { chooseLanguage, launchBrowser, openUserMenu, signedInPage, waitForHydration } from "./browser.ts";
import { enUs } from "../../shared/i18n/en_us.ts";
import { deDe } from "../../shared/i18n/de_de.ts";
import { plPl } from "../../shared/i18n/pl_pl.ts";

let s: TestServer;
let browser: Browser;
let tenant: Tenant;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  s = await startServer({ loginLimitPerUser: 1000, loginLimitPerIp: 1000 });
  tenant = await createTenant(s, "ux");
  browser = await launchBrowser();
}, 60_000);
afterAll(async () => {
  for (const c of contexts) await c.close();
  await browser?.close();
  await s?.close();
});

function query(sql: string) {
  return s.platform.pool.use(tenant.dbUrl, (conn) => conn.query(sql));
}

const settingsOf = async () =>
  JSON.parse(
    ((await query("SELECT settings FROM users WHERE username = 'ux-admin'"))[0] as { settings: string })
      .settings ?? "{}",
  );

/** The space between two boxes: negative when they overlap. */
async function gap(a: Locator, b: Locator): Promise<number> {
  const [x, y] = [(await a.boundingBox())!, (await b.boundingBox())!];
  const apart = [
    y.x - (x.x + x.width),
    x.x - (y.x + y.width),
    y.y - (x.y + x.height),
    x.y - (y.y + y.height),
  ];
  return Math.max(...apart);
}

const screens = [
  { name: "a laptop", viewport: { width: 1440, height: 900 } },
  { name: "a phone", viewport: { width: 390, height: 844 } },
];

describe.each(screens)("the sign-in page on $name", ({ viewport }) => {
  // The first page of the run waits for the server's first rendering.
  it("gives the language select a place of its own, at least 8 px from the Sign in button", {
    timeout: 90_000,
  }, async () => {
    const context = await browser.newContext({ locale: "en-US", viewport });
    contexts.push(context);
    const page = await context.newPage();
    await page.goto(`${s.baseUrl}/signin`, { waitUntil: "domcontentloaded", timeout: 60_000 });
    await waitForHydration(page);
    const signIn = page.locator("form").getByRole("button", { name: enUs["signin.submit"], exact: true });
    // The select with its label.
    const language = page.locator("[data-language-select]");
    expect(await gap(language, signIn)).toBeGreaterThanOrEqual(8);
    expect(await gap(language, page.locator("form"))).toBeGreaterThanOrEqual(8);
    // And it works from there.
    await chooseLanguage(page, "Polski");
    await page.getByRole("heading", { name: plPl["signin.title"] }).waitFor();
  });
});

describe("the top bar", () => {
  it("holds the title, the connection status and the user's menu only, in one row", async () => {
    for (const { viewport } of screens) {
      const page = await signedInPage(browser, s, contexts, "ux-admin", "/", {
        viewport,
        timeoutMs: 20_000,
        goto: { waitUntil: "domcontentloaded", timeout: 60_000 },
      });
      const bar = page.locator("header");
      await bar.getByText(enUs["hub.status.connected"]).waitFor({ state: "attached" });
      expect((await bar.boundingBox())!.height).toBeLessThanOrEqual(72);
      expect(await bar.getByRole("switch").count()).toBe(0);
      expect(await bar.getByRole("button", { name: enUs["common.signOut"], exact: true }).count()).toBe(0);
      expect(await bar.getByText(enUs["common.language"], { exact: true }).count()).toBe(0);
      // The user's menu is named after them (the name shows beside their initials on a wide screen).
      const user = bar.getByRole("button", { name: `ux admin ${enUs["common.settings"]}`, exact: true });
      expect(await user.getAttribute("aria-haspopup")).toBe("true");
      expect(await user.innerText()).toContain(viewport.width > 720 ? "ux admin" : "UA");
    }
  });

  it("sets the language, the theme, the menu and the scanner suffix by keyboard, and signs out", async () => {
    const page = await signedInPage(browser, s, contexts, "ux-admin", "/", { timeoutMs: 20_000 });
    await page.locator('nav [data-section="administration"]').waitFor();
    const trigger = page.locator('[data-menu-button="user"]');
    await trigger.focus();
    await page.keyboard.press("Enter");
    const menu = page.getByRole("menu", { name: enUs["common.settings"] });
    await menu.waitFor();
    const item = (role: "menuitemradio" | "menuitemcheckbox" | "menuitem", name: string) =>
      menu.getByRole(role, { name, exact: true });
    expect(await item("menuitemradio", "English").getAttribute("aria-checked")).toBe("true");
    expect(await item("menuitemradio", enUs["userMenu.theme.light"]).getAttribute("aria-checked")).toBe(
      "true",
    );

    /** Moves the focus down the menu to the item, as arrow keys do, and presses `key` on it. */
    const press = async (target: Locator, key: "Enter" | "Space") => {
      for (let i = 0; i < 20 && !(await target.evaluate((el) => el === document.activeElement)); i++) {
        await page.keyboard.press("ArrowDown");
      }
      expect(await target.evaluate((el) => el === document.activeElement)).toBe(true);
      await page.keyboard.press(key);
    };

    // The theme: dark at once, kept on this device; the menu stays open for the next choice.
    await press(item("menuitemradio", enUs["userMenu.theme.dark"]), "Enter");
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme)).toBe("dark");
    expect(await page.evaluate(() => localStorage.getItem("wms.darkMode"))).toBe("true");
    expect(await item("menuitemradio", enUs["userMenu.theme.dark"]).getAttribute("aria-checked")).toBe(
      "true",
    );

    // The menu's form: compact on this device, simplified in the user's settings.
    await press(item("menuitemcheckbox", enUs["common.compactMenu"]), "Space");
    await expect.poll(() => page.evaluate(() => localStorage.getItem("wms.compactMenu"))).toBe("true");
    await press(item("menuitemcheckbox", enUs["common.simplifiedMenu"]), "Space");
    await page.locator("nav [data-simplified-menu]").waitFor({ state: "attached" });
    await expect.poll(async () => (await settingsOf()).simplifiedMenu).toBe(true);

    // What the scanner gun sends after a code: in the user's settings, read by the terminal.
    expect(await item("menuitemradio", enUs["terminal.suffix.Enter"]).getAttribute("aria-checked")).toBe(
      "true",
    );
    await press(item("menuitemradio", enUs["terminal.suffix.Tab"]), "Enter");
    await expect.poll(async () => (await settingsOf()).scannerSuffix).toBe("Tab");

    // Escape closes it and gives the focus back to the button; opened again, it shows what was chosen.
    await page.keyboard.press("Escape");
    await menu.waitFor({ state: "detached" });
    await expect.poll(() => trigger.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press("Enter");
    await menu.waitFor();
    for (
      const [role, name] of [
        ["menuitemradio", enUs["userMenu.theme.dark"]],
        ["menuitemcheckbox", enUs["common.compactMenu"]],
        ["menuitemcheckbox", enUs["common.simplifiedMenu"]],
        ["menuitemradio", enUs["terminal.suffix.Tab"]],
      ] as const
    ) {
      expect(await item(role, name).getAttribute("aria-checked"), name).toBe("true");
    }
    await page.keyboard.press("Escape");
    await menu.waitFor({ state: "detached" });

    // The language: the page speaks it at once, the server keeps it as the user's default and renders
    // the next page in it.
    await chooseLanguage(page, "Deutsch");
    await expect.poll(async () =>
      (await query("SELECT default_language FROM users WHERE username = 'ux-admin'"))[0]
    ).toEqual({ default_language: "de-de" });
    await page.reload();
    await waitForHydration(page);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe("de-de");
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe("dark");

    // Sign out, the menu's last item.
    const german = await openUserMenu(page);
    expect(await german.getAttribute("aria-label")).toBe(deDe["common.settings"]);
    await german.getByRole("menuitem", { name: deDe["common.signOut"] }).click();
    await page.waitForURL(/\/signin$/);
    expect(await page.evaluate(() => localStorage.getItem("wms.auth"))).toBeNull();
  });
});
