// vitest's global setup: one Chromium for the whole run, which each browser test file connects to
// (chromium.ts defaultBrowser) unless it needs switches of its own (a fake camera, scroll bars). The address
// reaches the test processes through the environment they inherit.
import { existsSync } from "node:fs";
import { chromium } from "playwright-core";
import { CHROMIUM, launchOptions, SHARED_BROWSER_ENV } from "./chromium.ts";

export default async function setup(): Promise<(() => Promise<void>) | undefined> {
  // Without Chromium each browser test says so itself (launchOptions); the other tests need none.
  if (!existsSync(CHROMIUM)) return;
  const server = await chromium.launchServer(await launchOptions());
  process.env[SHARED_BROWSER_ENV] = server.wsEndpoint();
  return async () => {
    delete process.env[SHARED_BROWSER_ENV];
    await server.close();
  };
}
