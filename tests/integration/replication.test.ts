// Continuous replication (decision 0019): Litestream, supervised by the server, streams every tenant file to
// a file:// replica; a tenant provisioned later is taken up, a killed Litestream is started again, and a
// tenant is restored from the replica (the latest) by the provider's command line into the running server,
// checked and with the other tenants untouched. The restore to an instant, and of everything after the disk
// is lost, is the drill's (tests/integration/drill.test.ts).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mkdtempSync, rmSync } from "node:fs";
import { join } from "node:path";
import { tmpdir } from "node:os";
import {
  assertStockEqualsLedger,
  location,
  product,
  receive,
  startStockWorld,
  type StockWorld,
  worldOn,
} from "./stock/fixture.ts";
import { replicatedConfirmed, replicationOf } from "../fixtures/replica.ts";
import { ReplicationSupervisor } from "../../server/replication/supervisor.ts";
import { controlSystemLog } from "../../server/tenancy/schema.ts";

const HEALTH_TOKEN = "provider-monitoring-token-0123456789";
let w: StockWorld;
let replicaDir: string;
let replication: ReplicationSupervisor;
let at: number;
let goods: number;

beforeAll(async () => {
  replicaDir = mkdtempSync(join(tmpdir(), "wms-replica-"));
  w = await startStockWorld("replicated", {
    replicaUrl: `file://${replicaDir}`,
    replicaSyncMs: 100,
    tenantCacheSeconds: 1,
    healthToken: HEALTH_TOKEN,
  });
  at = await location(w, "R-01");
  goods = await product(w, "REPLICATED");
  replication = new ReplicationSupervisor(w.s.platform.config, w.s.platform.registry, 200);
  await replication.start();
});
afterAll(async () => {
  await replication?.stop();
  await w?.s.close();
  rmSync(replicaDir, { recursive: true, force: true });
});

/** The confirmed documents the replica of `slug` holds now (none if it has nothing yet). */
const replicated = (slug: string) => replicatedConfirmed(w.s.platform.config.replicaUrl!, slug, replicaDir);

async function cli(...args: string[]) {
  const out = await new Deno.Command("./node_modules/deno/deno", {
    args: ["run", "-A", "tenants/cli.ts", ...args],
    env: { DATA_DIR: w.s.dataDir, TENANT_CACHE_SECONDS: "1", REPLICA_URL: `file://${replicaDir}` },
    stdout: "piped",
    stderr: "piped",
  }).output();
  const dec = new TextDecoder();
  return { code: out.code, stdout: dec.decode(out.stdout), stderr: dec.decode(out.stderr) };
}

/** The provider's view of the tenant `slug` as the supervisor last published it. */
function lagOf(slug: string | null) {
  return replicationOf(w.s.platform.config, slug);
}

async function health(token?: string) {
  const r = await fetch(`${w.s.baseUrl}/api/health`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  expect(r.status).toBe(200);
  return { text: await r.text() };
}

async function confirmedIds(world: StockWorld): Promise<number[]> {
  return (await world.query("SELECT id FROM wms_documents WHERE status_code = 'confirmed' ORDER BY id"))
    .map((r) => Number(r.id));
}

describe("replication", () => {
  it("streams each confirmation to the replica within a bound", async () => {
    const id = await receive(w, goods, at, 5);
    // The replica comes to hold it (the poll gives up after 10 s); how soon (a p99 lag within a second, at a
    // sync every 100 ms) is bounded by `deno task bench replication`.
    await expect.poll(() => replicated("replicated"), { timeout: 10_000, interval: 100 }).toContain(id);
  });

  it("shows each replica caught up, lag 0, once a confirmation has reached it; the provider's health says so", async () => {
    const id = await receive(w, goods, at, 4);
    await expect.poll(() => replicated("replicated"), { timeout: 10_000, interval: 100 }).toContain(id);
    await expect.poll(async () => (await lagOf("replicated"))?.state, { timeout: 10_000 }).toBe("caught-up");
    const db = (await lagOf("replicated"))!;
    expect(db.lagSeconds).toBe(0);
    expect(db.replicated).toBe(true);
    expect(db.replica!.index).toBe(db.litestreamIndex);
    expect(db.replica!.offset).toBe(db.localOffset);
    expect(Date.now() - Date.parse(db.lastSyncAt!)).toBeLessThan(5_000);
    await expect.poll(async () => (await lagOf(null))?.state, { timeout: 10_000 }).toBe("caught-up");

    const seen = JSON.parse((await health(HEALTH_TOKEN)).text);
    expect(seen.replication).toMatchObject({ configured: true, live: true, running: true, behind: 0 });
    expect(seen.replication.databases).toEqual(expect.arrayContaining([
      expect.objectContaining({ tenant: "replicated", replicated: true, state: "caught-up", lagSeconds: 0 }),
      expect.objectContaining({ tenant: null, replicated: true }),
    ]));
  });

  it("answers an anonymous health check, or one with another token, with liveness only: no tenant", async () => {
    for (const token of [undefined, "not-the-token", `${HEALTH_TOKEN}x`, w.admin]) {
      const { text } = await health(token);
      const body = JSON.parse(text);
      expect(Object.keys(body).sort()).toEqual(["sqliteVersion", "status", "version"]);
      expect(text).not.toContain("replicated");
      expect(text).not.toContain("replication");
    }
    // Each guess at the monitoring token is a security event in the provider's system log (no tenant is
    // known); a call with no bearer is none.
    await expect.poll(async () =>
      (await w.s.platform.control.db.select().from(controlSystemLog)).filter((r) =>
        r.source === "security" && r.message.includes("health.tokenRefused")
      ).length
    ).toBe(3);
  });

  it("measures a growing lag while Litestream is stopped, the CLI fails past --max-lag, and both recover", async () => {
    const pid = replication.pid!;
    await expect.poll(async () => (await lagOf("replicated"))?.state, { timeout: 10_000 }).toBe("caught-up");
    Deno.kill(pid, "SIGSTOP");
    try {
      const id = await receive(w, goods, at, 2);
      await expect.poll(async () => (await lagOf("replicated"))?.lagSeconds ?? 0, { timeout: 10_000 })
        .toBeGreaterThan(1);
      const first = (await lagOf("replicated"))!;
      expect(first.state).toBe("behind");
      // Measured, not guessed: the same change keeps waiting, and its wait grows.
      await expect.poll(async () => (await lagOf("replicated"))!.lagSeconds, { timeout: 10_000 })
        .toBeGreaterThan(first.lagSeconds + 1);
      expect((await lagOf("replicated"))!.behindSince).toBe(first.behindSince);
      expect(await replicated("replicated")).not.toContain(id);

      const seen = JSON.parse((await health(HEALTH_TOKEN)).text).replication;
      expect(seen.behind).toBeGreaterThanOrEqual(1);
      expect(seen.maxLagSeconds).toBeGreaterThan(1);

      const behind = await cli("replication", "--max-lag", "1");
      expect(behind.code, behind.stdout + behind.stderr).toBe(1);
      expect(behind.stdout).toMatch(/^replicated\s+behind\s+\d+\.\d s/m);
      const lenient = await cli("replication", "--max-lag", "3600");
      expect(lenient.code, lenient.stdout + lenient.stderr).toBe(0);
    } finally {
      Deno.kill(pid, "SIGCONT");
    }
    await expect.poll(async () => (await lagOf("replicated"))?.state, { timeout: 10_000 }).toBe("caught-up");
    const caught = await cli("replication");
    expect(caught.code, caught.stdout + caught.stderr).toBe(0);
    expect(caught.stdout).toMatch(/^replicated\s+caught-up\s+0\.0 s\s+\d+\.\d s ago$/m);
    expect(caught.stdout).toMatch(/^\(control\)\s+caught-up/m);
    expect(caught.stdout).toContain(`Litestream running (pid ${pid})`);
  });

  it("starts a killed Litestream again, and it keeps replicating", async () => {
    const pid = replication.pid!;
    expect(pid).toBeGreaterThan(0);
    Deno.kill(pid, "SIGKILL");
    await expect.poll(() => replication.pid !== undefined && replication.pid !== pid, { timeout: 10_000 })
      .toBe(true);
    expect(replication.restarts).toBeGreaterThanOrEqual(1);
    const id = await receive(w, goods, at, 6);
    await expect.poll(() => replicated("replicated"), { timeout: 10_000, interval: 100 }).toContain(id);
  });

  it("replicates a tenant provisioned after it started", async () => {
    const later = await worldOn(w.s, "later");
    const place = await location(later, "L-01");
    const thing = await product(later, "LATER");
    const id = await receive(later, thing, place, 7);
    await expect.poll(() => replicated("later"), { timeout: 10_000, interval: 100 }).toContain(id);
  });

  // The restore to an instant between two confirmations, the other tenants untouched, is the drill's
  // (tests/integration/drill.test.ts: the real server process and the command line).
  it("restores one tenant from the replica to the latest, the other tenants untouched", async () => {
    const later = await worldOn(w.s, "untouched");
    const place = await location(later, "U-01");
    const thing = await product(later, "UNTOUCHED");
    const theirs = await receive(later, thing, place, 3);
    const first = await receive(w, goods, at, 11);
    const second = await receive(w, goods, at, 13);
    await expect.poll(() => replicated("replicated"), { timeout: 10_000, interval: 100 }).toContain(second);

    const latest = await cli("restore", "replicated", "--from-replica");
    expect(latest.code, latest.stderr).toBe(0);
    expect(latest.stdout).toContain("tenant replicated is active");
    expect(await confirmedIds(w)).toEqual(expect.arrayContaining([first, second]));
    await assertStockEqualsLedger(w);
    expect(await confirmedIds(later)).toContain(theirs);
    // Served again, and replicated again.
    const after = await receive(w, goods, at, 17);
    await expect.poll(() => replicated("replicated"), { timeout: 15_000, interval: 100 }).toContain(after);
  });
});
