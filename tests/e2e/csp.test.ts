// The pages' Content-Security-Policy holds for the app itself: signing in through the form and opening the
// main screens (lists, dialogs' chunks, charts, the tree, the missing page) in Chromium reports no violation,
// so no inline script, eval or foreign origin is needed. The policy's headers themselves are checked in
// tests/integration/hardening.test.ts.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { createTenant, PASSWORD, startServer, type TestServer } from "../fixtures/harness.ts";
import { launchBrowser, signInThroughForm, waitForHydration } from "./browser.ts";

let s: TestServer;
let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  s = await startServer();
  await createTenant(s, "csp");
  browser = await launchBrowser();
});
afterAll(async () => {
  for (const c of contexts) await c.close();
  await browser?.close();
  await s?.close();
});

/** The main screens opened after signing in: lists, dialogs' chunks, charts, the tree, the missing page. */
const screens = [
  "/users",
  "/my-company",
  "/my-account",
  "/products",
  "/product-groups/new",
  "/warehouse-locations",
  "/warehouse-documents",
  "/warehouse-product-stock",
  "/warehouse-product-group-movements",
  "/warehouse-order-charts",
  "/warehouse-orders-operational",
  "/warehouse-orders-verify-positions",
  "/warehouse-new-order",
  "/active-sell-offers",
  "/warehouse-supply/1",
  "/title",
  "/no-such-screen",
];

// One page goes through all of them in order, a test per screen, so that each test's time is one page's
// (the whole walk is 17 page loads, past one test's time-out on a loaded machine).
describe("the Content-Security-Policy", () => {
  describe("reports no violation while a user signs in and opens the main screens", () => {
    let page: Page;
    const console: string[] = [];
    const violations = () =>
      page.evaluate(() => (globalThis as unknown as { cspViolations: string[] }).cspViolations);

    it("signing in", async () => {
      const context = await browser.newContext({ locale: "en-US" });
      contexts.push(context);
      // Registered before any page script runs (by the browser, not as an inline script).
      await context.addInitScript(() => {
        (globalThis as unknown as { cspViolations: string[] }).cspViolations = [];
        document.addEventListener("securitypolicyviolation", (e) => {
          (globalThis as unknown as { cspViolations: string[] }).cspViolations.push(
            `${e.violatedDirective} ${e.blockedURI}`,
          );
        });
      });
      page = await context.newPage();
      page.on("console", (m) => {
        if (/Content Security Policy/i.test(m.text())) console.push(m.text());
      });
      await page.setViewportSize({ width: 1400, height: 900 });
      await page.goto(`${s.baseUrl}/signin`);
      await waitForHydration(page);
      await signInThroughForm(page, "csp-admin", PASSWORD);
      await page.waitForURL((url) => !url.pathname.startsWith("/signin"));
      expect(console).toEqual([]);
    });

    it.each(screens)("opening %s", async (path) => {
      await page.goto(s.baseUrl + path);
      await waitForHydration(page);
      await page.waitForLoadState("networkidle");
      expect(await violations()).toEqual([]);
      expect(console).toEqual([]);
    });
  });
});
