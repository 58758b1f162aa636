import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { decodeJwt, decodeProtectedHeader, SignJWT } from "jose";
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
import { approveTenant, suspendTenant } from "../../server/domain/access/registration/service.ts";
import { provisionTenant } from "../../server/tenancy/provision.ts";

let s: TestServer;
let adminToken: string;

beforeAll(async () => {
  s = await startServer({ loginLimitPerUser: 5, loginLimitPerIp: 1000 });
  await createTenant(s, "acme");
  adminToken = (await signIn(s, "acme-admin")).token;
});
afterAll(() => s.close());

describe("POST /api/Auth", () => {
  it("answers token data with the contract's claims", async () => {
    const r = await call(s, "POST", "/api/Auth", { body: { username: "ACME-ADMIN", password: PASSWORD } });
    expect(r.status).toBe(200);
    expect(Object.keys(r.body).sort()).toEqual([
      "expiresAt",
      "refreshExpiresAt",
      "refreshToken",
      "token",
      "user",
    ]);
    expect(new Date(r.body.expiresAt).getTime()).toBeGreaterThan(Date.now() + 14 * 60_000);
    expect(r.body.user.username).toBe("acme-admin");
    expect(r.body.user.passwordHash).toBeUndefined();
    const claims = decodeJwt(r.body.token);
    expect(claims).toMatchObject({
      nameid: String(r.body.user.id),
      unique_name: "acme-admin",
      IsSuperUser: "True",
      IsPowerUser: "True",
      LogisticsEnabled: "True",
      TerminalEnabled: "True",
      ShippingEnabled: "True",
      TransportEnabled: "True",
      ContractorPortalEnabled: "False",
    });
    expect(typeof claims.tid).toBe("string");
    expect(decodeProtectedHeader(r.body.token)).toMatchObject({ alg: "EdDSA", typ: "at+jwt" });
  });

  it("refuses a wrong password and an unknown user alike", async () => {
    const wrong = await call(s, "POST", "/api/Auth", {
      body: { username: "acme-admin", password: "nope-nope" },
    });
    const unknown = await call(s, "POST", "/api/Auth", {
      body: { username: "ghost", password: "nope-nope" },
    });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body.error.code).toBe("auth.wrongCredentials");
    expect(unknown.body.error.code).toBe("auth.wrongCredentials");
    expect(unknown.body.error.message).toBe(wrong.body.error.message);
  });

  it("answers in the caller's language", async () => {
    const r = await call(s, "POST", "/api/Auth", {
      body: { username: "ghost", password: "x" },
      headers: { "accept-language": "ru-RU,ru;q=0.9" },
    });
    expect(r.body.error.code).toBe("auth.wrongCredentials");
    expect(r.body.error.message).toMatch(/[а-я]/);
  });

  it("takes the same time whether or not the username exists", async () => {
    const server = await startServer({
      // N = 2^13 at p = 3: a verification costs about what N = 2^14 at p = 1 did, tens of milliseconds.
      passwordHashCost: 1 << 13,
      loginLimitPerUser: 1000,
      loginLimitPerIp: 1000,
    });
    try {
      await createTenant(server, "timing");
      const time = async (username: string) => {
        const t = performance.now();
        const r = await call(server, "POST", "/api/Auth", { body: { username, password: "wrong-password" } });
        expect(r.status).toBe(401);
        return performance.now() - t;
      };
      await time("timing-admin");
      await time("nobody-here"); // warm both paths
      const existing: number[] = [];
      const missing: number[] = [];
      for (let i = 0; i < 8; i++) {
        existing.push(await time("timing-admin"));
        missing.push(await time(`nobody-${i}`));
      }
      // The fastest of several runs is the path's own cost, least disturbed by whatever else the machine
      // does. Without the dummy verification an unknown user answers in about a millisecond, against tens
      // of milliseconds for a real verification.
      const a = Math.min(...existing);
      const b = Math.min(...missing);
      expect(b).toBeGreaterThan(a * 0.5);
      expect(a).toBeGreaterThan(b * 0.5);
    } finally {
      await server.close();
    }
  });

  it("refuses blocked and not-activated users with their own codes, only to a caller with the password", async () => {
    await addUser(s, adminToken, { username: "blocked-bob", blocked: true });
    await addUser(s, adminToken, { username: "inactive-ida", active: false });
    const blocked = await call(s, "POST", "/api/Auth", {
      body: { username: "blocked-bob", password: PASSWORD },
    });
    expect([blocked.status, blocked.body.error.code]).toEqual([401, "auth.blocked"]);
    const inactive = await call(s, "POST", "/api/Auth", {
      body: { username: "inactive-ida", password: PASSWORD },
    });
    expect([inactive.status, inactive.body.error.code]).toEqual([401, "auth.notActivated"]);
    const guess = await call(s, "POST", "/api/Auth", {
      body: { username: "blocked-bob", password: "not-it-at-all" },
    });
    expect(guess.body.error.code).toBe("auth.wrongCredentials");
  });

  it("refuses a tenant awaiting approval, then lets it in once approved; refuses a suspended tenant", async () => {
    await provisionTenant(s.platform, {
      slug: "waiting",
      companyName: "Waiting Co",
      status: "pendingApproval",
      admin: {
        username: "waiting-admin",
        email: "w@waiting.example",
        password: PASSWORD,
        active: true,
        isPowerUser: true,
        logisticsEnabled: false,
        terminalEnabled: false,
        shippingEnabled: false,
        transportEnabled: false,
        contractorPortalEnabled: false,
      },
    });
    const pending = await call(s, "POST", "/api/Auth", {
      body: { username: "waiting-admin", password: PASSWORD },
    });
    expect([pending.status, pending.body.error.code]).toEqual([401, "auth.awaitingApproval"]);
    await approveTenant(s.platform, "waiting");
    const { token } = await signIn(s, "waiting-admin");
    expect((await call(s, "GET", "/api/ClientAccount", { token })).status).toBe(200);
    await suspendTenant(s.platform, "waiting");
    const suspended = await call(s, "POST", "/api/Auth", {
      body: { username: "waiting-admin", password: PASSWORD },
    });
    expect([suspended.status, suspended.body.error.code]).toEqual([401, "auth.suspended"]);
    const withOldToken = await call(s, "GET", "/api/ClientAccount", { token });
    expect(withOldToken.status).toBe(401);
  });

  it("limits failed attempts per username with 429 and Retry-After", async () => {
    await addUser(s, adminToken, { username: "limited-lou" });
    for (let i = 0; i < 5; i++) {
      const r = await call(s, "POST", "/api/Auth", {
        body: { username: "limited-lou", password: "wrong-guess" },
      });
      expect(r.status).toBe(401);
    }
    const r = await call(s, "POST", "/api/Auth", { body: { username: "limited-lou", password: PASSWORD } });
    expect(r.status).toBe(429);
    expect(r.body.error.code).toBe("auth.tooManyAttempts");
    expect(Number(r.headers.get("retry-after"))).toBeGreaterThan(0);
  });

  it("counts parallel guesses before checking them: 40 at once give at most 5 checks, and the right one waits", async () => {
    await addUser(s, adminToken, { username: "parallel-pat" });
    const guesses = await Promise.all(
      Array.from(
        { length: 40 },
        () => call(s, "POST", "/api/Auth", { body: { username: "parallel-pat", password: "wrong-guess" } }),
      ),
    );
    const statuses = guesses.map((r) => r.status);
    expect(statuses.filter((x) => x === 401).length).toBeLessThanOrEqual(5);
    expect(statuses.filter((x) => x === 429).length).toBeGreaterThanOrEqual(35);
    expect(statuses.every((x) => x === 401 || x === 429)).toBe(true);
    const right = await call(s, "POST", "/api/Auth", {
      body: { username: "parallel-pat", password: PASSWORD },
    });
    expect(right.status).toBe(429);
  });

  it("lets the real user in from another address while one address is locked out, after a short wait", async () => {
    const server = await startServer({ trustProxy: true, loginLimitPerUser: 5, loginSlowDownAfter: 3 });
    try {
      await createTenant(server, "victim");
      const from = (address: string, password: string, username = "victim-admin") =>
        call(server, "POST", "/api/Auth", {
          body: { username, password },
          headers: { "x-forwarded-for": address },
        });
      for (let i = 0; i < 5; i++) expect((await from("10.9.0.1", "wrong")).status).toBe(401);
      expect((await from("10.9.0.1", PASSWORD)).status).toBe(429);
      // Username variants are the same user: locked at that address too.
      expect((await from("10.9.0.1", PASSWORD, " Victim-Admin ")).status).toBe(429);
      // From the office: in, slowed down (more than 3 failures), not locked.
      const started = performance.now();
      const office = await from("10.9.0.2", PASSWORD);
      expect(office.status).toBe(200);
      expect(performance.now() - started).toBeGreaterThanOrEqual(400);
      // A distributed guess from many addresses never locks the user out either.
      for (let i = 10; i < 20; i++) expect((await from(`10.9.1.${i}`, "wrong")).status).toBe(401);
      expect((await from("10.9.0.3", PASSWORD)).status).toBe(200);
    } finally {
      await server.close();
    }
  });

  it("counts across server processes sharing the control database", async () => {
    const a = await startServer({ loginLimitPerUser: 5 });
    const b = await startServer({ loginLimitPerUser: 5 }, a.dataDir);
    try {
      await createTenant(a, "shared");
      for (const server of [a, b, a, b, a]) {
        const r = await call(server, "POST", "/api/Auth", {
          body: { username: "shared-admin", password: "wrong" },
        });
        expect(r.status).toBe(401);
      }
      const r = await call(b, "POST", "/api/Auth", {
        body: { username: "shared-admin", password: PASSWORD },
      });
      expect(r.status).toBe(429);
    } finally {
      await b.close();
      await a.close();
    }
  });

  it("limits failed attempts per client address", async () => {
    const server = await startServer({ loginLimitPerUser: 1000, loginLimitPerIp: 3 });
    try {
      for (let i = 0; i < 3; i++) {
        const r = await call(server, "POST", "/api/Auth", {
          body: { username: `someone-${i}`, password: "x" },
        });
        expect(r.status).toBe(401);
      }
      const r = await call(server, "POST", "/api/Auth", {
        body: { username: "someone-else", password: "x" },
      });
      expect([r.status, r.body.error.code]).toEqual([429, "auth.tooManyAttempts"]);
    } finally {
      await server.close();
    }
  });

  it("behind a proxy, counts the address the proxy appended, whatever the client wrote before it", async () => {
    const server = await startServer({ trustProxy: true, loginLimitPerUser: 1000, loginLimitPerIp: 3 });
    try {
      const attempt = (i: number) =>
        call(server, "POST", "/api/Auth", {
          body: { username: `someone-${i}`, password: "x" },
          headers: { "x-forwarded-for": `198.51.100.${i}, 203.0.113.9` },
        });
      for (let i = 0; i < 3; i++) expect((await attempt(i)).status).toBe(401);
      const r = await attempt(3);
      expect([r.status, r.body.error.code]).toEqual([429, "auth.tooManyAttempts"]);
    } finally {
      await server.close();
    }
  });

  it("validates the body", async () => {
    const r = await call(s, "POST", "/api/Auth", { body: { username: "" } });
    expect(r.status).toBe(400);
    expect(r.body.error.code).toBe("validation.failed");
    expect(r.body.error.fields).toEqual({
      username: ["validation.required"],
      password: ["validation.required"],
    });
  });
});

describe("GET /api/Auth (refresh)", () => {
  it("rotates the refresh token; reusing a rotated one revokes the whole sign-in", async () => {
    const first = await signIn(s, "acme-admin");
    const r1 = await call(s, "GET", "/api/Auth", { token: first.refreshToken });
    expect(r1.status).toBe(200);
    expect(r1.body.refreshToken).not.toBe(first.refreshToken);
    expect(decodeJwt(r1.body.token).nameid).toBe(String(first.user.id));
    // The old token again: reuse. It fails and takes the new one down with it.
    const reuse = await call(s, "GET", "/api/Auth", { token: first.refreshToken });
    expect([reuse.status, reuse.body.error.code]).toEqual([401, "auth.refreshInvalid"]);
    const afterReuse = await call(s, "GET", "/api/Auth", { token: r1.body.refreshToken });
    expect([afterReuse.status, afterReuse.body.error.code]).toEqual([401, "auth.refreshInvalid"]);
    // Another sign-in of the same user is unaffected.
    const other = await signIn(s, "acme-admin");
    expect((await call(s, "GET", "/api/Auth", { token: other.refreshToken })).status).toBe(200);
  });

  it("never takes a refresh token as an access token, nor the reverse", async () => {
    const t = await signIn(s, "acme-admin");
    const asAccess = await call(s, "GET", "/api/ClientAccount", { token: t.refreshToken });
    expect([asAccess.status, asAccess.body.error.code]).toEqual([401, "auth.tokenInvalid"]);
    const asRefresh = await call(s, "GET", "/api/Auth", { token: t.token });
    expect([asRefresh.status, asRefresh.body.error.code]).toEqual([401, "auth.refreshInvalid"]);
    const none = await call(s, "GET", "/api/Auth");
    expect(none.status).toBe(401);
  });

  it("refuses a refresh for a user blocked since signing in", async () => {
    await addUser(s, adminToken, { username: "soon-blocked" });
    const t = await signIn(s, "soon-blocked");
    const list = await call(s, "GET", `/api/User/${t.user.id}`, { token: adminToken });
    const put = await call(s, "PUT", "/api/User", {
      token: adminToken,
      body: { ...list.body, blocked: true, password: null, repeatPassword: null },
    });
    expect(put.status).toBe(200);
    const r = await call(s, "GET", "/api/Auth", { token: t.refreshToken });
    expect(r.status).toBe(401);
  });
});

describe("access tokens", () => {
  it("refuses missing, forged, expired, wrongly typed and unsigned tokens", async () => {
    const missing = await call(s, "GET", "/api/ClientAccount");
    expect([missing.status, missing.body.error.code]).toEqual([401, "auth.tokenMissing"]);

    const good = await signIn(s, "acme-admin");
    const claims = decodeJwt(good.token);
    const { generateKeyPair } = await import("jose");
    const { privateKey } = await generateKeyPair("EdDSA", { crv: "Ed25519" });
    const forged = await new SignJWT({ ...claims }).setProtectedHeader({ alg: "EdDSA", typ: "at+jwt" }).sign(
      privateKey,
    );
    expect((await call(s, "GET", "/api/ClientAccount", { token: forged })).body.error.code).toBe(
      "auth.tokenInvalid",
    );

    const [h, p] = good.token.split(".");
    const unsignedHeader = btoa(JSON.stringify({ alg: "none", typ: "at+jwt" })).replace(/=+$/, "");
    expect((await call(s, "GET", "/api/ClientAccount", { token: `${unsignedHeader}.${p}.` })).status).toBe(
      401,
    );
    // Same signature, header claiming another type: the signature no longer matches anyway, and the type
    // pin refuses tokens this server signed for anything else.
    expect((await call(s, "GET", "/api/ClientAccount", { token: `${h}.${p}.AAAA` })).status).toBe(401);

    // Signed with this server's own key but not typed as an access token, or for another audience.
    const keys = s.platform.keys;
    const otherType = await new SignJWT({ ...claims }).setProtectedHeader({ alg: "EdDSA", typ: "JWT" })
      .sign(keys.privateKey);
    expect((await call(s, "GET", "/api/ClientAccount", { token: otherType })).body.error.code).toBe(
      "auth.tokenInvalid",
    );
    const otherAudience = await new SignJWT({ ...claims, aud: "someone-else" })
      .setProtectedHeader({ alg: "EdDSA", typ: "at+jwt" }).sign(keys.privateKey);
    expect((await call(s, "GET", "/api/ClientAccount", { token: otherAudience })).status).toBe(401);
    const sameAgain = await new SignJWT({ ...claims }).setProtectedHeader({ alg: "EdDSA", typ: "at+jwt" })
      .sign(keys.privateKey);
    expect((await call(s, "GET", "/api/ClientAccount", { token: sameAgain })).status).toBe(200);

    // Tokens of a few seconds: long enough for the refreshed one to be used on a busy machine; the first is
    // waited out by asking until it is refused (a state, not a sleep).
    const short = await startServer({ accessTokenTtlSeconds: 3 });
    try {
      await createTenant(short, "brief");
      const t = await signIn(short, "brief-admin");
      let expired = await call(short, "GET", "/api/ClientAccount", { token: t.token });
      await until(
        async () => {
          expired = await call(short, "GET", "/api/ClientAccount", { token: t.token });
          return expired.status !== 200;
        },
        20_000,
        200,
      );
      expect([expired.status, expired.body.error.code]).toEqual([401, "auth.tokenExpired"]);
      // The client's path: refresh, then the call works again.
      const refreshed = await call(short, "GET", "/api/Auth", { token: t.refreshToken });
      expect((await call(short, "GET", "/api/ClientAccount", { token: refreshed.body.token })).status).toBe(
        200,
      );
    } finally {
      await short.close();
    }
  });

  it("a token verified once (and remembered) still expires on time", async () => {
    const short = await startServer({ accessTokenTtlSeconds: 2 });
    try {
      await createTenant(short, "brief2");
      const t = await signIn(short, "brief2-admin");
      expect((await call(short, "GET", "/api/ClientAccount", { token: t.token })).status).toBe(200);
      expect((await call(short, "GET", "/api/ClientAccount", { token: t.token })).status).toBe(200);
      await new Promise((r) => setTimeout(r, 3100));
      const expired = await call(short, "GET", "/api/ClientAccount", { token: t.token });
      expect([expired.status, expired.body.error.code]).toEqual([401, "auth.tokenExpired"]);
    } finally {
      await short.close();
    }
  });

  it("signing out ends the refresh token and the access token of that sign-in only", async () => {
    const t = await signIn(s, "acme-admin");
    const other = await signIn(s, "acme-admin");
    expect((await call(s, "GET", "/api/ClientAccount", { token: t.token })).status).toBe(200);
    expect((await call(s, "DELETE", "/api/Auth", { token: t.token })).status).toBe(204);
    expect((await call(s, "GET", "/api/Auth", { token: t.refreshToken })).status).toBe(401);
    const after = await call(s, "GET", "/api/ClientAccount", { token: t.token });
    expect([after.status, after.body.error.code]).toEqual([401, "auth.tokenInvalid"]);
    expect((await call(s, "GET", "/api/ClientAccount", { token: other.token })).status).toBe(200);
  });

  it("reuse of a rotated refresh token also ends the access tokens of that sign-in", async () => {
    const t = await signIn(s, "acme-admin");
    const rotated = await call(s, "GET", "/api/Auth", { token: t.refreshToken });
    expect((await call(s, "GET", "/api/ClientAccount", { token: rotated.body.token })).status).toBe(200);
    expect((await call(s, "GET", "/api/Auth", { token: t.refreshToken })).status).toBe(401);
    expect((await call(s, "GET", "/api/ClientAccount", { token: rotated.body.token })).status).toBe(401);
    expect((await call(s, "GET", "/api/ClientAccount", { token: t.token })).status).toBe(401);
  });

  it("blocking a user ends their access tokens at once", async () => {
    const user = await addUser(s, adminToken, { username: "blocked-later" });
    const t = await signIn(s, "blocked-later");
    expect((await call(s, "GET", `/api/User/${user.id}`, { token: t.token })).status).toBe(200);
    const current = await call(s, "GET", `/api/User/${user.id}`, { token: adminToken });
    const put = await call(s, "PUT", "/api/User", {
      token: adminToken,
      body: { ...current.body, blocked: true, password: null, repeatPassword: null },
    });
    expect(put.status).toBe(200);
    expect((await call(s, "GET", `/api/User/${user.id}`, { token: t.token })).status).toBe(401);
  });
});
