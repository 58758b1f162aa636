// The browser the tests launch: Playwright's own switches kept, and no page of Chromium's own interface
// opened beside each test's pages (they took a sixth of the browser tests' CPU).
import { afterAll, expect, it } from "vitest";
import { type Browser, chromium } from "playwright-core";
import { launchOptions, playwrightDisabledFeatures } from "./chromium.ts";

const browsers: Browser[] = [];
afterAll(async () => {
  for (const b of browsers) await b.close();
});

it("passes one --disable-features: Playwright's list and the omnibox pop-ups", async () => {
  const options = await launchOptions();
  const switches = options.args!.filter((a) => a.startsWith("--disable-features="));
  expect(switches).toHaveLength(1);
  const names = switches[0].slice("--disable-features=".length).split(",");
  const playwrights = (await playwrightDisabledFeatures()).slice("--disable-features=".length).split(",");
  expect(playwrights).toContain("PaintHolding");
  expect(names).toEqual(
    expect.arrayContaining([...playwrights, "WebUIOmniboxPopup", "WebUIOmniboxAimPopup"]),
  );
  // Playwright's own switch is left out, else Chromium would keep whichever came last.
  expect(options.ignoreDefaultArgs).toContain(await playwrightDisabledFeatures());
});

it("opens a window per context with no omnibox pop-up page in it", async () => {
  const browser = await chromium.launch(await launchOptions());
  browsers.push(browser);
  for (let i = 0; i < 2; i++) {
    const page = await (await browser.newContext()).newPage();
    await page.goto("data:text/html,<h1>hello</h1>");
  }
  const session = await browser.newBrowserCDPSession();
  const { targetInfos } = await session.send("Target.getTargets");
  expect(targetInfos.filter((t) => t.type === "page")).toHaveLength(2);
  expect(targetInfos.filter((t) => t.url.startsWith("chrome://"))).toEqual([]);
});
