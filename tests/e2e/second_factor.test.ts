// A second factor in real Chromium (issue 32, item 4). Passkeys: added on the sign-in and security screen
// with Chromium's virtual authenticator (DevTools' WebAuthn domain: a platform authenticator with resident
// keys and user verification), then asked for after the password and given by the same authenticator. The
// authenticator app: a company requiring a factor of administrators leads an administrator without one to
// its setup right after the password, before any other screen; the QR code and key are shown, the test's
// own RFC 6238 implementation (tests/fixtures/totp.ts) plays the phone; the recovery codes are shown once;
// and the next sign-ins ask for a code (a wrong one is said so) or take a recovery code.
// The page is opened at http://localhost:<port>: WebAuthn refuses an IP address as the relying party, and
// the server's relying party is its own address (PUBLIC_URL).
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
  until,
} from "../fixtures/harness.ts";
import {
  chooseLanguage,
  launchBrowser,
  openUserMenu,
  signInThroughForm,
  waitForHydration,
} from "./browser.ts";
import { intoStep, timeStep, totpAt } from "../fixtures/totp.ts";
import { enUs } from "../../shared/i18n/en_us.ts";
import { plPl } from "../../shared/i18n/pl_pl.ts";

let s: TestServer;
let origin: string;
let browser: Browser;
let adminToken: string;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  s = await startServer((base) => ({
    publicUrl: base.replace("127.0.0.1", "localhost"),
    loginLimitPerUser: 1000,
    loginLimitPerIp: 1000,
  }));
  origin = s.platform.config.publicUrl;
  await createTenant(s, "keys");
  adminToken = (await signIn(s, "keys-admin")).token;
  browser = await launchBrowser();
}, 60_000);
afterAll(async () => {
  for (const c of contexts) await c.close();
  await browser?.close();
  await s?.close();
});

async function newPage(): Promise<Page> {
  const context = await browser.newContext({ locale: "en-US" });
  contexts.push(context);
  const page = await context.newPage();
  page.setDefaultTimeout(30_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  return page;
}

/** The sign-in page, and the password typed into it. */
async function signInWithPassword(page: Page, username: string): Promise<void> {
  await page.goto(`${origin}/signin`, { waitUntil: "domcontentloaded", timeout: 60_000 });
  await waitForHydration(page);
  await signInThroughForm(page, username, PASSWORD);
}

async function signOut(page: Page): Promise<void> {
  const menu = await openUserMenu(page);
  await menu.getByRole("menuitem", { name: enUs["common.signOut"] }).click();
  await page.waitForURL(/\/signin/);
}

/** The dialog asking for the current password: the password typed, and its button pressed. */
async function confirmWithPassword(page: Page, button: string): Promise<void> {
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel(enUs["mfa.currentPassword"]).fill(PASSWORD);
  await dialog.getByRole("button", { name: button, exact: true }).click();
}

/** The recovery codes dialog: its ten codes, then "I have kept them". */
async function keepRecoveryCodes(page: Page): Promise<string[]> {
  const list = page.getByTestId("recovery-codes");
  await list.waitFor();
  const codes = await list.locator("li").allTextContents();
  await page.getByRole("button", { name: enUs["mfa.recovery.saved"] }).click();
  await list.waitFor({ state: "detached" });
  return codes;
}

describe("passkeys in the browser", () => {
  it(
    "adds a passkey with Chromium's virtual authenticator, then signs in with it after the password",
    async () => {
      await addUser(s, adminToken, { username: "keys-anna", visibleName: "Anna Keys" });
      const page = await newPage();
      const cdp = await page.context().newCDPSession(page);
      await cdp.send("WebAuthn.enable");
      const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
        options: {
          protocol: "ctap2",
          transport: "internal",
          hasResidentKey: true,
          hasUserVerification: true,
          isUserVerified: true,
        },
      });

      await signInWithPassword(page, "keys-anna");
      await page.locator('[data-menu-button="user"]').waitFor();
      // The user's menu leads to the screen.
      const menu = await openUserMenu(page);
      await menu.getByRole("menuitem", { name: enUs["route.my-account"] }).click();
      await page.waitForURL(/\/my-account$/);
      await page.getByRole("heading", { name: enUs["route.my-account"], level: 1 }).waitFor();
      await expect(page.getByTestId("mfa-passkeys").textContent()).resolves.toContain(
        enUs["mfa.passkeys.none"],
      );

      await page.getByRole("button", { name: enUs["mfa.passkey.add"] }).click();
      // No name: said beside the field, before the browser is asked for anything.
      await confirmWithPassword(page, enUs["mfa.passkey.create"]);
      await page.getByRole("dialog").getByText(enUs["validation.required"]).waitFor();
      await page.getByRole("dialog").getByLabel(enUs["mfa.passkey.name"]).fill("Work laptop");
      await page.getByRole("dialog").getByRole("button", { name: enUs["mfa.passkey.create"] }).click();
      // The first factor comes with ten recovery codes, shown once.
      const codes = await keepRecoveryCodes(page);
      expect(codes).toHaveLength(10);
      const listed = page.getByTestId("passkey");
      await listed.first().waitFor();
      await expect(listed.allTextContents()).resolves.toEqual([expect.stringContaining("Work laptop")]);
      const made = await cdp.send("WebAuthn.getCredentials", { authenticatorId });
      expect(made.credentials).toHaveLength(1);
      const signCount = made.credentials[0].signCount;

      await signOut(page);
      await signInWithPassword(page, "keys-anna");
      const step = page.getByTestId("second-factor-step");
      await step.waitFor();
      // No token before the factor.
      expect(await page.evaluate(() => localStorage.getItem("wms.auth"))).toBeNull();
      await step.getByRole("button", { name: enUs["mfa.step.passkey"] }).click();
      await page.locator('[data-menu-button="user"]').waitFor();
      const auth = JSON.parse((await page.evaluate(() => localStorage.getItem("wms.auth")))!);
      expect(auth.user.username).toBe("keys-anna");
      // The authenticator signed (its counter moved), and the sign-in says it was the passkey.
      const used = await cdp.send("WebAuthn.getCredentials", { authenticatorId });
      expect(used.credentials[0].signCount).toBeGreaterThan(signCount);
      const history = await call(s, "GET", `/api/User/${auth.user.id}/history`, { token: auth.token });
      expect(JSON.stringify(history.body)).toContain("password+passkey");
      // The screen says when it was last used.
      await page.goto(`${origin}/my-account`);
      await waitForHydration(page);
      await page.getByTestId("passkey").getByText(/last used/).waitFor();
    },
    90_000,
  );
});

describe("an authenticator app required of administrators", () => {
  it("leads an administrator without a factor to set up the app first, then asks for its codes", async () => {
    await addUser(s, adminToken, { username: "keys-boss", visibleName: "Boss", isSuperUser: true });
    const account = (await call(s, "GET", "/api/ClientAccount", { token: adminToken })).body;
    const set = await call(s, "PUT", "/api/ClientAccount", {
      token: adminToken,
      body: { ...account, secondFactorRequired: "administrators" },
    });
    expect(set.status).toBe(200);

    const page = await newPage();
    await signInWithPassword(page, "keys-boss");
    const setup = page.getByTestId("second-factor-setup");
    await setup.waitFor();
    await setup.getByText(enUs["mfa.setupFirst"]).waitFor();
    // No other screen opens meanwhile, whatever the address.
    await page.goto(`${origin}/users`);
    await waitForHydration(page);
    await setup.waitFor();
    expect(await page.locator('[data-menu-button="user"]').count()).toBe(0);
    // In the user's language.
    await chooseLanguage(page, "Polski");
    await setup.getByRole("heading", { name: plPl["route.my-account"], level: 1 }).waitFor();
    await chooseLanguage(page, "English");

    await setup.getByRole("button", { name: enUs["mfa.app.setUp"] }).click();
    await confirmWithPassword(page, enUs["mfa.next"]);
    const dialog = page.getByRole("dialog");
    await dialog.getByTestId("totp-qr").locator("svg").waitFor();
    const secret = (await dialog.getByTestId("totp-secret").textContent())!.trim();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    // A code a step too late is said wrong beside the field; the phone's code of now passes.
    await until(() => Promise.resolve(intoStep() < 20_000), 35_000, 100);
    const now = timeStep(Date.now());
    const code = dialog.getByLabel(enUs["mfa.app.code"]);
    await code.fill(totpAt(secret, now + 3));
    await dialog.getByRole("button", { name: enUs["mfa.step.confirm"] }).click();
    await dialog.getByText(enUs["validation.codeWrong"]).waitFor();
    await code.fill(totpAt(secret, now));
    await dialog.getByRole("button", { name: enUs["mfa.step.confirm"] }).click();
    const codes = await keepRecoveryCodes(page);
    expect(codes).toHaveLength(10);
    await setup.getByRole("button", { name: enUs["mfa.continue"] }).click();
    await page.locator('[data-menu-button="user"]').waitFor();
    await page.getByRole("heading", { name: enUs["route.users"], level: 1 }).waitFor();

    // The next sign-in asks for a code of the app: a wrong one is said, then the next step's code passes.
    await signOut(page);
    await signInWithPassword(page, "keys-boss");
    const step = page.getByTestId("second-factor-step");
    await step.waitFor();
    await step.getByRole("textbox", { name: enUs["mfa.step.code"] }).fill(totpAt(secret, now + 5));
    await step.getByRole("button", { name: enUs["mfa.step.confirm"] }).click();
    await step.getByText(enUs["apiError.auth.secondFactorInvalid"]).waitFor();
    await step.getByRole("textbox", { name: enUs["mfa.step.code"] }).fill(totpAt(secret, now + 1));
    await step.getByRole("button", { name: enUs["mfa.step.confirm"] }).click();
    await page.locator('[data-menu-button="user"]').waitFor();

    // And a recovery code, once.
    await signOut(page);
    await signInWithPassword(page, "keys-boss");
    await step.getByRole("button", { name: enUs["mfa.step.useRecovery"] }).click();
    await step.getByRole("textbox", { name: enUs["mfa.step.recoveryCode"] }).fill(codes[0]);
    await step.getByRole("button", { name: enUs["mfa.step.confirm"] }).click();
    await page.locator('[data-menu-button="user"]').waitFor();
    await page.goto(`${origin}/my-account`);
    await waitForHydration(page);
    await page.getByTestId("mfa-recovery").getByText("9 of 10").waitFor();
  }, 120_000);
});
