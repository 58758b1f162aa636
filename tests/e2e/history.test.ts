// Administration → Change history (RecordLog) in a real browser: an administrator finds the entry of a
// change made through the API and sees the old and new object side by side, the changed keys marked; the
// history is read-only (no add, edit or delete), and a business manager cannot read it.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { addUser, call, createTenant, signIn, startServer, type TestServer } from "../fixtures/harness.ts";
import { launchBrowser, signedInPage, waitForHydration } from "./browser.ts";
import { enUs } from "../../client/i18n/en_us.ts";

let s: TestServer;
let browser: Browser;
let groupId: number;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  s = await startServer({ loginLimitPerUser: 1000, loginLimitPerIp: 1000 });
  await createTenant(s, "acme");
  const admin = (await signIn(s, "acme-admin")).token;
  await addUser(s, admin, { username: "manager-mia", isPowerUser: true });
  const created = await call(s, "POST", "/api/ProductGroup", { token: admin, body: { name: "Frozen food" } });
  groupId = created.body.id;
  const edited = await call(s, "PUT", "/api/ProductGroup", {
    token: admin,
    body: { id: groupId, version: 1, name: "Frozen goods", icon: "snowflake" },
  });
  expect(edited.status).toBe(200);
  browser = await launchBrowser();
}, 60_000);
afterAll(async () => {
  for (const c of contexts) await c.close();
  await browser?.close();
  await s?.close();
});

/** A page signed in as `username` at `path`. */
function pageAs(username: string, path: string): Promise<Page> {
  return signedInPage(browser, s, contexts, username, path);
}

describe("change history", () => {
  it("shows an edit's old and new object side by side with the changed keys marked", async () => {
    const page = await pageAs("acme-admin", "/history");
    await page.getByRole("heading", { name: enUs["route.history"] }).waitFor();
    // Newest first: the edit of the group is the top entry of the ProductGroup rows.
    const entry = page.locator("[data-row-id]").filter({ hasText: "Frozen goods" }).first();
    await entry.waitFor();
    await entry.click();
    const dialog = page.getByRole("dialog");
    await dialog.waitFor();
    const changed = dialog.locator('[data-changed="true"]');
    await changed.first().waitFor();
    const marked = await changed.allTextContents();
    // Both objects mark the same keys: the name, the icon, the version and the update time changed.
    expect(marked.some((t) => t.startsWith("name:") && t.includes("Frozen food"))).toBe(true);
    expect(marked.some((t) => t.startsWith("name:") && t.includes("Frozen goods"))).toBe(true);
    expect(marked.some((t) => t.startsWith("icon:") && t.includes("snowflake"))).toBe(true);
    const unchanged = await dialog.locator('[data-changed="false"]').allTextContents();
    expect(unchanged.some((t) => t.startsWith("id:"))).toBe(true);
    expect(unchanged.some((t) => t.startsWith("name:"))).toBe(false);
    // Read-only: the preview offers no edit or delete.
    expect(await dialog.getByRole("button", { name: enUs["dialog.delete"] }).count()).toBe(0);
    expect(await dialog.getByRole("button", { name: enUs["dialog.editButton"] }).count()).toBe(0);
    // Nor does the add route open a form.
    await page.goto(`${s.baseUrl}/history/new`);
    await waitForHydration(page);
    await page.locator("[data-row-id]").first().waitFor();
    expect(await page.getByRole("dialog").count()).toBe(0);
  });

  it("is not readable by a business manager", async () => {
    const r = await call(s, "GET", "/api/RecordLog", { token: (await signIn(s, "manager-mia")).token });
    expect(r.status).toBe(403);
    const page = await pageAs("manager-mia", "/history");
    await page.getByRole("heading", { name: enUs["route.history"] }).waitFor();
    expect(await page.locator("[data-row-id]").count()).toBe(0);
  });
});
