// The WAL guard (decision 0022) on a real file, with a second connection playing Litestream's checkpoint: a
// PASSIVE checkpoint of everything followed by a write, which starts the WAL over when nothing holds it.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { DatabaseSync } from "node:sqlite";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { tmpdir } from "node:os";
import { WalGuard } from "./wal_guard.ts";

let dir: string;
let path: string;
let writer: DatabaseSync;
let litestream: DatabaseSync;
const guards: WalGuard[] = [];

const options = { pages: 16, windowMs: 400, quietMs: 1000 };
const salts = () => readFileSync(`${path}-wal`).subarray(16, 24).join(",");
const write = (n: number) => {
  for (let i = 0; i < n; i++) writer.exec(`INSERT INTO t (v) VALUES (randomblob(3000))`);
};
/** What Litestream 0.3.13 does once it has copied the WAL: checkpoint, then a write of its own. */
const checkpointAndWrite = () => {
  litestream.exec("PRAGMA wal_checkpoint(PASSIVE)");
  litestream.exec("INSERT INTO seq (n) VALUES (1)");
};
const guard = (more: Partial<typeof options & { pauseFile: string }> = {}) => {
  const g = new WalGuard(path, 4096, 1000, { ...options, ...more });
  guards.push(g);
  return g;
};

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "wms-wal-guard-"));
  path = join(dir, "t.db");
  writer = new DatabaseSync(path);
  writer.exec("PRAGMA journal_mode = WAL; PRAGMA wal_autocheckpoint = 0; PRAGMA busy_timeout = 1000");
  writer.exec("CREATE TABLE t (id INTEGER PRIMARY KEY, v BLOB); CREATE TABLE seq (n INTEGER)");
  litestream = new DatabaseSync(path);
  litestream.exec("PRAGMA busy_timeout = 1000");
});
afterEach(() => {
  for (const g of guards.splice(0)) g.close();
  writer.close();
  litestream.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("the WAL guard of a replicated file's writer", () => {
  it("keeps what is committed after it in the WAL: a checkpoint and a write do not start the WAL over", () => {
    // Without a guard, they do (what lost Litestream the frames committed while it checkpointed).
    write(3);
    let before = salts();
    checkpointAndWrite();
    expect(salts()).not.toBe(before);

    guard();
    write(3);
    before = salts();
    checkpointAndWrite();
    checkpointAndWrite();
    expect(salts()).toBe(before);
    expect((writer.prepare("SELECT count(*) AS n FROM t").get() as { n: number }).n).toBe(6);
  });

  it("opens a window once the WAL holds its pages, and the window ends when the WAL starts over", async () => {
    const g = guard();
    expect(g.dueNow()).toBe(false);
    write(options.pages + 1);
    expect(g.dueNow()).toBe(true);
    const before = salts();
    const window = g.window();
    setTimeout(checkpointAndWrite, 50);
    expect(await window).toBe(true);
    expect(salts()).not.toBe(before);
    expect(g.stats).toEqual({ windows: 1, resets: 1 });
    // Held again, its snapshot in the new WAL: the next checkpoint and write leave the WAL as it is.
    write(2);
    const now = salts();
    checkpointAndWrite();
    expect(salts()).toBe(now);
    // The new WAL's first frames only: no window due yet, though the file keeps its old length.
    expect(g.dueNow()).toBe(false);
  });

  it("gives a window up after its time when the WAL does not start over, and waits before the next", async () => {
    const g = guard();
    write(options.pages + 1);
    const before = salts();
    const started = performance.now();
    expect(await g.window()).toBe(false);
    expect(performance.now() - started).toBeGreaterThanOrEqual(options.windowMs - 5);
    expect(salts()).toBe(before);
    expect(g.due()).toBe(false);
    expect(g.dueNow()).toBe(false);
    // Held again: the checkpoint and write that come late cannot start the WAL over behind the writer.
    checkpointAndWrite();
    expect(salts()).toBe(before);
  });

  it("opens no window while the supervisor stops Litestream, and an open one ends when the pause begins", async () => {
    // Litestream 0.3.13 on its way out checkpoints without its write: a window open then would leave the
    // WAL copied whole, and the writer's next write would start it over behind Litestream's back.
    const pauseFile = join(dir, "windows-paused");
    // A window bound no test waits out: only the pause ends it.
    const g = guard({ pauseFile, windowMs: 600_000 });
    write(options.pages + 1);
    const before = salts();
    writeFileSync(pauseFile, "");
    expect(g.dueNow()).toBe(true);
    expect(await g.window()).toBe(false);
    expect(g.stats.windows).toBe(0);
    // Held all along: Litestream's last checkpoint copies no more than the guard's snapshot, and our next
    // write goes on in the same WAL.
    checkpointAndWrite();
    expect(salts()).toBe(before);

    rmSync(pauseFile);
    write(options.pages + 1);
    const window = g.window();
    expect(g.windowOpen).toBe(true);
    writeFileSync(pauseFile, "");
    expect(await window).toBe(false);
    expect(g.windowOpen).toBe(false);
    expect(g.stats).toEqual({ windows: 1, resets: 0 });
    // Held again: Litestream's checkpoint without its write, then ours, and the WAL has not started over.
    litestream.exec("PRAGMA wal_checkpoint(PASSIVE)");
    write(1);
    expect(salts()).toBe(before);
  });
});
