// Debian's Chromium as the browser tests start it, and the one browser a vitest run shares
// (tests/e2e/shared_browser.ts): imports nothing of the app, so vitest's main process can load it.
import { type Browser, chromium, type LaunchOptions } from "playwright-core";
import { existsSync } from "node:fs";

export const CHROMIUM = "/usr/bin/chromium";

/** Where the run's shared browser listens (a WebSocket address), set by shared_browser.ts for the workers. */
export const SHARED_BROWSER_ENV = "WMS_TEST_BROWSER_WS";

/** Playwright's own `--disable-features` list, as found by `playwrightDisabledFeatures`, for the workers. */
const PLAYWRIGHT_FEATURES_ENV = "WMS_TEST_PLAYWRIGHT_DISABLED_FEATURES";

/**
 * Chromium features the tests switch off. Chromium 156 opens two omnibox pop-ups (chrome://omnibox-popup,
 * WebUI pages in renderers of their own) for every window, and each browser context is a window: they were a
 * sixth of the browser tests' CPU on a 2-core machine, with one of them busy at 66% of a core. And the spare
 * renderer: Chromium starts a renderer process ahead for the next page of the last browser context, and every
 * test's page is in a new context, which cannot use it (two renderers started per context, one for nothing:
 * 30 contexts with a page each cost 7.1 CPU-s with the spare, 6.2 without).
 */
const DISABLED_FEATURES = ["WebUIOmniboxPopup", "WebUIOmniboxAimPopup", "SpareRendererForSitePerProcess"];

let probed: Promise<string> | undefined;

/**
 * The `--disable-features` switch Playwright passes itself. Chromium keeps only the last of a switch given
 * twice, so a list of ours would drop Playwright's (HttpsUpgrades, PaintHolding, …): ours is its list and
 * ours in one switch, and its own is left out (`ignoreDefaultArgs`). Read off the command line of a browser
 * launched for that (about 0.3 s), once per run: the shared browser's set-up passes it on to the test
 * processes through the environment.
 */
export function playwrightDisabledFeatures(): Promise<string> {
  const known = process.env[PLAYWRIGHT_FEATURES_ENV];
  if (known) return Promise.resolve(known);
  return probed ??= (async () => {
    const probe = await chromium.launchServer({ executablePath: CHROMIUM, args: ["--no-sandbox"] });
    try {
      const arg = probe.process().spawnargs.find((a) => a.startsWith("--disable-features="));
      if (!arg) {
        throw new Error("Playwright passed Chromium no --disable-features switch: see tests/e2e/chromium.ts");
      }
      process.env[PLAYWRIGHT_FEATURES_ENV] = arg;
      return arg;
    } finally {
      await probe.close();
    }
  })();
}

/** Chromium's launch options with `extraArgs` and `scrollBars` as launchBrowser (browser.ts) takes them. */
export async function launchOptions(
  extraArgs: string[] = [],
  options: { scrollBars?: boolean } = {},
): Promise<LaunchOptions> {
  if (!existsSync(CHROMIUM)) {
    throw new Error(`${CHROMIUM} is missing: install Debian's chromium (npm test does this when it can)`);
  }
  const playwrights = await playwrightDisabledFeatures();
  const disabled = [...playwrights.slice("--disable-features=".length).split(","), ...DISABLED_FEATURES];
  return {
    executablePath: CHROMIUM,
    ignoreDefaultArgs: [playwrights, ...(options.scrollBars ? ["--hide-scrollbars"] : [])],
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      `--disable-features=${disabled.filter(Boolean).join(",")}`,
      ...extraArgs,
    ],
  };
}

/**
 * `browser` with its contexts made without service workers unless a test asks for them
 * (`serviceWorkers: "allow"`), as the tests of the offline terminal, the outdated build's Refresh and the
 * browser's storage do. On its first page in a context the app's worker precaches every hashed asset (about
 * 150 files, 4.5 MB), which cost Chromium and the test server about 0.8 s of CPU per context: on 2 cores,
 * a third of what a browser test file spent, for a worker no other test looks at.
 */
export function withoutServiceWorkers(browser: Browser): Browser {
  const newContext = browser.newContext.bind(browser);
  browser.newContext = (options = {}) =>
    newContext({ ...options, serviceWorkers: options.serviceWorkers ?? "block" });
  return browser;
}

/**
 * A browser with the default switches: a connection to the run's shared browser when there is one (a launch
 * and a close of Chromium took 3-5 s per file on a loaded machine, a connection under 0.5 s; a file's
 * contexts are as separate from another file's as two browsers are), else a browser of its own. Closing a connected
 * browser closes the contexts it made and leaves the shared one running. Its contexts have no service worker
 * unless asked (`withoutServiceWorkers`).
 */
export async function defaultBrowser(): Promise<Browser> {
  const shared = process.env[SHARED_BROWSER_ENV];
  const own = async () => chromium.launch(await launchOptions());
  // Should the shared browser have gone (a crash), the file still gets one.
  return withoutServiceWorkers(await (shared ? chromium.connect(shared).catch(own) : own()));
}
