// Debian's Chromium as the browser tests start it, and the one browser a vitest run shares
// (tests/e2e/shared_browser.ts): imports nothing of the app, so vitest's main process can load it.
import { type Browser, chromium, type LaunchOptions } from "playwright-core";
import { existsSync } from "node:fs";

export const CHROMIUM = "/usr/bin/chromium";

/** Where the run's shared browser listens (a WebSocket address), set by shared_browser.ts for the workers. */
export const SHARED_BROWSER_ENV = "WMS_TEST_BROWSER_WS";

/** Chromium's launch options with `extraArgs` and `scrollBars` as launchBrowser (browser.ts) takes them. */
export function launchOptions(
  extraArgs: string[] = [],
  options: { scrollBars?: boolean } = {},
): LaunchOptions {
  if (!existsSync(CHROMIUM)) {
    throw new Error(`${CHROMIUM} is missing: install Debian's chromium (npm test does this when it can)`);
  }
  return {
    executablePath: CHROMIUM,
    ...(options.scrollBars ? { ignoreDefaultArgs: ["--hide-scrollbars"] } : {}),
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      ...extraArgs,
    ],
  };
}

/**
 * A browser with the default switches: a connection to the run's shared browser when there is one (a launch
 * and a close of Chromium took 3-5 s per file on a loaded machine, a connection under 0.5 s; a file's
 * contexts are as separate from another file's as two browsers are), else a browser of its own. Closing a connected
 * browser closes the contexts it made and leaves the shared one running.
 */
export function defaultBrowser(): Promise<Browser> {
  const shared = process.env[SHARED_BROWSER_ENV];
  const own = () => chromium.launch(launchOptions());
  // Should the shared browser have gone (a crash), the file still gets one.
  return shared ? chromium.connect(shared).catch(own) : own();
}
