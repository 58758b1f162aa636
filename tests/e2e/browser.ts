// Real headless Chromium (Debian's) driven by playwright-core, against the real server.
import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core";
import { existsSync } from "node:fs";
import { signIn, type TestServer } from "../fixtures/harness.ts";

export const CHROMIUM = "/usr/bin/chromium";

export function launchBrowser(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) {
    throw new Error(`${CHROMIUM} is missing: install Debian's chromium (npm test does this when it can)`);
  }
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
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

export interface SignedInPageOptions {
  locale?: string;
  viewport?: { width: number; height: number };
  /** Playwright's default time-out for the page's actions. */
  timeoutMs?: number;
  /** For the first page of a run, which may wait for the server's first rendering on a loaded machine. */
  goto?: { waitUntil?: "load" | "domcontentloaded"; timeout?: number };
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
  const context = await browser.newContext({ locale: options.locale ?? "en-US" });
  contexts.push(context);
  await context.addInitScript((value) => {
    if (!localStorage.getItem("wms.auth")) localStorage.setItem("wms.auth", value);
  }, JSON.stringify(auth));
  const page = await context.newPage();
  if (options.timeoutMs) page.setDefaultTimeout(options.timeoutMs);
  await page.setViewportSize(options.viewport ?? { width: 1400, height: 900 });
  await page.goto(server.baseUrl + path, options.goto);
  await waitForHydration(page);
  return page;
}

/** Waits until the generic list says it holds `text` rows. */
export async function waitForListCount(page: Page, text: string): Promise<void> {
  await page.waitForFunction(
    (expected) => document.querySelector('[data-testid="list-count"]')?.textContent === expected,
    text,
  );
}
