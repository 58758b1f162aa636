// The count cache of LocalConnection on real files: a count is reused only while nothing changed the data,
// whoever changed it: this connection in a transaction or outside one, a transaction that rolled back, or
// another connection to the same file (another process, another pool).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mkdirSync, rmSync } from "node:fs";
import { join, resolve } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { sql } from "drizzle-orm";
import { LocalConnection } from "./local.ts";

let dir: string;
const opened: LocalConnection[] = [];

beforeAll(() => {
  dir = resolve(".test-data", `count-cache-${crypto.randomUUID()}`);
  mkdirSync(dir, { recursive: true });
});
afterAll(async () => {
  for (const c of opened) await c.close();
  rmSync(dir, { recursive: true, force: true });
});

async function fresh(): Promise<{ conn: LocalConnection; path: string }> {
  const path = join(dir, `${crypto.randomUUID()}.db`);
  const conn = new LocalConnection(`file:${path}`);
  opened.push(conn);
  await conn.query("CREATE TABLE items (id INTEGER PRIMARY KEY, name TEXT NOT NULL)");
  await conn.query("INSERT INTO items (name) VALUES ('a'), ('b'), ('c')");
  return { conn, path };
}

/** A cached count of the items, with how many times it was really counted. */
function counter(conn: LocalConnection) {
  const state = { counted: 0 };
  const statement = { sql: "select count(*) from items", params: [] };
  const get = (fresh = false) =>
    conn.countCache.get(statement, async () => {
      state.counted++;
      const [[n]] = await conn.db.values<[number]>(sql`select count(*) from items`);
      return Number(n);
    }, fresh);
  return { get, state };
}

describe("LocalConnection count cache", () => {
  it("counts once while nothing changes, and again after this connection's transaction", async () => {
    const { conn } = await fresh();
    const c = counter(conn);
    expect(await c.get()).toBe(3);
    expect(await c.get()).toBe(3);
    expect(c.state.counted).toBe(1);
    await conn.transaction((tx) => tx.run(sql`insert into items (name) values ('d')`));
    expect(await c.get()).toBe(4);
    expect(c.state.counted).toBe(2);
  });

  it("counts afresh when asked to (a list's first page), and keeps that count for the next", async () => {
    const { conn } = await fresh();
    const c = counter(conn);
    expect(await c.get(true)).toBe(3);
    expect(await c.get(true)).toBe(3);
    expect(c.state.counted).toBe(2);
    expect(await c.get()).toBe(3);
    expect(c.state.counted).toBe(2);
  });

  it("sees a write outside a transaction and a raw query's write", async () => {
    const { conn } = await fresh();
    const c = counter(conn);
    expect(await c.get()).toBe(3);
    await conn.db.run(sql`insert into items (name) values ('d')`);
    expect(await c.get()).toBe(4);
    await conn.query("DELETE FROM items WHERE name = 'a'");
    expect(await c.get()).toBe(3);
    expect(c.state.counted).toBe(3);
  });

  it("does not keep a count taken inside a transaction that then rolled back", async () => {
    const { conn } = await fresh();
    const c = counter(conn);
    expect(await c.get()).toBe(3);
    let during = 0;
    await expect(conn.transaction(async (tx) => {
      await tx.run(sql`insert into items (name) values ('d')`);
      // A count asked for meanwhile waits for the transaction: it never sees its rows.
      const pending = c.get().then((n) => (during = n));
      throw Object.assign(new Error("rolled back"), { pending });
    })).rejects.toThrow("rolled back");
    await new Promise((r) => setTimeout(r, 10));
    expect(during).toBe(3);
    expect(await c.get()).toBe(3);
  });

  it("sees a commit of another connection to the same file (another process or pool)", async () => {
    const { conn, path } = await fresh();
    const c = counter(conn);
    expect(await c.get()).toBe(3);
    const other = new DatabaseSync(path);
    other.exec("PRAGMA busy_timeout = 5000");
    other.exec("INSERT INTO items (name) VALUES ('x')");
    expect(await c.get()).toBe(4);
    const pool = new LocalConnection(`file:${path}`);
    opened.push(pool);
    await pool.transaction((tx) => tx.run(sql`delete from items where name = 'x'`));
    expect(await c.get()).toBe(3);
    other.close();
    expect(c.state.counted).toBe(3);
  });

  it("keeps counts of different statements and parameters apart", async () => {
    const { conn } = await fresh();
    const named = (name: string) =>
      conn.countCache.get(
        { sql: "select count(*) from items where name = ?", params: [name] },
        async () =>
          Number(
            (await conn.db.values<[number]>(sql`select count(*) from items where name = ${name}`))[0][0],
          ),
      );
    expect(await named("a")).toBe(1);
    expect(await named("z")).toBe(0);
    expect(await named("a")).toBe(1);
  });
});
