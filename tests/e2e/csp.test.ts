// The pages' Content-Security-Policy holds for the app itself: signing in through the form and opening the
// main screens (lists, dialogs' chunks, charts, the tree, the missing page) in Chromium reports no violation,
// so no inline script, eval or foreign origin is needed. The policy's headers themselves are checked in
// tests/integration/hardening.test.ts.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContext } from "playwright-core";
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

describe("the Content-Security-Policy", () => {
  it("reports no violation while a user signs in and opens the main screens", async () => {
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
    const page = await context.newPage();
    const console: string[] = [];
    page.on("console", (m) => {
      if (/Content Security Policy/i.test(m.text())) console.push(m.text());
    });
    await page.setViewportSize({ width: 1400, height: 900 });
    await page.goto(`${s.baseUrl}/signin`);
    await waitForHydration(page);
    await signInThroughForm(page, "csp-admin", PASSWORD);
    await page.waitForURL((url) => !url.pathname.startsWith("/signin"));
    const violations: string[] = [];
    const collect = async () => {
      violations.push(
        ...await page.evaluate(() => (globalThis as unknown as { cspViolations: string[] }).cspViolations),
      );
    };
    for (
      const path of [
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
      ]
    ) {
      await page.goto(s.baseUrl + path);
      await waitForHydration(page);
      await page.waitForLoadState("networkidle");
      await collect();
    }
    expect(violations).toEqual([]);
    expect(console).toEqual([]);
  });
});
