// Third-party sign-in as a person does it, in real Chromium: the provider button on the sign-in screen,
// the real OpenID provider's login page, and the way back through /signin/oidc to a signed-in screen.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { call, createTenant, startServer, type TestServer } from "../fixtures/harness.ts";
import { type OidcProvider, startOidcProvider } from "../fixtures/oidc_provider.ts";
import { launchBrowser, waitForHydration } from "./browser.ts";
import { enUs } from "../../shared/i18n/en_us.ts";
import { deDe } from "../../shared/i18n/de_de.ts";

const PROVIDER_NAME = "Test ID";
const BUTTON = enUs["thirdParty.signIn"].replace("{provider}", PROVIDER_NAME);

let provider: OidcProvider;
let s: TestServer;
let browser: Browser;

beforeAll(async () => {
  // The redirect URI names the server's own port, known once it listens; the provider learns it then.
  provider = await startOidcProvider();
  s = await startServer((baseUrl) => ({
    oidcIssuer: provider.issuer,
    oidcClientId: provider.clientId,
    oidcClientSecret: provider.clientSecret,
    oidcRedirectUri: `${baseUrl}/signin/oidc`,
    oidcProviderName: PROVIDER_NAME,
    loginLimitPerIp: 1000,
  }));
  provider.setRedirectUri(s.platform.config.oidcRedirectUri);
  await createTenant(s, "acme");
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await s?.close();
  await provider?.close();
});

async function freshPage(locale = "en-US"): Promise<Page> {
  const context = await browser.newContext({ locale });
  return context.newPage();
}

async function open(page: Page, server: TestServer, path: string): Promise<void> {
  await page.goto(server.baseUrl + path);
  await waitForHydration(page);
}

/** The URLs of the requests the page sends to the provider's authorization endpoint and to the exchange. */
function watchRequests(page: Page) {
  const seen = { authorization: [] as URL[], exchanges: [] as URL[] };
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.origin === provider.issuer && url.pathname === "/auth") seen.authorization.push(url);
    if (url.pathname.startsWith("/api/Auth/GoogleToken/")) seen.exchanges.push(url);
  });
  return seen;
}

/** Clicks the provider button and waits for the provider's login page. */
async function goToProvider(page: Page): Promise<void> {
  await page.getByRole("button", { name: BUTTON }).click();
  await page.waitForURL((url) => url.href.startsWith(`${provider.issuer}/interaction/`));
}

function pendingEntry(page: Page): Promise<string | null> {
  return page.evaluate(() => sessionStorage.getItem("wms.oidc"));
}

describe("third-party sign-in in the browser", () => {
  it("takes a guarded visitor through the provider's login page back to the remembered path", async () => {
    provider.register({ email: "admin@acme.example", emailVerified: true });
    const page = await freshPage();
    const seen = watchRequests(page);
    await open(page, s, "/users");
    await page.waitForURL(/\/signin$/);
    await goToProvider(page);

    const [request] = seen.authorization;
    const params = Object.fromEntries(request.searchParams);
    expect(params).toMatchObject({
      response_type: "code",
      client_id: provider.clientId,
      redirect_uri: `${s.baseUrl}/signin/oidc`,
      scope: "openid email",
      code_challenge_method: "S256",
    });
    expect(Object.keys(params).sort()).toEqual(
      ["client_id", "code_challenge", "code_challenge_method", "nonce", "redirect_uri", "response_type"]
        .concat(["scope", "state"]).sort(),
    );

    await page.getByRole("link", { name: "admin@acme.example", exact: true }).first().click();
    await page.waitForURL(`${s.baseUrl}/users`);
    const current = page.locator('nav a[aria-current="page"]');
    await current.waitFor();
    expect(await current.textContent()).toBe(enUs["route.users"]);
    // Signed in as the password sign-in leaves it: the session in local storage.
    const auth = await page.evaluate(() => JSON.parse(localStorage.getItem("wms.auth") ?? "null"));
    expect(auth?.user?.username).toBe("acme-admin");
    // The exchange carried the tab's nonce and verifier, and the tab forgot them.
    const [exchange] = seen.exchanges;
    expect(exchange.searchParams.get("nonce")).toBe(params.nonce);
    expect(exchange.searchParams.get("codeVerifier")).toMatch(/^[\w-]{43}$/);
    expect(await pendingEntry(page)).toBeNull();
    await page.context().close();
  });

  it("shows the server's failure for an e-mail no user has, and the way back to sign-in", async () => {
    provider.register({ email: "stranger@elsewhere.example", emailVerified: true });
    const page = await freshPage();
    await open(page, s, "/signin");
    await goToProvider(page);
    await page.getByRole("link", { name: "stranger@elsewhere.example" }).click();
    await page.waitForURL(/\/signin\/oidc\?/);
    await page.getByRole("alert").filter({ hasText: enUs["apiError.auth.thirdPartyFailed"] }).waitFor();
    expect(await pendingEntry(page)).toBeNull();
    expect(await page.evaluate(() => localStorage.getItem("wms.auth"))).toBeNull();
    await page.getByRole("link", { name: enUs["thirdParty.backToSignIn"] }).click();
    await page.waitForURL(`${s.baseUrl}/signin`);
    await page.getByRole("button", { name: BUTTON }).waitFor();
    await page.context().close();
  });

  it("refuses a code that comes back with a state this tab did not make, without asking the server", async () => {
    const page = await freshPage();
    const seen = watchRequests(page);
    await open(page, s, "/signin");
    await goToProvider(page);
    // Someone else's genuine code, slipped into this tab's return address with a forged state.
    const code = await provider.authorize({ email: "admin@acme.example", emailVerified: true });
    await open(page, s, `/signin/oidc?code=${encodeURIComponent(code)}&state=forged`);
    await page.getByRole("alert").filter({ hasText: enUs["apiError.auth.thirdPartyFailed"] }).waitFor();
    expect(seen.exchanges).toEqual([]);
    expect(await pendingEntry(page)).toBeNull();
    await page.getByRole("link", { name: enUs["thirdParty.backToSignIn"] }).waitFor();
    // The code was never spent: the server still takes it.
    const r = await call(s, "GET", `/api/Auth/GoogleToken/${encodeURIComponent(code)}`);
    expect(r.status).toBe(200);
    await page.context().close();
  });

  it("says the sign-in was cancelled when the person declines at the provider", async () => {
    const page = await freshPage();
    const seen = watchRequests(page);
    await open(page, s, "/signin");
    await goToProvider(page);
    await page.getByRole("link", { name: "Cancel" }).click();
    await page.waitForURL(/\/signin\/oidc\?.*error=access_denied/);
    await page.getByRole("alert").filter({ hasText: enUs["thirdParty.cancelled"] }).waitFor();
    expect(seen.exchanges).toEqual([]);
    expect(await pendingEntry(page)).toBeNull();
    await page.context().close();
  });

  it("labels the button in the visitor's language", async () => {
    const page = await freshPage("de-DE");
    await open(page, s, "/signin");
    const label = deDe["thirdParty.signIn"].replace("{provider}", PROVIDER_NAME);
    await page.getByRole("button", { name: label }).waitFor();
    await page.context().close();
  });

  it("offers no provider button when third-party sign-in is not configured", async () => {
    const plain = await startServer({ oidcClientId: undefined, oidcClientSecret: undefined });
    try {
      const page = await freshPage();
      const answered = page.waitForResponse((r) => r.url().endsWith("/api/Auth/ThirdParty"));
      await open(page, plain, "/signin");
      expect(await (await answered).json()).toEqual({ enabled: false });
      await page.locator('form[aria-label] button[type="submit"]').first().waitFor();
      expect(await page.getByRole("button", { name: /Sign in with/ }).count()).toBe(0);
      await page.context().close();
    } finally {
      await plain.close();
    }
  });
});
