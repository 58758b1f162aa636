// An axe-core scan of each main screen, in both themes: no serious or critical violation.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { createRequire } from "node:module";
import { call, createTenant, PASSWORD, signIn, startServer, type TestServer } from "../fixtures/harness.ts";
import { launchBrowser, signInThroughForm, waitForHydration } from "./browser.ts";
import { enUs } from "../../client/i18n/en_us.ts";

const axePath = createRequire(import.meta.url).resolve("axe-core/axe.min.js");

let s: TestServer;
let browser: Browser;
let groupId: number;
let companyId: number;
let locationId: number;
beforeAll(async () => {
  s = await startServer();
  await createTenant(s, "acme");
  // A product group with every kind of value its screen shows: a colour and an assigned user.
  const admin = (await signIn(s, "acme-admin")).token;
  const group = await call(s, "POST", "/api/ProductGroup", {
    token: admin,
    body: { name: "Frozen food", colour: "#1e90ff", icon: "snow", assignedUserId: 1 },
  });
  groupId = group.body.id;
  // A company with a tag and a contact person of it: their lists and the company's edit dialog.
  const tag = await call(s, "POST", "/api/Tags", { token: admin, body: { name: "VIP", colour: "#ff8800" } });
  await call(s, "POST", "/api/Tags", { token: admin, body: { name: "Cold chain" } });
  const company = await call(s, "POST", "/api/Company", {
    token: admin,
    body: { shortName: "Nordfrost", keyRole: "contractor", tagIds: [tag.body.id] },
  });
  companyId = company.body.id;
  await call(s, "POST", "/api/Person", {
    token: admin,
    body: { firstName: "Anna", lastName: "Kowalska", companyId, tagIds: [tag.body.id] },
  });
  // A location with a child (the tree's expandable row) and a barcode to draw.
  const root = await call(s, "POST", "/api/StorageSpace", {
    token: admin,
    body: { label: "WH1", cooled: true },
  });
  await call(s, "POST", "/api/StorageSpace", {
    token: admin,
    body: { label: "WH1-A01", parentId: root.body.id },
  });
  locationId = root.body.id;
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await s?.close();
});

interface Violation {
  id: string;
  impact: string;
  help: string;
  nodes: Array<{ target: string[] }>;
}

async function scan(page: Page): Promise<string[]> {
  await page.addScriptTag({ path: axePath });
  const violations = await page.evaluate(async () => {
    // deno-lint-ignore no-explicit-any
    const result = await (globalThis as any).axe.run(document, { resultTypes: ["violations"] });
    return result.violations as Violation[];
  });
  return violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

for (const theme of ["light", "dark"] as const) {
  // The scans of every screen take longer than a single test's default on a loaded machine.
  describe(`${theme} theme`, { timeout: 90_000 }, () => {
    it("the sign-in screen, the start page with the menu, the screens and the missing page pass axe", async () => {
      const context = await browser.newContext({ locale: "en-US", colorScheme: theme });
      await context.addCookies([{ name: "wms_theme", value: theme, url: s.baseUrl }]);
      const page = await context.newPage();
      await page.goto(s.baseUrl + "/signin");
      await waitForHydration(page);
      expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe(theme);
      const found: string[] = [];
      found.push(...(await scan(page)).map((v) => `/signin: ${v}`));
      await signInThroughForm(page, "acme-admin", PASSWORD);
      await page.waitForURL(/\/$/);
      await page.locator("nav a").first().waitFor();
      found.push(...(await scan(page)).map((v) => `/: ${v}`));
      const paths = ["/companies", "/no-such-screen", "/users", "/users/1", "/my-company", "/product-groups"];
      for (const path of [...paths, "/product-groups/new", `/product-groups/${groupId}`, "/contacts"]) {
        await page.goto(s.baseUrl + path);
        await waitForHydration(page);
        await page.locator("nav a").first().waitFor();
        if (path.startsWith("/product-groups")) {
          await page.locator('[data-testid="list-grid"] [data-row-id]').first().waitFor();
          if (path !== "/product-groups") await page.getByTestId("record-form").waitFor();
        }
        if (path === "/companies" || path === "/contacts") {
          await page.locator('[data-testid="list-grid"] [data-row-id]').first().waitFor();
        }
        found.push(...(await scan(page)).map((v) => `${path}: ${v}`));
      }
      // The reference picker with its suggestions open.
      await page.goto(s.baseUrl + "/product-groups/new");
      await waitForHydration(page);
      await page.getByRole("dialog").getByRole("combobox").fill("acme");
      await page.getByRole("option").first().waitFor();
      found.push(...(await scan(page)).map((v) => `/product-groups/new (suggestions): ${v}`));
      // A company's edit dialog with its linked tag, then with the tags' multi-picker offering the other.
      await page.goto(s.baseUrl + `/companies/${companyId}`);
      await waitForHydration(page);
      await page.getByRole("dialog").getByRole("button", { name: "Remove VIP" }).waitFor();
      found.push(...(await scan(page)).map((v) => `/companies/${companyId}: ${v}`));
      await page.getByRole("dialog").getByRole("combobox", { name: "Add to Tags" }).fill("cold");
      await page.getByRole("option", { name: "COLD CHAIN" }).waitFor();
      found.push(...(await scan(page)).map((v) => `/companies/${companyId} (tags): ${v}`));
      expect(found).toEqual([]);
      await context.close();
    });

    it("the location tree, a location's barcode and the generator pass axe", async () => {
      const context = await browser.newContext({ locale: "en-US", colorScheme: theme });
      await context.addCookies([{ name: "wms_theme", value: theme, url: s.baseUrl }]);
      const page = await context.newPage();
      await page.goto(s.baseUrl + "/signin");
      await waitForHydration(page);
      await signInThroughForm(page, "acme-admin", PASSWORD);
      await page.waitForURL(/\/$/);
      const found: string[] = [];
      // The location tree, one level open, and a location's preview with its barcode.
      await page.goto(s.baseUrl + "/warehouse-locations");
      await waitForHydration(page);
      await page.getByRole("tab", { name: enUs["locations.viewTree"] }).click();
      await page.getByRole("treegrid").getByRole("row", { name: "WH1" }).getByRole("button").click();
      await page.getByRole("treegrid").getByRole("row", { name: "WH1-A01" }).waitFor();
      found.push(...(await scan(page)).map((v) => `/warehouse-locations (tree): ${v}`));
      await page.goto(s.baseUrl + `/warehouse-locations/${locationId}/preview`);
      await waitForHydration(page);
      await page.getByRole("dialog").getByTestId("barcode").waitFor();
      found.push(...(await scan(page)).map((v) => `/warehouse-locations/${locationId}/preview: ${v}`));
      // The generator with its preview shown.
      await page.goto(s.baseUrl + "/warehouse-locations");
      await waitForHydration(page);
      await page.getByRole("button", { name: enUs["generator.open"] }).click();
      await page.getByRole("dialog").getByRole("button", { name: enUs["generator.preview"] }).click();
      await page.getByTestId("generator-preview").waitFor();
      found.push(...(await scan(page)).map((v) => `/warehouse-locations (generator): ${v}`));
      expect(found).toEqual([]);
      await context.close();
    });
  });
}
