// Screenshots of the main screens in both themes, for the README: `deno task screenshots`.
// A real server with the demo tenant, Debian's chromium, a desktop and a phone viewport.
import { mkdirSync } from "node:fs";
import { startServer } from "../tests/fixtures/harness.ts";
import { launchBrowser, signInThroughForm, waitForHydration } from "../tests/e2e/browser.ts";
import { seedDemo } from "../demo/seed.ts";

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
      for (
        const [name, path] of [
          ["home", "/"],
          ["documents", "/warehouse-documents"],
          ["stock", "/warehouse-product-stock"],
          ["orders", "/warehouse-orders"],
          ["users", "/users"],
          ["my-company", "/my-company"],
          ["logistics-config", "/logistics-config"],
          ["calendar-month", "/warehouse-calendar-month"],
          ["calendar-resources", "/warehouse-calendar-resources"],
          ["warehouse-map", "/warehouse-map"],
          ["price-list", "/products-price-list"],
        ]
      ) {
        await page.goto(s.baseUrl + path);
        await waitForHydration(page);
        await page.locator("nav a").first().waitFor({ state: "attached" });
        if (name === "logistics-config") {
          // The next numbers are asked for as the patterns show.
          await page.waitForFunction(() =>
            document.querySelector('[data-testid="numbering-preview"]')?.textContent
          );
        }
        if (name.startsWith("calendar")) await page.locator("[data-entry]").first().waitFor();
        if (name === "warehouse-map") {
          await page.locator("[data-place]").first().waitFor();
          await page.getByRole("img").first().waitFor();
        }
        if (["price-list", "documents", "stock", "orders", "users"].includes(name)) {
          await page.locator('[data-testid="list-grid"] [data-row-id]').first().waitFor();
        }
        await shot(name);
      }
      if (device === "phone") {
        // The user's menu under their name: language, theme, menu form, scanner suffix, sign out.
        await page.locator('[data-menu-button="user"]').click();
        await page.getByRole("menu").waitFor();
        await shot("settings");
      }
      await context.close();
    }
    // The five terminal screens on a phone, as the demo's terminal operator, each at a step of its work.
    const context = await browser.newContext({
      locale: "en-US",
      viewport: { width: 390, height: 844 },
      deviceScaleFactor: 1,
      hasTouch: true,
      isMobile: true,
    });
    await context.addCookies([{ name: "wms_theme", value: theme, url: s.baseUrl }]);
    const page = await context.newPage();
    await page.goto(s.baseUrl + "/signin");
    await waitForHydration(page);
    await signInThroughForm(page, "terminal", "demo1234");
    await page.waitForURL(/\/$/);
    const token = JSON.parse(await page.evaluate(() => localStorage.getItem("wms.auth")!)).token as string;
    const first = async (path: string) =>
      (await (await fetch(`${s.baseUrl}/api${path}`, { headers: { Authorization: `Bearer ${token}` } }))
        .json())
        .results[0] as Record<string, unknown>;
    const product = await first("/Product?PageSize=1&sortColumn=id");
    const scan = async (code: string) => {
      await page.getByTestId("terminal-scan").fill(code);
      await page.getByTestId("terminal-scan").press("Enter");
    };
    for (const route of ["in", "out", "collect", "relocate", "check"]) {
      await page.goto(`${s.baseUrl}/wms-terminal-${route}`);
      await waitForHydration(page);
      await page.getByTestId("terminal-prompt").waitFor();
      await page.waitForTimeout(800);
      const task = page.getByTestId("terminal-task").first();
      if (route === "in" || route === "relocate") {
        await page.getByTestId("terminal-new").click();
        if (route === "in") {
          await scan(String(product.index));
          await page.getByTestId("terminal-quantity").waitFor();
        }
      } else if (await task.count()) {
        await task.click();
        await page.waitForTimeout(800);
      }
      const file = `${OUT}/terminal-${route}-${theme}-phone.png`;
      await page.waitForTimeout(300);
      await page.screenshot({ path: file });
      shots.push(file);
    }
    await context.close();

    // The contractor portal as the demo's contractor (a product in the cart, then its orders), and the
    // widgets' demo page.
    const desk = await browser.newContext({ locale: "en-US", viewport: { width: 1280, height: 800 } });
    await desk.addCookies([{ name: "wms_theme", value: theme, url: s.baseUrl }]);
    const portal = await desk.newPage();
    const save = async (name: string) => {
      const file = `${OUT}/${name}-${theme}-desktop.png`;
      await portal.waitForTimeout(500);
      await portal.screenshot({ path: file });
      shots.push(file);
    };
    await portal.goto(s.baseUrl + "/signin");
    await waitForHydration(portal);
    await signInThroughForm(portal, "contractor", "demo1234");
    await portal.waitForURL(/\/$/);
    await portal.goto(s.baseUrl + "/external-order");
    await waitForHydration(portal);
    const row = portal.locator('[data-testid="list-grid"] [data-row-id]').first();
    await row.waitFor();
    if (theme === "light") {
      await row.click();
      const add = portal.getByRole("dialog");
      await add.getByRole("textbox", { name: "Quantity" }).fill("2");
      await add.getByRole("button", { name: "Announce a delivery of it", exact: true }).click();
      await portal.getByTestId("portal-cart-line").first().waitFor();
    }
    await save("portal-order");
    await portal.goto(s.baseUrl + "/my-orders");
    await waitForHydration(portal);
    await portal.locator('[data-testid="list-grid"]').waitFor();
    await save("portal-my-orders");
    await portal.goto(s.baseUrl + "/widgets/demo");
    await portal.locator("wms-stock td").first().waitFor();
    await portal.emulateMedia({ colorScheme: theme });
    await save("widgets-demo");
    await desk.close();
  }
} finally {
  await browser.close();
  await s.close();
}
console.log(shots.join("\n"));
// A command-line run: end here even if a handle of the browser's pipe outlives its close.
Deno.exit(0);
