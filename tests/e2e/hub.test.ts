// The real-time connection in a real browser against the real server: the status indicator of the top
// bar shows the hub connected after sign-in, comes back after the server drops the socket, and after a
// 4401 (the access token expired) the page reloads its startup configuration, renewing the token, and
// connects again without signing the user out.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { createTenant, PASSWORD, startServer, type TestServer } from "../fixtures/harness.ts";
import { launchBrowser, signInThroughForm, waitForHydration } from "./browser.ts";
import { enUs } from "../../shared/i18n/en_us.ts";

const TOKEN_SECONDS = 4;
let s: TestServer;
let browser: Browser;

beforeAll(async () => {
  s = await startServer({
    accessTokenTtlSeconds: TOKEN_SECONDS,
    loginLimitPerUser: 1000,
    loginLimitPerIp: 1000,
  });
  await createTenant(s, "acme");
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await s?.close();
});

async function signedIn(): Promise<Page> {
  const context = await browser.newContext({ locale: "en-US" });
  const page = await context.newPage();
  await page.goto(s.baseUrl + "/signin");
  await waitForHydration(page);
  await signInThroughForm(page, "acme-admin", PASSWORD);
  await page.waitForURL(/\/$/);
  return page;
}

function status(page: Page): Promise<string | null> {
  return page.getByTestId("connection-status").getAttribute("data-status");
}

describe("the real-time connection status", () => {
  it("shows connected after sign-in, and the server holds the socket", async () => {
    const page = await signedIn();
    await expect.poll(() => status(page), { timeout: 5000 }).toBe("connected");
    expect(await page.getByTestId("connection-status").textContent()).toContain(enUs["hub.status.connected"]);
    expect(s.platform.hub.stats().authenticated).toBe(1);
    await page.context().close();
    await expect.poll(() => s.platform.hub.stats().sockets).toBe(0);
  });

  it(
    "shows connecting when the server drops the socket, and connects again",
    async () => {
      const page = await signedIn();
      await expect.poll(() => status(page), { timeout: 5000 }).toBe("connected");
      s.platform.hub.closeAll();
      await expect.poll(() => status(page), { timeout: 1000, interval: 50 }).toBe("connecting");
      // The first retry comes after 2 s (spec section 7).
      await expect.poll(() => status(page), { timeout: 5000 }).toBe("connected");
      // The page says connected once its socket opens; the server counts it once it has read the token.
      await expect.poll(() => s.platform.hub.stats().authenticated).toBe(1);
      await page.context().close();
      await expect.poll(() => s.platform.hub.stats().sockets).toBe(0);
    },
  );

  it(
    "on 4401 reloads the startup configuration, renewing the expired token, and connects again",
    async () => {
      const page = await signedIn();
      await expect.poll(() => status(page), { timeout: 5000 }).toBe("connected");
      const calls: string[] = [];
      page.on("request", (r) => {
        const path = new URL(r.url()).pathname;
        if (path.startsWith("/api/")) calls.push(`${r.method()} ${path}`);
      });
      const firstToken = await page.evaluate(() => JSON.parse(localStorage.getItem("wms.auth")!).token);
      // Idle past the token's life: the server closes the socket with 4401.
      await page.waitForFunction(
        (old) => JSON.parse(localStorage.getItem("wms.auth")!).token !== old,
        firstToken,
        { timeout: (TOKEN_SECONDS + 3) * 1000 },
      );
      expect(calls).toContain("GET /api/config/getuserstartupconfig");
      expect(calls).toContain("GET /api/Auth");
      await expect.poll(() => status(page), { timeout: 5000 }).toBe("connected");
      expect(page.url()).toMatch(/\/$/);
      await expect.poll(() => s.platform.hub.stats().authenticated).toBe(1);
      await page.context().close();
    },
  );
});
