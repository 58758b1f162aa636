// ASVS V7 (session management), against the real server: a user sees and ends their own sign-ins, an
// administrator one user's or everyone's; a sign-in ends when unused past its idle limit, at its absolute
// lifetime whatever its rotations, and when its user holds more than the allowed number; refresh tokens are
// random, unique, stored only as hashes; every authentication makes a new sign-in.
// Time passing is written into the control database (a sign-in's last use or expiry moved back), never waited for.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { decodeJwt } from "jose";
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
import { sha256 } from "../../server/kernel/crypto.ts";

let s: TestServer;
let admin: string;

beforeAll(async () => {
  s = await startServer();
  await createTenant(s, "sess");
  await createTenant(s, "sess-other");
  admin = (await signIn(s, "sess-admin")).token;
  await addUser(s, admin, { username: "sess-worker" });
  await addUser(s, admin, { username: "sess-clerk" });
});
afterAll(() => s.close());

const sid = (token: string) => String(decodeJwt(token).sid);
const refresh = (refreshToken: string) => call(s, "GET", "/api/Auth", { token: refreshToken });
const me = (token: string) => call(s, "GET", "/api/config/getuserstartupconfig", { token });

/** Moves a sign-in's times back by `seconds`, as if that long had passed since (the control database). */
async function age(sessionId: string, column: "last_used_at" | "expires_at", seconds: number) {
  const at = new Date(Date.now() - seconds * 1000).toISOString();
  await s.platform.control.query(`UPDATE auth_sessions SET ${column} = ? WHERE id = ?`, [at, sessionId]);
}

describe("a user's own sign-ins (7.5.2)", () => {
  it("lists them, the current one marked, and ends another: its refresh and access tokens stop at once", async () => {
    const phone = await signIn(s, "sess-worker");
    const desk = await call(s, "POST", "/api/Auth", {
      body: { username: "sess-worker", password: PASSWORD },
      headers: { "user-agent": "Desk browser" },
    });
    expect(desk.status).toBe(200);
    const list = await call(s, "GET", "/api/Auth/Sessions", { token: desk.body.token });
    expect(list.status).toBe(200);
    const ids = list.body.results.map((r: { id: string }) => r.id);
    expect(ids).toEqual(expect.arrayContaining([sid(phone.token), sid(desk.body.token)]));
    const current = list.body.results.find((r: { current: boolean }) => r.current);
    expect([current.id, current.userAgent]).toEqual([sid(desk.body.token), "Desk browser"]);
    for (const r of list.body.results) {
      expect(Object.keys(r).sort()).toEqual(
        ["createdAt", "current", "expiresAt", "id", "idleExpiresAt", "ip", "lastUsedAt", "userAgent"],
      );
    }
    expect((await me(phone.token)).status).toBe(200);
    const ended = await call(s, "DELETE", `/api/Auth/Sessions/${sid(phone.token)}`, {
      token: desk.body.token,
    });
    expect(ended.status).toBe(204);
    expect((await me(phone.token)).status).toBe(401);
    expect((await refresh(phone.refreshToken)).status).toBe(401);
    expect((await me(desk.body.token)).status).toBe(200);
    const after = await call(s, "GET", "/api/Auth/Sessions", { token: desk.body.token });
    expect(after.body.results.map((r: { id: string }) => r.id)).not.toContain(sid(phone.token));
  });

  it("signs out everywhere else, keeping the sign-in it is called from", async () => {
    const others = [await signIn(s, "sess-clerk"), await signIn(s, "sess-clerk")];
    const here = await signIn(s, "sess-clerk");
    const r = await call(s, "DELETE", "/api/Auth/Sessions", { token: here.token });
    expect(r.status).toBe(200);
    expect(r.body.ended).toBeGreaterThanOrEqual(2);
    for (const o of others) {
      expect((await me(o.token)).status).toBe(401);
      expect((await refresh(o.refreshToken)).status).toBe(401);
    }
    expect((await me(here.token)).status).toBe(200);
    expect((await refresh(here.refreshToken)).status).toBe(200);
    const list = await call(s, "GET", "/api/Auth/Sessions", { token: here.token });
    expect(list.body.results.map((x: { id: string }) => x.id)).toEqual([sid(here.token)]);
  });

  it("never shows or ends another user's sign-in, nor another company's: 404 as if it were not there", async () => {
    const worker = await signIn(s, "sess-worker");
    const clerk = await signIn(s, "sess-clerk");
    const stranger = await signIn(s, "sess-other-admin");
    for (const token of [clerk.token, stranger.token]) {
      const r = await call(s, "DELETE", `/api/Auth/Sessions/${sid(worker.token)}`, { token });
      expect([r.status, r.body.error.code]).toEqual([404, "record.notFoundOrNoPermission"]);
      const list = await call(s, "GET", "/api/Auth/Sessions", { token });
      expect(list.body.results.map((x: { id: string }) => x.id)).not.toContain(sid(worker.token));
    }
    expect((await me(worker.token)).status).toBe(200);
    const ghost = await call(s, "DELETE", `/api/Auth/Sessions/${crypto.randomUUID()}`, {
      token: worker.token,
    });
    expect(ghost.status).toBe(404);
    expect((await call(s, "GET", "/api/Auth/Sessions")).status).toBe(401);
  });
});

describe("an administrator (7.4.5)", () => {
  it("lists and ends one user's sign-ins; a non-administrator may not, nor another company's administrator", async () => {
    const users = (await call(s, "GET", "/api/User?PageSize=50", { token: admin })).body.results;
    const worker = users.find((u: { username: string }) => u.username === "sess-worker").id;
    const a = await signIn(s, "sess-worker");
    const b = await signIn(s, "sess-worker");
    const list = await call(s, "GET", `/api/User/${worker}/Sessions`, { token: admin });
    expect(list.status).toBe(200);
    expect(list.body.results.map((x: { id: string }) => x.id)).toEqual(
      expect.arrayContaining([sid(a.token), sid(b.token)]),
    );
    expect(list.body.results.every((x: { current: boolean }) => !x.current)).toBe(true);
    const clerk = (await signIn(s, "sess-clerk")).token;
    const stranger = (await signIn(s, "sess-other-admin")).token;
    for (const token of [clerk, stranger, a.token]) {
      const r = await call(s, "DELETE", `/api/User/${worker}/Sessions`, { token });
      expect([r.status, r.body.error.code]).toEqual([404, "record.notFoundOrNoPermission"]);
      expect((await call(s, "GET", `/api/User/${worker}/Sessions`, { token })).status).toBe(404);
    }
    expect((await me(a.token)).status).toBe(200);
    const ended = await call(s, "DELETE", `/api/User/${worker}/Sessions`, { token: admin });
    expect([ended.status, ended.body.ended >= 2]).toEqual([200, true]);
    for (const t of [a, b]) {
      expect((await me(t.token)).status).toBe(401);
      expect((await refresh(t.refreshToken)).status).toBe(401);
    }
    // The user signs in again as before: only the sign-ins are gone, not the account.
    expect((await me((await signIn(s, "sess-worker")).token)).status).toBe(200);
    expect((await call(s, "GET", "/api/User/999999/Sessions", { token: admin })).status).toBe(404);
  });

  it("ends every user's sign-ins of the company at once, keeping their own current one and other companies'", async () => {
    const worker = await signIn(s, "sess-worker");
    const clerk = await signIn(s, "sess-clerk");
    const adminElsewhere = await signIn(s, "sess-admin");
    const stranger = await signIn(s, "sess-other-admin");
    const byClerk = await call(s, "DELETE", "/api/ClientAccount/Sessions", { token: clerk.token });
    expect(byClerk.status).toBe(404);
    expect((await me(worker.token)).status).toBe(200);
    const here = await signIn(s, "sess-admin");
    const r = await call(s, "DELETE", "/api/ClientAccount/Sessions", { token: here.token });
    expect(r.status).toBe(200);
    expect(r.body.ended).toBeGreaterThanOrEqual(3);
    for (const t of [worker, clerk, adminElsewhere]) {
      expect((await me(t.token)).status).toBe(401);
      expect((await refresh(t.refreshToken)).status).toBe(401);
    }
    expect((await me(here.token)).status).toBe(200);
    expect((await me(stranger.token)).status).toBe(200);
    admin = here.token;
    // Both endings are in the company's security log, by whom and how many (16.3.3).
    const filters = encodeURIComponent(
      JSON.stringify([{ field: "event", operator: "eq", value: "sessions.ended" }]),
    );
    await until(async () => {
      const log = await call(s, "GET", `/api/SecurityLog?PageSize=50&BasicFiltersSerialized=${filters}`, {
        token: admin,
      });
      const details = log.body.results.map((e: { detail: string; userName: string }) =>
        `${e.userName}: ${e.detail}`
      );
      return details.some((d: string) => /^sess-admin: user \d+: \d+ sign-ins ended$/.test(d)) &&
        details.some((d: string) => /^sess-admin: every user: \d+ sign-ins ended$/.test(d));
    });
  });
});

describe("a sign-in's lifetime (7.3.1, 7.3.2)", () => {
  it("ends when unused past the idle limit: the refresh token and its access tokens are refused", async () => {
    const idle = s.platform.config.sessionIdleSeconds;
    expect(idle).toBe(24 * 3600);
    const kept = await signIn(s, "sess-worker");
    const left = await signIn(s, "sess-worker");
    // Used a minute before the limit: still good, and the refresh counts as use.
    await age(sid(kept.token), "last_used_at", idle - 60);
    const renewed = await refresh(kept.refreshToken);
    expect(renewed.status).toBe(200);
    const [row] = await s.platform.control.query("SELECT last_used_at FROM auth_sessions WHERE id = ?", [
      sid(kept.token),
    ]);
    expect(Date.now() - Date.parse(String(row.last_used_at))).toBeLessThan(60_000);
    // Unused for the whole limit: ended, even though its absolute lifetime runs for weeks more.
    await age(sid(left.token), "last_used_at", idle + 1);
    const r = await refresh(left.refreshToken);
    expect([r.status, r.body.error.code]).toEqual([401, "auth.refreshInvalid"]);
    expect((await me(left.token)).status).toBe(401);
    // Ended for good: moving its last use forward again does not bring it back.
    await age(sid(left.token), "last_used_at", 0);
    expect((await refresh(left.refreshToken)).status).toBe(401);
    expect((await me(renewed.body.token)).status).toBe(200);
  });

  it("an access token of a sign-in idle past the limit is refused at its next call", async () => {
    const t = await signIn(s, "sess-clerk");
    await age(sid(t.token), "last_used_at", s.platform.config.sessionIdleSeconds + 1);
    // A sign-in checked recently is trusted for a few seconds (sessions.ts); ending it by the refresh
    // would forget that at once, so this asks until the check is made afresh.
    await expect.poll(async () => (await me(t.token)).status, { timeout: 10_000, interval: 200 }).toBe(401);
  });

  it("never outlives its absolute lifetime, however often its refresh token rotates", async () => {
    const first = await signIn(s, "sess-worker");
    const lifetime = Date.parse((first as unknown as { refreshExpiresAt: string }).refreshExpiresAt) -
      Date.now();
    expect(Math.abs(lifetime - s.platform.config.refreshTokenTtlSeconds * 1000)).toBeLessThan(60_000);
    let token = first.refreshToken;
    for (let i = 0; i < 3; i++) {
      const r = await refresh(token);
      expect(r.status).toBe(200);
      expect(r.body.refreshExpiresAt).toBe(
        (first as unknown as { refreshExpiresAt: string }).refreshExpiresAt,
      );
      token = r.body.refreshToken;
    }
    await age(sid(first.token), "expires_at", 1);
    const r = await refresh(token);
    expect([r.status, r.body.error.code]).toEqual([401, "auth.refreshInvalid"]);
    await expect.poll(async () => (await me(first.token)).status, { timeout: 10_000, interval: 200 }).toBe(
      401,
    );
  });
});

describe("refresh tokens and new sign-ins (7.2.3, 7.2.4)", () => {
  it("refresh tokens carry 256 random bits, are unique, and are stored only as their SHA-256", async () => {
    const tokens = new Set<string>();
    for (let i = 0; i < 12; i++) {
      const t = await signIn(s, "sess-clerk");
      expect(t.refreshToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
      tokens.add(t.refreshToken);
      const rotated = await refresh(t.refreshToken);
      tokens.add(rotated.body.refreshToken);
    }
    expect(tokens.size).toBe(24);
    const stored = await s.platform.control.query("SELECT token_hash FROM refresh_tokens");
    const hashes = new Set(stored.map((r) => String(r.token_hash)));
    for (const t of tokens) expect(hashes.has(sha256(t))).toBe(true);
    const dump = JSON.stringify(await s.platform.control.query("SELECT * FROM refresh_tokens")) +
      JSON.stringify(await s.platform.control.query("SELECT * FROM auth_sessions"));
    for (const t of tokens) expect(dump).not.toContain(t);
  });

  it("each authentication makes a new sign-in; one sent along with it is neither taken over nor kept", async () => {
    const before = await signIn(s, "sess-worker");
    const again = await call(s, "POST", "/api/Auth", {
      token: before.token,
      body: { username: "sess-worker", password: PASSWORD },
    });
    expect(again.status).toBe(200);
    expect(sid(again.body.token)).not.toBe(sid(before.token));
    expect(again.body.refreshToken).not.toBe(before.refreshToken);
    const withRefresh = await call(s, "POST", "/api/Auth", {
      token: before.refreshToken,
      body: { username: "sess-worker", password: PASSWORD },
    });
    expect(new Set([sid(before.token), sid(again.body.token), sid(withRefresh.body.token)]).size).toBe(3);
  });
});

describe("sign-ins one user may hold (7.1.2)", () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startServer({ sessionsPerUser: 3 });
    await createTenant(t, "few");
  });
  afterAll(() => t.close());

  it("signing in once more than allowed ends the least recently used sign-in, and only that one", async () => {
    const a = await signIn(t, "few-admin");
    const b = await signIn(t, "few-admin");
    const c = await signIn(t, "few-admin");
    // `a` is used again: `b` is now the least recently used.
    await t.platform.control.query("UPDATE auth_sessions SET last_used_at = ? WHERE id IN (?, ?)", [
      new Date(Date.now() - 60_000).toISOString(),
      sid(b.token),
      sid(c.token),
    ]);
    await t.platform.control.query("UPDATE auth_sessions SET last_used_at = ? WHERE id = ?", [
      new Date(Date.now() - 120_000).toISOString(),
      sid(b.token),
    ]);
    const a2 = await call(t, "GET", "/api/Auth", { token: a.refreshToken });
    expect(a2.status).toBe(200);
    const d = await signIn(t, "few-admin");
    const list = await call(t, "GET", "/api/Auth/Sessions", { token: d.token });
    expect(list.body.results.map((x: { id: string }) => x.id).sort()).toEqual(
      [sid(a.token), sid(c.token), sid(d.token)].sort(),
    );
    expect((await call(t, "GET", "/api/Auth", { token: b.refreshToken })).status).toBe(401);
    expect((await call(t, "GET", "/api/config/getuserstartupconfig", { token: b.token })).status).toBe(401);
    expect((await call(t, "GET", "/api/config/getuserstartupconfig", { token: a2.body.token })).status).toBe(
      200,
    );
    const [row] = await t.platform.control.query("SELECT revoked_reason FROM auth_sessions WHERE id = ?", [
      sid(b.token),
    ]);
    expect(row.revoked_reason).toBe("sessionLimit");
  });
});
