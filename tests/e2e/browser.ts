// Real headless Chromium (Debian's) driven by playwright-core, against the real server.
import { type Browser, type BrowserContext, chromium, type Locator, type Page } from "playwright-core";
import { signIn, type TestServer } from "../fixtures/harness.ts";
import { languageNames } from "../../shared/i18n/mod.ts";
import { defaultBrowser, launchOptions, withoutServiceWorkers } from "./chromium.ts";

/**
 * `extraArgs`: more switches (a fake camera: --use-fake-device-for-media-stream and its file).
 * `scrollBars`: draw scroll bars as a desktop does (headless Chromium hides them by default).
 * With neither, the run's shared browser (chromium.ts). Either way its contexts have no service worker
 * unless a test asks for one (`serviceWorkers: "allow"`, chromium.ts withoutServiceWorkers).
 */
export async function launchBrowser(
  extraArgs: string[] = [],
  options: { scrollBars?: boolean } = {},
): Promise<Browser> {
  if (extraArgs.length === 0 && !options.scrollBars) return defaultBrowser();
  return withoutServiceWorkers(await chromium.launch(await launchOptions(extraArgs, options)));
}

/** Signs in through the form, as a person does. */
export async function signInThroughForm(page: Page, username: string, password: string): Promise<void> {
  await page.getByRole("textbox", { name: /user|użytkownik|benutzer|utilisateur|usuario|пользовател/i }).fill(
    username,
  );
  await page.locator('input[name="password"]').first().fill(password);
  await page.locator('form[aria-label] button[type="submit"]').first().click();
}

/** Waits until the app has hydrated and its effects ran (it marks <html data-hydrated>). */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
}

/**
 * Waits until the app's service worker controls the page: it has precached the app (some 150 files), which
 * took over 20 s on a machine running the suite three times slow, so the bound is a minute.
 */
export async function waitForServiceWorker(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
    timeout: 60_000,
  });
}

export interface SignedInPageOptions {
  locale?: string;
  viewport?: { width: number; height: number };
  /** Playwright's default time-out for the page's actions. */
  timeoutMs?: number;
  /** For the first page of a run, which may wait for the server's first rendering on a loaded machine. */
  goto?: { waitUntil?: "load" | "domcontentloaded"; timeout?: number };
  /** Let a test inject scripts (axe-core) past the page's Content Security Policy. */
  bypassCSP?: boolean;
  /** A phone: touch events and the mobile viewport meta honoured. */
  mobile?: boolean;
  /** "allow": the app's service worker, for what it does (the offline terminal); none by default. */
  serviceWorkers?: "allow" | "block";
  /** Before the page is opened: routes a test sets on the context (a request refused, held back). */
  beforeGoto?: (context: BrowserContext) => Promise<unknown>;
}

/**
 * A page signed in as `username` (the session put where the app keeps it, as after a sign-in), opened at
 * `path` and hydrated. Its context is added to `contexts` for the test file to close.
 */
export async function signedInPage(
  browser: Browser,
  server: TestServer,
  contexts: BrowserContext[],
  username: string,
  path: string,
  options: SignedInPageOptions = {},
): Promise<Page> {
  const auth = await signIn(server, username);
  const context = await browser.newContext({
    locale: options.locale ?? "en-US",
    bypassCSP: options.bypassCSP,
    serviceWorkers: options.serviceWorkers,
    ...(options.mobile ? { hasTouch: true, isMobile: true } : {}),
  });
  contexts.push(context);
  await context.addInitScript((value) => {
    if (!localStorage.getItem("wms.auth")) localStorage.setItem("wms.auth", value);
  }, JSON.stringify(auth));
  await options.beforeGoto?.(context);
  const page = await context.newPage();
  if (options.timeoutMs) page.setDefaultTimeout(options.timeoutMs);
  await page.setViewportSize(options.viewport ?? { width: 1400, height: 900 });
  await page.goto(server.baseUrl + path, options.goto);
  await waitForHydration(page);
  return page;
}

/**
 * Opens the user's menu (the button with their name at the end of the top bar) unless it is open, and
 * answers the menu.
 */
export async function openUserMenu(page: Page): Promise<Locator> {
  const menu = page.locator('[data-menu="user"]');
  if (!(await menu.isVisible())) await page.locator('[data-menu-button="user"]').click();
  await menu.waitFor();
  return menu;
}

/**
 * Chooses the interface language as a person does, by the name it has in itself ("Polski", "English",
 * "Deutsch", "Français", "Español", "Русский"): signed in, through the user's menu (its language item;
 * the menu is closed again afterwards); on the sign-in page, through its language select. Returns once
 * the page speaks it (<html lang>). Signed in, the choice is also saved as the user's default language
 * (PATCH config/changeuserconfig), as after any choice of a person.
 */
export async function chooseLanguage(page: Page, language: string): Promise<void> {
  const code = Object.entries(languageNames).find(([, name]) => name === language)?.[0];
  if (!code) throw new Error(`no interface language is called "${language}"`);
  if (await page.locator('[data-menu-button="user"]').count()) {
    const menu = await openUserMenu(page);
    await menu.getByRole("menuitemradio", { name: language, exact: true }).click();
    await page.waitForFunction((lang) => document.documentElement.lang === lang, code);
    await page.keyboard.press("Escape");
    await menu.waitFor({ state: "detached" });
  } else {
    await page.locator("[data-language-select] button").click();
    await page.getByRole("option", { name: language, exact: true }).click();
    await page.waitForFunction((lang) => document.documentElement.lang === lang, code);
  }
}

/** Waits until the generic list says it holds `text` rows. */
export async function waitForListCount(page: Page, text: string): Promise<void> {
  await page.waitForFunction(
    (expected) => document.querySelector('[data-testid="list-count"]')?.textContent === expected,
    text,
  );
}

/**
 * A date field (react-aria's DateField: a group of day, month and year segments in the interface
 * language's order) by its label.
 */
export function dateField(scope: Page | Locator, name: string | RegExp, exact = true): Locator {
  return scope.getByRole("group", { name, exact: typeof name === "string" ? exact : undefined });
}

/** The "YYYY-MM-DD" a date field holds ("" for none), as its form value says. */
export function dateValue(field: Locator): Promise<string> {
  return field.locator("xpath=..").locator('input[type="hidden"]').first().inputValue();
}

/**
 * Types `iso` ("YYYY-MM-DD") into a date field as a person does, segment by segment in the order the
 * field shows them (month/day/year in English, day.month.year in Polish and German), then leaves it.
 */
export async function typeDate(field: Locator, iso: string): Promise<void> {
  const [year, month, day] = iso.split("-");
  const segments = field.getByRole("spinbutton");
  // The field may still be on its way (a position's dates appear once its product's flags are read).
  await segments.last().waitFor();
  for (let i = 0; i < await segments.count(); i++) {
    const segment = segments.nth(i);
    const type = await segment.getAttribute("data-type");
    // Each segment by itself (not relying on a full segment moving focus on, which a busy page may lag).
    await segment.focus();
    await segment.pressSequentially(type === "year" ? year : type === "month" ? month : day, { delay: 10 });
  }
  await field.page().keyboard.press("Tab");
  // The field holds the date before anything else is done with it.
  await field.page().waitForFunction(
    ([el, want]) =>
      (el as HTMLElement).parentElement?.querySelector<HTMLInputElement>('input[type="hidden"]')?.value ===
        want,
    [await field.elementHandle(), iso] as const,
  );
}
