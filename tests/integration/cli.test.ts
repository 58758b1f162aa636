// The provider's command line, run as the provider runs it: a separate process on the same data directory.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  call,
  createTenant,
  PASSWORD,
  signIn,
  startServer,
  type TestServer,
  until,
} from "../fixtures/harness.ts";
import { intoStep, timeStep, totpAt } from "../fixtures/totp.ts";

let s: TestServer;
beforeAll(async () => {
  s = await startServer({ tenantCacheSeconds: 0 });
});
afterAll(() => s.close());

async function cli(...args: string[]) {
  const out = await new Deno.Command("./node_modules/deno/deno", {
    args: ["run", "-A", "tenants/cli.ts", ...args],
    env: { DATA_DIR: s.dataDir, PASSWORD_HASH_COST: "1024" },
    stdout: "piped",
    stderr: "piped",
  }).output();
  const dec = new TextDecoder();
  return { code: out.code, stdout: dec.decode(out.stdout), stderr: dec.decode(out.stderr) };
}

describe("deno task tenant", () => {
  it("creates an active tenant with an active administrator in one step, lists and suspends it", async () => {
    const created = await cli(
      "create",
      "northwind",
      "--name",
      "Northwind Traders",
      "--admin",
      "nw-boss",
      "--email",
      "boss@northwind.example",
      "--password",
      "long-enough-1",
    );
    expect(created.stderr).toBe("");
    expect(created.code).toBe(0);
    const signIn = await call(s, "POST", "/api/Auth", {
      body: { username: "nw-boss", password: "long-enough-1" },
    });
    expect(signIn.status).toBe(200);
    const account = await call(s, "GET", "/api/ClientAccount", { token: signIn.body.token });
    expect(account.body.invoiceName).toBe("Northwind Traders");

    const list = await cli("list");
    expect(list.stdout).toMatch(/northwind\s+active\s+Northwind Traders/);

    const suspended = await cli("suspend", "northwind");
    expect(suspended.code).toBe(0);
    // The server trusts its cached tenant row for TENANT_CACHE_SECONDS (0 here), then sees the change.
    const refused = await call(s, "POST", "/api/Auth", {
      body: { username: "nw-boss", password: "long-enough-1" },
    });
    expect(refused.body.error.code).toBe("auth.suspended");
  });

  it("refuses bad input with a clear message and leaves nothing behind", async () => {
    const taken = await cli(
      "create",
      "other",
      "--name",
      "Other",
      "--admin",
      "nw-boss",
      "--email",
      "x@other.example",
      "--password",
      "long-enough-1",
    );
    expect(taken.code).toBe(1);
    expect(taken.stderr).toMatch(/user name already exists/i);
    const badSlug = await cli(
      "create",
      "Bad_Slug",
      "--name",
      "B",
      "--admin",
      "bb-admin",
      "--email",
      "b@b.example",
      "--password",
      "long-enough-1",
    );
    expect(badSlug.code).toBe(1);
    const shortPassword = await cli(
      "create",
      "shorty",
      "--name",
      "S",
      "--admin",
      "s-admin",
      "--email",
      "s@s.example",
      "--password",
      "short",
    );
    expect(shortPassword.code).toBe(1);
    expect(shortPassword.stderr).toMatch(/password: The value is too short/);
    expect((await s.platform.registry.list()).map((t) => t.slug)).toEqual(["northwind"]);
    const missing = await cli("approve", "nobody");
    expect(missing.code).toBe(1);
  });

  it("removes the second factor of a company's administrator who lost it, and ends their sign-ins", async () => {
    await createTenant(s, "lockout");
    const admin = await signIn(s, "lockout-admin");
    const begun = await call(s, "POST", "/api/Auth/SecondFactor/totp", {
      token: admin.token,
      body: { currentPassword: PASSWORD },
    });
    await until(() => Promise.resolve(intoStep() < 22_000), 35_000, 100);
    const confirmed = await call(s, "POST", "/api/Auth/SecondFactor/totp/confirm", {
      token: admin.token,
      body: { code: totpAt(begun.body.secret, timeStep(Date.now())) },
    });
    expect(confirmed.status).toBe(200);
    const password = () =>
      call(s, "POST", "/api/Auth", { body: { username: "lockout-admin", password: PASSWORD } });
    expect((await password()).body.secondFactor).toBeDefined();
    // Someone else's username is not the tenant's.
    expect((await cli("reset-second-factor", "lockout", "nw-boss")).code).toBe(1);
    const reset = await cli("reset-second-factor", "lockout", "lockout-admin");
    expect(reset.stderr).toBe("");
    expect(reset.code).toBe(0);
    // The server sees another process's revocation within its session cache's 5 seconds.
    await until(async () =>
      (await call(s, "GET", "/api/ClientAccount", { token: admin.token })).status === 401
    );
    const token = (await password()).body.token;
    expect(token).toBeTruthy();
    // The company's security log keeps it, as the provider's, naming the user; no code or secret.
    const filters = JSON.stringify([{ field: "event", operator: "eq", value: "secondFactor.reset" }]);
    const log = await call(
      s,
      "GET",
      `/api/SecurityLog?BasicFiltersSerialized=${encodeURIComponent(filters)}`,
      {
        token,
      },
    );
    expect(log.body.results.map((e: Record<string, unknown>) => [e.outcome, e.userName, e.detail])).toEqual([[
      "changed",
      "(provider)",
      `user ${admin.user.id} (lockout-admin): every second factor and recovery code removed by the provider at ` +
      "the host's console; their sign-ins ended",
    ]]);
    expect(JSON.stringify(log.body)).not.toContain(begun.body.secret);
  });
});
