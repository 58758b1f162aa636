// The security log in a real browser. Administration → Security log: an administrator finds a failed sign-in
// and a refused call by their translated names, narrows the list to one kind, opens an event read-only; the
// menu offers it in Polish; a business manager gets no rows.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { addUser, call, createTenant, signIn, startServer, type TestServer } from "../fixtures/harness.ts";
import { launchBrowser, signedInPage, type SignedInPageOptions, waitForListCount } from "./browser.ts";
import { listRow } from "./list_rows.ts";
import { enUs } from "../../shared/i18n/en_us.ts";
import { plPl } from "../../shared/i18n/pl_pl.ts";

let s: TestServer;
let browser: Browser;
const contexts: BrowserContext[] = [];
const secret = `Wrong-${crypto.randomUUID()}`;

beforeAll(async () => {
  s = await startServer({ loginLimitPerUser: 1000, loginLimitPerIp: 1000 });
  await createTenant(s, "seclog");
  const admin = (await signIn(s, "seclog-admin")).token;
  await addUser(s, admin, { username: "seclog-manager", isPowerUser: true });
  const failed = await call(s, "POST", "/api/Auth", {
    body: { username: "seclog-manager", password: secret },
    headers: { "user-agent": "curl/8.5.0" },
  });
  expect(failed.status).toBe(401);
  const manager = (await signIn(s, "seclog-manager")).token;
  expect((await call(s, "GET", "/api/SystemLog", { token: manager })).status).toBe(403);
  await s.platform.security.flush();
  browser = await launchBrowser();
}, 60_000);
afterAll(async () => {
  for (const c of contexts) await c.close();
  await browser?.close();
  await s?.close();
});

function pageAs(username: string, path: string, options: SignedInPageOptions = {}): Promise<Page> {
  return signedInPage(browser, s, contexts, username, path, {
    timeoutMs: 20_000,
    goto: { waitUntil: "domcontentloaded", timeout: 60_000 },
    ...options,
  });
}

describe("security log", () => {
  it("shows a failed sign-in and a refused call by name; one kind at a time; an event opens read-only", async () => {
    const page = await pageAs("seclog-admin", "/security-log");
    await page.getByRole("heading", { name: enUs["route.security-log"] }).waitFor();
    expect(await listRow(page, enUs["option.event.signIn.failed"])).toMatchObject({
      event: enUs["option.event.signIn.failed"],
      outcome: enUs["option.outcome.refused"],
      userName: "seclog-manager",
      ip: "127.0.0.1",
      detail: "password",
    });
    expect(await listRow(page, "SystemLog")).toMatchObject({
      event: enUs["option.event.access.refused"],
      userName: "seclog-manager",
      detail: 'GET /api/SystemLog: needs "admin"',
    });
    expect(await page.locator("body").textContent()).not.toContain(secret);
    // Narrowed to one kind by the event column's filter, as a person does.
    const label = enUs["list.filter"].replace("{column}", enUs["field.securityLog.event"]);
    await page.getByRole("button", { name: label, exact: true }).click();
    const editor = page.getByRole("dialog");
    // Opened from the keyboard: the long list of kinds opens over its button, where a mouse's release
    // would already choose one.
    await editor.getByRole("button", { name: new RegExp(enUs["list.value"]) }).press("Enter");
    await page.getByRole("option", { name: enUs["option.event.signIn.failed"], exact: true }).click();
    await editor.getByRole("button", { name: enUs["list.apply"] }).click();
    await waitForListCount(page, enUs["list.rows#one"].replace("{count}", "1"));
    expect(await listRow(page, "seclog-manager")).toMatchObject({
      event: enUs["option.event.signIn.failed"],
    });
    // Read-only: an event's dialog offers no edit or delete.
    await page.locator("[data-row-id]").first().click();
    const dialog = page.getByRole("dialog");
    await dialog.getByText("curl/8.5.0").waitFor();
    expect(await dialog.getByRole("button", { name: enUs["dialog.delete"] }).count()).toBe(0);
    expect(await dialog.getByRole("button", { name: enUs["dialog.editButton"] }).count()).toBe(0);
  });

  it("is in the administration menu in Polish, and shows a business manager nothing", async () => {
    const page = await pageAs("seclog-admin", "/", { locale: "pl-PL" });
    await page.getByRole("link", { name: plPl["route.security-log"] }).first().click();
    await page.getByRole("heading", { name: plPl["route.security-log"] }).waitFor();
    expect(await listRow(page, plPl["option.event.signIn.failed"])).toMatchObject({
      outcome: plPl["option.outcome.refused"],
    });
    const manager = await pageAs("seclog-manager", "/security-log");
    await manager.getByRole("heading", { name: enUs["route.security-log"] }).waitFor();
    expect(await manager.locator("[data-row-id]").count()).toBe(0);
  });
});
