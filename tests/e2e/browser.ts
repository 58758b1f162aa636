// Real headless Chromium (Debian's) driven by playwright-core, against the real server.
import { type Browser, chromium, type Page } from "playwright-core";
import { existsSync } from "node:fs";

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
