// The User resource over HTTP: administrators manage users, a basic user only their own profile; unique
// usernames across tenants and e-mails within one; passwords; optimistic versions; the RecordLog written
// with each change; and the rules that keep a tenant from locking itself out.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  addUser,
  call,
  createTenant,
  PASSWORD,
  signIn,
  startServer,
  type TestServer,
} from "../fixtures/harness.ts";
import type { Tenant } from "../../server/tenancy/registry.ts";

let s: TestServer;
let acme: Tenant;
let adminToken: string;
let adminId: number;

beforeAll(async () => {
  s = await startServer({ loginLimitPerUser: 1000, loginLimitPerIp: 10_000 });
  acme = await createTenant(s, "acme");
  const admin = await signIn(s, "acme-admin");
  adminToken = admin.token;
  adminId = admin.user.id;
});
afterAll(() => s.close());

/** Reads the tenant's database directly: what was really stored and logged. */
function query(tenant: Tenant, sql: string, params: unknown[] = []) {
  return s.platform.pool.use(tenant.dbUrl, (conn) => conn.query(sql, params));
}

function userLog(tenant: Tenant, userId: number) {
  return query(
    tenant,
    `SELECT action, resource_type, resource_id, title, old_object, new_object, user_id, user_name
       FROM record_log WHERE resource_type = 'User' AND resource_id = ? AND action <> 'loggedIn' ORDER BY id`,
    [userId],
  );
}

async function tryPassword(username: string, password: string) {
  const r = await call(s, "POST", "/api/Auth", { body: { username, password } });
  return r.status === 200 ? "ok" : r.body.error.code;
}

/** The edit form's body: the record as read, with changes. */
// deno-lint-ignore no-explicit-any
function edit(user: any, changes: Record<string, unknown> = {}) {
  const { createdAt: _c, createdDate: _d, updatedAt: _u, lastLoginDate: _l, ...rest } = user;
  return { ...rest, ...changes };
}

describe("administrators manage users", () => {
  it("adds a user: 201 with the stored record, the password hashed and never answered, a RecordLog entry", async () => {
    const r = await call(s, "POST", "/api/User", {
      token: adminToken,
      body: {
        username: "Jan.Kowalski",
        visibleName: "Jan Kowalski",
        email: "Jan.Kowalski@Example.PL",
        phoneNumber: "+48 600 700 800",
        password: PASSWORD,
        repeatPassword: PASSWORD,
        defaultLanguage: "pl-pl",
        logisticsEnabled: true,
        // Not the caller's to set:
        id: 9999,
        createdAt: "2000-01-01T00:00:00.000Z",
        version: 42,
        passwordHash: "chosen-by-caller",
      },
    });
    expect(r.status).toBe(201);
    const u = r.body;
    expect(u).toMatchObject({
      username: "Jan.Kowalski",
      visibleName: "Jan Kowalski",
      email: "jan.kowalski@example.pl",
      phoneNumber: "+48600700800",
      defaultLanguage: "pl-pl",
      logisticsEnabled: true,
      terminalEnabled: false,
      isSuperUser: false,
      blocked: false,
      active: true,
      version: 1,
      lastLoginDate: null,
    });
    expect(u.id).not.toBe(9999);
    expect(Date.now() - new Date(u.createdAt).getTime()).toBeLessThan(60_000);
    expect(u.createdDate).toBe(u.createdAt);
    expect(JSON.stringify(u)).not.toContain(PASSWORD);
    expect(u).not.toHaveProperty("passwordHash");
    expect(u).not.toHaveProperty("password");

    const got = await call(s, "GET", `/api/User/${u.id}`, { token: adminToken });
    expect(got.status).toBe(200);
    expect(got.body).toEqual(u);
    expect(got.body).not.toHaveProperty("passwordHash");

    const [stored] = await query(acme, "SELECT password_hash FROM users WHERE id = ?", [u.id]);
    expect(typeof stored.password_hash).toBe("string");
    expect(stored.password_hash).not.toContain(PASSWORD);
    expect(stored.password_hash).not.toBe("chosen-by-caller");
    expect(await tryPassword("jan.kowalski", PASSWORD)).toBe("ok");

    const log = await userLog(acme, u.id);
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({
      action: "created",
      title: "Jan Kowalski (Jan.Kowalski)",
      old_object: null,
      user_name: "acme-admin",
    });
    const logged = JSON.parse(log[0].new_object as string);
    expect(logged).toMatchObject({ id: u.id, username: "Jan.Kowalski", email: "jan.kowalski@example.pl" });
    expect(logged).not.toHaveProperty("passwordHash");
  });

  it("lists users, newest included, without password hashes", async () => {
    const added = await addUser(s, adminToken, { username: "listed-lena" });
    const r = await call(s, "GET", "/api/User?PageSize=1000", { token: adminToken });
    expect(r.status).toBe(200);
    expect(r.body.allFilteredRowCount).toBe(r.body.results.length);
    const names = r.body.results.map((u: { username: string }) => u.username);
    expect(names).toContain("acme-admin");
    expect(names).toContain("listed-lena");
    expect(r.body.results.find((u: { id: number }) => u.id === added.id)).toEqual(added);
    expect(JSON.stringify(r.body)).not.toContain("passwordHash");
  });

  it("edits with PUT /api/User and PUT /api/User/{userId}, bumping the version and logging old and new", async () => {
    const u = await addUser(s, adminToken, { username: "edit-ed", visibleName: "Ed" });
    const first = await call(s, "PUT", "/api/User", {
      token: adminToken,
      body: edit(u, { visibleName: "Edward", terminalEnabled: true }),
    });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ id: u.id, visibleName: "Edward", terminalEnabled: true, version: 2 });
    expect(first.body).not.toHaveProperty("passwordHash");

    const second = await call(s, "PUT", `/api/User/${u.id}`, {
      token: adminToken,
      body: edit(first.body, { description: "night shift" }),
    });
    expect(second.status).toBe(200);
    expect(second.body).toMatchObject({ visibleName: "Edward", description: "night shift", version: 3 });
    expect((await call(s, "GET", `/api/User/${u.id}`, { token: adminToken })).body).toEqual(second.body);

    const log = await userLog(acme, u.id);
    expect(log.map((l) => l.action)).toEqual(["created", "changed", "changed"]);
    expect(JSON.parse(log[1].old_object as string)).toMatchObject({ visibleName: "Ed", version: 1 });
    expect(JSON.parse(log[1].new_object as string)).toMatchObject({ visibleName: "Edward", version: 2 });
    expect(log[2].user_name).toBe("acme-admin");
  });

  it("refuses PUT /api/User/{userId} whose body names another id", async () => {
    const u = await addUser(s, adminToken, { username: "mismatch-mo" });
    const other = await addUser(s, adminToken, { username: "mismatch-other" });
    const r = await call(s, "PUT", `/api/User/${other.id}`, {
      token: adminToken,
      body: edit(u, { visibleName: "Changed" }),
    });
    expect(r.status).toBe(404);
    expect(r.body.error.code).toBe("record.notFoundOrNoPermission");
    expect((await call(s, "GET", `/api/User/${u.id}`, { token: adminToken })).body.visibleName).toBeNull();
  });

  it("deletes a user: 204, gone, login freed, logged; a second delete is 404", async () => {
    const u = await addUser(s, adminToken, { username: "delete-dora" });
    const { refreshToken } = await signIn(s, "delete-dora");
    const r = await call(s, "DELETE", `/api/User/${u.id}`, { token: adminToken });
    expect(r.status).toBe(204);
    expect((await call(s, "GET", `/api/User/${u.id}`, { token: adminToken })).status).toBe(404);
    expect(await s.platform.registry.loginByUsername("delete-dora")).toBeUndefined();
    expect(await tryPassword("delete-dora", PASSWORD)).toBe("auth.wrongCredentials");
    // The deleted user's sign-in is over.
    const refreshed = await call(s, "GET", "/api/Auth", { token: refreshToken });
    expect(refreshed.status).toBe(401);
    const log = await userLog(acme, u.id);
    expect(log.map((l) => l.action)).toEqual(["created", "deleted"]);
    expect(JSON.parse(log[1].old_object as string)).toMatchObject({ username: "delete-dora" });
    expect(log[1].new_object).toBeNull();
    const again = await call(s, "DELETE", `/api/User/${u.id}`, { token: adminToken });
    expect([again.status, again.body.error.code]).toEqual([404, "record.notFoundOrNoPermission"]);
    // The name is free again.
    expect((await addUser(s, adminToken, { username: "delete-dora" })).id).not.toBe(u.id);
  });

  it("answers 404 for an id that does not exist or is malformed", async () => {
    for (const id of ["999999", "0", "-1", "abc", "1.5"]) {
      const r = await call(s, "GET", `/api/User/${id}`, { token: adminToken });
      expect([id, r.status, r.body.error.code]).toEqual([id, 404, "record.notFoundOrNoPermission"]);
    }
  });

  it("refuses calls without a valid token", async () => {
    expect((await call(s, "GET", "/api/User")).status).toBe(401);
    expect((await call(s, "GET", "/api/User", { token: "not-a-token" })).status).toBe(401);
    expect((await call(s, "POST", "/api/User", { body: { username: "anon-andy" } })).status).toBe(401);
  });
});

describe("a basic user", () => {
  let basic: { id: number };
  let basicToken: string;
  let other: { id: number };

  beforeAll(async () => {
    basic = await addUser(s, adminToken, { username: "basic-bea", visibleName: "Bea" });
    other = await addUser(s, adminToken, { username: "basic-other" });
    basicToken = (await signIn(s, "basic-bea")).token;
  });

  it("cannot list, read another user, add or delete: 404 as if nothing were there", async () => {
    const attempts = [
      await call(s, "GET", "/api/User", { token: basicToken }),
      await call(s, "GET", `/api/User/${other.id}`, { token: basicToken }),
      await call(s, "POST", "/api/User", {
        token: basicToken,
        body: {
          username: "sneaky-sam",
          email: "sam@example.com",
          password: PASSWORD,
          repeatPassword: PASSWORD,
        },
      }),
      await call(s, "DELETE", `/api/User/${other.id}`, { token: basicToken }),
      await call(s, "DELETE", `/api/User/${basic.id}`, { token: basicToken }),
    ];
    for (const r of attempts) {
      expect([r.status, r.body.error.code]).toEqual([404, "record.notFoundOrNoPermission"]);
    }
    expect(await s.platform.registry.loginByUsername("sneaky-sam")).toBeUndefined();
    expect((await call(s, "GET", `/api/User/${other.id}`, { token: adminToken })).status).toBe(200);
  });

  it("cannot edit another user", async () => {
    const current = (await call(s, "GET", `/api/User/${other.id}`, { token: adminToken })).body;
    for (const path of ["/api/User", `/api/User/${other.id}`]) {
      const r = await call(s, "PUT", path, {
        token: basicToken,
        body: edit(current, { visibleName: "Hacked" }),
      });
      expect([r.status, r.body.error.code]).toEqual([404, "record.notFoundOrNoPermission"]);
    }
    const after = (await call(s, "GET", `/api/User/${other.id}`, { token: adminToken })).body;
    expect(after).toEqual(current);
  });

  it("reads and edits their own profile but cannot raise their own flags", async () => {
    const own = await call(s, "GET", `/api/User/${basic.id}`, { token: basicToken });
    expect(own.status).toBe(200);
    expect(own.body).toMatchObject({ username: "basic-bea", isSuperUser: false });
    expect(own.body).not.toHaveProperty("passwordHash");

    const r = await call(s, "PUT", `/api/User/${basic.id}`, {
      token: basicToken,
      body: edit(own.body, {
        visibleName: "Beatrice",
        isSuperUser: true,
        isPowerUser: true,
        terminalEnabled: true,
        connectedContractorId: 7,
      }),
    });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      visibleName: "Beatrice",
      isSuperUser: false,
      isPowerUser: false,
      terminalEnabled: false,
      connectedContractorId: null,
    });
    const [row] = await query(acme, "SELECT is_super_user, is_power_user FROM users WHERE id = ?", [
      basic.id,
    ]);
    expect(row).toEqual({ is_super_user: 0, is_power_user: 0 });
    // Signing in again does not make an administrator either.
    const again = await signIn(s, "basic-bea");
    expect((await call(s, "GET", "/api/User", { token: again.token })).status).toBe(404);
  });
});

describe("a business manager", () => {
  it("lists and reads users (to assign them to records) but cannot add, edit or delete one", async () => {
    const manager = await addUser(s, adminToken, { username: "manager-mia", isPowerUser: true });
    const other = await addUser(s, adminToken, { username: "assignee-adam", visibleName: "Adam" });
    const token = (await signIn(s, "manager-mia")).token;
    const filters = JSON.stringify([{ field: "*", operator: "contains", value: "assignee" }]);
    const list = await call(s, "GET", `/api/User?BasicFiltersSerialized=${encodeURIComponent(filters)}`, {
      token,
    });
    expect(list.status).toBe(200);
    expect(list.body.results.map((u: { username: string }) => u.username)).toEqual(["assignee-adam"]);
    const one = await call(s, "GET", `/api/User/${other.id}`, { token });
    expect([one.status, one.body.visibleName]).toEqual([200, "Adam"]);

    const current = (await call(s, "GET", `/api/User/${other.id}`, { token: adminToken })).body;
    const attempts = [
      await call(s, "POST", "/api/User", {
        token,
        body: {
          username: "mgr-made",
          email: "mgr@example.com",
          password: PASSWORD,
          repeatPassword: PASSWORD,
        },
      }),
      await call(s, "PUT", "/api/User", { token, body: edit(current, { visibleName: "Changed" }) }),
      await call(s, "DELETE", `/api/User/${other.id}`, { token }),
    ];
    for (const r of attempts) {
      expect([r.status, r.body.error.code]).toEqual([404, "record.notFoundOrNoPermission"]);
    }
    expect((await call(s, "GET", `/api/User/${other.id}`, { token: adminToken })).body).toEqual(current);
    expect(manager.isPowerUser).toBe(true);
  });
});

describe("uniqueness", () => {
  let bravo: Tenant;
  let bravoToken: string;

  beforeAll(async () => {
    bravo = await createTenant(s, "bravo");
    bravoToken = (await signIn(s, "bravo-admin")).token;
  });

  it("a username is unique across all tenants, whatever its case", async () => {
    for (const username of ["acme-admin", "ACME-Admin"]) {
      const r = await call(s, "POST", "/api/User", {
        token: bravoToken,
        body: { username, email: "someone@bravo.example", password: PASSWORD, repeatPassword: PASSWORD },
      });
      expect(r.status).toBe(400);
      expect(r.body.error.code).toBe("validation.failed");
      expect(r.body.error.fields).toEqual({ username: ["validation.usernameExists"] });
    }
    // The login still belongs to acme's administrator.
    const login = await s.platform.registry.loginByUsername("acme-admin");
    expect(login?.tenantId).toBe(acme.id);
    expect((await query(bravo, "SELECT count(*) AS n FROM users WHERE email = 'someone@bravo.example'"))[0].n)
      .toBe(0);
  });

  it("renaming to a username held in another tenant is refused and changes nothing", async () => {
    const u = await addUser(s, bravoToken, { username: "bravo-rita" });
    const r = await call(s, "PUT", "/api/User", {
      token: bravoToken,
      body: edit(u, { username: "acme-admin" }),
    });
    expect(r.status).toBe(400);
    expect(r.body.error.fields).toEqual({ username: ["validation.usernameExists"] });
    expect((await call(s, "GET", `/api/User/${u.id}`, { token: bravoToken })).body).toEqual(u);
    expect((await s.platform.registry.loginByUsername("bravo-rita"))?.userId).toBe(u.id);
    expect(await tryPassword("bravo-rita", PASSWORD)).toBe("ok");
  });

  it("a rename moves the login: the new name signs in, the old one is free", async () => {
    const u = await addUser(s, bravoToken, { username: "bravo-old-name" });
    const r = await call(s, "PUT", "/api/User", {
      token: bravoToken,
      body: edit(u, { username: "bravo-new-name" }),
    });
    expect(r.status).toBe(200);
    expect(await tryPassword("bravo-new-name", PASSWORD)).toBe("ok");
    expect(await tryPassword("bravo-old-name", PASSWORD)).toBe("auth.wrongCredentials");
    expect(await s.platform.registry.loginByUsername("bravo-old-name")).toBeUndefined();
  });

  it("an e-mail is unique within a tenant, whatever its case; a failed add leaves no login and no log", async () => {
    const logBefore = await query(acme, "SELECT count(*) AS n FROM record_log");
    const r = await call(s, "POST", "/api/User", {
      token: adminToken,
      body: {
        username: "dup-mail-dan",
        email: "ADMIN@acme.example",
        password: PASSWORD,
        repeatPassword: PASSWORD,
      },
    });
    expect(r.status).toBe(400);
    expect(r.body.error.fields).toEqual({ email: ["validation.emailExists"] });
    expect(await s.platform.registry.loginByUsername("dup-mail-dan")).toBeUndefined();
    expect(await query(acme, "SELECT id FROM users WHERE username = 'dup-mail-dan'")).toEqual([]);
    expect(await query(acme, "SELECT count(*) AS n FROM record_log")).toEqual(logBefore);
    // The username was not burnt by the failure.
    expect((await addUser(s, adminToken, { username: "dup-mail-dan" })).username).toBe("dup-mail-dan");
  });

  it("editing to another user's e-mail is refused", async () => {
    const u = await addUser(s, adminToken, { username: "mail-mover" });
    const r = await call(s, "PUT", "/api/User", {
      token: adminToken,
      body: edit(u, { email: "admin@acme.example" }),
    });
    expect(r.status).toBe(400);
    expect(r.body.error.fields).toEqual({ email: ["validation.emailExists"] });
    expect((await call(s, "GET", `/api/User/${u.id}`, { token: adminToken })).body.email).toBe(u.email);
  });

  it("the same e-mail is allowed in another tenant", async () => {
    const u = await addUser(s, bravoToken, { username: "bravo-twin", email: "admin@acme.example" });
    expect(u.email).toBe("admin@acme.example");
  });
});

describe("phone numbers", () => {
  it("refuses a number without a country code", async () => {
    const r = await call(s, "POST", "/api/User", {
      token: adminToken,
      body: {
        username: "phone-pia",
        email: "pia@example.com",
        phoneNumber: "600700800",
        password: PASSWORD,
        repeatPassword: PASSWORD,
      },
    });
    expect(r.status).toBe(400);
    expect(r.body.error.fields).toEqual({ phoneNumber: ["validation.phoneCountryCode"] });
    expect(await s.platform.registry.loginByUsername("phone-pia")).toBeUndefined();
  });

  it("stores an international number in E.164, on add and on edit", async () => {
    const u = await addUser(s, adminToken, { username: "phone-pia", phoneNumber: "+48 600 700 800" });
    expect(u.phoneNumber).toBe("+48600700800");
    const [row] = await query(acme, "SELECT phone_number FROM users WHERE id = ?", [u.id]);
    expect(row.phone_number).toBe("+48600700800");
    const bad = await call(s, "PUT", "/api/User", {
      token: adminToken,
      body: edit(u, { phoneNumber: "600 700 801" }),
    });
    expect(bad.body.error.fields).toEqual({ phoneNumber: ["validation.phoneCountryCode"] });
    const ok = await call(s, "PUT", "/api/User", {
      token: adminToken,
      body: edit(u, { phoneNumber: "+49 1512 3456789" }),
    });
    expect(ok.body.phoneNumber).toBe("+4915123456789");
  });
});

describe("passwords", () => {
  it("a PUT without a password keeps the old one", async () => {
    const u = await addUser(s, adminToken, { username: "pw-keep" });
    for (
      const extra of [{}, { password: null, repeatPassword: null }, { password: "", repeatPassword: "" }]
    ) {
      const current = (await call(s, "GET", `/api/User/${u.id}`, { token: adminToken })).body;
      const r = await call(s, "PUT", "/api/User", { token: adminToken, body: edit(current, extra) });
      expect(r.status).toBe(200);
      expect(await tryPassword("pw-keep", PASSWORD)).toBe("ok");
    }
  });

  it("a PUT with a new password, its repeat and the current one changes it and ends other sign-ins", async () => {
    const u = await addUser(s, adminToken, { username: "pw-change" });
    const session = await signIn(s, "pw-change");
    const [before] = await query(acme, "SELECT password_hash FROM users WHERE id = ?", [u.id]);
    // One's own password changes only with the current one (a stolen access token is not enough).
    const change = { password: "brand-new-pass", repeatPassword: "brand-new-pass" };
    const without = await call(s, "PUT", `/api/User/${u.id}`, {
      token: session.token,
      body: edit(u, change),
    });
    expect([without.status, without.body.error.fields]).toEqual([400, {
      currentPassword: ["validation.required"],
    }]);
    const wrong = await call(s, "PUT", `/api/User/${u.id}`, {
      token: session.token,
      body: edit(u, { ...change, currentPassword: "not-my-password" }),
    });
    expect([wrong.status, wrong.body.error.fields]).toEqual([400, {
      currentPassword: ["validation.currentPasswordWrong"],
    }]);
    expect(await tryPassword("pw-change", PASSWORD)).toBe("ok");
    const r = await call(s, "PUT", `/api/User/${u.id}`, {
      token: session.token,
      body: edit(u, { ...change, currentPassword: PASSWORD }),
    });
    expect(r.status).toBe(200);
    expect(JSON.stringify(r.body)).not.toContain("brand-new-pass");
    expect(await tryPassword("pw-change", PASSWORD)).toBe("auth.wrongCredentials");
    expect(await tryPassword("pw-change", "brand-new-pass")).toBe("ok");
    const [after] = await query(acme, "SELECT password_hash FROM users WHERE id = ?", [u.id]);
    expect(after.password_hash).not.toBe(before.password_hash);
    expect(after.password_hash).not.toContain("brand-new-pass");
    expect((await call(s, "GET", "/api/Auth", { token: session.refreshToken })).status).toBe(401);
  });

  it("an administrator resets another user's password without it, but changes their own only with it", async () => {
    const u = await addUser(s, adminToken, { username: "pw-reset" });
    const reset = await call(s, "PUT", "/api/User", {
      token: adminToken,
      body: edit(u, { password: "reset-by-admin", repeatPassword: "reset-by-admin" }),
    });
    expect(reset.status).toBe(200);
    expect(await tryPassword("pw-reset", "reset-by-admin")).toBe("ok");
    const me = (await call(s, "GET", `/api/User/${adminId}`, { token: adminToken })).body;
    const own = await call(s, "PUT", "/api/User", {
      token: adminToken,
      body: edit(me, { password: "admin-new-pass", repeatPassword: "admin-new-pass" }),
    });
    expect([own.status, own.body.error.fields]).toEqual([400, { currentPassword: ["validation.required"] }]);
  });

  it("stops guessing the current password after a few wrong tries", async () => {
    const u = await addUser(s, adminToken, { username: "pw-guess" });
    const session = await signIn(s, "pw-guess");
    const guess = (currentPassword: string) =>
      call(s, "PUT", "/api/User", {
        token: session.token,
        body: edit(u, { password: "guessed-new-1", repeatPassword: "guessed-new-1", currentPassword }),
      });
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) statuses.push((await guess(`guess-${i}`)).status);
    expect(statuses.slice(0, 5)).toEqual([400, 400, 400, 400, 400]);
    expect(statuses.slice(5)).toEqual([429, 429, 429]);
    // Even the right one waits now.
    expect((await guess(PASSWORD)).status).toBe(429);
    expect(await tryPassword("pw-guess", PASSWORD)).toBe("ok");
  });

  it("refuses a new password whose repeat does not match, and keeps the old one", async () => {
    const u = await addUser(s, adminToken, { username: "pw-mismatch" });
    const r = await call(s, "PUT", "/api/User", {
      token: adminToken,
      body: edit(u, { password: "brand-new-pass", repeatPassword: "brand-new-typo" }),
    });
    expect(r.status).toBe(400);
    expect(r.body.error.fields).toEqual({ repeatPassword: ["validation.passwordsMustMatch"] });
    expect(await tryPassword("pw-mismatch", PASSWORD)).toBe("ok");
    expect((await call(s, "GET", `/api/User/${u.id}`, { token: adminToken })).body.version).toBe(1);
  });

  it("changes one's own e-mail, where resets go, only with the current password; an administrator changes another's", async () => {
    const u = await addUser(s, adminToken, { username: "mail-keeper" });
    const token = (await signIn(s, "mail-keeper")).token;
    const without = await call(s, "PUT", "/api/User", {
      token,
      body: edit(u, { email: "thief@example.com" }),
    });
    expect(without.status).toBe(400);
    expect(without.body.error.fields).toEqual({ currentPassword: ["validation.required"] });
    const wrong = await call(s, "PUT", "/api/User", {
      token,
      body: edit(u, { email: "thief@example.com", currentPassword: "not-my-password" }),
    });
    expect(wrong.body.error.fields).toEqual({ currentPassword: ["validation.currentPasswordWrong"] });
    expect((await call(s, "GET", `/api/User/${u.id}`, { token })).body.email).toBe("mail-keeper@example.com");
    // Other fields of one's profile change without it, and so does the e-mail with it.
    const named = await call(s, "PUT", "/api/User", { token, body: edit(u, { visibleName: "Mover" }) });
    expect(named.status).toBe(200);
    const moved = await call(s, "PUT", "/api/User", {
      token,
      body: edit(named.body, { email: "new-home@example.com", currentPassword: PASSWORD }),
    });
    expect([moved.status, moved.body.email]).toEqual([200, "new-home@example.com"]);
    const byAdmin = await call(s, "PUT", "/api/User", {
      token: adminToken,
      body: edit(moved.body, { email: "set-by-admin@example.com" }),
    });
    expect([byAdmin.status, byAdmin.body.email]).toEqual([200, "set-by-admin@example.com"]);
  });

  it("refuses a common password when a user is added, on a reset and on one's own change", async () => {
    const added = await call(s, "POST", "/api/User", {
      token: adminToken,
      body: {
        username: "pw-common",
        email: "pw-common@example.com",
        password: "Password1",
        repeatPassword: "Password1",
      },
    });
    expect(added.status).toBe(400);
    expect(added.body.error.fields).toEqual({ password: ["validation.passwordTooCommon"] });
    const u = await addUser(s, adminToken, { username: "pw-common" });
    const reset = await call(s, "PUT", "/api/User", {
      token: adminToken,
      body: edit(u, { password: "iloveyou", repeatPassword: "iloveyou" }),
    });
    expect(reset.status).toBe(400);
    expect(reset.body.error.fields).toEqual({ password: ["validation.passwordTooCommon"] });
    const own = await call(s, "PUT", "/api/User", {
      token: (await signIn(s, "pw-common")).token,
      body: edit(u, { password: "sunshine", repeatPassword: "sunshine", currentPassword: PASSWORD }),
    });
    expect(own.status).toBe(400);
    expect(own.body.error.fields).toEqual({ password: ["validation.passwordTooCommon"] });
    expect(await tryPassword("pw-common", PASSWORD)).toBe("ok");
  });

  it("refuses a new user whose passwords do not match", async () => {
    const r = await call(s, "POST", "/api/User", {
      token: adminToken,
      body: {
        username: "pw-new",
        email: "pw-new@example.com",
        password: PASSWORD,
        repeatPassword: "other-pass-1",
      },
    });
    expect(r.status).toBe(400);
    expect(r.body.error.fields).toEqual({ repeatPassword: ["validation.passwordsMustMatch"] });
  });
});

describe("versions", () => {
  it("a PUT with a stale version is refused with 409 and changes nothing", async () => {
    const u = await addUser(s, adminToken, { username: "version-vic", visibleName: "Vic" });
    const first = await call(s, "PUT", "/api/User", {
      token: adminToken,
      body: edit(u, { visibleName: "Victor" }),
    });
    expect(first.status).toBe(200);
    const stale = await call(s, "PUT", "/api/User", {
      token: adminToken,
      body: edit(u, {
        visibleName: "Vicky",
        email: "vicky@example.com",
        password: "other-pass-9",
        repeatPassword: "other-pass-9",
      }),
    });
    expect(stale.status).toBe(409);
    expect(stale.body.error.code).toBe("record.changedByAnotherUser");
    expect((await call(s, "GET", `/api/User/${u.id}`, { token: adminToken })).body).toEqual(first.body);
    expect(await tryPassword("version-vic", PASSWORD)).toBe("ok");
    expect((await userLog(acme, u.id)).map((l) => l.action)).toEqual(["created", "changed"]);
    // A version from the future is just as stale.
    const future = await call(s, "PUT", "/api/User", {
      token: adminToken,
      body: edit(first.body, { version: 99 }),
    });
    expect(future.status).toBe(409);
  });

  it("a PUT without a version is a validation error", async () => {
    const u = await addUser(s, adminToken, { username: "version-less" });
    const { version: _v, ...body } = edit(u);
    const r = await call(s, "PUT", "/api/User", { token: adminToken, body });
    expect(r.status).toBe(400);
    expect(r.body.error.fields).toEqual({ version: ["validation.required"] });
  });
});

describe("a tenant cannot lock itself out", () => {
  let solo: Tenant;
  let soloAdmin: { id: number };
  let soloToken: string;

  beforeAll(async () => {
    solo = await createTenant(s, "solo");
    const session = await signIn(s, "solo-admin");
    soloToken = session.token;
    soloAdmin = session.user;
  });

  it("the last active administrator cannot be demoted, blocked or deactivated", async () => {
    const me = (await call(s, "GET", `/api/User/${soloAdmin.id}`, { token: soloToken })).body;
    for (const change of [{ isSuperUser: false }, { blocked: true }, { active: false }]) {
      const r = await call(s, "PUT", "/api/User", { token: soloToken, body: edit(me, change) });
      expect(r.status).toBe(400);
      expect(r.body.error.code).toBe("validation.failed");
      expect(r.body.error.fields).toEqual({ [Object.keys(change)[0]]: ["validation.invalidValue"] });
    }
    expect((await call(s, "GET", `/api/User/${soloAdmin.id}`, { token: soloToken })).body).toEqual(me);
    expect(await tryPassword("solo-admin", PASSWORD)).toBe("ok");
  });

  it("a user cannot delete themselves", async () => {
    const r = await call(s, "DELETE", `/api/User/${soloAdmin.id}`, { token: soloToken });
    expect(r.status).toBe(409);
    expect(r.body.error.code).toBe("record.statusForbidsDelete");
    expect((await call(s, "GET", `/api/User/${soloAdmin.id}`, { token: soloToken })).status).toBe(200);
  });

  it("with a second administrator one may step down, and then the other is the last and stays", async () => {
    const second = await addUser(s, soloToken, { username: "solo-second", isSuperUser: true });
    const me = (await call(s, "GET", `/api/User/${soloAdmin.id}`, { token: soloToken })).body;
    const down = await call(s, "PUT", "/api/User", {
      token: soloToken,
      body: edit(me, { isSuperUser: false }),
    });
    expect(down.status).toBe(200);
    expect(down.body.isSuperUser).toBe(false);
    // The access token issued before stepping down still says administrator, but roles are read as they
    // are stored now: it can neither remove nor block the one administrator left.
    const del = await call(s, "DELETE", `/api/User/${second.id}`, { token: soloToken });
    expect([del.status, del.body.error.code]).toEqual([404, "record.notFoundOrNoPermission"]);
    const block = await call(s, "PUT", "/api/User", {
      token: soloToken,
      body: edit(second, { blocked: true }),
    });
    expect([block.status, block.body.error.code]).toEqual([404, "record.notFoundOrNoPermission"]);
    const secondToken = (await signIn(s, "solo-second")).token;
    expect((await call(s, "GET", `/api/User/${second.id}`, { token: secondToken })).body.isSuperUser).toBe(
      true,
    );
    // An inactive administrator is no administrator: the active one may delete them.
    const third = await addUser(s, secondToken, { username: "solo-third", isSuperUser: true, active: false });
    expect((await call(s, "DELETE", `/api/User/${third.id}`, { token: secondToken })).status).toBe(204);
    const log = await query(
      solo,
      "SELECT action FROM record_log WHERE resource_id = ? AND action <> 'loggedIn'",
      [
        second.id,
      ],
    );
    expect(log.map((l) => l.action)).toEqual(["created"]);
  });
});

describe("blocked and inactive users cannot sign in", () => {
  it("blocking refuses sign-in and ends the user's sign-ins; unblocking lets them back", async () => {
    const u = await addUser(s, adminToken, { username: "flag-fred" });
    const session = await signIn(s, "flag-fred");
    const blocked = await call(s, "PUT", "/api/User", {
      token: adminToken,
      body: edit(u, { blocked: true }),
    });
    expect(blocked.body.blocked).toBe(true);
    expect(await tryPassword("flag-fred", PASSWORD)).toBe("auth.blocked");
    expect((await call(s, "GET", "/api/Auth", { token: session.refreshToken })).status).toBe(401);
    const unblocked = await call(s, "PUT", "/api/User", {
      token: adminToken,
      body: edit(blocked.body, { blocked: false }),
    });
    expect(unblocked.status).toBe(200);
    expect(await tryPassword("flag-fred", PASSWORD)).toBe("ok");
  });

  it("an inactive user cannot sign in until activated", async () => {
    const u = await addUser(s, adminToken, { username: "flag-ines" });
    const off = await call(s, "PUT", "/api/User", { token: adminToken, body: edit(u, { active: false }) });
    expect(off.body.active).toBe(false);
    expect(await tryPassword("flag-ines", PASSWORD)).toBe("auth.notActivated");
    await call(s, "PUT", "/api/User", { token: adminToken, body: edit(off.body, { active: true }) });
    expect(await tryPassword("flag-ines", PASSWORD)).toBe("ok");
  });
});

describe("contractor users", () => {
  async function company(shortName: string, keyRole: "contractor" | "supplier") {
    const now = new Date().toISOString();
    const [row] = await query(
      acme,
      "INSERT INTO companies (short_name, key_role, created_at, updated_at) VALUES (?, ?, ?, ?) RETURNING id",
      [shortName, keyRole, now, now],
    );
    return Number(row.id);
  }

  it("a contractor user is tied to a contractor company; the token names it", async () => {
    const contractorId = await company("FRESH FARMS", "contractor");
    const created = await addUser(s, adminToken, {
      username: "portal-paula",
      contractorPortalEnabled: true,
      connectedContractorId: contractorId,
    });
    expect(created.connectedContractorId).toBe(contractorId);
    const { token } = await signIn(s, "portal-paula");
    const claims = JSON.parse(atob(token.split(".")[1].replace(/-/g, "+").replace(/_/g, "/")));
    expect(claims.contractorId).toBe(String(contractorId));
    expect(claims.ContractorPortalEnabled).toBe("True");
  });

  it("refuses portal access without a contractor, a company that is no contractor, and staff roles", async () => {
    const supplierId = await company("STEEL SUPPLY", "supplier");
    const contractorId = await company("GREEN GROCER", "contractor");
    const body = { email: "p@contractor.example", password: PASSWORD, repeatPassword: PASSWORD };
    const cases: Array<[Record<string, unknown>, Record<string, string[]>]> = [
      [{ contractorPortalEnabled: true }, { connectedContractorId: ["validation.required"] }],
      [{ connectedContractorId: supplierId }, { connectedContractorId: ["validation.invalidValue"] }],
      [{ connectedContractorId: 999_999 }, { connectedContractorId: ["validation.invalidValue"] }],
      [{ connectedContractorId: contractorId, isPowerUser: true }, {
        isPowerUser: ["validation.invalidValue"],
      }],
    ];
    for (const [extra, fields] of cases) {
      const r = await call(s, "POST", "/api/User", {
        token: adminToken,
        body: { ...body, username: "portal-pete", ...extra },
      });
      expect([r.status, r.body.error.fields], JSON.stringify(extra)).toEqual([400, fields]);
    }
    expect(await s.platform.registry.loginByUsername("portal-pete")).toBeUndefined();
  });
});
