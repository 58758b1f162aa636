// Change history in a real browser. Administration → Change history (RecordLog): an administrator finds
// the entry of a change made through the API and sees the changed fields by name, before beside after;
// the log is read-only and closed to a business manager. A record's own history: the manager who edited a
// product (the 403) opens it from the product's dialog, in German, field by field.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { addUser, call, createTenant, signIn, startServer, type TestServer } from "../fixtures/harness.ts";
import { launchBrowser, signedInPage, type SignedInPageOptions, waitForHydration } from "./browser.ts";
import { enUs } from "../../shared/i18n/en_us.ts";
import { deDe } from "../../shared/i18n/de_de.ts";

let s: TestServer;
let browser: Browser;
let groupId: number;
let productId: number;
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
  const manager = (await signIn(s, "manager-mia")).token;
  const product = await call(s, "POST", "/api/Product", {
    token: admin,
    body: { index: "MILK-1", name: "Milk", weight: 1 },
  });
  productId = product.body.id;
  const byManager = await call(s, "PUT", "/api/Product", {
    token: manager,
    body: { ...product.body, name: "Milk 3.2%", weight: 1.05 },
  });
  expect(byManager.status).toBe(200);
  browser = await launchBrowser();
}, 60_000);
afterAll(async () => {
  for (const c of contexts) await c.close();
  await browser?.close();
  await s?.close();
});

/** A page signed in as `username` at `path`. */
function pageAs(username: string, path: string, options: SignedInPageOptions = {}): Promise<Page> {
  return signedInPage(browser, s, contexts, username, path, options);
}

describe("change history", () => {
  it("shows an edit's changed fields by name, the value before beside the value after", async () => {
    const page = await pageAs("acme-admin", "/history");
    await page.getByRole("heading", { name: enUs["route.history"] }).waitFor();
    // Newest first: the edit of the group is the top entry of the ProductGroup rows.
    const entry = page.locator("[data-row-id]").filter({ hasText: "Frozen goods" }).first();
    await entry.waitFor();
    await entry.click();
    const dialog = page.getByRole("dialog");
    await dialog.waitFor();
    const table = dialog.getByRole("table");
    await table.waitFor();
    expect(await table.getByRole("columnheader").allTextContents()).toEqual([
      enUs["history.field"],
      enUs["history.before"],
      enUs["history.after"],
    ]);
    // One row per changed field, named as the group's form names it; the bookkeeping is left out.
    const rows = await table.locator("tbody tr").evaluateAll((trs) =>
      trs.map((tr) => [...tr.querySelectorAll("th, td")].map((c) => c.textContent))
    );
    expect(rows).toContainEqual([enUs["field.productGroup.name"], "Frozen food", "Frozen goods"]);
    expect(rows.find((r) => r[2] === "snowflake")?.[1]).toBe("—");
    expect(rows.map((r) => r[0])).not.toContain("version");
    expect(rows.map((r) => r[0])).not.toContain("updatedAt");
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

  it("opens a product's history from its dialog for the manager who edited it, in German", async () => {
    const page = await pageAs("manager-mia", `/products/${productId}/preview`, { locale: "de-DE" });
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("button", { name: deDe["history.open"] }).click();
    const history = page.getByRole("dialog", { name: deDe["history.title"].replace("{title}", "MILK-1") });
    await history.waitFor();
    const entries = history.getByTestId("history-entry");
    await entries.first().waitFor();
    expect(await entries.count()).toBe(2);
    // The newest first: the manager's change, by name, with the values in German.
    const change = entries.first();
    expect(await change.getByRole("heading").textContent()).toContain("manager-mia");
    expect(await change.getByRole("heading").textContent()).toContain(deDe["option.action.changed"]);
    const weight = change.getByRole("row", { name: new RegExp(`^${deDe["field.product.weight"]}`) });
    expect(await weight.locator("td").allTextContents()).toEqual(["1 kg", "1,05 kg"]);
    const name = change.getByRole("row", { name: new RegExp(`^${deDe["field.product.name"]}`) });
    expect(await name.locator("td").allTextContents()).toEqual(["Milk", "Milk 3.2%"]);
    // Closing the history returns to the product's dialog.
    await history.getByRole("button", { name: deDe["common.close"] }).click();
    await history.waitFor({ state: "detached" });
    expect(await dialog.isVisible()).toBe(true);
  });
});
