// Litestream stopped while a tenant's writer has its window open (server/db/wal_guard.ts, decision 0022).
// Litestream 0.3.13 checkpoints once more on its way out and, its context cancelled, never writes the row
// that starts the WAL over: with the guard let go, that checkpoint copies the whole WAL into the database
// file, and the writer's next write starts the WAL over behind Litestream's back (when Litestream comes
// back, "wal overwritten by another process": a new generation, a full snapshot of the tenant). The
// supervisor pauses every writer's windows while it stops Litestream, so the guard holds through that last
// checkpoint and the WAL goes on.
//
// To stop Litestream while a window is open, and nothing else ends it first: Litestream looks at the WAL
// every 100 ms but the writer's window waits 10 s (its bound follows REPLICA_SYNC_MS), and Litestream is
// frozen (SIGSTOP) while the window opens, then let go (SIGCONT) once the supervisor's SIGTERM waits for it.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { tmpdir } from "node:os";
import { location, product, receive, startStockWorld, type StockWorld } from "./stock/fixture.ts";
import { ReplicationSupervisor } from "../../server/replication/supervisor.ts";
import { windowPauseFile } from "../../server/replication/litestream_config.ts";
import { walFrames, walSalts } from "../fixtures/wal.ts";
import { replicationOf } from "../fixtures/replica.ts";
import { procStat } from "../fixtures/server_process.ts";
import { filePathOf, LocalConnection } from "../../server/db/local.ts";

let w: StockWorld;
let replicaDir: string;
let replication: ReplicationSupervisor | undefined;
/** The Litestream this test froze, if it did. */
let frozen: number | undefined;

beforeAll(async () => {
  replicaDir = mkdtempSync(join(tmpdir(), "wms-replica-stop-"));
  w = await startStockWorld("stopping", {
    replicaUrl: `file://${replicaDir}`,
    // A window's bound is 5 × this: 10 s.
    replicaSyncMs: 2_000,
    replicaCheckpointPages: 16,
    accessTokenTtlSeconds: 3600,
  });
  await start();
});

/** A supervisor (a stopped one is not started again: a new one is, as by a new server). */
async function start() {
  replication = new ReplicationSupervisor(w.s.platform.config, w.s.platform.registry, 200, undefined, {
    dbOptions: { "monitor-interval": "100ms" },
  });
  await replication.start();
}
afterAll(async () => {
  ending = true;
  // A Litestream left frozen by a failed step would keep its SIGTERM, and stop() would wait for it forever.
  if (frozen !== undefined) {
    try {
      Deno.kill(frozen, "SIGCONT");
    } catch { /* gone */ }
  }
  await replication?.stop();
  await w?.s.close();
  rmSync(replicaDir, { recursive: true, force: true });
});

/** Whether `pid` has a SIGTERM waiting (it is frozen): /proc's shared pending signals, bit 15. */
function termPending(pid: number): boolean {
  const line = readFileSync(`/proc/${pid}/status`, "utf8").match(/^ShdPnd:\s*([0-9a-f]+)$/m)?.[1] ?? "0";
  return (BigInt(`0x${line}`) & (1n << 14n)) !== 0n;
}

/** Whether every thread of `pid` has stopped (a SIGSTOP reaches each of them in its own time). */
function allStopped(pid: number): boolean {
  // "T": stopped by a signal; a thread that ended meanwhile has no state to wait for.
  return readdirSync(`/proc/${pid}/task`).every((task) => {
    const state = procStat(`/proc/${pid}/task/${task}/stat`)?.[0];
    return state === undefined || /^T$/i.test(state);
  });
}

/** Set once the test's end has begun: a freeze still looping then must not freeze Litestream again. */
let ending = false;

/**
 * Freezes Litestream (SIGSTOP) when no checkpoint is due (it has started the WAL over after the last
 * receipt's pages) and it holds no write lock: it takes one to start the WAL over and to copy what follows,
 * and a Litestream frozen there would make the next receipt wait out its busy timeout. The WAL alone does not
 * tell that moment, so, once every thread of Litestream has stopped, a connection of the test's own asks for
 * the lock without waiting (a rolled-back BEGIN IMMEDIATE writes no frame, and its close cannot checkpoint
 * while the server and Litestream hold the file); if it is held, Litestream goes on until the lock is free,
 * and is frozen again.
 */
async function freezeIdle(path: string, pid: number): Promise<void> {
  let probe: DatabaseSync | undefined;
  const lockFree = () => {
    try {
      probe!.exec("BEGIN IMMEDIATE");
      probe!.exec("ROLLBACK");
      return true;
    } catch (e) {
      if (!/locked|busy/i.test(String(e))) throw e;
      return false;
    }
  };
  try {
    probe = new DatabaseSync(path);
    probe.exec("PRAGMA busy_timeout = 0");
    for (let attempt = 0; attempt < 50 && !ending; attempt++) {
      await expect.poll(() => walFrames(path), { timeout: 30_000, interval: 20 }).toBeLessThan(16);
      if (ending) break;
      Deno.kill(pid, "SIGSTOP");
      frozen = pid;
      await expect.poll(() => allStopped(pid), { timeout: 10_000, interval: 1 }).toBe(true);
      if (lockFree()) return;
      Deno.kill(pid, "SIGCONT");
      frozen = undefined;
      await expect.poll(lockFree, { timeout: 30_000, interval: 5 }).toBe(true);
    }
    throw new Error("Litestream held the write lock at each of 50 freezes, or the test ended meanwhile");
  } finally {
    probe?.close();
  }
}

describe("Litestream stopped while a writer's window is open", () => {
  it(
    "pauses the window first: the WAL goes on in the one generation, not started over behind Litestream",
    async () => {
      const path = filePathOf(w.tenant.dbUrl);
      const at = await location(w, "P-01");
      const good = await product(w, "PAUSE-1");
      await receive(w, good, at, 1);
      await expect.poll(async () => (await replicationOf(w.s.platform.config, "stopping"))?.state, {
        timeout: 30_000,
        interval: 100,
      }).toBe("caught-up");

      // Litestream frozen when it holds no write lock; then a receipt's pages make a window due, and the
      // writer opens it.
      const pid = replication!.pid!;
      await freezeIdle(path, pid);
      await receive(w, good, at, 2);
      const conn =
        (await w.s.platform.pool.use(w.tenant.dbUrl, (c) => Promise.resolve(c))) as LocalConnection;
      await expect.poll(() => conn.walGuard?.open, { timeout: 10_000, interval: 5 }).toBe(true);
      const { windows, resets } = conn.walGuard!;

      const stopped = replication!.stop();
      // The supervisor's SIGTERM waits in the frozen Litestream: let it go, to checkpoint on its way out.
      await expect.poll(() => termPending(pid), { timeout: 10_000, interval: 5 }).toBe(true);
      Deno.kill(pid, "SIGCONT");
      frozen = undefined;
      await stopped;
      // The window ended for the pause (not at its bound, and not by a WAL started over), and the pause lasts
      // while Litestream is down: a window then would let the writer start over the WAL Litestream's last
      // checkpoint copied.
      expect(conn.walGuard).toEqual({ open: false, windows, resets });
      const pauseFile = windowPauseFile(w.s.platform.config);
      expect(existsSync(pauseFile)).toBe(true);

      const salts = walSalts(path);
      const frames = walFrames(path);
      await receive(w, good, at, 3);
      expect(walSalts(path)).toBe(salts);
      expect(walFrames(path)).toBeGreaterThan(frames);

      // Litestream again: it goes on from where it stopped, in the one generation.
      await start();
      expect(existsSync(pauseFile)).toBe(false);
      await expect.poll(async () => (await replicationOf(w.s.platform.config, "stopping"))?.state, {
        timeout: 30_000,
        interval: 100,
      }).toBe("caught-up");
      await receive(w, good, at, 4);
      await expect.poll(async () => (await replicationOf(w.s.platform.config, "stopping"))?.state, {
        timeout: 30_000,
        interval: 100,
      }).toBe("caught-up");
      const generations = join(replicaDir, "tenants", "stopping", "generations");
      expect(Deno.readDirSync(generations).toArray()).toHaveLength(1);
    },
    120_000,
  );
});
