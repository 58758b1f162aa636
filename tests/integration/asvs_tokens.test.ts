// ASVS V9 and V10 against the real server and a real OpenID provider on loopback: a token naming its own
// key (jwk, jku, x5u, kid) is still checked against the server's key alone; third-party sign-in answers only
// our own token data, takes ID tokens from the provider's token endpoint alone, finds the person by the
// provider's subject (not by an e-mail address the provider may give to someone else), refuses discovery
// that names another issuer, and its sign-in lives and ends as docs/security.md's Sessions says.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { decodeJwt, exportJWK, generateKeyPair, SignJWT } from "jose";
import { readFileSync } from "node:fs";
import { addUser, call, createTenant, signIn, startServer, type TestServer } from "../fixtures/harness.ts";
import { type OidcProvider, startOidcProvider } from "../fixtures/oidc_provider.ts";

const REDIRECT_URI = "http://wms.test/signin/oidc";

let provider: OidcProvider;
let s: TestServer;
let admin: string;

beforeAll(async () => {
  provider = await startOidcProvider({ redirectUri: REDIRECT_URI });
  s = await startServer({
    oidcIssuer: provider.issuer,
    oidcClientId: provider.clientId,
    oidcClientSecret: provider.clientSecret,
    oidcRedirectUri: REDIRECT_URI,
    loginLimitPerIp: 1000,
  });
  await createTenant(s, "fed");
  admin = (await signIn(s, "fed-admin")).token;
});
afterAll(async () => {
  await s?.close();
  await provider?.close();
});

const exchange = (code: string, nonce?: string) =>
  call(s, "GET", `/api/Auth/GoogleToken/${encodeURIComponent(code)}${nonce ? `?nonce=${nonce}` : ""}`);

async function loggedReason(requestId: string): Promise<string> {
  const [row] = await s.platform.control.query("SELECT message FROM system_log WHERE request_id = ?", [
    requestId,
  ]);
  return String(row?.message ?? "");
}

describe("tokens name no key of their own (9.1.3)", () => {
  it("refuses a token that brings its own key (jwk), points to one (jku, x5u) or names another (kid)", async () => {
    const { privateKey, publicKey } = await generateKeyPair("EdDSA", { crv: "Ed25519" });
    const own = decodeJwt(admin);
    const jwk = await exportJWK(publicKey);
    const headers = [
      { alg: "EdDSA", typ: "at+jwt", jwk },
      { alg: "EdDSA", typ: "at+jwt", jku: "http://127.0.0.1:1/keys.json" },
      { alg: "EdDSA", typ: "at+jwt", x5u: "http://127.0.0.1:1/cert.pem" },
      { alg: "EdDSA", typ: "at+jwt", kid: "attacker-key" },
    ];
    for (const header of headers) {
      const forged = await new SignJWT({ ...own }).setProtectedHeader(header).sign(privateKey);
      const r = await call(s, "GET", "/api/config/getuserstartupconfig", { token: forged });
      expect([r.status, r.body.error.code], JSON.stringify(Object.keys(header))).toEqual([
        401,
        "auth.tokenInvalid",
      ]);
    }
    // The control: the genuine token still works.
    expect((await call(s, "GET", "/api/config/getuserstartupconfig", { token: admin })).status).toBe(200);
  });
});

describe("third-party sign-in", () => {
  it("answers only our own token data: none of the provider's tokens reach the browser (10.1.1)", async () => {
    const nonce = crypto.randomUUID();
    const r = await exchange(
      await provider.authorize({ email: "admin@fed.example", emailVerified: true }, { nonce }),
      nonce,
    );
    expect(r.status).toBe(200);
    expect(Object.keys(r.body).sort()).toEqual([
      "expiresAt",
      "refreshExpiresAt",
      "refreshToken",
      "token",
      "user",
    ]);
    expect(decodeJwt(r.body.token).iss).toBe(s.platform.config.jwtIssuer);
    // No value of the answer is a token the provider issued.
    const strings = JSON.stringify(r.body).match(/"[^"]{20,}"/g) ?? [];
    for (const v of strings) {
      const text = v.slice(1, -1);
      if (text.split(".").length === 3) expect(decodeJwt(text).iss).not.toBe(provider.issuer);
    }
    expect(JSON.stringify(r.body)).not.toMatch(/id_token|access_token/);
  });

  it("takes ID tokens from the provider's token endpoint alone: one sent in place of a code signs nobody in (10.5.1)", async () => {
    // A genuine ID token of the administrator, taken from the provider as a client would.
    const code = await provider.authorize({ email: "admin@fed.example", emailVerified: true }, {
      nonce: "n-1",
    });
    const res = await fetch(`${provider.issuer}/token`, {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        authorization: `Basic ${btoa(`${provider.clientId}:${provider.clientSecret}`)}`,
      },
      body: new URLSearchParams({ grant_type: "authorization_code", code, redirect_uri: REDIRECT_URI }),
    });
    const { id_token: idToken } = await res.json();
    expect(decodeJwt(idToken).email).toBe("admin@fed.example");
    const r = await exchange(idToken, "n-1");
    expect([r.status, r.body.error.code]).toEqual([401, "auth.thirdPartyFailed"]);
    expect(await loggedReason(r.body.error.requestId)).toMatch(
      /token endpoint answered HTTP 400: invalid_grant/,
    );
  });

  it("finds the person by the provider's subject: the address given to someone else signs nobody in, the bound person keeps signing in (10.5.2)", async () => {
    const kim = await addUser(s, admin, { username: "fed-kim", email: "kim@fed.example" });
    const first = await exchange(
      await provider.authorize({ email: "kim@fed.example", emailVerified: true, subject: "kim-at-provider" }),
    );
    expect([first.status, first.body.user?.id]).toEqual([200, kim.id]);
    // The provider gives the address to another person: their verified e-mail is no longer enough.
    const other = await exchange(
      await provider.authorize({ email: "kim@fed.example", emailVerified: true, subject: "someone-new" }),
    );
    expect([other.status, other.body.error.code]).toEqual([401, "auth.thirdPartyFailed"]);
    expect(await loggedReason(other.body.error.requestId)).toContain("signs in as another subject");
    // Kim's address changes here (and at the provider): Kim still signs in, found by the subject.
    const record = (await call(s, "GET", `/api/User/${kim.id}`, { token: admin })).body;
    expect(
      (await call(s, "PUT", "/api/User", { token: admin, body: { ...record, email: "kim.lee@fed.example" } }))
        .status,
    )
      .toBe(200);
    const again = await exchange(
      await provider.authorize({
        email: "k.lee@mail.example",
        emailVerified: false,
        subject: "kim-at-provider",
      }),
    );
    expect([again.status, again.body.user?.id]).toEqual([200, kim.id]);
    // Deleting the user frees the subject: it finds nobody now.
    expect((await call(s, "DELETE", `/api/User/${kim.id}`, { token: admin })).status).toBe(204);
    expect(await s.platform.control.query("SELECT * FROM oidc_identities WHERE subject = 'kim-at-provider'"))
      .toEqual([]);
    const gone = await exchange(
      await provider.authorize({
        email: "kim.lee@fed.example",
        emailVerified: true,
        subject: "kim-at-provider",
      }),
    );
    expect(gone.status).toBe(401);
  });

  it("refuses the provider's metadata when it names another issuer (10.5.3)", async () => {
    const impostor = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen: () => {} }, () =>
      Response.json({
        issuer: provider.issuer,
        authorization_endpoint: `${provider.issuer}/auth`,
        token_endpoint: `${provider.issuer}/token`,
        jwks_uri: `${provider.issuer}/jwks`,
      }));
    const t = await startServer({
      oidcIssuer: `http://127.0.0.1:${impostor.addr.port}`,
      oidcClientId: provider.clientId,
      oidcClientSecret: provider.clientSecret,
      oidcRedirectUri: REDIRECT_URI,
    });
    try {
      const r = await call(t, "GET", "/api/Auth/ThirdParty");
      expect([r.status, r.body]).toEqual([200, { enabled: false }]);
      const [row] = await t.platform.control.query("SELECT message FROM system_log WHERE request_id = ?", [
        r.headers.get("x-request-id"),
      ]);
      expect(String(row.message)).toContain(
        `names issuer ${provider.issuer}, expected http://127.0.0.1:${impostor.addr.port}`,
      );
    } finally {
      await t.close();
      await impostor.shutdown();
    }
  });

  it("starts a sign-in of our own that lives and ends as documented, apart from the provider's (7.1.3, 7.6.1)", async () => {
    const doc = readFileSync("docs/security.md", "utf8");
    const section = doc.slice(doc.indexOf("### Sessions"), doc.indexOf("### Words refused in passwords"));
    expect(section).toContain("A third-party sign-in");
    const r = await exchange(await provider.authorize({ email: "admin@fed.example", emailVerified: true }));
    expect(r.status).toBe(200);
    // Our lifetimes, whatever the provider's session or its tokens' lifetimes (600 s here).
    const lifetime = Date.parse(r.body.refreshExpiresAt) - Date.now();
    expect(Math.abs(lifetime - s.platform.config.refreshTokenTtlSeconds * 1000)).toBeLessThan(60_000);
    const sid = String(decodeJwt(r.body.token).sid);
    const mine = await call(s, "GET", "/api/Auth/Sessions", { token: r.body.token });
    expect(mine.body.results.map((x: { id: string }) => x.id)).toContain(sid);
    // Idle past our limit, it ends like any other: the next sign-in goes through the provider again.
    await s.platform.control.query("UPDATE auth_sessions SET last_used_at = ? WHERE id = ?", [
      new Date(Date.now() - (s.platform.config.sessionIdleSeconds + 1) * 1000).toISOString(),
      sid,
    ]);
    expect((await call(s, "GET", "/api/Auth", { token: r.body.refreshToken })).status).toBe(401);
    // Signing out here ends ours; the provider's session is the provider's (its own sign-out).
    const next = await exchange(
      await provider.authorize({ email: "admin@fed.example", emailVerified: true }),
    );
    expect((await call(s, "DELETE", "/api/Auth", { token: next.body.token })).status).toBe(204);
    expect((await call(s, "GET", "/api/Auth", { token: next.body.refreshToken })).status).toBe(401);
  });
});
