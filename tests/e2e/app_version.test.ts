// The client-version handshake in the browser: a page learns from any API answer that the server now
// serves a newer client and shows the persistent banner whose Refresh reloads the page; an outdated page
// may not sign in and says why. The servers claim other builds through their configuration (clientBuild),
// while the browser runs the assets in dist/.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { createTenant, PASSWORD, startServer, type TestServer } from "../fixtures/harness.ts";
import { launchBrowser, signInThroughForm, waitForHydration } from "./browser.ts";
import { enUs } from "../../shared/i18n/en_us.ts";
import { plPl } from "../../shared/i18n/pl_pl.ts";

let s: TestServer;
let newer: TestServer;
let browser: Browser;

beforeAll(async () => {
  s = await startServer();
  await createTenant(s, "ver");
  newer = await startServer({ clientBuild: "feedfacecafebeef" });
  await createTenant(newer, "newer");
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await s?.close();
  await newer?.close();
});

async function open(server: TestServer, path: string, locale = "en-US"): Promise<Page> {
  // With the app's service worker: Refresh must reach the new build past it (client/app_version.ts).
  const page = await (await browser.newContext({ locale, serviceWorkers: "allow" })).newPage();
  await page.goto(server.baseUrl + path);
  await waitForHydration(page);
  return page;
}

// Bounds against a hang, not measures: on a loaded 2-core machine these tests took up to about 25 s.
describe("a new client build is served while the page is open", { timeout: 90_000 }, () => {
  it("shows the banner after the next API call, and Refresh reloads the page", async () => {
    const page = await open(s, "/signin");
    await signInThroughForm(page, "ver-admin", PASSWORD);
    await page.waitForURL(/\/$/);
    await page.getByRole("link", { name: enUs["route.users"] }).click();
    await page.getByRole("grid").waitFor();
    const banner = page.getByTestId("outdated-banner");
    expect(await banner.count()).toBe(0);

    // A deployment: the server now serves another build than the one this page runs.
    s.platform.config.clientBuild = "0123456789abcdef";
    try {
      await page.getByRole("link", { name: enUs["route.my-company"] }).click();
      await banner.waitFor();
      expect(await banner.textContent()).toContain(enUs["error.clientOutdated"]);
      // Non-blocking: the page goes on working under the banner.
      await page.getByRole("link", { name: enUs["route.users"] }).click();
      await page.getByRole("grid").waitFor();
      expect(await banner.isVisible()).toBe(true);

      await page.evaluate(() => ((globalThis as { beforeRefresh?: boolean }).beforeRefresh = true));
      const reloaded = page.waitForEvent("load");
      await banner.getByRole("button", { name: enUs["common.refresh"] }).click();
      await reloaded;
      await waitForHydration(page);
      expect(await page.evaluate(() => (globalThis as { beforeRefresh?: boolean }).beforeRefresh))
        .toBeUndefined();
      expect(page.url()).toMatch(/\/users$/);
    } finally {
      s.platform.config.clientBuild = undefined;
    }
    await page.context().close();
  });
});

describe("sign-in with an outdated page", () => {
  it("is refused with the translated message and the banner", async () => {
    const page = await open(newer, "/signin", "pl-PL");
    // The sign-in page asks the server whether third-party sign-in is on: that answer already tells it.
    await page.getByTestId("outdated-banner").getByText(plPl["error.clientOutdated"]).waitFor();
    await signInThroughForm(page, "newer-admin", PASSWORD);
    await page.locator("form").getByText(plPl["error.clientOutdated"]).waitFor();
    await page.getByTestId("outdated-banner").getByText(plPl["error.clientOutdated"]).waitFor();
    expect(page.url()).toMatch(/\/signin$/);
    expect(await page.evaluate(() => localStorage.getItem("wms.auth"))).toBeNull();
    await page.context().close();
  });
});
