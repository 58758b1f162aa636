// ASVS 6.3.2: no default accounts. A new server holds no account at all (a company's first user is the one
// its registration or the provider names), and the demo tenant, which only the quick start seeds, answers to
// a password made at random for that installation, never to one published here (its seeding is checked in
// tests/integration/demo.test.ts, where the demo is seeded anyway).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { statSync } from "node:fs";
import { join, resolve } from "node:path";
import { call, startServer, type TestServer } from "../fixtures/harness.ts";
import { demoPassword } from "../../demo/password.ts";

let s: TestServer;
beforeAll(async () => {
  s = await startServer({ loginLimitPerIp: 1000, loginLimitPerUser: 1000 });
});
afterAll(() => s.close());

const GUESSES = ["admin", "root", "sa", "administrator", "demo", "manager", "user", "terminal", "contractor"];
const PASSWORDS = ["demo1234", "admin", "password", "admin123", "changeme"];

describe("default accounts", () => {
  it("a new server holds no account: no well-known name signs in with any well-known password", async () => {
    expect(await s.platform.control.query("SELECT * FROM global_logins")).toEqual([]);
    expect(await s.platform.control.query("SELECT * FROM tenants")).toEqual([]);
    for (const u of GUESSES) {
      for (const p of PASSWORDS) {
        const r = await call(s, "POST", "/api/Auth", { body: { username: u, password: p } });
        expect([r.status, r.body.error.code], `${u} / ${p}`).toEqual([401, "auth.wrongCredentials"]);
      }
    }
  });

  it("the demo's password is made at random per installation unless the operator names one", async () => {
    const dirs = [resolve(".test-data", crypto.randomUUID()), resolve(".test-data", crypto.randomUUID())];
    try {
      const [a, b] = dirs.map((dataDir) => demoPassword({ dataDir, demoPassword: undefined }));
      expect(a).toMatch(/^[a-z2-9]{4}(-[a-z2-9]{4}){3}$/);
      expect(a).not.toBe(b);
      // The same installation keeps its own, readable by the server's user alone.
      expect(demoPassword({ dataDir: dirs[0], demoPassword: undefined })).toBe(a);
      expect(statSync(join(dirs[0], "demo-password")).mode & 0o777).toBe(0o600);
      expect(demoPassword({ dataDir: dirs[0], demoPassword: "operator-chosen-9" })).toBe("operator-chosen-9");
    } finally {
      for (const d of dirs) await Deno.remove(d, { recursive: true });
    }
  });
});
