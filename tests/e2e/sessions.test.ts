// Where someone is signed in, in real Chromium (ASVS 7.5.2, 7.4.5): a user opens their sign-ins from the
// user's menu, sees this device marked among the others with their device and address, ends one, and
// signs out everywhere else; an administrator ends one user's sign-ins from the user's dialog, and
// everyone's from My company. The server is asked afterwards whether each sign-in still works.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import {
  addUser,
  call,
  createTenant,
  PASSWORD,
  signIn,
  startServer,
  type TestServer,
} from "../fixtures/harness.ts";
import { launchBrowser, openUserMenu, signedInPage, signInThroughForm, waitForHydration } from "./browser.ts";
import { enUs } from "../../shared/i18n/en_us.ts";

let s: TestServer;
let browser: Browser;
let admin: string;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  s = await startServer();
  await createTenant(s, "seen");
  admin = (await signIn(s, "seen-admin")).token;
  await addUser(s, admin, { username: "seen-picker" });
  browser = await launchBrowser();
}, 60_000);
afterAll(async () => {
  for (const c of contexts) await c.close();
  await browser?.close();
  await s?.close();
});

const FIREFOX = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0";
const PHONE =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36";

/** A sign-in from another device, named by its browser. */
async function elsewhere(username: string, userAgent: string) {
  const r = await call(s, "POST", "/api/Auth", {
    body: { username, password: PASSWORD },
    headers: { "user-agent": userAgent },
  });
  expect(r.status).toBe(200);
  return r.body as { token: string; refreshToken: string };
}

const works = async (t: { refreshToken: string }) =>
  (await call(s, "GET", "/api/Auth", { token: t.refreshToken })).status === 200;

/** Whether an access token is still honoured (asking changes nothing, unlike a refresh, which rotates). */
const honoured = async (token: string) =>
  (await call(s, "GET", "/api/config/getuserstartupconfig", { token })).status === 200;

const rows = (page: Page) => page.locator('[data-testid="sessions"] tbody tr');

describe("one's own sign-ins", () => {
  it("are listed from the user's menu, this device marked; one is ended, then every other at once", async () => {
    const desk = await elsewhere("seen-picker", FIREFOX);
    const phone = await elsewhere("seen-picker", PHONE);
    const page = await signedInPage(browser, s, contexts, "seen-picker", "/", { timeoutMs: 20_000 });
    await (await openUserMenu(page)).getByRole("menuitem", { name: enUs["sessions.menu"] }).click();
    const dialog = page.getByRole("dialog", { name: enUs["sessions.title"] });
    await dialog.waitFor();
    await expect.poll(() => rows(page).count()).toBe(3);
    const texts = await rows(page).allTextContents();
    expect(texts.some((t) => t.includes("Firefox, Windows"))).toBe(true);
    expect(texts.some((t) => t.includes("Chrome, Android"))).toBe(true);
    expect(texts.filter((t) => t.includes(enUs["sessions.thisDevice"]))).toHaveLength(1);
    expect(texts.every((t) => t.includes("127.0.0.1"))).toBe(true);

    // The desk's sign-in, ended from here: gone from the list, and its refresh token refused.
    const deskRow = rows(page).filter({ hasText: "Firefox, Windows" });
    await deskRow.getByRole("button", { name: enUs["sessions.end"] }).click();
    await expect.poll(() => rows(page).count()).toBe(2);
    expect(await works(desk)).toBe(false);
    // Asked by its access token: a refresh would rotate it, and a second refresh would be refused anyway.
    expect(await honoured(phone.token)).toBe(true);

    // Everywhere else: only this device is left, and the page goes on working.
    await dialog.getByRole("button", { name: enUs["sessions.endOthers"] }).click();
    await expect.poll(() => rows(page).count()).toBe(1);
    expect(await rows(page).first().textContent()).toContain(enUs["sessions.thisDevice"]);
    expect(await honoured(phone.token)).toBe(false);
    expect(await works(phone)).toBe(false);
    expect(await dialog.getByRole("button", { name: enUs["sessions.endOthers"] }).isDisabled()).toBe(true);
    await dialog.getByRole("button", { name: enUs["common.close"] }).click();
    await dialog.waitFor({ state: "detached" });
    await page.goto(s.baseUrl + "/users/1");
    await page.getByRole("dialog").waitFor();
    expect(page.url()).not.toMatch(/\/signin/);
  });
});

describe("an administrator", () => {
  it("ends one user's sign-ins from the user's dialog, and everyone's from My company", async () => {
    const users = (await call(s, "GET", "/api/User?PageSize=50", { token: admin })).body.results;
    const picker = users.find((u: { username: string }) => u.username === "seen-picker").id;
    const a = await elsewhere("seen-picker", FIREFOX);
    const b = await elsewhere("seen-picker", PHONE);
    const page = await signedInPage(browser, s, contexts, "seen-admin", `/users/${picker}`, {
      timeoutMs: 20_000,
    });
    const userDialog = page.getByRole("dialog");
    await userDialog.getByRole("button", { name: enUs["sessions.menu"], exact: true }).click();
    const list = page.getByRole("dialog", { name: /seen-picker/ });
    await list.waitFor();
    await expect.poll(() => rows(page).count()).toBeGreaterThanOrEqual(2);
    expect(await rows(page).allTextContents()).not.toContainEqual(
      expect.stringContaining(enUs["sessions.thisDevice"]),
    );
    await list.getByRole("button", { name: enUs["sessions.endAll"] }).click();
    await page.getByText(enUs["sessions.endedAll"]).waitFor();
    await expect.poll(() => rows(page).count()).toBe(0);
    expect([await works(a), await works(b)]).toEqual([false, false]);

    // Everyone's: another administrator's page and a user's sign-in end; this page stays signed in.
    const other = await elsewhere("seen-picker", PHONE);
    const adminElsewhere = await elsewhere("seen-admin", FIREFOX);
    await page.goto(s.baseUrl + "/my-company");
    await page.getByRole("button", { name: enUs["sessions.endEveryone"] }).click();
    const confirm = page.getByRole("alertdialog");
    await confirm.waitFor();
    expect(await confirm.textContent()).toContain(enUs["sessions.endEveryoneConfirm"]);
    await confirm.getByRole("button", { name: enUs["sessions.endEveryone"] }).click();
    await page.getByText(/Sign-ins ended: \d+\./).waitFor();
    expect([await works(other), await works(adminElsewhere)]).toEqual([false, false]);
    await page.reload();
    await page.getByTestId("my-company").waitFor();
    expect(page.url()).toMatch(/\/my-company$/);
  });
});

describe("signing in again", () => {
  it("in a browser that is signed in ends the sign-in it had, on the server too (7.2.4)", async () => {
    const page = await signedInPage(browser, s, contexts, "seen-picker", "/", { timeoutMs: 20_000 });
    const before = await page.evaluate(() => JSON.parse(localStorage.getItem("wms.auth")!));
    expect(await honoured(before.token)).toBe(true);
    // Another person at the same terminal opens the sign-in page and signs in.
    await page.goto(s.baseUrl + "/signin");
    await waitForHydration(page);
    await signInThroughForm(page, "seen-admin", PASSWORD);
    await page.locator('[data-menu-button="user"]').waitFor();
    const after = await page.evaluate(() => JSON.parse(localStorage.getItem("wms.auth")!));
    expect(after.user.username).toBe("seen-admin");
    await expect.poll(() => honoured(before.token), { timeout: 10_000, interval: 200 }).toBe(false);
    expect(await works(before)).toBe(false);
    expect(await honoured(after.token)).toBe(true);
  });
});
