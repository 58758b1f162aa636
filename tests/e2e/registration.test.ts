// A company registers through the sign-in screen, waits for the provider, activates its administrator from
// the e-mail, signs in, and later resets the forgotten password: real Chromium, the real server, and the
// real SMTP fixture in this process for the mail (the provider's approval is the CLI's function).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Locator, Page } from "playwright-core";
import { createTenant, PASSWORD, startServer, type TestServer } from "../fixtures/harness.ts";
import { type ReceivedMail, type SmtpSink, startSmtp } from "../fixtures/smtp.ts";
import { approveTenant } from "../../server/domain/access/registration/service.ts";
import { launchBrowser, signInThroughForm, waitForHydration } from "./browser.ts";
import { enUs } from "../../shared/i18n/en_us.ts";

const EMAIL = "chef@nordwind.example";
const USERNAME = "nordwind-chef";
const NEW_PASSWORD = "brand-new-pass-2";

let mail: SmtpSink;
let s: TestServer;
let browser: Browser;

beforeAll(async () => {
  mail = await startSmtp();
  s = await startServer({ smtpUrl: mail.url });
  await createTenant(s, "acme"); // holds the username acme-admin
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await s?.close();
  await mail?.close();
});

async function open(path: string): Promise<Page> {
  const context = await browser.newContext({ locale: "en-US" });
  // A step that waits in vain fails naming its locator, before the test's own time runs out.
  context.setDefaultTimeout(20_000);
  const page = await context.newPage();
  await page.goto(s.baseUrl + path);
  await waitForHydration(page);
  return page;
}

function form(page: Page, name: string): Locator {
  return page.getByRole("form", { name });
}

/** The text field labelled `label` (exactly) in `scope`. */
function field(scope: Locator, label: string): Locator {
  return scope.getByLabel(label, { exact: true });
}

/** The link of `kind` in a mail, moved from the public address to the test server. */
function linkIn(m: ReceivedMail, kind: "activate" | "recovery"): string {
  const match = m.text.match(new RegExp(`http://wms\\.test(/${kind}\\?code=[a-z0-9]+)`));
  if (!match) throw new Error(`no ${kind} link in mail "${m.subject}": ${m.text}`);
  return match[1];
}

const to = (address: string, subject: string) => (m: ReceivedMail) =>
  m.envelopeTo.includes(address) && m.subject === subject;

/** Signs in on the login tab and waits for the alert that refuses it. */
async function refusedSignIn(page: Page, username: string, password: string, message: string): Promise<void> {
  await page.getByRole("tab", { name: enUs["signin.tab.login"] }).click();
  await signInThroughForm(page, username, password);
  await form(page, enUs["signin.tab.login"]).getByRole("alert").filter({ hasText: message }).waitFor();
}

/** Signs in on the login tab and waits for the app: its menu and the user's name. */
async function signedIn(page: Page, username: string, password: string, name = username): Promise<void> {
  await page.getByRole("tab", { name: enUs["signin.tab.login"] }).click();
  await signInThroughForm(page, username, password);
  await page.waitForURL(/\/$/);
  const menu = page.getByRole("navigation", { name: enUs["common.menu"] });
  await menu.locator('[data-section="administration"]').waitFor();
  await page.getByRole("banner").getByText(name, { exact: true }).waitFor();
}

// One registration told in order: each step starts where the one before left the company.
describe("a company registers on /signup", { timeout: 60_000 }, () => {
  let page: Page;
  let activation: ReceivedMail;

  afterAll(() => page?.context().close());

  it("fixes what the form refuses, keeping the input, and learns that approval comes next", async () => {
    page = await open("/signup");
    await page.getByRole("tab", { name: enUs["signin.tab.register"] }).click();
    const register = form(page, enUs["signin.tab.register"]);
    await field(register, enUs["signin.companyName"]).fill("Nordwind Lager");
    await field(register, enUs["signin.taxId"]).fill("DE 123456789");
    await field(register, enUs["signin.username"]).fill("acme-admin");
    await field(register, enUs["signin.email"]).fill(EMAIL);
    await field(register, enUs["signin.password"]).fill(PASSWORD);
    await field(register, enUs["signin.repeatPassword"]).fill("other-pass-1");
    await register.getByText(enUs["signin.acceptTerms"]).click();
    expect(await register.getByRole("checkbox").isChecked()).toBe(true);

    // The passwords differ: the message stands beside the repeat, and what was typed stays.
    await register.getByRole("button", { name: enUs["signin.register"] }).click();
    await register.getByRole("alert").filter({ hasText: enUs["error.formHasErrors"] }).waitFor();
    const repeat = field(register, enUs["signin.repeatPassword"]);
    expect(await repeat.getAttribute("aria-invalid")).toBe("true");
    expect(await register.getByText(enUs["validation.passwordsMustMatch"]).isVisible()).toBe(true);
    expect(await repeat.inputValue()).toBe("other-pass-1");
    expect(await field(register, enUs["signin.companyName"]).inputValue()).toBe("Nordwind Lager");

    // Another company's administrator holds the username.
    await repeat.fill(PASSWORD);
    await register.getByRole("button", { name: enUs["signin.register"] }).click();
    await register.getByText(enUs["validation.usernameExists"]).waitFor();
    const username = field(register, enUs["signin.username"]);
    expect(await username.getAttribute("aria-invalid")).toBe("true");
    expect(await repeat.getAttribute("aria-invalid")).toBeNull();
    expect(await username.inputValue()).toBe("acme-admin");

    await username.fill(USERNAME);
    await register.getByRole("button", { name: enUs["signin.register"] }).click();
    await register.getByRole("status").filter({ hasText: enUs["signin.registered"] }).waitFor();
    await mail.waitFor(to(EMAIL, "We have received the registration of Nordwind Lager"));
    const tenant = (await s.platform.registry.list()).find((t) => t.companyName === "Nordwind Lager");
    expect(tenant?.status).toBe("pendingApproval");
  });

  it("is told why it cannot sign in before approval and before activation", async () => {
    await refusedSignIn(page, USERNAME, PASSWORD, enUs["apiError.auth.awaitingApproval"]);
    const tenant = (await s.platform.registry.list()).find((t) => t.companyName === "Nordwind Lager");
    await approveTenant(s.platform, tenant!.slug);
    activation = await mail.waitFor(to(EMAIL, "Activate your account in WMS"));
    await refusedSignIn(page, USERNAME, PASSWORD, enUs["apiError.auth.notActivated"]);
  });

  it("activates with the link from the e-mail, once, and lands in the app", async () => {
    // A mistyped code on the activation tab is refused.
    await page.getByRole("tab", { name: enUs["signin.tab.activation"] }).click();
    const activate = form(page, enUs["signin.tab.activation"]);
    await field(activate, enUs["signin.activationCode"]).fill("abcdefghijkmnpqrstuvwxyz");
    await activate.getByRole("button", { name: enUs["signin.activate"] }).click();
    await activate.getByRole("alert").filter({ hasText: enUs["apiError.register.activationCodeNotFound"] })
      .waitFor();

    // The link from the e-mail brings its code along.
    const link = await open(linkIn(activation, "activate"));
    const linked = form(link, enUs["signin.tab.activation"]);
    expect(await field(linked, enUs["signin.activationCode"]).inputValue()).toBe(
      new URL(link.url()).searchParams.get("code"),
    );
    await linked.getByRole("button", { name: enUs["signin.activate"] }).click();
    await linked.getByRole("status").filter({ hasText: enUs["signin.activated"] }).waitFor();
    // The code works once.
    await linked.getByRole("button", { name: enUs["signin.activate"] }).click();
    await linked.getByRole("alert").filter({ hasText: enUs["apiError.register.activationCodeNotFound"] })
      .waitFor();

    await signedIn(link, USERNAME, PASSWORD);
    await link.context().close();
  });
});

describe("a forgotten password", { timeout: 60_000 }, () => {
  it("resets a forgotten password from the e-mail; the old password stops working", async () => {
    await createTenant(s, "resetco");
    const email = "admin@resetco.example";
    const page = await open("/signin");
    await page.getByRole("tab", { name: enUs["signin.tab.reset"] }).click();
    const send = form(page, enUs["signin.sendReset"]);
    await field(send, enUs["signin.email"]).fill(email.toUpperCase());
    await send.getByRole("button", { name: enUs["signin.sendReset"] }).click();
    await send.getByRole("status").filter({ hasText: enUs["signin.resetSent"] }).waitFor();
    const m = await mail.waitFor(to(email, "Password reset in WMS"));
    await page.context().close();

    const recovery = await open(linkIn(m, "recovery"));
    const reset = form(recovery, enUs["signin.setPassword"]);
    expect(await field(reset, enUs["signin.resetCode"]).inputValue()).toBe(
      new URL(recovery.url()).searchParams.get("code"),
    );
    await field(reset, enUs["signin.password"]).fill(NEW_PASSWORD);
    const repeat = field(reset, enUs["signin.repeatPassword"]);
    await repeat.fill("brand-new-pass-3");
    await reset.getByRole("button", { name: enUs["signin.setPassword"] }).click();
    await reset.getByText(enUs["validation.passwordsMustMatch"]).waitFor();
    expect(await repeat.getAttribute("aria-invalid")).toBe("true");
    expect(await field(reset, enUs["signin.password"]).inputValue()).toBe(NEW_PASSWORD);

    // The refused attempt did not use the code up.
    await repeat.fill(NEW_PASSWORD);
    await reset.getByRole("button", { name: enUs["signin.setPassword"] }).click();
    await reset.getByRole("status").filter({ hasText: enUs["signin.resetDone"] }).waitFor();

    await refusedSignIn(recovery, "resetco-admin", PASSWORD, enUs["apiError.auth.wrongCredentials"]);
    await signedIn(recovery, "resetco-admin", NEW_PASSWORD, "resetco admin");
    await recovery.context().close();
  });
});
