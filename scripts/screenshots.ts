// Screenshots of the main screens in both themes, for the README: `deno task screenshots`.
// A real server with the demo tenant, Debian's chromium, a desktop and a phone viewport.
import { mkdirSync } from "node:fs";
import { startServer } from "../tests/fixtures/harness.ts";
import { launchBrowser, signInThroughForm, waitForHydration } from "../tests/e2e/browser.ts";
import { seedDemo } from "../tenants/demo.ts";

const OUT = "docs/screenshots";
mkdirSync(OUT, { recursive: true });
const s = await startServer({ demoPassword: "demo1234" });
await seedDemo(s.platform);
const browser = await launchBrowser();
const shots: string[] = [];
try {
  for (const theme of ["light", "dark"] as const) {
    for (const device of ["desktop", "phone"] as const) {
      const context = await browser.newContext({
        locale: "en-US",
        viewport: device === "desktop" ? { width: 1280, height: 800 } : { width: 390, height: 844 },
        deviceScaleFactor: 1,
      });
      await context.addCookies([{ name: "wms_theme", value: theme, url: s.baseUrl }]);
      const page = await context.newPage();
      const shot = async (name: string) => {
        const file = `${OUT}/${name}-${theme}-${device}.png`;
        await page.waitForTimeout(300);
        await page.screenshot({ path: file });
        shots.push(file);
      };
      await page.goto(s.baseUrl + "/signin");
      await waitForHydration(page);
      await shot("signin");
      await signInThroughForm(page, "admin", "demo1234");
      await page.waitForURL(/\/$/);
      await page.locator("nav a").first().waitFor({ state: "attached" });
      for (const [name, path] of [["home", "/"], ["users", "/users"], ["my-company", "/my-company"]]) {
        await page.goto(s.baseUrl + path);
        await waitForHydration(page);
        await page.locator("nav a").first().waitFor({ state: "attached" });
        await shot(name);
      }
      if (device === "phone") {
        await page.getByRole("button", { name: "Settings" }).click();
        await page.getByRole("dialog").waitFor();
        await shot("settings");
      }
      await context.close();
    }
  }
} finally {
  await browser.close();
  await s.close();
}
console.log(shots.join("\n"));
// A command-line run: end here even if a handle of the browser's pipe outlives its close.
Deno.exit(0);
