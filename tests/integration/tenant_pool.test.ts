// The pool of tenant connections on real files: at most `size` open, least recently used closed first and
// really closed (file descriptors counted), never one in use, and a database that is behind migrated
// when first opened.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { TenantPool } from "../../server/tenancy/pool.ts";
import { latestVersion, readMigrations } from "../../server/db/migrate.ts";
import { LocalConnection } from "../../server/db/local.ts";
import { openControl } from "../../server/tenancy/control.ts";
import { loadConfig } from "../../server/config.ts";
import { sql } from "drizzle-orm";

let dir: string;
const pools: TenantPool[] = [];

beforeAll(() => {
  dir = resolve(".test-data", `pool-${crypto.randomUUID()}`);
  mkdirSync(dir, { recursive: true });
});
afterEach(async () => {
  for (const p of pools.splice(0)) await p.closeAll();
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function newPool(size: number): TenantPool {
  const pool = new TenantPool(size, undefined, 0);
  pools.push(pool);
  return pool;
}

function tenantUrl(name: string): string {
  return `file:${join(dir, `${name}.db`)}`;
}

/** Files under the test directory this process holds open (Linux: /proc/self/fd). */
function openFiles(): string[] {
  const found: string[] = [];
  for (const entry of Deno.readDirSync("/proc/self/fd")) {
    try {
      const target = Deno.readLinkSync(`/proc/self/fd/${entry.name}`);
      if (target.startsWith(dir)) found.push(target);
    } catch { /* closed meanwhile */ }
  }
  return found;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe("TenantPool", () => {
  it("migrates a database that is behind when it is first opened, and only then", async () => {
    const url = tenantUrl("behind");
    writeFileSync(url.slice("file:".length), ""); // an empty database: no migration applied
    const pool = newPool(2);
    const tables = await pool.use(url, async (conn) => {
      const rows = await conn.query("SELECT name FROM sqlite_master WHERE type = 'table'");
      return rows.map((r) => r.name);
    });
    expect(tables).toEqual(expect.arrayContaining(["__migrations", "users", "client_account", "system_log"]));
    expect(pool.stats.migrated).toBe(latestVersion("tenant"));
    expect(pool.stats.opened).toBe(1);

    await pool.use(url, (conn) => conn.query("SELECT 1"));
    expect(pool.stats.opened).toBe(1);

    // Evicted and opened again: up to date already, nothing more is applied.
    await pool.use(tenantUrl("other-1"), (c) => c.query("SELECT 1"));
    await pool.use(tenantUrl("other-2"), (c) => c.query("SELECT 1"));
    await pool.use(url, (c) => c.query("SELECT 1"));
    expect(pool.stats.opened).toBe(4);
    expect(pool.stats.migrated).toBe(3 * latestVersion("tenant"));
    const versions = await pool.use(url, (c) => c.query("SELECT count(*) AS n FROM __migrations"));
    expect(versions).toEqual([{ n: latestVersion("tenant") }]);
  });

  it("brings a database one migration behind up to date, keeping its data", async () => {
    const all = readMigrations("tenant");
    expect(all.length).toBeGreaterThanOrEqual(2);
    const url = tenantUrl("one-behind");
    // A tenant last opened by the previous release: every migration but the newest.
    const old = new LocalConnection(url);
    await old.query(
      "CREATE TABLE __migrations (idx INTEGER PRIMARY KEY, tag TEXT NOT NULL, applied_at INTEGER NOT NULL)",
    );
    for (const m of all.slice(0, -1)) {
      for (const statement of m.statements) await old.query(statement);
      await old.query("INSERT INTO __migrations (idx, tag, applied_at) VALUES (?, ?, 0)", [m.idx, m.tag]);
    }
    await old.query(
      "INSERT INTO system_log (level, message, raise_date) VALUES ('info', 'written by the old release', 'x')",
    );
    await old.query(
      `INSERT INTO users (username, email, password_hash, created_at, updated_at)
       VALUES ('kept', 'kept@example.com', 'x', 'x', 'x')`,
    );
    await old.close();

    const pool = newPool(2);
    const { conn, release } = await pool.acquire(url);
    try {
      expect(pool.stats.migrated).toBe(1);
      expect((await conn.query("SELECT tag FROM __migrations ORDER BY idx")).map((r) => r.tag)).toEqual(
        all.map((m) => m.tag),
      );
      expect(await conn.query("SELECT message FROM system_log")).toEqual([
        { message: "written by the old release" },
      ]);
      // A migration may rebuild a table (users, in 0001); its rows survive and foreign keys are on again.
      expect(await conn.query("SELECT username FROM users")).toEqual([{ username: "kept" }]);
      expect(await conn.query("PRAGMA foreign_keys")).toEqual([{ foreign_keys: 1 }]);
    } finally {
      release();
    }
  });

  it("keeps at most `size` connections open under skewed access and really closes the evicted", async () => {
    const pool = newPool(3);
    const urls = Array.from({ length: 10 }, (_, i) => tenantUrl(`skew-${i}`));
    // Tenant 0 is busy, 1 and 2 fairly so, the rest now and then.
    let seed = 7;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const pick = () => Math.min(9, Math.floor(10 * random() ** 3));
    const hits = new Array(10).fill(0);
    let maxFiles = 0;
    for (let i = 0; i < 400; i++) {
      const n = pick();
      hits[n]++;
      await pool.use(urls[n], async (conn) => {
        await conn.transaction(async (tx) => {
          await tx.run(`INSERT INTO system_log (level, message, raise_date) VALUES ('info', 'hit', 'now')`);
        });
      });
      expect(pool.stats.open).toBeLessThanOrEqual(3);
      maxFiles = Math.max(maxFiles, openFiles().length);
    }
    expect(hits.filter((h) => h > 0).length).toBe(10);
    expect(hits[0]).toBeGreaterThan(hits[9]);
    expect(pool.stats.opened).toBeGreaterThan(10);
    expect(pool.stats.evicted).toBe(pool.stats.opened - 3);
    // A SQLite connection in WAL mode holds the database, -wal and -shm files: three per open connection.
    expect(maxFiles).toBeGreaterThan(0);
    expect(maxFiles).toBeLessThanOrEqual(3 * 3);
    // Every write made it to its own tenant's file.
    let total = 0;
    for (let n = 0; n < 10; n++) {
      const [row] = await pool.use(urls[n], (c) => c.query("SELECT count(*) AS n FROM system_log"));
      expect(Number(row.n), `tenant ${n}`).toBe(hits[n]);
      total += Number(row.n);
    }
    expect(total).toBe(400);
    await pool.closeAll();
    expect(openFiles()).toEqual([]);
  });

  it("never closes a connection in use, and shrinks back once it is released", async () => {
    const pool = newPool(2);
    const held = await pool.acquire(tenantUrl("held"));
    for (let i = 0; i < 5; i++) {
      await pool.use(tenantUrl(`passer-${i}`), (c) => c.query("SELECT 1"));
    }
    expect(held.conn.closed).toBe(false);
    expect(await held.conn.query("SELECT 1 AS one")).toEqual([{ one: 1 }]);
    // A transaction in progress on the held connection runs to its end while others come and go.
    const tx = held.conn.transaction(async (t) => {
      await sleep(20);
      await t.run(`INSERT INTO system_log (level, message, raise_date) VALUES ('info', 'held', 'now')`);
    });
    await pool.use(tenantUrl("passer-9"), (c) => c.query("SELECT 1"));
    await tx;
    expect(pool.stats.open).toBeLessThanOrEqual(3);
    held.release();
    held.release(); // a second release is harmless
    expect(pool.stats.open).toBeLessThanOrEqual(2);
  });

  it("does not close a connection it has just opened for a caller while all others are busy", async () => {
    const pool = newPool(2);
    const a = await pool.acquire(tenantUrl("busy-a"));
    const b = await pool.acquire(tenantUrl("busy-b"));
    const c = await pool.acquire(tenantUrl("busy-c"));
    expect(c.conn.closed).toBe(false);
    expect(await c.conn.query("SELECT 1 AS one")).toEqual([{ one: 1 }]);
    // Several new tenants opening at the same time: none is closed before its caller gets it.
    const more = await Promise.all(
      ["busy-d", "busy-e", "busy-f"].map((n) => pool.acquire(tenantUrl(n))),
    );
    for (const m of more) {
      expect(m.conn.closed).toBe(false);
      await m.conn.query("SELECT 1");
    }
    for (const x of [a, b, c, ...more]) x.release();
    expect(pool.stats.open).toBeLessThanOrEqual(2);
    expect(a.conn.closed || b.conn.closed || c.conn.closed).toBe(true);
  });

  it("opens a tenant once for callers arriving together", async () => {
    const pool = newPool(4);
    const url = tenantUrl("together");
    const all = await Promise.all(Array.from({ length: 5 }, () => pool.acquire(url)));
    expect(new Set(all.map((a) => a.conn)).size).toBe(1);
    expect(pool.stats.opened).toBe(1);
    for (const a of all) a.release();
    expect(all[0].conn.closed).toBe(false);
  });

  it("checkpoints open tenant files on its worker thread: the WAL is copied and starts over", async () => {
    const pool = newPool(4);
    const url = tenantUrl("checkpointed");
    await pool.use(url, async (conn) => {
      await conn.query("CREATE TABLE filler (id INTEGER PRIMARY KEY, pad TEXT)");
      await conn.transaction(async (tx) => {
        for (let i = 0; i < 20; i++) {
          await tx.run(sql`
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 200)
            INSERT INTO filler (pad) SELECT printf('%.2000c', 'x') FROM n`);
        }
      });
    });
    const path = url.slice("file:".length);
    const walBefore = Deno.statSync(`${path}-wal`).size;
    expect(walBefore).toBeGreaterThan(4_000_000);
    // The request thread stays free: a timer set now fires before the checkpoint answers.
    let ticked = false;
    setTimeout(() => (ticked = true), 0);
    const [result, ...others] = await pool.checkpointAll();
    expect(others).toEqual([]);
    expect(ticked).toBe(true);
    expect(result).toMatchObject({ path, busy: false });
    expect(result.walFrames).toBeGreaterThan(1000);
    expect(result.checkpointedFrames).toBe(result.walFrames);
    // The next write starts the WAL over from its first frame.
    await pool.use(url, (conn) => conn.query("INSERT INTO filler (pad) VALUES ('y')"));
    await pool.use(url, async (conn) => {
      const [frames] = await conn.query("PRAGMA wal_checkpoint(PASSIVE)");
      expect(Number(frames.log)).toBeLessThan(10);
      expect(await conn.query("SELECT count(*) AS n FROM filler")).toEqual([{ n: 4001 }]);
    });
    // Nothing of the file stays open once the tenant's connection is closed (SQLite keeps the worker's
    // closed descriptor until then: closing it would drop the locks the other connection holds).
    await pool.forget(url);
    expect(openFiles().filter((f) => f.includes("checkpointed"))).toEqual([]);
    // Closing the pool stops the worker; a closed pool checkpoints nothing.
    await pool.closeAll();
    expect(await pool.checkpointAll()).toEqual([]);
  });

  it("closes a forgotten tenant's connection, at once when idle", async () => {
    const pool = newPool(4);
    const url = tenantUrl("forgotten");
    const { conn } = await pool.acquire(url).then((x) => (x.release(), x));
    await pool.forget(url);
    expect(conn.closed).toBe(true);
    expect(pool.stats.open).toBe(0);
    expect(openFiles().filter((f) => f.includes("forgotten"))).toEqual([]);
  });

  it("lets the user of a forgotten connection finish, and opens the file again only after it closes", async () => {
    const pool = newPool(4);
    const url = tenantUrl("retiring");
    const first = await pool.acquire(url);
    await pool.forget(url);
    expect(first.conn.closed).toBe(false);
    expect(await first.conn.query("SELECT 1 AS one")).toEqual([{ one: 1 }]);

    let reopened = false;
    const second = pool.acquire(url).then((x) => {
      reopened = true;
      return x;
    });
    await sleep(20);
    // Never two connections to one file in this process.
    expect(reopened).toBe(false);
    first.release();
    const again = await second;
    expect(first.conn.closed).toBe(true);
    expect(again.conn).not.toBe(first.conn);
    expect(await again.conn.query("SELECT 1 AS one")).toEqual([{ one: 1 }]);
    again.release();
  });

  it("refuses a file that is not a database and leaks nothing", async () => {
    const pool = newPool(4);
    const url = tenantUrl("garbage");
    writeFileSync(url.slice("file:".length), "this is not a SQLite database, just text ".repeat(200));
    await expect(pool.acquire(url)).rejects.toThrow();
    expect(pool.stats.open).toBe(0);
    expect(openFiles().filter((f) => f.includes("garbage"))).toEqual([]);
  });
});

describe("openControl", () => {
  it("creates and migrates the control database, once", async () => {
    const config = loadConfig({ dataDir: dir, controlDbUrl: `file:${join(dir, "control.db")}` });
    const first = await openControl(config);
    const tables = (await first.query("SELECT name FROM sqlite_master WHERE type = 'table'")).map((r) =>
      r.name
    );
    expect(tables).toEqual(
      expect.arrayContaining(["tenants", "global_logins", "auth_sessions", "system_log"]),
    );
    expect(await first.query("SELECT count(*) AS n FROM __migrations")).toEqual([{
      n: latestVersion("control"),
    }]);
    await first.close();
    const second = await openControl(config);
    expect(await second.query("SELECT count(*) AS n FROM __migrations")).toEqual([{
      n: latestVersion("control"),
    }]);
    await second.close();
  });
});
