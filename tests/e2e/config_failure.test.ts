// When the startup configuration cannot be downloaded the page says so in a toast and stays usable.
// The failure is real: the user's stored settings are corrupted in the tenant's SQLite file, so the
// server's GET config/getuserstartupconfig fails (500, written to SystemLog).
import { DatabaseSync } from "node:sqlite";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { call, createTenant, PASSWORD, signIn, startServer, type TestServer } from "../fixtures/harness.ts";
import { launchBrowser, openUserMenu, signInThroughForm, waitForHydration } from "./browser.ts";
import { deDe } from "../../shared/i18n/de_de.ts";

let s: TestServer;
let browser: Browser;

beforeAll(async () => {
  s = await startServer();
  await createTenant(s, "cfg");
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await s?.close();
});

async function corruptSettings(username: string): Promise<void> {
  const { dbUrl } = (await s.platform.registry.bySlug("cfg"))!;
  const db = new DatabaseSync(dbUrl.startsWith("file:") ? dbUrl.slice("file:".length) : fileURLToPath(dbUrl));
  try {
    db.prepare("UPDATE users SET settings = ? WHERE username = ?").run("{not json", username);
  } finally {
    db.close();
  }
}

describe("the startup configuration fails to download", () => {
  it("shows the translated toast, and the page stays usable: sign-out works", async () => {
    const page = await (await browser.newContext({ locale: "de-DE" })).newPage();
    await page.goto(`${s.baseUrl}/signin`);
    await waitForHydration(page);
    await signInThroughForm(page, "cfg-admin", PASSWORD);
    await page.waitForURL(/\/$/);
    await page.locator('nav [data-section="administration"]').waitFor();

    await corruptSettings("cfg-admin");
    const { token } = await signIn(s, "cfg-admin");
    expect((await call(s, "GET", "/api/config/getuserstartupconfig", { token })).status).toBe(500);

    await page.reload();
    await waitForHydration(page);
    await page.getByRole("alert").filter({ hasText: deDe["error.configDownloadFailed"] }).waitFor();
    // No menu without the configuration, but the frame works.
    expect(await page.locator('nav [data-section="administration"]').count()).toBe(0);
    await (await openUserMenu(page)).getByRole("menuitem", { name: deDe["common.signOut"] }).click();
    await page.waitForURL(/\/signin$/);
    expect(await page.evaluate(() => localStorage.getItem("wms.auth"))).toBeNull();
    await page.context().close();
  });
});
