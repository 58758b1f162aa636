// axe-core's scan of an open page (no serious or critical violation is what the browser tests hold the app
// to), in the page's theme and in the other one.
import type { Page } from "playwright-core";
import { createRequire } from "node:module";

const axePath = createRequire(import.meta.url).resolve("axe-core/axe.min.js");

interface Violation {
  id: string;
  impact: string;
  help: string;
  nodes: Array<{ target: string[] }>;
}

type Theme = "light" | "dark";

/**
 * axe's violations of the page as it is. axe is injected as an inline script, which the pages'
 * Content-Security-Policy rightly refuses: the contexts that scan bypass the policy (`bypassCSP`;
 * tests/e2e/shell.test.ts checks that the app itself needs no such bypass).
 */
async function axeViolations(page: Page): Promise<Violation[]> {
  if (!(await page.evaluate(() => "axe" in globalThis))) await page.addScriptTag({ path: axePath });
  return await page.evaluate(async () => {
    // deno-lint-ignore no-explicit-any
    const result = await (globalThis as any).axe.run(document, { resultTypes: ["violations"] });
    return result.violations as Violation[];
  });
}

/**
 * Switches the open page to `theme` as the app does when the person chooses it in another of its tabs
 * (client/shell/tab_sync.ts: the choice arrives on the app's channel and the page follows at once, an open
 * dialog or list included, and saves nothing), with the system's colour scheme to match.
 */
async function switchTheme(page: Page, theme: Theme): Promise<void> {
  await page.emulateMedia({ colorScheme: theme });
  await page.evaluate((theme) => {
    const channel = new BroadcastChannel("wms-preferences");
    channel.postMessage({ theme });
    channel.close();
  }, theme);
  await page.waitForFunction((t) => document.documentElement.dataset.theme === t, theme);
}

/**
 * The serious and critical violations of the page as it is, in its theme and then in the other one (the
 * same screen, switched without a reload: one page load scans both), each named by `where` and the theme.
 * The page is left in its own theme.
 */
export async function scan(page: Page, where: string): Promise<string[]> {
  const mine = await page.evaluate(() => document.documentElement.dataset.theme) as Theme;
  const other: Theme = mine === "dark" ? "light" : "dark";
  const found: string[] = [];
  for (const theme of [mine, other]) {
    if (theme !== mine) await switchTheme(page, theme);
    found.push(
      ...(await axeViolations(page))
        .filter((v) => v.impact === "serious" || v.impact === "critical")
        .map((v) =>
          `${where} (${theme}): ${v.id} (${v.impact}): ${v.help} at ${
            v.nodes.map((n) => n.target.join(" ")).join(", ")
          }`
        ),
    );
  }
  await switchTheme(page, mine);
  return found;
}
