// Continuous replication to an S3-compatible store (decision 0019): s3rver on loopback as the store
// (tests/fixtures/s3_store.mjs),
// REPLICA_URL=s3://bucket/prefix with REPLICA_S3_ENDPOINT and the usual AWS variables. A confirmation reaches
// the store and `restore --from-replica` brings the tenant back from it; the store's host is an outbound
// connection, so a loopback endpoint is replicated to only when the egress policy allows it (EGRESS_ALLOW).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { tmpdir } from "node:os";
import {
  assertStockEqualsLedger,
  location,
  product,
  receive,
  startStockWorld,
  type StockWorld,
} from "./stock/fixture.ts";
import { freePort } from "../fixtures/server_process.ts";
import { until } from "../fixtures/harness.ts";
import { replicatedConfirmed, replicationOf } from "../fixtures/replica.ts";
import { ReplicationSupervisor } from "../../server/replication/supervisor.ts";

const BUCKET = "wms-replica";
let store: Deno.ChildProcess;
let storeDir: string;
let endpoint: string;
let w: StockWorld;
let replication: ReplicationSupervisor;
let at: number;
let goods: number;

const S3_ENV = () => ({
  REPLICA_S3_ENDPOINT: endpoint,
  AWS_ACCESS_KEY_ID: "S3RVER",
  AWS_SECRET_ACCESS_KEY: "S3RVER",
});

beforeAll(async () => {
  storeDir = mkdtempSync(join(tmpdir(), "wms-s3-"));
  const port = freePort();
  endpoint = `http://127.0.0.1:${port}`;
  store = new Deno.Command("node", {
    args: ["tests/fixtures/s3_store.mjs", storeDir, String(port), BUCKET],
    stdin: "null",
    stdout: "null",
    stderr: "null",
  }).spawn();
  await until(
    async () => {
      try {
        const r = await fetch(`${endpoint}/`);
        await r.body?.cancel();
        return true;
      } catch {
        return false;
      }
    },
    30_000,
    100,
  );
  // Litestream, started by the supervisor, inherits them, as it would from the server's environment.
  for (const [k, v] of Object.entries(S3_ENV())) Deno.env.set(k, v);
  w = await startStockWorld("s3tenant", {
    replicaUrl: `s3://${BUCKET}/wms`,
    replicaSyncMs: 100,
    tenantCacheSeconds: 1,
    egressAllow: ["127.0.0.1"],
  });
  at = await location(w, "S-01");
  goods = await product(w, "S3GOODS");
});
afterAll(async () => {
  await replication?.stop();
  await w?.s.close();
  try {
    store?.kill("SIGTERM");
    await store?.status;
  } catch { /* gone */ }
  rmSync(storeDir, { recursive: true, force: true });
});

/** The confirmed documents the S3 replica of `slug` holds now (none if it has nothing yet). */
const replicated = (slug: string) => replicatedConfirmed(w.s.platform.config.replicaUrl!, slug, w.s.dataDir);

describe("replication to an S3-compatible store", () => {
  it("is refused for a loopback endpoint the egress policy does not allow, and says why", async () => {
    const events: string[] = [];
    const refused = new ReplicationSupervisor(
      { ...w.s.platform.config, egressAllow: [] },
      w.s.platform.registry,
      200,
      undefined,
      { refused: (detail) => events.push(detail) },
    );
    await refused.start();
    try {
      expect(refused.pid).toBeUndefined();
      expect(refused.lastError?.message).toContain("refused by the egress policy (loopback)");
      expect(refused.lastError?.message).toContain("EGRESS_ALLOW");
      // Told once as a security event (server/main.ts records it), not at every poll.
      await expect.poll(() => refused.lastError).toBeTruthy();
      expect(events).toEqual([expect.stringContaining("loopback")]);
    } finally {
      await refused.stop();
    }
    // Nothing was written to the store.
    expect(readdirSync(join(storeDir, BUCKET))).toEqual([]);
  });

  it("streams a confirmation to the store, path-style under the prefix, caught up in the provider's view", async () => {
    replication = new ReplicationSupervisor(w.s.platform.config, w.s.platform.registry, 200);
    await replication.start();
    expect(replication.pid).toBeGreaterThan(0);
    const id = await receive(w, goods, at, 5);
    await expect.poll(() => replicated("s3tenant"), { timeout: 20_000, interval: 200 }).toContain(id);
    // Path-style: the bucket is a folder of the store, not a host name.
    expect(existsSync(join(storeDir, BUCKET, "wms", "tenants", "s3tenant", "generations"))).toBe(true);
    expect(existsSync(join(storeDir, BUCKET, "wms", "control", "generations"))).toBe(true);
    await expect.poll(async () => (await replicationOf(w.s.platform.config, "s3tenant"))?.state, {
      timeout: 10_000,
    }).toBe("caught-up");
  });

  it("restores the tenant from the store with the provider's command line", async () => {
    const first = await receive(w, goods, at, 7);
    await expect.poll(() => replicated("s3tenant"), { timeout: 20_000, interval: 200 }).toContain(first);
    // Replication stopped, a second confirmation reaches only the local file: gone after the restore, which
    // so came from the store.
    await replication.stop();
    const second = await receive(w, goods, at, 9);
    const restore = async (egressAllow: string) => {
      const out = await new Deno.Command("./node_modules/deno/deno", {
        args: ["run", "-A", "tenants/cli.ts", "restore", "s3tenant", "--from-replica"],
        env: {
          DATA_DIR: w.s.dataDir,
          TENANT_CACHE_SECONDS: "1",
          REPLICA_URL: `s3://${BUCKET}/wms`,
          EGRESS_ALLOW: egressAllow,
          ...S3_ENV(),
        },
        stdout: "piped",
        stderr: "piped",
      }).output();
      return {
        code: out.code,
        said: new TextDecoder().decode(out.stdout) + new TextDecoder().decode(out.stderr),
      };
    };
    // The store's loopback endpoint not allowed: the restore reaches nothing and changes nothing.
    const refused = await restore("");
    expect(refused.code, refused.said).not.toBe(0);
    expect(refused.said).toContain("The server does not connect to");
    expect((await w.query("SELECT id FROM wms_documents WHERE id = ?", [second])).length).toBe(1);
    const { code, said } = await restore("127.0.0.1");
    expect(code, said).toBe(0);
    expect(said).toContain("tenant s3tenant is active");
    const ids = (await w.query("SELECT id FROM wms_documents WHERE status_code = 'confirmed' ORDER BY id"))
      .map((r) => Number(r.id));
    expect(ids).toContain(first);
    expect(ids).not.toContain(second);
    await assertStockEqualsLedger(w);
  });
});
