// LocalConnection.reading: the plain reads of a call (and of the calls beside it in the same turn) share one
// read transaction. What callers rely on: their reads answer as before, a write or a transaction meanwhile
// ends the shared read first and goes through, nothing of it is left once the calls are done (another
// connection can start the WAL over), and a read transaction is never joined once it is older than its
// bound, so later reads see what other connections committed since.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mkdirSync, rmSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { eq, sql } from "drizzle-orm";
import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { LocalConnection } from "./local.ts";

const items = sqliteTable("items", { id: integer("id").primaryKey(), name: text("name").notNull() });

let dir: string;
let n = 0;
beforeAll(() => {
  dir = resolve(".test-data", `read-span-${crypto.randomUUID()}`);
  mkdirSync(dir, { recursive: true });
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A new file of two items, its connection and another one, closed after `fn`. */
async function withFile(
  fn: (f: { conn: LocalConnection; other: DatabaseSync; path: string }) => Promise<void>,
): Promise<void> {
  const path = join(dir, `t${++n}.db`);
  const conn = new LocalConnection(`file:${path}`);
  await conn.db.run(sql`CREATE TABLE items (id INTEGER PRIMARY KEY, name TEXT NOT NULL)`);
  await conn.db.insert(items).values([{ id: 1, name: "one" }, { id: 2, name: "two" }]);
  const other = new DatabaseSync(path);
  other.exec("PRAGMA busy_timeout = 5000");
  try {
    await fn({ conn, other, path });
  } finally {
    other.close();
    await conn.close();
  }
}

const names = async (conn: LocalConnection) =>
  (await conn.db.select().from(items).orderBy(items.id)).map((r) => r.name);

describe("reads sharing one read transaction", () => {
  it("answer as before, and leave no read open once the call is done", async () => {
    await withFile(async ({ conn, other }) => {
      const seen = await conn.reading(async () => {
        const first = await names(conn);
        // Committed by another connection between two reads of the call.
        other.prepare("INSERT INTO items (id, name) VALUES (3, 'three')").run();
        const ids = (await conn.db.select({ id: items.id }).from(items).where(eq(items.id, 2))).map((r) =>
          r.id
        );
        return { first, ids };
      });
      expect(seen).toEqual({ first: ["one", "two"], ids: [2] });
      // Nothing left open: the other connection can copy the whole WAL and start it over.
      const row = other.prepare("PRAGMA wal_checkpoint(TRUNCATE)").get() as Record<string, number>;
      expect(row).toEqual({ busy: 0, log: 0, checkpointed: 0 });
      // And a read sees what the other connection committed.
      expect(await names(conn)).toEqual(["one", "two", "three"]);
    });
  });

  it("let a write, a transaction and a checkpoint of the same connection through, ending the shared read first", async () => {
    await withFile(async ({ conn, other, path }) => {
      await conn.reading(async () => {
        expect(await names(conn)).toEqual(["one", "two"]);
        // A plain write beside the reads (another request's, in the same turn): committed at once, not
        // kept in the read transaction.
        await conn.db.insert(items).values({ id: 3, name: "three" });
        expect(other.prepare("SELECT name FROM items WHERE id = 3").get()).toEqual({ name: "three" });
        expect(await names(conn)).toEqual(["one", "two", "three"]);
        await conn.transaction(async (tx) => {
          await tx.update(items).set({ name: "ONE" }).where(eq(items.id, 1));
        });
        expect(await names(conn)).toEqual(["ONE", "two", "three"]);
        conn.checkpoint("TRUNCATE");
        // Copied whole and started over: no read transaction of this connection held it back.
        expect(statSync(`${path}-wal`).size).toBe(0);
        expect(await names(conn)).toEqual(["ONE", "two", "three"]);
      });
      // All of it is stored: another connection reads it.
      expect(other.prepare("SELECT name FROM items ORDER BY id").all().map((r) => r.name)).toEqual([
        "ONE",
        "two",
        "three",
      ]);
    });
  });

  it("is not joined once older than its bound: a later read sees what was committed since", async () => {
    await withFile(async ({ conn, other }) => {
      await conn.reading(async () => {
        expect(await names(conn)).toEqual(["one", "two"]);
        other.prepare("INSERT INTO items (id, name) VALUES (3, 'three')").run();
        // A call that waits on something else (a timer): its next read does not join a read transaction that
        // old, but begins another.
        await new Promise((r) => setTimeout(r, 20));
        expect(await names(conn)).toEqual(["one", "two", "three"]);
      });
    });
  });

  it("counts a list again after another connection's commit, in a call sharing reads as outside one", async () => {
    await withFile(async ({ conn, other }) => {
      const count = () =>
        conn.countCache.get(
          { sql: "select count(*) from items", params: [] },
          async () => Number((await conn.db.all<[number]>(sql`select count(*) from items`))[0][0]),
        );
      expect(await conn.reading(count)).toBe(2);
      other.prepare("INSERT INTO items (id, name) VALUES (3, 'three')").run();
      expect(await conn.reading(count)).toBe(3);
      expect(await count()).toBe(3);
    });
  });
});
