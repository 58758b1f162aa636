// No WAL frame lost (decision 0019): a long stream of confirmations on a replicated tenant while Litestream
// checkpoints often (past 16 pages and every 250 ms: the WAL starts over many times under it), then a stretch
// with Litestream stopped while the stream goes on (no read lock of its own then: any checkpoint of ours would
// copy the whole WAL and the next write would start it over behind its back), then Litestream again (no page
// of ours reaches the database file meanwhile). The replica, restored, equals the source: the same confirmed
// documents, the same stock lines and ledger, integrity_check ok; and it is still the one generation, so no
// WAL was reset behind Litestream (a reset makes it start a new generation from a full snapshot).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { join } from "node:path";
import { tmpdir } from "node:os";
import { DatabaseSync } from "node:sqlite";
import { location, product, receive, startStockWorld, type StockWorld } from "./stock/fixture.ts";
import { ReplicationSupervisor } from "../../server/replication/supervisor.ts";
import { checkRestored, restoreReplica } from "../../tenants/replica_restore.ts";
import { walFrames, walSalts } from "../fixtures/wal.ts";
import { replicationOf } from "../fixtures/replica.ts";
import { filePathOf } from "../../server/db/local.ts";

/** Confirmations while Litestream runs, by this many clients at once. */
const RUNNING = Number(Deno.env.get("REPLICA_STREAM_DOCS") ?? 240);
const CLIENTS = 4;
/** How long the stream goes on with Litestream stopped: a few ticks of a one-second checkpoint timer. */
const STOPPED_MS = 3_500;

let w: StockWorld;
let replicaDir: string;
let replication: ReplicationSupervisor | undefined;
let at: number;
let goods: number[];

const start = async () => {
  replication = new ReplicationSupervisor(w.s.platform.config, w.s.platform.registry, 200, undefined, {
    // Litestream checkpoints past 16 pages (the server's replicaCheckpointPages below, where the tenant's
    // writer also opens its windows: decision 0022) and every 250 ms; a tenant file has no RESTART
    // checkpoint (litestream_config.ts).
    dbOptions: { "checkpoint-interval": "250ms" },
  });
  await replication.start();
};

beforeAll(async () => {
  replicaDir = mkdtempSync(join(tmpdir(), "wms-replica-stream-"));
  w = await startStockWorld("stream", {
    replicaUrl: `file://${replicaDir}`,
    replicaSyncMs: 100,
    replicaCheckpointPages: 16,
    // Were the pool's timer on, it would checkpoint every second.
    walCheckpointSeconds: 1,
    accessTokenTtlSeconds: 3600,
  });
  at = await location(w, "S-01");
  goods = [];
  for (let i = 0; i < 5; i++) goods.push(await product(w, `STREAM-${i}`));
  await start();
});
afterAll(async () => {
  await replication?.stop();
  await w?.s.close();
  rmSync(replicaDir, { recursive: true, force: true });
});

/** `count` receipts by `clients` clients at once; answers their ids. */
async function stream(count: number, clients = CLIENTS): Promise<number[]> {
  const ids: number[] = [];
  let next = 0;
  await Promise.all(Array.from({ length: clients }, async () => {
    while (next < count) {
      const i = next++;
      ids.push(await receive(w, goods[i % goods.length], at, 1 + (i % 7)));
    }
  }));
  return ids;
}

/** The replica's files (generations, snapshots, WAL segments) with their sizes, for a failure's message. */
function replicaListing(): string {
  const root = join(replicaDir, "tenants", "stream");
  if (!existsSync(root)) return "nothing";
  return readdirSync(root, { recursive: true }).map(String).sort().slice(0, 300)
    .map((name) => {
      const info = statSync(join(root, name));
      return info.isFile() ? `${name} (${info.size} B)` : `${name}/`;
    }).join(", ");
}

function rows(db: DatabaseSync, sql: string) {
  return JSON.stringify(db.prepare(sql).all());
}

const DOCS = "SELECT * FROM wms_documents ORDER BY id";
const LINES = "SELECT * FROM stock_lines ORDER BY line_key";
const LEDGER = "SELECT count(*) AS n, sum(delta) AS total FROM stock_movements";

describe("a replicated tenant under a long stream of confirmations", () => {
  it("loses no WAL frame: the restored replica equals the source, in the one generation", async () => {
    const path = filePathOf(w.tenant.dbUrl);
    const ids = await stream(RUNNING);
    expect(ids).toHaveLength(RUNNING);
    // Litestream checkpointed under the stream: its position's index counts the WAL's restarts.
    await expect.poll(async () => {
      const db = await replicationOf(w.s.platform.config, "stream");
      return db?.state === "caught-up" ? db.replica!.index : -1;
    }, { timeout: 30_000, interval: 200 }).toBeGreaterThan(2);

    // Litestream stopped: its read lock is gone, and the stream goes on past a few checkpoint ticks, one
    // client at a time (no other reader holding the WAL between two writes, the WAL could start over),
    // and the tenant's connection is closed once.
    await replication!.stop();
    const salts = walSalts(path);
    const frames = walFrames(path);
    const database = statSync(path);
    const stoppedAt = Date.now();
    let more = 0;
    // Another connection to the file stays open, as a sharded server's reader threads keep theirs (so the
    // tenant's connection is not the file's last, which SQLite itself checkpoints when it closes).
    const reader = new DatabaseSync(path, { readOnly: true });
    reader.prepare("SELECT count(*) FROM wms_documents").get();
    try {
      more += (await stream(1, 1)).length;
      // The tenant's connection closes (as when the pool makes room for another): no checkpoint either.
      await w.s.platform.pool.forget(w.tenant.dbUrl);
      while (Date.now() - stoppedAt < STOPPED_MS) more += (await stream(1, 1)).length;
    } finally {
      reader.close();
    }
    expect(more).toBeGreaterThan(0);
    // Nothing of ours checkpointed meanwhile: no page reached the database file, and the WAL went on
    // growing from where Litestream left it.
    expect([statSync(path).mtimeMs, statSync(path).size]).toEqual([database.mtimeMs, database.size]);
    expect(walSalts(path)).toBe(salts);
    expect(walFrames(path)).toBeGreaterThan(frames);

    await start();
    const out = join(replicaDir, "restored.db");
    await expect.poll(async () => (await replicationOf(w.s.platform.config, "stream"))?.state, {
      timeout: 30_000,
      interval: 200,
    }).toBe("caught-up");
    // The source itself is whole (it was never in doubt: the frames were lost to the replica alone).
    const live = new DatabaseSync(path, { readOnly: true });
    try {
      expect(live.prepare("PRAGMA integrity_check").all()).toEqual([{ integrity_check: "ok" }]);
    } finally {
      live.close();
    }
    await restoreReplica(w.s.platform.config.replicaUrl!, "stream", out);
    expect(existsSync(out)).toBe(true);
    // integrity_check, stock = ledger, a tenant database of ours. A damaged restore says what the replica
    // held and Litestream's last error (a gate's run on a busy machine, 2026-11-30, restored a file whose
    // schema could not be read, while the live file was whole).
    try {
      checkRestored(out);
    } catch (err) {
      throw new Error(
        `${err instanceof Error ? err.message : err}; the replica: ${replicaListing()}; Litestream's last ` +
          `error: ${JSON.stringify(replication?.lastError ?? null)}`,
      );
    }

    const restored = new DatabaseSync(out, { readOnly: true });
    const source = new DatabaseSync(path, { readOnly: true });
    try {
      expect(rows(restored, DOCS)).toBe(rows(source, DOCS));
      expect(rows(restored, LINES)).toBe(rows(source, LINES));
      expect(rows(restored, LEDGER)).toBe(rows(source, LEDGER));
      const confirmed =
        (restored.prepare("SELECT count(*) AS n FROM wms_documents WHERE status_code = 'confirmed'")
          .get() as { n: number }).n;
      expect(confirmed).toBe(RUNNING + more);
    } finally {
      restored.close();
      source.close();
    }
    // One generation: no WAL was started over behind Litestream's back.
    expect(readdirSync(join(replicaDir, "tenants", "stream", "generations"))).toHaveLength(1);
  }, 180_000);
});
