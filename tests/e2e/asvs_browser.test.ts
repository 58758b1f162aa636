// ASVS in real Chromium: the preference cookies are __Host- cookies, Secure, SameSite=Lax (3.3.1–3.3.3);
// every password field is a password field that a password manager fills and a paste reaches, with room for
// long passwords (6.2.6, 6.2.7); and the browser's storage holds the sign-in and preferences only, never
// the password or anything else (14.3.3).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { createTenant, PASSWORD, signIn, startServer, type TestServer } from "../fixtures/harness.ts";
import {
  chooseLanguage,
  launchBrowser,
  openUserMenu,
  signedInPage,
  signInThroughForm,
  waitForHydration,
  waitForServiceWorker,
} from "./browser.ts";

let s: TestServer;
let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  s = await startServer({ loginLimitPerUser: 1000, loginLimitPerIp: 1000 });
  await createTenant(s, "brw");
  browser = await launchBrowser();
}, 60_000);
afterAll(async () => {
  for (const c of contexts) await c.close();
  await browser?.close();
  await s?.close();
});

async function freshPage(serviceWorkers: "allow" | "block" = "block"): Promise<Page> {
  const context = await browser.newContext({ locale: "en-US", serviceWorkers });
  contexts.push(context);
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: s.baseUrl });
  const page = await context.newPage();
  page.setDefaultTimeout(20_000);
  return page;
}

describe("preference cookies (3.3.1, 3.3.2, 3.3.3)", () => {
  it("are __Host- cookies, Secure, SameSite=Lax, for this host alone, and the next page is rendered by them", async () => {
    // The first page of the run waits for the server's first rendering.
    const page = await signedInPage(browser, s, contexts, "brw-admin", "/", {
      timeoutMs: 20_000,
      goto: { timeout: 60_000 },
    });
    await chooseLanguage(page, "Deutsch");
    const menu = await openUserMenu(page);
    await menu.getByRole("menuitemradio", { name: "Dunkel" }).click();
    await page.keyboard.press("Escape");
    await expect.poll(async () => (await page.context().cookies()).map((c) => c.name).sort()).toEqual([
      "__Host-wms_lang",
      "__Host-wms_theme",
    ]);
    for (const c of await page.context().cookies()) {
      expect([c.name, c.secure, c.sameSite, c.path, c.domain.startsWith(".")]).toEqual([
        c.name,
        true,
        "Lax",
        "/",
        false,
      ]);
      // They hold a language and a theme, no secret: the page's own script writes them.
      expect(["de-de", "dark"]).toContain(c.value);
    }
    await page.reload();
    await waitForHydration(page);
    expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dataset.theme]))
      .toEqual(["de-de", "dark"]);
  });
});

describe("password fields (6.2.6, 6.2.7, 6.2.9)", () => {
  /** Every password field in view: its type, what it asks a password manager for, and its length limit. */
  const passwordFields = (page: Page) =>
    page.locator('input[name*="assword" i]').evaluateAll((els) =>
      els.map((e) => {
        const i = e as HTMLInputElement;
        return { name: i.name, type: i.type, autocomplete: i.autocomplete, maxLength: i.maxLength };
      })
    );

  /** Pastes `text` from the clipboard into the field, as Ctrl+V does; answers what the field then holds. */
  async function paste(page: Page, selector: string, text: string): Promise<string> {
    await page.evaluate((t) => navigator.clipboard.writeText(t), text);
    const field = page.locator(selector).first();
    await field.fill("");
    await field.focus();
    await page.keyboard.press("Control+V");
    return await field.inputValue();
  }

  it("are password fields a password manager fills, that take a paste and long passwords: sign-in, registration, reset", async () => {
    const page = await freshPage();
    const pasted = "pasted from a manager, forty-two chars!!";
    const cases: [string, Record<string, string>][] = [
      ["/signin", { password: "current-password" }],
      ["/signin?tab=register", { password: "new-password", repeatPassword: "new-password" }],
      ["/recovery?code=abc", { password: "new-password", repeatPassword: "new-password" }],
    ];
    for (const [path, expected] of cases) {
      await page.goto(s.baseUrl + path);
      await waitForHydration(page);
      await page.locator('input[name="password"]').first().waitFor();
      const fields = await passwordFields(page);
      expect(Object.fromEntries(fields.map((f) => [f.name, f.autocomplete])), path).toEqual(expected);
      for (const f of fields) {
        expect(f.type, `${path} ${f.name}`).toBe("password");
        expect(f.maxLength === -1 || f.maxLength >= 128, `${path} ${f.name}`).toBe(true);
        expect(await paste(page, `input[name="${f.name}"]`, pasted), `${path} ${f.name}`).toBe(pasted);
      }
    }
  });

  it("are password fields in the user's own dialog too: the current one filled as current, the new ones as new", async () => {
    const me = await signIn(s, "brw-admin");
    const page = await signedInPage(browser, s, contexts, "brw-admin", `/users/${me.user.id}`, {
      timeoutMs: 20_000,
    });
    const dialog = page.getByRole("dialog");
    await dialog.locator('input[name="currentPassword"]').waitFor();
    const fields = await passwordFields(page);
    expect(Object.fromEntries(fields.map((f) => [f.name, [f.type, f.autocomplete]]))).toEqual({
      password: ["password", "new-password"],
      repeatPassword: ["password", "new-password"],
      currentPassword: ["password", "current-password"],
    });
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"], { origin: s.baseUrl });
    expect(await paste(page, 'input[name="currentPassword"]', PASSWORD)).toBe(PASSWORD);
  });
});

describe("the browser's storage (14.3.3)", () => {
  it("holds the sign-in and the preferences the spec lists, and never the password", async () => {
    // With the app's service worker, whose caches are storage too.
    const page = await freshPage("allow");
    await page.goto(s.baseUrl + "/signin");
    await waitForHydration(page);
    await signInThroughForm(page, "brw-admin", PASSWORD);
    await page.locator('[data-menu-button="user"]').waitFor();
    for (const path of ["/users", "/companies", "/my-company"]) {
      await page.goto(s.baseUrl + path);
      await waitForHydration(page);
    }
    // The worker has installed (its precache filled) and serves the page.
    await waitForServiceWorker(page);
    const stored = await page.evaluate(async () => ({
      local: Object.fromEntries(Object.entries(localStorage)),
      session: Object.fromEntries(Object.entries(sessionStorage)),
      databases: (await indexedDB.databases()).map((d) => d.name),
      caches: await caches.keys(),
      cookies: document.cookie,
    }));
    // Local storage: what the spec lists (client/state.ts KEYS): the token data, the menu, the theme, the
    // menu's and lists' form.
    expect(
      Object.keys(stored.local).every((k) =>
        ["wms.auth", "wms.menu", "wms.darkMode", "wms.compactMenu", "wms.compactLists", "wms.faceTenant"]
          .includes(k)
      ),
      JSON.stringify(Object.keys(stored.local)),
    ).toBe(true);
    expect(Object.keys(stored.local)).toContain("wms.auth");
    const auth = JSON.parse(stored.local["wms.auth"]);
    expect(Object.keys(auth).sort()).toEqual([
      "expiresAt",
      "refreshExpiresAt",
      "refreshToken",
      "token",
      "user",
    ]);
    expect(Object.keys(auth.user).sort()).not.toContain("passwordHash");
    // Session storage: at most the path to go back to after a sign-in.
    expect(Object.keys(stored.session).filter((k) => k !== "wms.remembered")).toEqual([]);
    // No database of records for a user without the terminal (its offline cache is the terminal's own).
    expect(stored.databases.filter((d) => d !== "wms-terminal")).toEqual([]);
    // The service worker's caches: the application's files and the startup configuration.
    expect(
      stored.caches.every((c) => /^wms-(shell|startup)$|^workbox-precache/.test(c)),
      stored.caches.join(),
    ).toBe(true);
    expect(stored.caches.some((c) => /^workbox-precache/.test(c)), stored.caches.join()).toBe(true);
    const everything = JSON.stringify(stored);
    expect(everything).not.toContain(PASSWORD);
    expect(everything).not.toContain("scrypt$");
  }, 90_000);
});
