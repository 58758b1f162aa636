// The start's sweep (server/domain/messaging/sweep.ts) looks at every tenant's file for work left, but opens
// in the pool only the tenants that have some: a look is a read-only connection of its own, closed at once,
// so that a start with thousands of tenants neither fills the pool nor evicts the tenants in use. The looks
// are taken off the thread that answers requests (opening a file parses its schema: 4-10 ms a tenant).
import { DatabaseSync } from "node:sqlite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, createTenant, signIn, startServer, type TestServer, until } from "../fixtures/harness.ts";
import { freePort } from "../fixtures/server_process.ts";
import { sweepWorkLeft } from "../../server/domain/messaging/sweep.ts";
import type { Tenant } from "../../server/tenancy/registry.ts";
import { filePathOf } from "../../server/db/local.ts";

let s: TestServer;
const tenants: Tenant[] = [];

beforeAll(async () => {
  s = await startServer({ messageRetryMs: [60_000] });
  for (const slug of ["idle-a", "idle-b", "mailing"]) tenants.push(await createTenant(s, slug));
}, 60_000);

afterAll(() => s?.close());

/** As after a start: no tenant's file open, and `tenant`'s queued recipients due now (their retry a minute away). */
async function asAfterAStart(tenant: Tenant): Promise<void> {
  for (const t of tenants) await s.platform.pool.forget(t.dbUrl);
  const raw = new DatabaseSync(filePathOf(tenant.dbUrl));
  try {
    raw.exec("PRAGMA busy_timeout = 5000");
    raw.prepare("UPDATE message_recipients SET next_attempt_at = ? WHERE status = 'queued'").run(
      "2000-01-01T00:00:00.000Z",
    );
  } finally {
    raw.close();
  }
}

describe("the start's sweep", () => {
  it("opens in the pool only the tenants with work left", async () => {
    const { token } = await signIn(s, "mailing-admin");
    const account = await call(s, "POST", "/api/EmailAccount", {
      token,
      body: { address: "w@mailing.example", smtpServer: "127.0.0.1", smtpPort: freePort(), useTls: false },
    });
    expect(account.status, JSON.stringify(account.body)).toBe(201);
    const sent = await call(s, "POST", "/api/Message/send", {
      token,
      body: { channel: "email", subject: "Due", body: "x", to: ["a@mailing.example"] },
    });
    expect(sent.status).toBe(202);
    // Tried once (nothing listens), queued for a retry a minute later.
    await until(async () =>
      (await call(s, "GET", `/api/Message/${sent.body.id}/recipients`, { token })).body[0].attempts === 1
    );
    // As after a start: no tenant's file open.
    for (const t of tenants) await s.platform.pool.forget(t.dbUrl);
    expect(s.platform.pool.stats.open).toBe(0);

    // Every file this thread opens or prepares a statement on while the sweep runs.
    const onThisThread: string[] = [];
    const prepare = DatabaseSync.prototype.prepare;
    DatabaseSync.prototype.prepare = function (this: DatabaseSync, sql: string) {
      onThisThread.push(sql);
      return prepare.call(this, sql);
    } as typeof prepare;
    try {
      expect(await sweepWorkLeft(s.platform, s.platform.hooks)).toBe(1);
    } finally {
      DatabaseSync.prototype.prepare = prepare;
    }
    expect(s.platform.pool.stats.open).toBe(1);
    // No look was taken here: the statements prepared on this thread are the one tenant's, opened in the pool.
    expect(onThisThread.filter((sql) => sql.includes("EXISTS (SELECT 1 FROM message_recipients"))).toEqual(
      [],
    );
    expect(onThisThread.length).toBeGreaterThan(0);
    // The one opened is the tenant with the queued message: its connection is the one in use.
    const before = s.platform.pool.stats.opened;
    await s.platform.pool.use(tenants[2].dbUrl, async () => {});
    expect(s.platform.pool.stats.opened).toBe(before);
  });

  it("that stops early (its look thread failing) takes up the tenants opened meanwhile when it stops", async () => {
    const { token } = await signIn(s, "mailing-admin");
    const mailing = tenants[2];
    const [message] = (await call(s, "GET", "/api/Message", { token })).body.results;
    const attempts = async () =>
      (await call(s, "GET", `/api/Message/${message.id}/recipients`, { token })).body[0].attempts as number;
    expect(await attempts()).toBe(1);
    await asAfterAStart(mailing);
    // The first look: a request opens the mailing tenant meanwhile (the sweep has not come to it), then the
    // look thread fails and the sweep stops before it comes to the mailing tenant.
    const looked: string[] = [];
    const failing = async (url: string) => {
      looked.push(url);
      await s.platform.pool.use(mailing.dbUrl, async () => {});
      throw new Error("the look thread is gone");
    };
    expect(await sweepWorkLeft(s.platform, s.platform.hooks, failing)).toBe(0);
    expect(looked).toHaveLength(1);
    expect(looked[0]).not.toBe(mailing.dbUrl);
    // Taken up once the sweep stopped: the due recipient is tried again.
    await until(async () => await attempts() === 2);
  });

  it("that stops at the very tenant a request opened during its look takes that tenant up when it stops", async () => {
    const { token } = await signIn(s, "mailing-admin");
    const mailing = tenants[2];
    // A message of its own: tried once, queued for its one retry a minute later.
    const sent = await call(s, "POST", "/api/Message/send", {
      token,
      body: { channel: "email", subject: "Due too", body: "x", to: ["b@mailing.example"] },
    });
    expect(sent.status).toBe(202);
    const attempts = async () =>
      (await call(s, "GET", `/api/Message/${sent.body.id}/recipients`, { token })).body[0].attempts as number;
    await until(async () => await attempts() === 1);
    await asAfterAStart(mailing);
    // The looks before the mailing tenant's find nothing; its own look fails while a request opens it.
    const failing = async (url: string, query: string) => {
      if (url !== mailing.dbUrl) return await s.platform.pool.look(url, query);
      await s.platform.pool.use(mailing.dbUrl, async () => {});
      throw new Error("the look thread is gone");
    };
    expect(await sweepWorkLeft(s.platform, s.platform.hooks, failing)).toBe(0);
    await until(async () => await attempts() === 2);
  });
});
