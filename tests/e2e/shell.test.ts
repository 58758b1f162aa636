// What a person sees in the browser: the guard and the remembered path, sign-in, the missing page,
// language and night mode that stick, the unreachable-server warning and a silent token refresh.
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { call, createTenant, PASSWORD, startServer, type TestServer } from "../fixtures/harness.ts";
import {
  chooseLanguage,
  launchBrowser,
  openUserMenu,
  signInThroughForm,
  waitForHydration,
} from "./browser.ts";
import { enUs } from "../../shared/i18n/en_us.ts";
import { plPl } from "../../shared/i18n/pl_pl.ts";
import { deDe } from "../../shared/i18n/de_de.ts";
import { frFr } from "../../shared/i18n/fr_fr.ts";
import { esEs } from "../../shared/i18n/es_es.ts";
import { ruRu } from "../../shared/i18n/ru_ru.ts";

let s: TestServer;
let browser: Browser;

beforeAll(async () => {
  s = await startServer({ accessTokenTtlSeconds: 2, loginLimitPerUser: 1000, loginLimitPerIp: 1000 });
  await createTenant(s, "acme");
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await s?.close();
});

async function freshPage(): Promise<Page> {
  const context = await browser.newContext({ locale: "en-US" });
  return context.newPage();
}

async function open(page: Page, path: string): Promise<void> {
  await page.goto(s.baseUrl + path);
  await waitForHydration(page);
}

/** A fresh page signed in as the administrator through the sign-in form, on the start page. */
async function signedInThroughForm(): Promise<Page> {
  const page = await freshPage();
  await open(page, "/signin");
  await signInThroughForm(page, "acme-admin", PASSWORD);
  await page.waitForURL(/\/$/);
  return page;
}

describe("sign-in and the guard", () => {
  it("sends a visitor to /signin, remembers the full path and returns there after sign-in", async () => {
    const page = await freshPage();
    await open(page, "/users/17/edit?tab=roles");
    await page.waitForURL(/\/signin$/);
    await expect(page.getByRole("heading", { name: enUs["signin.title"] }).isVisible()).resolves.toBe(true);
    await signInThroughForm(page, "acme-admin", PASSWORD);
    await page.waitForURL(/\/users\/17\/edit\?tab=roles$/);
    // The path opens the dialog of user 17, who does not exist in this tenant.
    await page.getByRole("dialog").getByText(enUs["apiError.record.notFoundOrNoPermission"]).waitFor();
    // The menu shows the sections of the startup configuration, and the current screen is marked.
    const current = page.locator('nav a[aria-current="page"]');
    expect(await current.textContent()).toBe(enUs["route.users"]);
    expect(await page.locator('nav [data-section="administration"]').count()).toBe(1);
    await page.context().close();
  });

  it("shows a wrong password as an error and keeps what was typed", async () => {
    const page = await freshPage();
    await open(page, "/signin");
    await signInThroughForm(page, "acme-admin", "not-the-password");
    await page.getByRole("alert").filter({ hasText: "Wrong user name or password." }).waitFor();
    expect(await page.locator('input[name="username"]').inputValue()).toBe("acme-admin");
    expect(page.url()).toMatch(/\/signin$/);
    await page.context().close();
  });

  it("goes to the last menu link when nothing was remembered, and signs out", async () => {
    const page = await signedInThroughForm();
    await page.getByRole("link", { name: enUs["route.companies"] }).click();
    await page.waitForURL(/\/companies$/);
    const { refreshToken } = JSON.parse((await page.evaluate(() => localStorage.getItem("wms.auth")))!);
    await (await openUserMenu(page)).getByRole("menuitem", { name: enUs["common.signOut"] }).click();
    await page.waitForURL(/\/signin$/);
    expect(await page.evaluate(() => localStorage.getItem("wms.auth"))).toBeNull();
    // The server ended the sign-in too: its refresh token, kept by anyone, no longer renews anything.
    await expect.poll(async () => (await call(s, "GET", "/api/Auth", { token: refreshToken })).status).toBe(
      401,
    );
    await signInThroughForm(page, "acme-admin", PASSWORD);
    await page.waitForURL(/\/companies$/);
    await page.context().close();
  });
});

describe("signing out while a token renewal is on its way", () => {
  it("stays signed out when the renewal answers afterwards, and the server ends the renewed sign-in", async () => {
    const page = await signedInThroughForm();
    // The first renewal (GET Auth) is held back after the server answered it, until the user has signed out.
    let release!: () => void;
    const released = new Promise<void>((r) => (release = r));
    let answered!: () => void;
    const held = new Promise<void>((r) => (answered = r));
    let holding = true;
    await page.route("**/api/Auth", async (route) => {
      if (route.request().method() !== "GET" || !holding) return route.fallback();
      holding = false;
      const response = await route.fetch();
      answered();
      await released;
      await route.fulfill({ response });
    });
    // The access token (2 s on this server) runs out; the next call meets it and asks for a renewal.
    await page.waitForFunction(() =>
      Date.parse(JSON.parse(localStorage.getItem("wms.auth")!).expiresAt) <= Date.now()
    );
    await page.getByRole("link", { name: enUs["route.companies"] }).click();
    await held;
    const reuses = async () => {
      await s.platform.security.flush();
      const dbUrl = (await s.platform.registry.bySlug("acme"))!.dbUrl;
      return await s.platform.pool.use(
        dbUrl,
        (c) => c.query("SELECT id FROM security_events WHERE event = 'refreshToken.reused'"),
      );
    };
    const reusesBefore = await reuses();
    await (await openUserMenu(page)).getByRole("menuitem", { name: enUs["common.signOut"] }).click();
    await page.waitForURL(/\/signin$/);
    // The renewal answers now: the page ends that sign-in on the server rather than storing it (its access
    // token, 2 s on this server, may have run out meanwhile: then renewed once more to say so).
    const ended = page.waitForResponse(
      (r) =>
        r.request().method() === "DELETE" && new URL(r.url()).pathname === "/api/Auth" && r.status() === 204,
      { timeout: 15_000 },
    ).catch(() => null);
    // (Whichever loses the race is left waiting until the page closes.)
    const storedAgain = page.waitForFunction(() => localStorage.getItem("wms.auth") !== null).catch(() => {});
    release();
    const first = await Promise.race([ended, storedAgain.then(() => "stored again" as const)]);
    expect(first).not.toBe("stored again");
    expect(first).not.toBeNull();
    expect(await page.evaluate(() => localStorage.getItem("wms.auth"))).toBeNull();
    expect(page.url()).toMatch(/\/signin$/);
    // Ended as a sign-out, not as a stolen token: the spent refresh token was never presented again.
    expect(await reuses()).toEqual(reusesBefore);
    await page.context().close();
  });
});

describe("the missing page", () => {
  it("answers 404 and says the page was moved, asking to recreate a broken favorite", async () => {
    const page = await freshPage();
    const res = await page.goto(s.baseUrl + "/no-such-screen");
    expect(res?.status()).toBe(404);
    await waitForHydration(page);
    const text = await page.getByTestId("not-found").textContent();
    expect(text).toContain(enUs["shell.notFound"]);
    expect(text).toContain("favorite");
    await page.context().close();
  });
});

// Bounds against a hang, not measures: on a loaded 2-core machine these tests took up to about 25 s.
describe("languages", { timeout: 90_000 }, () => {
  const catalogues = {
    "pl-pl": plPl,
    "en-us": enUs,
    "de-de": deDe,
    "fr-fr": frFr,
    "es-es": esEs,
    "ru-ru": ruRu,
  };
  const names = {
    "pl-pl": "Polski",
    "en-us": "English",
    "de-de": "Deutsch",
    "fr-fr": "Français",
    "es-es": "Español",
    "ru-ru": "Русский",
  };

  it("switches to each of the six languages, and the server renders the next page in it", async () => {
    const page = await freshPage();
    await open(page, "/signin");
    let current = "English";
    for (const [lang, cat] of Object.entries(catalogues)) {
      await page.getByRole("button", { name: new RegExp(current) }).click();
      await page.getByRole("option", { name: names[lang as keyof typeof names] }).click();
      current = names[lang as keyof typeof names];
      await page.getByRole("heading", { name: cat["signin.title"] }).waitFor();
      expect(await page.evaluate(() => document.documentElement.lang)).toBe(lang);
      await page.reload();
      await waitForHydration(page);
      // Rendered on the server in the chosen language (no flash of English).
      expect(await page.locator("h1").textContent()).toBe(cat["signin.title"]);
      expect(await page.evaluate(() => document.documentElement.lang)).toBe(lang);
    }
    await page.context().close();
  });

  it("loads only the page's language, preloaded by the server, and another when it is chosen", async () => {
    const assets = JSON.parse(readFileSync("dist/assets.json", "utf8")) as {
      languages: Record<string, string>;
    };
    const scriptOf = Object.fromEntries(Object.entries(assets.languages).map(([lang, url]) => [url, lang]));
    const context = await browser.newContext({ locale: "pl-PL" });
    const page = await context.newPage();
    const loaded: string[] = [];
    page.on("request", (r) => {
      const lang = scriptOf[new URL(r.url()).pathname];
      if (lang) loaded.push(lang);
    });
    await page.goto(s.baseUrl + "/signin");
    const preload = await page.locator('link[rel="modulepreload"]').evaluateAll((ls) =>
      ls.map((l) => l.getAttribute("href"))
    );
    expect(preload).toContain(assets.languages["pl-pl"]);
    await waitForHydration(page);
    expect(loaded).toEqual(["pl-pl"]);
    await page.getByRole("button", { name: /Polski/ }).click();
    await page.getByRole("option", { name: "Deutsch" }).click();
    await page.getByRole("heading", { name: deDe["signin.title"] }).waitFor();
    expect(loaded).toEqual(["pl-pl", "de-de"]);
    await context.close();
  });

  it("draws the sign-in page from the language's first script, the rest and the frame once someone signs in", async () => {
    const assets = JSON.parse(readFileSync("dist/assets.json", "utf8")) as {
      languages: Record<string, string>;
      languagesRest: Record<string, string>;
      frame: string;
    };
    const name = new Map<string, string>([
      [assets.languages["pl-pl"], "first"],
      [assets.languagesRest["pl-pl"], "rest"],
      [assets.frame, "frame"],
    ]);
    const context = await browser.newContext({ locale: "pl-PL" });
    const page = await context.newPage();
    const loaded: string[] = [];
    page.on("request", (r) => {
      const which = name.get(new URL(r.url()).pathname);
      if (which) loaded.push(which);
    });
    // A page that hydrates other than the server drew it says so here (React's mismatch error).
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    await open(page, "/signin");
    await page.waitForLoadState("networkidle");
    expect(loaded).toEqual(["first"]);
    // No text of the page is a catalogue key (what a text missing from the first script would show).
    const keys = Object.keys(plPl);
    const shownKeys = async () => {
      const text = await page.locator("body").innerText();
      return keys.filter((k) => text.includes(k));
    };
    for (const tab of ["signin.tab.register", "signin.tab.reset", "signin.tab.login"] as const) {
      await page.getByRole("tab", { name: plPl[tab] }).click();
      await page.getByRole("tab", { name: plPl[tab], selected: true }).waitFor();
      expect(await shownKeys(), tab).toEqual([]);
    }
    // A wrong password: the server's answer says why, in Polish.
    await signInThroughForm(page, "acme-admin", "not the password");
    await page.getByText(plPl["apiError.auth.wrongCredentials"]).waitFor();
    // Focusing the form brought the frame and the other texts while the person typed.
    expect(loaded.sort()).toEqual(["first", "frame", "rest"]);
    await page.locator('input[name="password"]').first().fill(PASSWORD);
    await page.locator('form[aria-label] button[type="submit"]').first().click();
    await page.waitForURL(/\/$/);
    await page.getByText(plPl["menu.administration"]).first().waitFor();
    expect(await shownKeys()).toEqual([]);
    // A page of the frame opened afresh loads both scripts and the frame before it hydrates.
    loaded.length = 0;
    await page.reload();
    await waitForHydration(page);
    expect(loaded.sort()).toEqual(["first", "frame", "rest"]);
    await page.getByText(plPl["menu.administration"]).first().waitFor();
    // The frame hydrated as the server drew it (the user's initial in its menu only after hydration).
    expect(errors).toEqual([]);
    await context.close();
  });

  it("follows the browser's language, with en-us as the fallback", async () => {
    for (const [locale, heading] of [["de-AT", deDe["signin.title"]], ["ja-JP", enUs["signin.title"]]]) {
      const context = await browser.newContext({ locale });
      const page = await context.newPage();
      await page.goto(s.baseUrl + "/signin");
      expect(await page.locator("h1").textContent()).toBe(heading);
      await context.close();
    }
  });
});

describe("night mode", () => {
  it("switches the theme and keeps it across pages", async () => {
    const page = await signedInThroughForm();
    const before = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    // Night mode is the dark theme in the user's menu.
    const nightMode = (await openUserMenu(page)).getByRole("menuitemradio", {
      name: enUs["userMenu.theme.dark"],
    });
    expect(await nightMode.isChecked()).toBe(false);
    await nightMode.click();
    expect(await nightMode.isChecked()).toBe(true);
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe("dark");
    const after = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(after).not.toBe(before);
    await page.reload();
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe("dark");
    expect(await page.evaluate(() => localStorage.getItem("wms.darkMode"))).toBe("true");
    await page.context().close();
  });
});

describe("when the server cannot be reached", () => {
  it("shows the persistent warning with Cancel and Refresh", async () => {
    const page = await freshPage();
    await open(page, "/signin");
    await page.route("**/api/**", (route) => route.abort("connectionrefused"));
    await signInThroughForm(page, "acme-admin", PASSWORD);
    const banner = page.getByTestId("offline-banner");
    await banner.waitFor();
    expect(await banner.textContent()).toContain(enUs["shell.serverUnreachable"]);
    await banner.getByRole("button", { name: enUs["common.cancel"] }).click();
    expect(await banner.count()).toBe(0);
    await page.context().close();
  });
});

describe("token refresh", () => {
  it("refreshes an expired token once and repeats the call", async () => {
    const page = await signedInThroughForm();
    const first = await page.evaluate(() => JSON.parse(localStorage.getItem("wms.auth")!).token);
    // The access token lives 2 s on this server: wait until it has run out.
    await page.waitForFunction(() =>
      Date.parse(JSON.parse(localStorage.getItem("wms.auth")!).expiresAt) <= Date.now()
    );
    // Choosing a language saves it on the server: that call meets the expired token.
    await chooseLanguage(page, "Deutsch");
    await page.waitForFunction((old) => JSON.parse(localStorage.getItem("wms.auth")!).token !== old, first);
    // The repeated call lands just after the new token is stored.
    const dbUrl = (await s.platform.registry.bySlug("acme"))!.dbUrl;
    await expect.poll(
      () =>
        s.platform.pool.use(
          dbUrl,
          (c) => c.query("SELECT default_language FROM users WHERE username = 'acme-admin'"),
        ),
      { timeout: 5000 },
    ).toEqual([{ default_language: "de-de" }]);
    expect(page.url()).toMatch(/\/$/);
    await page.context().close();
  });
});
