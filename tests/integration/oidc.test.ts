// Third-party sign-in (GET /api/Auth/GoogleToken/{code}) against a real OpenID provider on loopback:
// codes come from the provider's own authorization endpoint and are exchanged by the server for real.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHash, randomBytes } from "node:crypto";
import { decodeJwt } from "jose";
import { eq } from "drizzle-orm";
import { addUser, call, createTenant, signIn, startServer, type TestServer } from "../fixtures/harness.ts";
import { type IdTokenRewrite, type OidcProvider, startOidcProvider } from "../fixtures/oidc_provider.ts";
import { suspendTenant } from "../../server/domain/access/registration/service.ts";
import { controlSystemLog } from "../../server/tenancy/schema.ts";

const REDIRECT_URI = "http://wms.test/signin/oidc";

let provider: OidcProvider;
let s: TestServer;
let adminToken: string;
let adminId: number;

function oidcConfig(p: OidcProvider) {
  return {
    oidcIssuer: p.issuer,
    oidcClientId: p.clientId,
    oidcClientSecret: p.clientSecret,
    oidcRedirectUri: REDIRECT_URI,
  };
}

function exchange(server: TestServer, code: string, browser: { nonce?: string; codeVerifier?: string } = {}) {
  const query = new URLSearchParams(browser).toString();
  return call(server, "GET", `/api/Auth/GoogleToken/${encodeURIComponent(code)}${query ? `?${query}` : ""}`);
}

/** A PKCE pair as a browser makes it (RFC 7636 §4.1, §4.2). */
function pkcePair() {
  const verifier = randomBytes(32).toString("base64url");
  return { verifier, challenge: createHash("sha256").update(verifier).digest("base64url") };
}

async function loggedReason(server: TestServer, requestId: string) {
  const [logged] = await server.platform.control.db.select().from(controlSystemLog)
    .where(eq(controlSystemLog.requestId, requestId));
  return logged?.message;
}

beforeAll(async () => {
  provider = await startOidcProvider({ redirectUri: REDIRECT_URI });
  s = await startServer({ ...oidcConfig(provider), loginLimitPerIp: 1000 });
  await createTenant(s, "acme");
  const admin = await signIn(s, "acme-admin");
  adminToken = admin.token;
  adminId = admin.user.id;
});
afterAll(async () => {
  await s?.close();
  await provider?.close();
});

describe("GET /api/Auth/GoogleToken/{code}", () => {
  it("signs in the user whose verified e-mail the provider vouches for, with working tokens", async () => {
    // The provider may spell the address in another case than the user record.
    const code = await provider.authorize({ email: "Admin@ACME.example", emailVerified: true });
    const r = await exchange(s, code);
    expect(r.status).toBe(200);
    expect(Object.keys(r.body).sort()).toEqual([
      "expiresAt",
      "refreshExpiresAt",
      "refreshToken",
      "token",
      "user",
    ]);
    expect(r.body.user.id).toBe(adminId);
    expect(r.body.user.username).toBe("acme-admin");
    expect(r.body.user.passwordHash).toBeUndefined();
    expect(decodeJwt(r.body.token)).toMatchObject({ nameid: String(adminId), unique_name: "acme-admin" });
    const account = await call(s, "GET", "/api/ClientAccount", { token: r.body.token });
    expect(account.status).toBe(200);
    const refreshed = await call(s, "GET", "/api/Auth", { token: r.body.refreshToken });
    expect(refreshed.status).toBe(200);
    expect(decodeJwt(refreshed.body.token).nameid).toBe(String(adminId));
  });

  it("accepts a code once: the second exchange fails", async () => {
    const code = await provider.authorize({ email: "admin@acme.example", emailVerified: true });
    expect((await exchange(s, code)).status).toBe(200);
    const again = await exchange(s, code);
    expect([again.status, again.body.error.code]).toEqual([401, "auth.thirdPartyFailed"]);
  });

  it("refuses codes the provider never issued, and tells the operator why in SystemLog", async () => {
    const garbage = await exchange(s, "not-a-code-at-all");
    expect([garbage.status, garbage.body.error.code]).toEqual([401, "auth.thirdPartyFailed"]);
    // Google's codes contain '/', which arrives URL-encoded in the path and must still reach the exchange.
    const googleShaped = await exchange(s, "4/0AbCdEfGhIjKlMnOp");
    expect([googleShaped.status, googleShaped.body.error.code]).toEqual([401, "auth.thirdPartyFailed"]);

    const [logged] = await s.platform.control.db.select().from(controlSystemLog)
      .where(eq(controlSystemLog.requestId, garbage.body.error.requestId));
    expect(logged?.level).toBe("warning");
    expect(logged?.message).toContain("invalid_grant");
    expect(garbage.body.error.message).not.toContain("invalid_grant");
  });

  it("refuses ID tokens that fail verification: foreign key, another audience or issuer, expired", async () => {
    const cases: Array<[string, IdTokenRewrite]> = [
      ["signed with a key the provider never published", { foreignKey: true }],
      ["issued to another client", { claims: { aud: "another-client" } }],
      ["issued by another issuer", { claims: { iss: "http://issuer.elsewhere.example" } }],
      ["already expired", { claims: { exp: Math.floor(Date.now() / 1000) - 600 } }],
    ];
    try {
      // The control: re-signed unchanged with the provider's key, the token is still accepted.
      provider.rewriteIdTokens({});
      const control = await exchange(
        s,
        await provider.authorize({ email: "admin@acme.example", emailVerified: true }),
      );
      expect(control.status).toBe(200);
      for (const [label, rewrite] of cases) {
        provider.rewriteIdTokens(rewrite);
        const code = await provider.authorize({ email: "admin@acme.example", emailVerified: true });
        const r = await exchange(s, code);
        expect([label, r.status, r.body.error?.code]).toEqual([label, 401, "auth.thirdPartyFailed"]);
      }
    } finally {
      provider.rewriteIdTokens(undefined);
    }
  });

  it("refuses an identity whose e-mail the provider has not verified", async () => {
    // Another account at the provider than the administrator's, claiming their address unverified.
    const code = await provider.authorize({
      email: "admin@acme.example",
      emailVerified: false,
      subject: "unverified-claimant",
    });
    const r = await exchange(s, code);
    expect([r.status, r.body.error.code]).toEqual([401, "auth.thirdPartyFailed"]);
    expect(r.body.token).toBeUndefined();
  });

  it("refuses an identity whose e-mail matches no user", async () => {
    const code = await provider.authorize({ email: "stranger@elsewhere.example", emailVerified: true });
    const r = await exchange(s, code);
    expect([r.status, r.body.error.code]).toEqual([401, "auth.thirdPartyFailed"]);
  });

  it("refuses a blocked user found by e-mail with auth.blocked", async () => {
    await addUser(s, adminToken, { username: "blocked-bea", email: "bea@acme.example", blocked: true });
    const code = await provider.authorize({ email: "bea@acme.example", emailVerified: true });
    const r = await exchange(s, code);
    expect([r.status, r.body.error.code]).toEqual([401, "auth.blocked"]);
  });

  it("refuses an e-mail held in two tenants, until one of them is suspended", async () => {
    await createTenant(s, "beta");
    const betaToken = (await signIn(s, "beta-admin")).token;
    const inAcme = await addUser(s, adminToken, { username: "pat-acme", email: "pat@shared.example" });
    await addUser(s, betaToken, { username: "pat-beta", email: "pat@shared.example" });

    const ambiguous = await exchange(
      s,
      await provider.authorize({ email: "pat@shared.example", emailVerified: true }),
    );
    expect([ambiguous.status, ambiguous.body.error.code]).toEqual([401, "auth.thirdPartyFailed"]);

    await suspendTenant(s.platform, "beta");
    const r = await exchange(
      s,
      await provider.authorize({ email: "pat@shared.example", emailVerified: true }),
    );
    expect(r.status).toBe(200);
    expect(r.body.user.id).toBe(inAcme.id);
    expect(r.body.user.username).toBe("pat-acme");
  });
});

describe("GET /api/Auth/GoogleToken/{code}: configuration and limits", () => {
  it("authenticates with client_secret_post when that is all the provider supports", async () => {
    const postOnly = await startOidcProvider({
      redirectUri: REDIRECT_URI,
      clientAuthMethod: "client_secret_post",
    });
    const server = await startServer(oidcConfig(postOnly));
    try {
      await createTenant(server, "posty");
      const r = await exchange(
        server,
        await postOnly.authorize({ email: "admin@posty.example", emailVerified: true }),
      );
      expect(r.status).toBe(200);
      expect(r.body.user.username).toBe("posty-admin");
    } finally {
      await server.close();
      await postOnly.close();
    }
  });

  it("fails a real code when the server holds the wrong client secret", async () => {
    const server = await startServer({ ...oidcConfig(provider), oidcClientSecret: "not-the-secret" });
    try {
      const code = await provider.authorize({ email: "admin@acme.example", emailVerified: true });
      const r = await exchange(server, code);
      expect([r.status, r.body.error.code]).toEqual([401, "auth.thirdPartyFailed"]);
      const [logged] = await server.platform.control.db.select().from(controlSystemLog)
        .where(eq(controlSystemLog.requestId, r.body.error.requestId));
      expect(logged?.message).toContain("invalid_client");
      // The same code is still good for the rightly configured server: the refusal was the secret's.
      const right = await exchange(s, code);
      expect([right.status, right.body.user?.id]).toEqual([200, adminId]);
    } finally {
      await server.close();
    }
  });

  it("answers 404 auth.thirdPartyNotConfigured when no client is configured, and logs nothing", async () => {
    const server = await startServer({ oidcClientId: undefined, oidcClientSecret: undefined });
    try {
      for (let i = 0; i < 30; i++) {
        const r = await exchange(server, `any-code-${i}`);
        expect([r.status, r.body.error.code]).toEqual([404, "auth.thirdPartyNotConfigured"]);
      }
      const logged = await server.platform.control.db.select().from(controlSystemLog);
      expect(logged).toEqual([]);
    } finally {
      await server.close();
    }
  });

  it("limits failed attempts per client address, even before a good code", async () => {
    const server = await startServer({
      ...oidcConfig(provider),
      loginLimitPerIp: 2,
      loginLimitPerUser: 1000,
    });
    try {
      await createTenant(server, "limited");
      for (const code of ["bad-1", "bad-2"]) {
        const r = await exchange(server, code);
        expect([r.status, r.body.error.code]).toEqual([401, "auth.thirdPartyFailed"]);
      }
      const good = await provider.authorize({ email: "admin@limited.example", emailVerified: true });
      const r = await exchange(server, good);
      expect([r.status, r.body.error.code]).toEqual([429, "auth.tooManyAttempts"]);
      expect(Number(r.headers.get("retry-after"))).toBeGreaterThan(0);
    } finally {
      await server.close();
    }
  });
});

describe("GET /api/Auth/GoogleToken/{code}: the browser's nonce and PKCE verifier", () => {
  const admin = { email: "admin@acme.example", emailVerified: true };

  it("signs in when the ID token carries the nonce the browser sent", async () => {
    const nonce = crypto.randomUUID();
    const r = await exchange(s, await provider.authorize(admin, { nonce }), { nonce });
    expect([r.status, r.body.user?.id]).toEqual([200, adminId]);
  });

  it("refuses an ID token with another nonce or none, and logs why", async () => {
    const other = await exchange(s, await provider.authorize(admin, { nonce: "nonce-of-the-request" }), {
      nonce: "nonce-of-another-tab",
    });
    expect([other.status, other.body.error.code]).toEqual([401, "auth.thirdPartyFailed"]);
    expect(await loggedReason(s, other.body.error.requestId)).toContain("nonce is not the browser's");

    const none = await exchange(s, await provider.authorize(admin), { nonce: "a-nonce" });
    expect([none.status, none.body.error.code]).toEqual([401, "auth.thirdPartyFailed"]);
    expect(await loggedReason(s, none.body.error.requestId)).toContain("carries no nonce");
  });

  it("sends the PKCE verifier: the right one signs in, a wrong or missing one is refused", async () => {
    const right = pkcePair();
    const ok = await exchange(s, await provider.authorize(admin, { codeChallenge: right.challenge }), {
      codeVerifier: right.verifier,
    });
    expect([ok.status, ok.body.user?.id]).toEqual([200, adminId]);

    const code = await provider.authorize(admin, { codeChallenge: pkcePair().challenge });
    const wrong = await exchange(s, code, { codeVerifier: pkcePair().verifier });
    expect([wrong.status, wrong.body.error.code]).toEqual([401, "auth.thirdPartyFailed"]);
    expect(await loggedReason(s, wrong.body.error.requestId)).toContain("invalid_grant");

    const missing = await exchange(s, await provider.authorize(admin, { codeChallenge: right.challenge }));
    expect([missing.status, missing.body.error.code]).toEqual([401, "auth.thirdPartyFailed"]);
  });

  it("answers 400 validation.failed for a verifier RFC 7636 does not allow", async () => {
    const r = await exchange(s, "any-code", { codeVerifier: "too-short" });
    expect([r.status, r.body.error.code]).toEqual([400, "validation.failed"]);
  });
});

describe("GET /api/Auth/ThirdParty", () => {
  it("tells the browser the provider's authorization endpoint, the client and the redirect URI", async () => {
    const r = await call(s, "GET", "/api/auth/thirdparty");
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      enabled: true,
      providerName: "Google",
      authorizationEndpoint: `${provider.issuer}/auth`,
      clientId: provider.clientId,
      redirectUri: REDIRECT_URI,
      scope: "openid email",
    });
    const named = await startServer({ ...oidcConfig(provider), oidcProviderName: "Acme ID" });
    try {
      expect((await call(named, "GET", "/api/Auth/ThirdParty")).body.providerName).toBe("Acme ID");
    } finally {
      await named.close();
    }
  });

  it("answers enabled:false without a configured client", async () => {
    const server = await startServer({ oidcClientId: undefined, oidcClientSecret: undefined });
    try {
      const r = await call(server, "GET", "/api/Auth/ThirdParty");
      expect([r.status, r.body]).toEqual([200, { enabled: false }]);
    } finally {
      await server.close();
    }
  });

  it("answers enabled:false while the provider cannot be discovered, and logs why", async () => {
    const gone = await startOidcProvider({ redirectUri: REDIRECT_URI });
    await gone.close();
    const server = await startServer(oidcConfig(gone));
    try {
      const r = await call(server, "GET", "/api/Auth/ThirdParty");
      expect([r.status, r.body]).toEqual([200, { enabled: false }]);
      expect(await loggedReason(server, r.headers.get("x-request-id")!)).toContain("discovery at");
    } finally {
      await server.close();
    }
  });

  it("is in the OpenAPI document with its answer's schema", async () => {
    const doc = (await call(s, "GET", "/api/openapi.json")).body;
    const op = doc.paths["/api/Auth/ThirdParty"]?.get;
    expect(op?.security).toBeUndefined();
    expect(JSON.stringify(op?.responses["200"])).toContain("authorizationEndpoint");
    const exchangeOp = doc.paths["/api/Auth/GoogleToken/{code}"].get;
    expect(exchangeOp.parameters.map((p: { name: string }) => p.name).sort()).toEqual([
      "code",
      "codeVerifier",
      "nonce",
    ]);
  });
});
