// The lag's two readings and its rule (lag.ts): Litestream's metrics text, the local WAL's last commit read
// from a real SQLite file's -wal (against SQLite's own count of its frames), and when a replica is behind.
import { describe, expect, it } from "vitest";
import { appendFileSync, copyFileSync, mkdtempSync, rmSync } from "node:fs";
import { join } from "node:path";
import { tmpdir } from "node:os";
import { DatabaseSync } from "node:sqlite";
import { NEW_TRACKER, parseLitestreamMetrics, readLocalWal, track } from "./lag.ts";

const METRICS = `# HELP litestream_db_size The current size of the real DB
litestream_db_size{db="/data/a.db"} 16384
litestream_replica_wal_index{db="/data/a.db",name="file"} 12
litestream_replica_wal_offset{db="/data/a.db",name="file"} 4152
litestream_shadow_wal_index{db="/data/a.db"} 12
litestream_shadow_wal_size{db="/data/a.db"} 3.984104e+06
litestream_sync_error_count{db="/data/a.db"} 2
litestream_shadow_wal_index{db="/data/b.db"} 0
go_goroutines 12
`;

describe("replication lag", () => {
  it("reads each database's positions from Litestream's metrics", () => {
    const m = parseLitestreamMetrics(METRICS);
    expect(m.get("/data/a.db")).toEqual({ index: 12, replica: { index: 12, offset: 4152 }, syncErrors: 2 });
    // A database Litestream has not shipped yet has no replica position.
    expect(m.get("/data/b.db")).toEqual({ index: 0, replica: null, syncErrors: 0 });
    expect(m.size).toBe(2);
  });

  it("finds the local WAL's last commit as SQLite counts its frames, incrementally, ignoring a torn tail", async () => {
    const dir = mkdtempSync(join(tmpdir(), "wms-lag-"));
    const path = join(dir, "t.db");
    const db = new DatabaseSync(path);
    try {
      db.exec("PRAGMA journal_mode = WAL; PRAGMA wal_autocheckpoint = 0; CREATE TABLE t (x TEXT)");
      const first = await readLocalWal(path);
      for (let i = 0; i < 50; i++) db.prepare("INSERT INTO t VALUES (?)").run("x".repeat(i * 100));
      const later = await readLocalWal(path, first!);
      const fresh = await readLocalWal(path);
      expect(later).toEqual(fresh);
      // The frames SQLite has in its WAL (a PASSIVE checkpoint answers their count, and resets nothing).
      const { log } = db.prepare("PRAGMA wal_checkpoint(PASSIVE)").get() as { log: number };
      expect(fresh!.offset).toBe(32 + log * (4096 + 24));
      // Bytes past the last commit (a frame half written) are no commit.
      copyFileSync(`${path}-wal`, join(dir, "u.db-wal"));
      appendFileSync(join(dir, "u.db-wal"), new Uint8Array(4096 + 24).fill(7));
      expect((await readLocalWal(join(dir, "u.db")))!.offset).toBe(fresh!.offset);
      expect(await readLocalWal(join(dir, "none.db"))).toBeNull();
    } finally {
      db.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("is behind from the first sample that sees a change the replica lacks, and 0 once it holds it", () => {
    const metrics = (offset: number) => ({ index: 3, replica: { index: 3, offset }, syncErrors: 0 });
    const local = (offset: number) => ({ salt: "s", checked: offset, s0: 0, s1: 0, offset });
    let t = track(NEW_TRACKER, local(100), metrics(100), 1_000);
    expect(t).toEqual({ synced: "s/100", behindSince: null, lastSyncAt: 1_000 });
    t = track(t, local(200), metrics(100), 2_000);
    expect(t.behindSince).toBe(2_000);
    // Still behind: since the first sample, not the latest.
    t = track(t, local(300), undefined, 3_000);
    expect(t).toEqual({ synced: "s/100", behindSince: 2_000, lastSyncAt: 1_000 });
    t = track(t, local(300), metrics(300), 4_000);
    expect(t).toEqual({ synced: "s/300", behindSince: null, lastSyncAt: 4_000 });
    // Litestream down but nothing written since the replica last held everything: nothing waits.
    expect(track(t, local(300), undefined, 5_000).behindSince).toBeNull();
    // The WAL started over and reached the same offset: the replica at that offset of the older WAL (the
    // index Litestream reads is past it) lacks it.
    const restarted = { ...local(300), salt: "r" };
    expect(
      track(t, restarted, { index: 4, replica: { index: 3, offset: 300 }, syncErrors: 0 }, 6_000).behindSince,
    )
      .toBe(6_000);
  });
});
