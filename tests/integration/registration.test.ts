// Registration, the provider's approval, activation and password reset end to end: HTTP to a real server,
// mail over SMTP to a real SMTP server on loopback, and the provider's command line as a subprocess.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { call, createTenant, PASSWORD, signIn, startServer, type TestServer } from "../fixtures/harness.ts";
import { type ReceivedMail, type SmtpSink, startSmtp } from "../fixtures/smtp.ts";
import { approveTenant } from "../../server/domain/access/registration/service.ts";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const NEW_PASSWORD = "brand-new-pass-2";

let mail: SmtpSink;
let s: TestServer;

beforeAll(async () => {
  mail = await startSmtp({ refuse: (address) => address.endsWith("@refusing.example") });
  // trustProxy lets each registration here come from its own address (see `register`); the limit on
  // registrations per address has its own server in "floods".
  s = await startServer({
    smtpUrl: mail.url,
    loginLimitPerIp: 1000,
    trustProxy: true,
    tenantCacheSeconds: 1,
  });
  await createTenant(s, "acme"); // holds the username acme-admin
});
afterAll(async () => {
  await s?.close();
  await mail?.close();
});

function registration(overrides: Record<string, unknown> = {}) {
  return {
    companyName: "Nordwind Lager",
    taxId: "DE 123456789",
    username: "nordwind-chef",
    email: "chef@nordwind.example",
    password: PASSWORD,
    repeatPassword: PASSWORD,
    acceptTerms: true,
    language: "en-us",
    ...overrides,
  };
}

let nextAddress = 0;

/** POST /api/Register from an address of its own, so these scenarios stay clear of the flood limit. */
function register(server: TestServer, body: Record<string, unknown>) {
  nextAddress++;
  return call(server, "POST", "/api/Register", {
    body,
    headers: { "x-forwarded-for": `10.1.${nextAddress >> 8}.${nextAddress & 255}` },
  });
}

const to = (address: string) => (m: ReceivedMail) => m.envelopeTo.includes(address) && m.to.includes(address);

function codeIn(m: ReceivedMail, path: "activate" | "recovery"): string {
  const match = m.text.match(new RegExp(`http://wms\\.test/${path}\\?code=([a-z0-9]+)`));
  if (!match) throw new Error(`no ${path} link in mail "${m.subject}": ${m.text}`);
  return match[1];
}

function signInCode(server: TestServer, username: string, password = PASSWORD) {
  return call(server, "POST", "/api/Auth", { body: { username, password } })
    .then((r) => [r.status, r.body?.error?.code ?? "ok"]);
}

function tenantFiles(server: TestServer): string[] {
  const dir = join(server.dataDir, "tenants");
  return existsSync(dir) ? readdirSync(dir).sort() : [];
}

async function cli(server: TestServer, ...args: string[]) {
  const out = await new Deno.Command(join(ROOT, "node_modules/deno/deno"), {
    args: ["run", "-A", "tenants/cli.ts", ...args],
    cwd: ROOT,
    env: {
      DATA_DIR: server.dataDir,
      CONTROL_DB_URL: `file:${join(server.dataDir, "control.db")}`,
      SMTP_URL: mail.url,
      // The test's SMTP server is on loopback, which the egress policy refuses unless allowed.
      EGRESS_ALLOW: "127.0.0.1",
      PUBLIC_URL: "http://wms.test",
    },
    stdout: "piped",
    stderr: "piped",
  }).output();
  const decode = (b: Uint8Array) => new TextDecoder().decode(b);
  return { code: out.code, stdout: decode(out.stdout), stderr: decode(out.stderr) };
}

describe("registration, approval and activation", () => {
  it("registers a company that waits for approval, then activates it in the registrant's language", async () => {
    const body = registration({
      companyName: "Müller Logistik GmbH",
      username: "mueller-chef",
      email: "Chef@Mueller.example",
      language: "de-de",
    });
    const r = await register(s, body);
    expect(r.status).toBe(201);
    expect(r.body).toEqual({ slug: "muller-logistik-gmbh", status: "pendingApproval" });
    const tenant = await s.platform.registry.bySlug("muller-logistik-gmbh");
    expect(tenant).toMatchObject({
      companyName: "Müller Logistik GmbH",
      taxId: "DE 123456789",
      status: "pendingApproval",
      language: "de-de",
      approvedAt: null,
    });
    // No database until the provider approves: a registration is a row, not a megabyte on disk.
    const file = join(s.dataDir, "tenants", "muller-logistik-gmbh.db");
    expect(existsSync(file)).toBe(false);

    // The confirmation of receipt goes out over SMTP, in German, to the lower-cased address.
    const received = await mail.waitFor(to("chef@mueller.example"));
    expect(received.subject).toBe("Wir haben die Registrierung von Müller Logistik GmbH erhalten");
    expect(received.envelopeFrom).toBe("no-reply@localhost");

    // Awaiting approval: the right password learns why; a wrong one learns nothing.
    expect(await signInCode(s, "mueller-chef")).toEqual([401, "auth.awaitingApproval"]);
    expect(await signInCode(s, "mueller-chef", "not-the-password")).toEqual([401, "auth.wrongCredentials"]);
    expect(existsSync(file)).toBe(false);

    const approved = await approveTenant(s.platform, "muller-logistik-gmbh");
    expect(existsSync(file)).toBe(true);
    expect(approved.status).toBe("active");
    expect(approved.approvedAt).not.toBeNull();
    const activation = await mail.waitFor((m) =>
      to("chef@mueller.example")(m) && m.subject === "Aktivieren Sie Ihr Konto bei WMS"
    );
    expect(activation.text).toContain("Guten Tag mueller-chef");
    expect(activation.text).toContain("Müller Logistik GmbH");
    // Its end in German's one instant format, in UTC and saying so (issue 31: it was an ISO timestamp).
    expect(activation.text).toMatch(/Der Link ist gültig bis \d{2}\.\d{2}\.\d{4}, \d{2}:\d{2} \(UTC\)\./);
    expect(activation.text).not.toMatch(/\d{4}-\d{2}-\d{2}|T\d{2}:\d{2}/);
    const code = codeIn(activation, "activate");
    expect(code).toMatch(/^[a-z0-9]{26}$/);

    // Approved but not activated yet.
    expect(await signInCode(s, "mueller-chef")).toEqual([401, "auth.notActivated"]);

    const act = await call(s, "GET", `/api/Register/activate/${code}`);
    expect(act.status).toBe(200);
    expect(act.body).toEqual({ activated: true, username: "mueller-chef" });
    const session = await signIn(s, "mueller-chef");
    expect((await call(s, "GET", "/api/ClientAccount", { token: session.token })).status).toBe(200);

    const again = await call(s, "GET", `/api/Register/activate/${code}`);
    expect([again.status, again.body.error.code]).toEqual([404, "register.activationCodeNotFound"]);
    const made = await call(s, "GET", "/api/Register/activate/abcdefghijkmnpqrstuvwxyz");
    expect([made.status, made.body.error.code]).toEqual([404, "register.activationCodeNotFound"]);

    // Later mail to this user keeps to the chosen language.
    const reset = await call(s, "GET", "/api/Register/send-reset/chef%40mueller.example");
    expect(reset.status).toBe(200);
    const resetMail = await mail.waitFor((m) =>
      to("chef@mueller.example")(m) && m.subject === "Zurücksetzen des Passworts bei WMS"
    );
    expect(resetMail.text).toContain("für das Konto mueller-chef");
    expect(resetMail.text).toMatch(/Der Code ist gültig bis \d{2}\.\d{2}\.\d{4}, \d{2}:\d{2} \(UTC\)\./);
    expect(resetMail.text).not.toMatch(/\d{4}-\d{2}-\d{2}|T\d{2}:\d{2}/);
  });

  it("replaces an unused activation code when the approval is repeated", async () => {
    const r = await register(
      s,
      registration({ companyName: "Twice Approved", username: "twice-admin", email: "a@twice.example" }),
    );
    expect(r.status).toBe(201);
    await approveTenant(s.platform, r.body.slug);
    const first = codeIn(
      await mail.waitFor((m) => to("a@twice.example")(m) && /Activate/.test(m.subject)),
      "activate",
    );
    await approveTenant(s.platform, r.body.slug);
    const second = codeIn(
      await mail.waitFor((m) =>
        to("a@twice.example")(m) && /Activate/.test(m.subject) && !m.text.includes(first)
      ),
      "activate",
    );
    expect(second).not.toBe(first);
    expect((await call(s, "GET", `/api/Register/activate/${first}`)).status).toBe(404);
    expect((await call(s, "GET", `/api/Register/activate/${second}`)).status).toBe(200);
    // Approving an active tenant whose administrator is active sends nothing more.
    const before = mail.messages.length;
    await approveTenant(s.platform, r.body.slug);
    await new Promise((done) => setTimeout(done, 200));
    expect(mail.messages.length).toBe(before);
  });

  describe("refusals write nothing", () => {
    it.each([
      ["without accepting the terms", { acceptTerms: false }, "acceptTerms", "validation.mustAcceptTerms"],
      ["with acceptTerms left out", { acceptTerms: undefined }, "acceptTerms", "validation.mustAcceptTerms"],
      [
        "with passwords that differ",
        { repeatPassword: "other-pass-1" },
        "repeatPassword",
        "validation.passwordsMustMatch",
      ],
      ["with an invalid e-mail", { email: "not-an-email" }, "email", "validation.invalidEmail"],
      [
        "with one of the most common passwords",
        { password: "Password1", repeatPassword: "Password1" },
        "password",
        "validation.passwordTooCommon",
      ],
      [
        "with a username of another tenant",
        { username: "ACME-Admin" },
        "username",
        "validation.usernameExists",
      ],
    ])("%s", async (_name, overrides, field, code) => {
      const companyName = `Refused ${field}`;
      const email = `${field.toLowerCase()}@refused.example`;
      const filesBefore = tenantFiles(s);
      const r = await register(
        s,
        registration({ companyName, username: `refused-${field.toLowerCase()}`, email, ...overrides }),
      );
      expect(r.status).toBe(400);
      expect(r.body.error.code).toBe("validation.failed");
      expect(r.body.error.fields).toEqual({ [field]: [code] });

      const slug = companyName.toLowerCase().replace(" ", "-");
      expect(await s.platform.registry.bySlug(slug)).toBeUndefined();
      expect((await s.platform.registry.list()).some((t) => t.companyName === companyName)).toBe(false);
      expect(tenantFiles(s)).toEqual(filesBefore);
      expect(existsSync(join(s.dataDir, "tenants", `${slug}.db`))).toBe(false);
      if (field !== "username") {
        expect(await s.platform.registry.loginByUsername(`refused-${field.toLowerCase()}`)).toBeUndefined();
      } else {
        const acme = await s.platform.registry.bySlug("acme");
        expect((await s.platform.registry.loginByUsername("acme-admin"))?.tenantId).toBe(acme!.id);
      }
      await new Promise((done) => setTimeout(done, 50));
      expect(mail.messages.some((m) => m.envelopeTo.includes(email))).toBe(false);
    });

    it("two registrations racing for one username: one wins, the other leaves nothing behind", async () => {
      const filesBefore = tenantFiles(s);
      const [a, b] = await Promise.all([
        register(
          s,
          registration({ companyName: "Race Alpha", username: "racer", email: "a@race.example" }),
        ),
        register(
          s,
          registration({ companyName: "Race Beta", username: "racer", email: "b@race.example" }),
        ),
      ]);
      expect([a.status, b.status].sort()).toEqual([201, 400]);
      const loser = a.status === 400 ? a : b;
      const winner = a.status === 201 ? a : b;
      expect(loser.body.error.fields).toEqual({ username: ["validation.usernameExists"] });
      const loserSlug = winner.body.slug === "race-alpha" ? "race-beta" : "race-alpha";
      expect(await s.platform.registry.bySlug(loserSlug)).toBeUndefined();
      expect(
        tenantFiles(s).filter((f) => !filesBefore.includes(f)).every((f) => f.startsWith(winner.body.slug)),
      )
        .toBe(true);
      expect(existsSync(join(s.dataDir, "tenants", `${loserSlug}.db`))).toBe(false);
      const winnerTenant = await s.platform.registry.bySlug(winner.body.slug);
      expect((await s.platform.registry.loginByUsername("racer"))?.tenantId).toBe(winnerTenant!.id);
    });
  });

  it("the provider's command line approves while the server runs; the mail goes out over SMTP", async () => {
    const r = await register(
      s,
      registration({ companyName: "Cli Freight", username: "cli-boss", email: "boss@cli-freight.example" }),
    );
    expect(r.status).toBe(201);
    const slug = r.body.slug as string;

    const approve = await cli(s, "approve", slug);
    expect(approve.code, approve.stderr).toBe(0);
    expect(approve.stdout).toContain(`tenant ${slug} is active`);
    expect((await s.platform.registry.bySlug(slug))?.status).toBe("active");

    const activation = await mail.waitFor((m) =>
      to("boss@cli-freight.example")(m) && m.subject === "Activate your account in WMS"
    );
    const list = await cli(s, "list");
    expect(list.code, list.stderr).toBe(0);
    expect(list.stdout).toMatch(new RegExp(`^\\s*\\d+\\s+${slug}\\s+active\\s+Cli Freight`, "m"));
    expect(list.stdout).toMatch(/^\s*\d+\s+acme\s+active\s/m);

    // The running server honours what the command line did.
    expect(await signInCode(s, "cli-boss")).toEqual([401, "auth.notActivated"]);
    const act = await call(s, "GET", `/api/Register/activate/${codeIn(activation, "activate")}`);
    expect(act.status).toBe(200);
    await signIn(s, "cli-boss");
  });

  it("a server that saw the tenant awaiting approval honours the command line's approval within its cache time", async () => {
    const r = await register(
      s,
      registration({ companyName: "Stale View", username: "stale-boss", email: "boss@stale.example" }),
    );
    expect(r.status).toBe(201);
    expect(await signInCode(s, "stale-boss")).toEqual([401, "auth.awaitingApproval"]); // the row is cached now
    const approve = await cli(s, "approve", r.body.slug);
    expect(approve.code, approve.stderr).toBe(0);
    expect((await s.platform.registry.bySlug(r.body.slug))?.status).toBe("active");
    await new Promise((done) => setTimeout(done, 1100)); // tenantCacheSeconds: 1
    expect(await signInCode(s, "stale-boss")).toEqual([401, "auth.notActivated"]);
  });

  it("a refused recipient: the registration stands, approval and reset answer server.mailFailed", async () => {
    const r = await register(
      s,
      registration({ companyName: "Bounce Works", username: "bounce-boss", email: "boss@refusing.example" }),
    );
    // The confirmation of receipt is a courtesy: its failure does not undo the registration.
    expect(r.status).toBe(201);
    await expect(approveTenant(s.platform, r.body.slug)).rejects.toMatchObject({ code: "server.mailFailed" });
    // The approval itself is kept, so approving again only retries the mail.
    expect((await s.platform.registry.bySlug(r.body.slug))?.status).toBe("active");
    const reset = await call(s, "GET", "/api/Register/send-reset/boss%40refusing.example");
    expect([reset.status, reset.body.error.code]).toEqual([502, "server.mailFailed"]);
    expect(mail.messages.some((m) => m.envelopeTo.includes("boss@refusing.example"))).toBe(false);
  });
});

describe("password reset", () => {
  it("sends a code, sets the new password with it once, and ends the user's sign-ins", async () => {
    await createTenant(s, "resetco");
    const before = await signIn(s, "resetco-admin");

    const r = await call(s, "GET", "/api/Register/send-reset/Admin%40ResetCo.example");
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ sent: 1 });
    const m = await mail.waitFor((x) =>
      to("admin@resetco.example")(x) && x.subject === "Password reset in WMS"
    );
    expect(m.text).toContain("resetco-admin");
    const code = codeIn(m, "recovery");
    expect(m.text).toContain(`\n${code}\n`); // the bare code too, for typing it in

    const mismatch = await call(s, "POST", "/api/Register/make-reset", {
      body: { code, password: NEW_PASSWORD, repeatPassword: "something-else" },
    });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.error.fields).toEqual({ repeatPassword: ["validation.passwordsMustMatch"] });
    const common = await call(s, "POST", "/api/Register/make-reset", {
      body: { code, password: "qwertyuiop", repeatPassword: "qwertyuiop" },
    });
    expect(common.status).toBe(400);
    expect(common.body.error.fields).toEqual({ password: ["validation.passwordTooCommon"] });

    const made = await call(s, "POST", "/api/Register/make-reset", {
      body: { code, password: NEW_PASSWORD, repeatPassword: NEW_PASSWORD },
    });
    expect(made.status).toBe(200);
    expect(made.body).toEqual({ reset: true, username: "resetco-admin" });

    expect(await signInCode(s, "resetco-admin")).toEqual([401, "auth.wrongCredentials"]);
    await signIn(s, "resetco-admin", NEW_PASSWORD);
    const stale = await call(s, "GET", "/api/Auth", { token: before.refreshToken });
    expect([stale.status, stale.body.error.code]).toEqual([401, "auth.refreshInvalid"]);

    const reuse = await call(s, "POST", "/api/Register/make-reset", {
      body: { code, password: "third-password-3", repeatPassword: "third-password-3" },
    });
    expect([reuse.status, reuse.body.error.code]).toEqual([400, "register.wrongResetCode"]);
    await signIn(s, "resetco-admin", NEW_PASSWORD);
  });

  it("answers 404 for an e-mail nobody has, and sends nothing", async () => {
    const before = mail.messages.length;
    const r = await call(s, "GET", "/api/Register/send-reset/nobody%40nowhere.example");
    expect([r.status, r.body.error.code]).toEqual([404, "register.emailNotFound"]);
    // The path is decoded once: a percent sign in an address is a character, not the start of an escape.
    for (
      const odd of ["100%25%40nowhere.example", "a%2525zz%40nowhere.example", "a%25zz%40nowhere.example"]
    ) {
      const again = await call(s, "GET", `/api/Register/send-reset/${odd}`);
      expect([again.status, again.body.error.code], odd).toEqual([404, "register.emailNotFound"]);
    }
    await new Promise((done) => setTimeout(done, 100));
    expect(mail.messages.length).toBe(before);
  });

  it("refuses an expired code", async () => {
    const short = await startServer({ smtpUrl: mail.url, resetCodeTtlSeconds: 1 });
    try {
      await createTenant(short, "expiry-co");
      const request = async () => {
        const seen = new Set(mail.messages);
        expect((await call(short, "GET", "/api/Register/send-reset/admin%40expiry-co.example")).status).toBe(
          200,
        );
        return codeIn(
          await mail.waitFor((m) => !seen.has(m) && to("admin@expiry-co.example")(m)),
          "recovery",
        );
      };
      const reset = (code: string, password: string) =>
        call(short, "POST", "/api/Register/make-reset", {
          body: { code, password, repeatPassword: password },
        });

      // A fresh code works on this server ...
      expect((await reset(await request(), NEW_PASSWORD)).status).toBe(200);
      // ... and one past its second does not.
      const late = await request();
      await new Promise((done) => setTimeout(done, 1100));
      const r = await reset(late, "too-late-pass-4");
      expect([r.status, r.body.error.code]).toEqual([400, "register.wrongResetCode"]);
      await signIn(short, "expiry-co-admin", NEW_PASSWORD);
    } finally {
      await short.close();
    }
  });
});

describe("floods", () => {
  let f: TestServer;
  beforeAll(async () => {
    f = await startServer({ smtpUrl: mail.url, trustProxy: true });
  });
  afterAll(() => f?.close());

  const from = (ip: string) => ({ "x-forwarded-for": ip });

  it("limits reset requests for one e-mail address, whichever address asks", async () => {
    await createTenant(f, "floodco");
    await createTenant(f, "calmco");
    const path = "/api/Register/send-reset/admin%40floodco.example";
    for (let i = 0; i < 3; i++) {
      expect((await call(f, "GET", path, { headers: from(`198.51.100.${i + 1}`) })).status).toBe(200);
    }
    const r = await call(f, "GET", path, { headers: from("198.51.100.99") });
    expect([r.status, r.body.error.code]).toEqual([429, "auth.tooManyAttempts"]);
    expect(Number(r.headers.get("retry-after"))).toBeGreaterThan(0);
    const other = await call(f, "GET", "/api/Register/send-reset/admin%40calmco.example", {
      headers: from("198.51.100.99"),
    });
    expect(other.status).toBe(200);
  });

  it("limits registrations from one client address", async () => {
    const flood = (i: number) =>
      call(f, "POST", "/api/Register", {
        headers: from("203.0.113.7"),
        body: registration({
          companyName: `Flood ${i}`,
          username: `flood-${i}`,
          email: `x${i}@flood.example`,
        }),
      });
    for (let i = 0; i < 10; i++) expect((await flood(i)).status).toBe(201);
    const r = await flood(10);
    expect([r.status, r.body.error.code]).toEqual([429, "auth.tooManyAttempts"]);
    expect(Number(r.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await f.platform.registry.bySlug("flood-10")).toBeUndefined();
    expect(await f.platform.registry.loginByUsername("flood-10")).toBeUndefined();
    // Another address is unaffected.
    const elsewhere = await call(f, "POST", "/api/Register", {
      headers: from("192.0.2.44"),
      body: registration({
        companyName: "Calm Newcomer",
        username: "calm-newcomer",
        email: "c@calm.example",
      }),
    });
    expect(elsewhere.status).toBe(201);
  });
});
