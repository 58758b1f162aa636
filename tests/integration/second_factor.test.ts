// A second factor (issue 32, item 4) against the real server: an authenticator app (TOTP) set up and then
// asked for at sign-in, its codes computed by the test's own RFC 6238 implementation (tests/fixtures/totp.ts,
// checked here against the RFC's appendix B vectors), not by the library the server uses; codes used once,
// wrong codes throttled per user from any address, recovery codes used once; the company's setting that
// requires a factor of administrators; and no token of any kind before the factor passes.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Buffer } from "node:buffer";
import { decodeJwt } from "jose";
import {
  addUser,
  call,
  createTenant,
  PASSWORD,
  signIn,
  startServer,
  startShardedServer,
  type TestServer,
  until,
} from "../fixtures/harness.ts";
import { hotp, intoStep, timeStep, totpAt } from "../fixtures/totp.ts";
import { type OidcProvider, startOidcProvider } from "../fixtures/oidc_provider.ts";
import { SoftAuthenticator } from "../fixtures/webauthn.ts";
import { type SmtpSink, startSmtp } from "../fixtures/smtp.ts";
import type { Tenant } from "../../server/tenancy/registry.ts";

const REDIRECT_URI = "http://wms.test/signin/oidc";
let s: TestServer;
let provider: OidcProvider;
let mail: SmtpSink;
let tenant: Tenant;
let adminToken: string;

/** Waits, if needed, until the current 30-second step has at least 8 seconds left (a code and its neighbours stay valid for the call). */
async function awayFromStepEnd(): Promise<void> {
  await until(() => Promise.resolve(intoStep() < 22_000), 35_000, 100);
}

/** Signs in with the password; answers the body (token data, or the second factor's step). */
async function password(username: string) {
  const r = await call(s, "POST", "/api/Auth", { body: { username, password: PASSWORD } });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body;
}

function pass(
  ticket: string,
  method: "totp" | "recovery",
  code: string,
  headers: Record<string, string> = {},
) {
  return call(s, "POST", "/api/Auth/SecondFactor", { body: { ticket, method, code }, headers });
}

/** Sets up an authenticator app for the token's user, confirmed with the previous step's code. */
async function setUpApp(token: string) {
  await awayFromStepEnd();
  const step = timeStep(Date.now()) - 1;
  const begun = await call(s, "POST", "/api/Auth/SecondFactor/totp", {
    token,
    body: { currentPassword: PASSWORD },
  });
  expect(begun.status, JSON.stringify(begun.body)).toBe(200);
  const secret = begun.body.secret as string;
  const confirmed = await call(s, "POST", "/api/Auth/SecondFactor/totp/confirm", {
    token,
    body: { code: totpAt(secret, step) },
  });
  expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
  return { secret, uri: begun.body.uri as string, recoveryCodes: confirmed.body.recoveryCodes as string[] };
}

beforeAll(async () => {
  provider = await startOidcProvider({ redirectUri: REDIRECT_URI });
  mail = await startSmtp();
  s = await startServer({
    smtpUrl: mail.url,
    loginLimitPerUser: 5,
    loginLimitPerIp: 1000,
    trustProxy: true,
    oidcIssuer: provider.issuer,
    oidcClientId: provider.clientId,
    oidcClientSecret: provider.clientSecret,
    oidcRedirectUri: REDIRECT_URI,
  });
  tenant = await createTenant(s, "mfa");
  adminToken = (await signIn(s, "mfa-admin")).token;
});
afterAll(async () => {
  await s?.close();
  await provider?.close();
  await mail?.close();
});

describe("the test's own authenticator (RFC 6238)", () => {
  it("gives the RFC 6238 appendix B codes for SHA-1", () => {
    const key = Buffer.from("12345678901234567890", "ascii");
    const vectors: [number, string][] = [
      [59, "94287082"],
      [1111111109, "07081804"],
      [1111111111, "14050471"],
      [1234567890, "89005924"],
      [2000000000, "69279037"],
      [20000000000, "65353130"],
    ];
    for (const [seconds, code] of vectors) expect(hotp(key, timeStep(seconds * 1000), 8)).toBe(code);
  });
});

describe("an authenticator app (TOTP)", () => {
  let secret = "";
  let recoveryCodes: string[] = [];
  /** The time step of the last code the server took. */
  let lastUsed = 0;

  it("is set up with a QR link and a first code, and comes with ten recovery codes shown once", async () => {
    await addUser(s, adminToken, { username: "mfa-anna" });
    const token = (await signIn(s, "mfa-anna")).token;
    // Without the current password nothing starts; with a wrong one neither.
    const bare = await call(s, "POST", "/api/Auth/SecondFactor/totp", { token, body: {} });
    expect([bare.status, bare.body.error.fields]).toEqual([400, {
      currentPassword: ["validation.required"],
    }]);
    const wrongPassword = await call(s, "POST", "/api/Auth/SecondFactor/totp", {
      token,
      body: { currentPassword: "not-the-password" },
    });
    expect(wrongPassword.body.error.fields).toEqual({ currentPassword: ["validation.currentPasswordWrong"] });
    const begun = await call(s, "POST", "/api/Auth/SecondFactor/totp", {
      token,
      body: { currentPassword: PASSWORD },
    });
    expect(begun.status).toBe(200);
    secret = begun.body.secret;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const uri = new URL(begun.body.uri);
    expect(uri.protocol).toBe("otpauth:");
    expect(uri.host).toBe("totp");
    expect(uri.searchParams.get("secret")).toBe(secret);
    expect(uri.searchParams.get("issuer")).toBe("mfa Company");
    // Not counting before a code confirms it: sign-in still takes the password alone.
    expect((await password("mfa-anna")).token).toBeTruthy();
    await awayFromStepEnd();
    const now = timeStep(Date.now());
    const wrong = await call(s, "POST", "/api/Auth/SecondFactor/totp/confirm", {
      token,
      body: { code: totpAt(secret, now + 3) },
    });
    expect([wrong.status, wrong.body.error.fields]).toEqual([400, { code: ["validation.codeWrong"] }]);
    // The code of the step before: a phone a few seconds slow.
    const confirmed = await call(s, "POST", "/api/Auth/SecondFactor/totp/confirm", {
      token,
      body: { code: totpAt(secret, now - 1) },
    });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    lastUsed = now - 1;
    recoveryCodes = confirmed.body.recoveryCodes;
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const code of recoveryCodes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    const status = await call(s, "GET", "/api/Auth/SecondFactor", { token });
    expect(status.body).toMatchObject({
      policy: "nobody",
      required: false,
      setupRequired: false,
      totp: { enabled: true },
      passkeys: [],
      recoveryCodesLeft: 10,
    });
  });

  it("is asked for at sign-in: the password gives a step, and only a code of the app gives the session", async () => {
    const first = await password("mfa-anna");
    expect(first.token).toBeUndefined();
    expect(first.refreshToken).toBeUndefined();
    expect(first.secondFactor.methods).toEqual(["totp", "recovery"]);
    expect(first.secondFactor.passkeyOptions).toBeNull();
    expect(new Date(first.secondFactor.expiresAt).getTime() - Date.now()).toBeLessThanOrEqual(5 * 60_000);
    await awayFromStepEnd();
    const now = timeStep(Date.now());
    // A code lives its 30-second step, and one step either side for a phone's clock: two steps on, it is refused.
    for (const far of [now + 2, now + 3]) {
      const late = await pass(first.secondFactor.ticket, "totp", totpAt(secret, far));
      expect([late.status, late.body.error.code]).toEqual([401, "auth.secondFactorInvalid"]);
    }
    const passed = await pass(first.secondFactor.ticket, "totp", totpAt(secret, now));
    expect(passed.status, JSON.stringify(passed.body)).toBe(200);
    lastUsed = now;
    expect(decodeJwt(passed.body.token).unique_name).toBe("mfa-anna");
    expect((await call(s, "GET", "/api/User/" + passed.body.user.id, { token: passed.body.token })).status)
      .toBe(200);
    // The sign-in says how it was made.
    const history = await call(s, "GET", `/api/User/${passed.body.user.id}/history`, {
      token: passed.body.token,
    });
    expect(JSON.stringify(history.body)).toContain("password+totp");
  });

  it("refuses a code used before, and an older one: each passes once", async () => {
    await awayFromStepEnd();
    const step = await password("mfa-anna");
    // The code that signed in just above, and the one that confirmed the app.
    for (const used of [lastUsed, lastUsed - 1]) {
      const again = await pass(step.secondFactor.ticket, "totp", totpAt(secret, used));
      expect([again.status, again.body.error.code]).toEqual([401, "auth.secondFactorInvalid"]);
    }
    // A later step's code passes (the next one: a phone a few seconds fast), once.
    const later = Math.max(lastUsed + 1, timeStep(Date.now()));
    const next = await pass(step.secondFactor.ticket, "totp", totpAt(secret, later));
    expect(next.status, JSON.stringify(next.body)).toBe(200);
    lastUsed = later;
    const replay = await pass(
      (await password("mfa-anna")).secondFactor.ticket,
      "totp",
      totpAt(secret, later),
    );
    expect([replay.status, replay.body.error.code]).toEqual([401, "auth.secondFactorInvalid"]);
  });

  it("takes a recovery code once, and says how many are left", async () => {
    const [code] = recoveryCodes;
    const step = await password("mfa-anna");
    // As typed from paper: capitals and a space instead of the hyphen.
    const passed = await pass(step.secondFactor.ticket, "recovery", code.toUpperCase().replace("-", " "));
    expect(passed.status, JSON.stringify(passed.body)).toBe(200);
    const again = await pass((await password("mfa-anna")).secondFactor.ticket, "recovery", code);
    expect([again.status, again.body.error.code]).toEqual([401, "auth.secondFactorInvalid"]);
    const status = await call(s, "GET", "/api/Auth/SecondFactor", { token: passed.body.token });
    expect(status.body.recoveryCodesLeft).toBe(9);
    // Kept as salted scrypt hashes only, at the passwords' parameters (r = 8, p = 3), each with its own salt; the
    // app's secret sealed, never as typed.
    const stored = await s.platform.pool.use(tenant.dbUrl, async (conn) => ({
      codes: await conn.query("SELECT code_hash FROM user_recovery_codes WHERE user_id = ?", [
        passed.body.user.id,
      ]),
      totp: await conn.query("SELECT secret FROM user_totp WHERE user_id = ?", [passed.body.user.id]),
    }));
    const hashes = stored.codes.map((r) => String(r.code_hash));
    expect(hashes).toHaveLength(10);
    for (const h of hashes) expect(h).toMatch(/^scrypt\$\d+\$8\$3\$[^$]+\$[^$]+$/);
    expect(new Set(hashes.map((h) => h.split("$")[4])).size).toBe(10);
    expect(JSON.stringify(stored)).not.toContain(code.replace("-", ""));
    // Sealed naming the signing key it was sealed under (Key management, docs/security.md).
    const kid = Buffer.from(s.platform.keys.kid).toString("base64url");
    expect(String(stored.totp[0].secret).startsWith(`v2.${kid}.`)).toBe(true);
    expect(JSON.stringify(stored)).not.toContain(secret);
    // New codes replace the old ones, which stop working.
    const renewed = await call(s, "POST", "/api/Auth/SecondFactor/recovery-codes", {
      token: passed.body.token,
      body: { currentPassword: PASSWORD },
    });
    expect(renewed.body.recoveryCodes).toHaveLength(10);
    const old = await pass((await password("mfa-anna")).secondFactor.ticket, "recovery", recoveryCodes[1]);
    expect([old.status, old.body.error.code]).toEqual([401, "auth.secondFactorInvalid"]);
    const fresh = await pass(
      (await password("mfa-anna")).secondFactor.ticket,
      "recovery",
      renewed.body.recoveryCodes[0],
    );
    expect(fresh.status).toBe(200);
    recoveryCodes = renewed.body.recoveryCodes.slice(1);
  });

  it("stops wrong codes of a user after five, from any address, even before a right one", async () => {
    await addUser(s, adminToken, { username: "mfa-guessed" });
    const { secret: theirs } = await setUpApp((await signIn(s, "mfa-guessed")).token);
    await awayFromStepEnd();
    const now = timeStep(Date.now());
    const wrong = totpAt(theirs, now + 5);
    for (let i = 0; i < 5; i++) {
      // Each from another address, and each with a new ticket: neither resets the user's count.
      const step = await password("mfa-guessed");
      const r = await pass(step.secondFactor.ticket, "totp", wrong, { "x-forwarded-for": `198.51.100.${i}` });
      expect([r.status, r.body.error.code]).toEqual([401, "auth.secondFactorInvalid"]);
    }
    const step = await password("mfa-guessed");
    const right = await pass(step.secondFactor.ticket, "totp", totpAt(theirs, now), {
      "x-forwarded-for": "203.0.113.77",
    });
    expect([right.status, right.body.error.code]).toEqual([429, "auth.tooManyAttempts"]);
    expect(Number(right.headers.get("retry-after"))).toBeGreaterThan(0);
    // Another user is not held up by it.
    const anna = await password("mfa-anna");
    const ok = await pass(anna.secondFactor.ticket, "recovery", recoveryCodes[0]);
    expect(ok.status).toBe(200);
    recoveryCodes = recoveryCodes.slice(1);
  });
});

describe("passkeys (WebAuthn)", () => {
  /** Adds a passkey named `name` made by `device` for the token's user; answers the call's answer. */
  async function addPasskey(token: string, device: SoftAuthenticator, name: string) {
    const options = await call(s, "POST", "/api/Auth/SecondFactor/passkeys/options", {
      token,
      body: { currentPassword: PASSWORD },
    });
    expect(options.status, JSON.stringify(options.body)).toBe(200);
    const response = device.create(options.body);
    return {
      response,
      added: await call(s, "POST", "/api/Auth/SecondFactor/passkeys", { token, body: { name, response } }),
    };
  }

  it("are added by name, several, from the app's own origin, each challenge once", async () => {
    await addUser(s, adminToken, { username: "mfa-keys", visibleName: "Kim Keys" });
    const token = (await signIn(s, "mfa-keys")).token;
    const laptop = new SoftAuthenticator("http://wms.test");
    const options = await call(s, "POST", "/api/Auth/SecondFactor/passkeys/options", {
      token,
      body: { currentPassword: PASSWORD },
    });
    // The relying party is the app's own address (PUBLIC_URL); the user handle names nobody.
    expect(options.body.rp).toEqual({ name: "WMS", id: "wms.test" });
    expect(options.body.user.name).toBe("mfa-keys");
    expect(options.body.user.displayName).toBe("Kim Keys");
    expect(Buffer.from(options.body.user.id, "base64url").toString()).not.toContain("mfa");
    const first = await call(s, "POST", "/api/Auth/SecondFactor/passkeys", {
      token,
      body: { name: "Laptop", response: laptop.create(options.body) },
    });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body.passkey.name).toBe("Laptop");
    expect(first.body.recoveryCodes).toHaveLength(10);
    // A second passkey: no new recovery codes (the first ones stay).
    const phone = await addPasskey(token, new SoftAuthenticator("http://wms.test"), "Phone");
    expect(phone.added.status).toBe(201);
    expect(phone.added.body.recoveryCodes).toBeNull();
    // The same answer again: its challenge was used up.
    const again = await call(s, "POST", "/api/Auth/SecondFactor/passkeys", {
      token,
      body: { name: "Phone again", response: phone.response },
    });
    expect([again.status, again.body.error.code]).toEqual([422, "secondFactor.passkeyNotVerified"]);
    // Made on another site's page: refused.
    const elsewhere = await addPasskey(token, new SoftAuthenticator("http://evil.test"), "Evil");
    expect([elsewhere.added.status, elsewhere.added.body.error.code]).toEqual([
      422,
      "secondFactor.passkeyNotVerified",
    ]);
    const status = await call(s, "GET", "/api/Auth/SecondFactor", { token });
    expect(status.body.passkeys.map((p: { name: string }) => p.name)).toEqual(["Laptop", "Phone"]);
  });

  it("sign in as the second factor; a cloned one, another origin's or another user's is refused", async () => {
    await addUser(s, adminToken, { username: "mfa-signer" });
    const token = (await signIn(s, "mfa-signer")).token;
    const device = new SoftAuthenticator("http://wms.test");
    expect((await addPasskey(token, device, "Desk")).added.status).toBe(201);
    const other = new SoftAuthenticator("http://wms.test");
    await addUser(s, adminToken, { username: "mfa-other" });
    expect((await addPasskey((await signIn(s, "mfa-other")).token, other, "Theirs")).added.status).toBe(201);

    const passkey = (ticket: string, response: unknown) =>
      call(s, "POST", "/api/Auth/SecondFactor", { body: { ticket, method: "passkey", response } });
    const step = (await password("mfa-signer")).secondFactor;
    expect(step.methods).toEqual(["passkey", "recovery"]);
    expect(step.passkeyOptions.rpId).toBe("wms.test");
    expect(step.passkeyOptions.allowCredentials.map((c: { id: string }) => c.id)).toEqual([
      device.credentials[0].id.toString("base64url"),
    ]);
    // Another user's passkey, and a page of another origin, do not pass.
    const theirs = await passkey(step.ticket, other.get(step.passkeyOptions));
    expect([theirs.status, theirs.body.error.code]).toEqual([401, "auth.secondFactorInvalid"]);
    device.origin = "http://evil.test";
    const phished = await passkey(step.ticket, device.get(step.passkeyOptions));
    expect([phished.status, phished.body.error.code]).toEqual([401, "auth.secondFactorInvalid"]);
    device.origin = "http://wms.test";
    const passed = await passkey(step.ticket, device.get(step.passkeyOptions));
    expect(passed.status, JSON.stringify(passed.body)).toBe(200);
    expect(decodeJwt(passed.body.token).unique_name).toBe("mfa-signer");
    // A copy of the authenticator signs with a counter the server has seen: refused (the library's check).
    const next = (await password("mfa-signer")).secondFactor;
    const seen = device.credentials[0].counter;
    const cloned = await passkey(next.ticket, device.get(next.passkeyOptions, { counter: seen }));
    expect([cloned.status, cloned.body.error.code]).toEqual([401, "auth.secondFactorInvalid"]);
    expect((await passkey(next.ticket, device.get(next.passkeyOptions, { counter: seen + 5 }))).status).toBe(
      200,
    );
    // Signing the challenge of a step that was used: the ticket is gone.
    const replay = await passkey(next.ticket, device.get(next.passkeyOptions));
    expect([replay.status, replay.body.error.code]).toEqual([401, "auth.secondFactorExpired"]);
  });

  it("is removed with the current password; the last one stays while required", async () => {
    await addUser(s, adminToken, { username: "mfa-remover" });
    const token = (await signIn(s, "mfa-remover")).token;
    const device = new SoftAuthenticator("http://wms.test");
    const { added } = await addPasskey(token, device, "Only");
    const id = added.body.passkey.id;
    const without = await call(s, "DELETE", `/api/Auth/SecondFactor/passkeys/${id}`, { token, body: {} });
    expect(without.body.error.fields).toEqual({ currentPassword: ["validation.required"] });
    // Another user's passkey is not there for this one.
    await addUser(s, adminToken, { username: "mfa-foreigner" });
    const foreigner = (await signIn(s, "mfa-foreigner")).token;
    const foreign = await call(s, "DELETE", `/api/Auth/SecondFactor/passkeys/${id}`, {
      token: foreigner,
      body: { currentPassword: PASSWORD },
    });
    expect([foreign.status, foreign.body.error.code]).toEqual([404, "record.notFoundOrNoPermission"]);
    const removed = await call(s, "DELETE", `/api/Auth/SecondFactor/passkeys/${id}`, {
      token,
      body: { currentPassword: PASSWORD },
    });
    expect(removed.status).toBe(204);
    const status = await call(s, "GET", "/api/Auth/SecondFactor", { token });
    // No factor left: no recovery codes either (they would be a factor alone).
    expect(status.body).toMatchObject({ passkeys: [], recoveryCodesLeft: 0 });
    expect((await password("mfa-remover")).token).toBeTruthy();
  });
});

describe("a forgotten password", () => {
  it("is reset by e-mail, and the next sign-in still asks for the second factor", async () => {
    await addUser(s, adminToken, { username: "mfa-forgetful", email: "forgetful@mfa.example" });
    const { secret } = await setUpApp((await signIn(s, "mfa-forgetful")).token);
    expect((await call(s, "GET", "/api/Register/send-reset/forgetful%40mfa.example")).status).toBe(200);
    const m = await mail.waitFor((x) => x.envelopeTo.includes("forgetful@mfa.example"));
    const code = m.text.match(/recovery\?code=([a-z0-9]+)/)![1];
    const made = await call(s, "POST", "/api/Register/make-reset", {
      body: { code, password: "a-new-password-9", repeatPassword: "a-new-password-9" },
    });
    expect(made.status).toBe(200);
    const r = await call(s, "POST", "/api/Auth", {
      body: { username: "mfa-forgetful", password: "a-new-password-9" },
    });
    expect(r.body.token).toBeUndefined();
    await awayFromStepEnd();
    const passed = await pass(r.body.secondFactor.ticket, "totp", totpAt(secret, timeStep(Date.now())));
    expect(passed.status).toBe(200);
  });
});

describe("no token before the second factor", () => {
  it("a sign-in's ticket is no access token, no refresh token, and is good once", async () => {
    await addUser(s, adminToken, { username: "mfa-ticket" });
    const { secret } = await setUpApp((await signIn(s, "mfa-ticket")).token);
    const step = await password("mfa-ticket");
    const ticket = step.secondFactor.ticket as string;
    expect(Object.keys(step)).toEqual(["secondFactor"]);
    const asAccess = await call(s, "GET", "/api/ClientAccount", { token: ticket });
    expect([asAccess.status, asAccess.body.error.code]).toEqual([401, "auth.tokenInvalid"]);
    const asRefresh = await call(s, "GET", "/api/Auth", { token: ticket });
    expect([asRefresh.status, asRefresh.body.error.code]).toEqual([401, "auth.refreshInvalid"]);
    await awayFromStepEnd();
    const passed = await pass(ticket, "totp", totpAt(secret, timeStep(Date.now())));
    expect(passed.status).toBe(200);
    const twice = await pass(ticket, "totp", totpAt(secret, timeStep(Date.now()) + 1));
    expect([twice.status, twice.body.error.code]).toEqual([401, "auth.secondFactorExpired"]);
    const made = await pass("not-a-ticket", "totp", "123456");
    expect([made.status, made.body.error.code]).toEqual([401, "auth.secondFactorExpired"]);
  });

  it("third-party sign-in of a user with a factor also stops at the factor", async () => {
    await addUser(s, adminToken, { username: "mfa-oidc", email: "oidc@mfa.example" });
    const { secret } = await setUpApp((await signIn(s, "mfa-oidc")).token);
    const code = await provider.authorize({ email: "oidc@mfa.example", emailVerified: true });
    const r = await call(s, "GET", `/api/Auth/GoogleToken/${encodeURIComponent(code)}`);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.token).toBeUndefined();
    await awayFromStepEnd();
    const passed = await pass(r.body.secondFactor.ticket, "totp", totpAt(secret, timeStep(Date.now())));
    expect(passed.status).toBe(200);
    const history = await call(s, "GET", `/api/User/${passed.body.user.id}/history`, {
      token: passed.body.token,
    });
    expect(JSON.stringify(history.body)).toContain("oidc+totp");
  });
});

describe("a second factor required of administrators", () => {
  it("refuses an administrator without one every call but its setup, refreshed or not, until it is set up", async () => {
    await addUser(s, adminToken, { username: "mfa-boss", isSuperUser: true });
    await addUser(s, adminToken, { username: "mfa-clerk" });
    // The administrator who switches it on has a factor already (else they would be held up themselves).
    await setUpApp(adminToken);
    const bossBefore = await signIn(s, "mfa-boss");
    const account = (await call(s, "GET", "/api/ClientAccount", { token: adminToken })).body;
    const set = await call(s, "PUT", "/api/ClientAccount", {
      token: adminToken,
      body: { ...account, secondFactorRequired: "administrators" },
    });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(set.body.secondFactorRequired).toBe("administrators");
    // A session from before the setting is held to it too.
    const early = await call(s, "GET", "/api/Product", { token: bossBefore.token });
    expect([early.status, early.body.error.code]).toEqual([403, "auth.secondFactorSetupRequired"]);

    const boss = await password("mfa-boss");
    expect(boss.secondFactorSetupRequired).toBe(true);
    for (
      const [method, path] of [["GET", "/api/Product"], ["GET", "/api/User"], [
        "GET",
        "/api/config/getuserstartupconfig",
      ]]
    ) {
      const r = await call(s, method, path, { token: boss.token });
      expect([path, r.status, r.body.error.code]).toEqual([path, 403, "auth.secondFactorSetupRequired"]);
    }
    // A refreshed token is held the same: the requirement is the user's, not the token's.
    const refreshed = await call(s, "GET", "/api/Auth", { token: boss.refreshToken });
    expect(refreshed.status).toBe(200);
    const afterRefresh = await call(s, "GET", "/api/Product", { token: refreshed.body.token });
    expect([afterRefresh.status, afterRefresh.body.error.code]).toEqual([
      403,
      "auth.secondFactorSetupRequired",
    ]);
    const status = await call(s, "GET", "/api/Auth/SecondFactor", { token: refreshed.body.token });
    expect(status.body).toMatchObject({ policy: "administrators", required: true, setupRequired: true });

    // A basic user is not asked; the administrator who set it up already has one (none yet: set up now).
    const clerk = await password("mfa-clerk");
    expect(clerk.secondFactorSetupRequired).toBeUndefined();
    expect((await call(s, "GET", "/api/Product", { token: clerk.token })).status).toBe(200);

    await setUpApp(refreshed.body.token);
    const now = await call(s, "GET", "/api/Product", { token: refreshed.body.token });
    expect(now.status).toBe(200);
    // The last factor stays while the setting requires one.
    const removal = await call(s, "DELETE", "/api/Auth/SecondFactor/totp", {
      token: refreshed.body.token,
      body: { currentPassword: PASSWORD },
    });
    expect([removal.status, removal.body.error.code]).toEqual([409, "secondFactor.lastRequired"]);
    // The next sign-in asks for it.
    expect((await password("mfa-boss")).secondFactor.methods).toContain("totp");
  });

  it("lets an administrator remove a user's lost factors, which ends the user's sign-ins", async () => {
    await addUser(s, adminToken, { username: "mfa-lost" });
    const before = await signIn(s, "mfa-lost");
    await setUpApp(before.token);
    expect((await password("mfa-lost")).secondFactor).toBeDefined();
    const id = before.user.id;
    const noPassword = await call(s, "DELETE", `/api/User/${id}/second-factor`, {
      token: adminToken,
      body: {},
    });
    expect(noPassword.status).toBe(400);
    const byClerk = await call(s, "DELETE", `/api/User/${id}/second-factor`, {
      token: (await signIn(s, "mfa-clerk")).token,
      body: { currentPassword: PASSWORD },
    });
    expect(byClerk.status).toBe(404);
    const reset = await call(s, "DELETE", `/api/User/${id}/second-factor`, {
      token: adminToken,
      body: { currentPassword: PASSWORD },
    });
    expect(reset.status, JSON.stringify(reset.body)).toBe(204);
    expect((await call(s, "GET", "/api/ClientAccount", { token: before.token })).status).toBe(401);
    expect((await password("mfa-lost")).token).toBeTruthy();
  });
});

describe("the security event log", () => {
  it("keeps wrong and replayed codes, factors added and refused, codes renewed and an administrator's reset, never a code or secret", async () => {
    type Event = {
      event: string;
      outcome: string;
      userName: string | null;
      ip: string | null;
      detail: string;
    };
    const events = async (kind: string): Promise<Event[]> => {
      const filters = JSON.stringify([{ field: "event", operator: "eq", value: kind }]);
      const r = await call(
        s,
        "GET",
        `/api/SecurityLog?PageSize=100&BasicFiltersSerialized=${encodeURIComponent(filters)}`,
        {
          token: adminToken,
        },
      );
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      return (r.body.results as Event[]).filter((e) => e.userName === "mfa-audit");
    };
    const user = await addUser(s, adminToken, { username: "mfa-audit" });
    const token = (await signIn(s, "mfa-audit")).token;
    const app = await setUpApp(token);
    // A passkey added, and one whose challenge was used already refused.
    const options = await call(s, "POST", "/api/Auth/SecondFactor/passkeys/options", {
      token,
      body: { currentPassword: PASSWORD },
    });
    const response = new SoftAuthenticator("http://wms.test").create(options.body);
    const added = await call(s, "POST", "/api/Auth/SecondFactor/passkeys", {
      token,
      body: { name: "Audit key", response },
    });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    const again = await call(s, "POST", "/api/Auth/SecondFactor/passkeys", {
      token,
      body: { name: "Audit key again", response },
    });
    expect(again.body.error.code).toBe("secondFactor.passkeyNotVerified");
    // At sign-in: a wrong code, then the right one, then the right one again at the next sign-in.
    await awayFromStepEnd();
    const now = timeStep(Date.now());
    const wrong = totpAt(app.secret, now + 50);
    const right = totpAt(app.secret, now);
    const first = (await password("mfa-audit")).secondFactor.ticket as string;
    const refused = await pass(first, "totp", wrong, { "user-agent": "audit-browser/1.0" });
    expect([refused.status, refused.body.error.code]).toEqual([401, "auth.secondFactorInvalid"]);
    expect((await pass(first, "totp", right)).status).toBe(200);
    const second = (await password("mfa-audit")).secondFactor.ticket as string;
    expect((await pass(second, "totp", right)).body.error.code).toBe("auth.secondFactorInvalid");
    const renewed = await call(s, "POST", "/api/Auth/SecondFactor/recovery-codes", {
      token: (await pass(second, "recovery", app.recoveryCodes[0])).body.token,
      body: { currentPassword: PASSWORD },
    });
    expect(renewed.status, JSON.stringify(renewed.body)).toBe(200);
    // The administrator removes them all.
    const reset = await call(s, "DELETE", `/api/User/${user.id}/second-factor`, {
      token: adminToken,
      body: { currentPassword: PASSWORD },
    });
    expect(reset.status, JSON.stringify(reset.body)).toBe(204);

    await expect.poll(async () =>
      (await events("secondFactor.failed")).map((e) => [e.outcome, e.ip, e.detail])
    )
      .toEqual([["refused", "127.0.0.1", "totp: a wrong code"]]);
    await expect.poll(async () => (await events("secondFactor.replayed")).map((e) => [e.outcome, e.detail]))
      .toEqual([["refused", "totp: a code of a time step already used"]]);
    await expect.poll(async () =>
      (await events("secondFactor.added")).map((e) => [e.outcome, e.detail]).sort()
    )
      .toEqual([
        ["changed", "authenticator app, with new recovery codes"],
        ["changed", `passkey ${added.body.passkey.id} (Audit key)`],
      ]);
    await expect.poll(async () => (await events("secondFactor.addRefused")).map((e) => e.detail)).toEqual([
      "POST /api/Auth/SecondFactor/passkeys: a new passkey: its challenge is not one this user was given, or it expired",
    ]);
    await expect.poll(async () => (await events("recoveryCodes.renewed")).map((e) => [e.outcome, e.detail]))
      .toEqual([["changed", "10 new codes; the ones before end"]]);
    // The reset is the administrator's event, naming the user.
    const resets = async () => {
      const filters = JSON.stringify([{ field: "event", operator: "eq", value: "secondFactor.reset" }]);
      return (await call(s, "GET", `/api/SecurityLog?BasicFiltersSerialized=${encodeURIComponent(filters)}`, {
        token: adminToken,
      })).body.results.map((e: Event) => [e.outcome, e.userName, e.detail]);
    };
    await expect.poll(resets).toContainEqual([
      "changed",
      "mfa-admin",
      `user ${user.id} (mfa-audit): every second factor and recovery code removed by an administrator; ` +
      "their sign-ins ended",
    ]);
    // No code, secret, ticket or passkey answer anywhere in the log.
    const all = JSON.stringify(
      (await call(s, "GET", "/api/SecurityLog?PageSize=500", { token: adminToken })).body.results,
    );
    for (
      const secret of [
        wrong,
        right,
        app.secret,
        first,
        second,
        ...app.recoveryCodes,
        ...renewed.body.recoveryCodes,
      ]
    ) {
      expect(all).not.toContain(secret);
    }
    expect(all).not.toContain((response as { id: string }).id);
  });
});

describe("on a sharded server", () => {
  it("passes the factor on whichever shard the call lands, each check run on the tenant's own", async () => {
    const sharded = await startShardedServer({ loginLimitPerUser: 5, loginLimitPerIp: 1000 });
    try {
      await createTenant(sharded, "shard-one");
      await createTenant(sharded, "shard-two");
      for (const slug of ["shard-one", "shard-two"]) {
        const token = (await signIn(sharded, `${slug}-admin`)).token;
        const begun = await call(sharded, "POST", "/api/Auth/SecondFactor/totp", {
          token,
          body: { currentPassword: PASSWORD },
        });
        await awayFromStepEnd();
        const confirmed = await call(sharded, "POST", "/api/Auth/SecondFactor/totp/confirm", {
          token,
          body: { code: totpAt(begun.body.secret, timeStep(Date.now()) - 1) },
        });
        expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
        const step = await call(sharded, "POST", "/api/Auth", {
          body: { username: `${slug}-admin`, password: PASSWORD },
        });
        expect(step.body.secondFactor.methods).toEqual(["totp", "recovery"]);
        const passed = await call(sharded, "POST", "/api/Auth/SecondFactor", {
          body: {
            ticket: step.body.secondFactor.ticket,
            method: "totp",
            code: totpAt(begun.body.secret, timeStep(Date.now())),
          },
        });
        expect(passed.status, JSON.stringify(passed.body)).toBe(200);
        const code = confirmed.body.recoveryCodes[0];
        const again = await call(sharded, "POST", "/api/Auth", {
          body: { username: `${slug}-admin`, password: PASSWORD },
        });
        const recovered = await call(sharded, "POST", "/api/Auth/SecondFactor", {
          body: { ticket: again.body.secondFactor.ticket, method: "recovery", code },
        });
        expect(recovered.status).toBe(200);
        expect((await call(sharded, "GET", "/api/Product", { token: recovered.body.token })).status).toBe(
          200,
        );
      }
    } finally {
      await sharded.close();
    }
  }, 60_000);
});
