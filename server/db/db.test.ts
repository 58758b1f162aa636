// The database layer on real files: node:sqlite (LocalConnection), libSQL through an injected embedded
// client (RemoteConnection), and migrations. The rule under test: no statement of one request lands inside
// another request's open transaction, and a failed transaction leaves nothing behind.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mkdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { eq, sql } from "drizzle-orm";
import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { createClient } from "@libsql/client";
import type { Client } from "@libsql/client/web";
import { type Connection, runsOnThread } from "./connection.ts";
import { CACHE_KIB, filePathOf, HEAP_MIB, LocalConnection, recordStatements, SPILL_KIB } from "./local.ts";
import { RemoteConnection } from "./remote.ts";
import { openConnection } from "./open.ts";
import { INSERT_CHUNK_ROWS, insertMany, runEach } from "./bulk.ts";
import { arrays, insertRow, overIds, prepared, rowById, sqlArrays, updateRow } from "./prepared.ts";
import { refusedBy } from "./constraint.ts";
import { latestVersion, migrate, readMigrations } from "./migrate.ts";

const items = sqliteTable("items", {
  id: integer("id").primaryKey(),
  name: text("name").notNull(),
  flag: integer("flag", { mode: "boolean" }).notNull().default(false),
});

const versioned = sqliteTable("versioned", {
  id: integer("id").primaryKey(),
  name: text("name").notNull(),
  flag: integer("flag", { mode: "boolean" }),
  version: integer("version").notNull(),
});

let dir: string;
const opened: Connection[] = [];

beforeAll(() => {
  dir = resolve(".test-data", `db-${crypto.randomUUID()}`);
  mkdirSync(dir, { recursive: true });
});
afterAll(async () => {
  for (const c of opened) await c.close();
  rmSync(dir, { recursive: true, force: true });
});

/** The message of an error and of its causes: drizzle wraps a driver's error in its own. */
async function failure(p: Promise<unknown>): Promise<string> {
  try {
    await p;
  } catch (err) {
    const parts: string[] = [];
    for (let e: unknown = err; e instanceof Error; e = e.cause) parts.push(e.message);
    return parts.join(" <- ");
  }
  throw new Error("expected a failure");
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function fileUrl(): string {
  return `file:${join(dir, `${crypto.randomUUID()}.db`)}`;
}

async function withItems(conn: Connection): Promise<Connection> {
  opened.push(conn);
  await conn.query(
    "CREATE TABLE items (id INTEGER PRIMARY KEY, name TEXT NOT NULL, flag INTEGER NOT NULL DEFAULT 0)",
  );
  return conn;
}

async function count(conn: Connection): Promise<number> {
  const [row] = await conn.db.select({ n: sql<number>`count(*)` }).from(items);
  return Number(row.n);
}

// Both drivers keep the same promises; each suite runs against a fresh database of its driver.
const drivers: Array<[string, () => Promise<Connection>]> = [
  ["LocalConnection (node:sqlite)", () => withItems(new LocalConnection(fileUrl()))],
  [
    "RemoteConnection (libSQL)",
    () => {
      const url = fileUrl();
      const client = createClient({ url }) as unknown as Client;
      return withItems(new RemoteConnection(url, undefined, client));
    },
  ],
];

describe.each(drivers)("%s", (_name, open) => {
  it("tells which constraint refused a write, through drizzle and raw, inside a transaction or not", async () => {
    const conn = await open();
    await conn.query("CREATE TABLE parents (id INTEGER PRIMARY KEY, code TEXT NOT NULL UNIQUE)");
    await conn.query(
      "CREATE TABLE children (id INTEGER PRIMARY KEY, parent_id INTEGER REFERENCES parents(id))",
    );
    await conn.query("INSERT INTO parents (id, code) VALUES (1, 'A')");
    await conn.query("INSERT INTO children (id, parent_id) VALUES (1, 1)");
    const refused = async (p: Promise<unknown>) => {
      try {
        await p;
      } catch (err) {
        return refusedBy(err);
      }
      return "accepted";
    };
    expect(await refused(conn.query("DELETE FROM parents WHERE id = 1"))).toBe("foreignKey");
    expect(await refused(conn.db.run(sql`DELETE FROM parents WHERE id = 1`))).toBe("foreignKey");
    expect(await refused(conn.transaction((tx) => tx.run(sql`DELETE FROM parents WHERE id = 1`))))
      .toBe("foreignKey");
    expect(await refused(conn.db.run(sql`INSERT INTO children (id, parent_id) VALUES (2, 99)`))).toBe(
      "foreignKey",
    );
    expect(await refused(conn.db.run(sql`INSERT INTO parents (id, code) VALUES (2, 'A')`))).toBe("unique");
    expect(await refused(conn.db.run(sql`INSERT INTO parents (id, code) VALUES (1, 'B')`))).toBe("unique");
    expect(await refused(conn.db.run(sql`INSERT INTO nowhere VALUES (1)`))).toBeUndefined();
    expect(await conn.query("SELECT count(*) AS n FROM parents")).toEqual([{ n: 1 }]);
  });

  it("reads and writes through drizzle, with booleans, nulls and returning", async () => {
    const conn = await open();
    const inserted = await conn.db.insert(items).values({ id: 1, name: "a", flag: true }).returning();
    expect(inserted).toEqual([{ id: 1, name: "a", flag: true }]);
    await conn.db.insert(items).values({ id: 2, name: "b" });
    expect(await conn.db.select().from(items).where(eq(items.flag, false))).toEqual([
      { id: 2, name: "b", flag: false },
    ]);
    const none = await conn.db.select().from(items).where(eq(items.id, 99)).get();
    expect(none).toBeUndefined();
    const one = await conn.db.select().from(items).where(eq(items.id, 1)).get();
    expect(one).toEqual({ id: 1, name: "a", flag: true });
    const updated = await conn.db.update(items).set({ name: "A" }).where(eq(items.id, 1)).run();
    expect(updated).toBeDefined();
    expect(await conn.query("SELECT name FROM items WHERE id = ?", [1])).toEqual([{ name: "A" }]);
  });

  it("commits a transaction's writes together and answers its result", async () => {
    const conn = await open();
    const result = await conn.transaction(async (tx) => {
      await tx.insert(items).values({ id: 1, name: "a" });
      await tx.insert(items).values({ id: 2, name: "b" });
      const rows = await tx.select().from(items);
      return rows.length;
    });
    expect(result).toBe(2);
    expect(await count(conn)).toBe(2);
  });

  it("rolls back everything when the transaction throws, and stays usable", async () => {
    const conn = await open();
    await conn.db.insert(items).values({ id: 1, name: "kept" });
    const failure = conn.transaction(async (tx) => {
      await tx.update(items).set({ name: "changed" }).where(eq(items.id, 1));
      await tx.insert(items).values({ id: 2, name: "b" });
      await sleep(5);
      await tx.insert(items).values({ id: 3, name: "c" });
      throw new Error("business rule says no");
    });
    await expect(failure).rejects.toThrow("business rule says no");
    expect(await conn.db.select().from(items)).toEqual([{ id: 1, name: "kept", flag: false }]);

    // A failing statement (a duplicate key) undoes the statements before it too.
    await expect(conn.transaction(async (tx) => {
      await tx.insert(items).values({ id: 5, name: "e" });
      await tx.insert(items).values({ id: 1, name: "duplicate" });
    })).rejects.toThrow();
    expect(await count(conn)).toBe(1);

    await conn.transaction((tx) => tx.insert(items).values({ id: 6, name: "f" }));
    expect(await count(conn)).toBe(2);
  });

  it("never lets another request's read see a transaction half done: it reads what was committed before", async () => {
    const conn = await open();
    const events: string[] = [];
    const tx = conn.transaction(async (tx) => {
      await tx.insert(items).values({ id: 1, name: "first" });
      events.push("first write");
      await sleep(40);
      await tx.insert(items).values({ id: 2, name: "second" });
      events.push("second write");
      await sleep(10);
      events.push("transaction body done");
    });
    await sleep(10); // inside the transaction's pause
    expect(events).toEqual(["first write"]);
    // A drizzle read of a file goes to its reader (a read-only second connection): at once, none of the rows.
    const seen = conn.db.select().from(items).then((rows) => {
      events.push("read answered");
      return rows.length;
    });
    // An infrastructure query still waits for COMMIT, and then sees both rows.
    const raw = conn.query("SELECT count(*) AS n FROM items").then((rows) => {
      events.push("raw read answered");
      return Number(rows[0].n);
    });
    await tx;
    // A file reads beside the writer; over libSQL the read waits for the commit and sees it all.
    const aside = conn.kind === "local";
    expect(await seen).toBe(aside ? 0 : 2);
    expect(await raw).toBe(2);
    if (aside) expect(events.indexOf("read answered")).toBeLessThan(events.indexOf("second write"));
    else expect(events.indexOf("read answered")).toBeGreaterThan(events.indexOf("transaction body done"));
    expect(events.indexOf("raw read answered")).toBeGreaterThan(events.indexOf("transaction body done"));
    // After the commit a read sees the whole transaction.
    expect((await conn.db.select().from(items)).length).toBe(2);
  });

  it("lets statements that waited run between two queued transactions", async () => {
    const conn = await open();
    const t1 = conn.transaction(async (tx) => {
      await tx.insert(items).values({ id: 1, name: "t1" });
      await sleep(20);
    });
    await sleep(5);
    const t2 = conn.transaction(async (tx) => {
      await tx.insert(items).values({ id: 2, name: "t2" });
      await sleep(20);
    });
    // Many readers at once: they neither hang nor wait behind the queued transactions; they read what was
    // committed (nothing yet). An infrastructure query waits, and runs between the two transactions.
    const reads = Array.from({ length: 5 }, () => conn.db.select({ id: items.id }).from(items));
    const raw = conn.query("SELECT id FROM items");
    const aside = conn.kind === "local";
    for (const rows of await Promise.all(reads)) expect(rows).toEqual(aside ? [] : [{ id: 1 }]);
    expect(await raw).toEqual([{ id: 1 }]);
    await Promise.all([t1, t2]);
    expect(await count(conn)).toBe(2);
  });

  it("tells an open transaction when other work comes to wait for the connection, and not before", async () => {
    const conn = await open();
    expect(conn.waited).toBe(false);
    let queued!: Promise<unknown>;
    const seen = await conn.transaction(async (tx) => {
      await tx.insert(items).values({ id: 1, name: "long" });
      const alone = conn.waited;
      // Another request's write queues behind it: a long write in slices ends its slice on seeing this.
      queued = conn.transaction((t) => t.insert(items).values({ id: 2, name: "queued" }));
      return [alone, conn.waited];
    });
    expect(seen).toEqual([false, true]);
    await queued;
    expect(conn.waited).toBe(false);
    expect(await count(conn)).toBe(2);
  });

  it("keeps another request's write out of a transaction that then rolls back", async () => {
    const conn = await open();
    const tx = conn.transaction(async (tx) => {
      await tx.insert(items).values({ id: 1, name: "in the transaction" });
      await sleep(30);
      throw new Error("abort");
    });
    await sleep(5);
    // Were this statement run inside the open transaction, the rollback would take it along.
    const outside = conn.db.insert(items).values({ id: 2, name: "another request" });
    await expect(tx).rejects.toThrow("abort");
    await outside;
    expect(await conn.db.select({ id: items.id }).from(items)).toEqual([{ id: 2 }]);
  });

  it("runs concurrent transactions one after the other: no lost update", async () => {
    const conn = await open();
    await conn.db.insert(items).values({ id: 1, name: "0" });
    await Promise.all(Array.from({ length: 8 }, () =>
      conn.transaction(async (tx) => {
        const [row] = await tx.select().from(items).where(eq(items.id, 1));
        await sleep(2);
        await tx.update(items).set({ name: String(Number(row.name) + 1) }).where(eq(items.id, 1));
      })));
    expect((await conn.db.select().from(items))[0].name).toBe("8");
  });

  it("refuses the transaction handle once its transaction is over", async () => {
    const conn = await open();
    let leaked: Parameters<Parameters<Connection["transaction"]>[0]>[0] | undefined;
    await conn.transaction((tx) => {
      leaked = tx;
      return Promise.resolve();
    });
    expect(await failure(leaked!.select().from(items))).toMatch(/outside its transaction/);

    // Not even while another transaction is open: its statement must not become part of that one.
    let stray: Promise<string> | undefined;
    await conn.transaction(async (tx) => {
      await tx.insert(items).values({ id: 1, name: "second transaction" });
      stray = failure(leaked!.insert(items).values({ id: 2, name: "stray" }));
      await sleep(5);
    });
    expect(await stray).toMatch(/outside its transaction/);
    expect(await conn.db.select({ id: items.id }).from(items)).toEqual([{ id: 1 }]);
  });

  it("builds a prepared statement once per connection, used by every later transaction, never a stale one's", async () => {
    const conn = await open();
    let builds = 0;
    const byName = (tx: Parameters<Parameters<Connection["transaction"]>[0]>[0]) =>
      prepared<{ name: string }, { id: number }>(tx, "test.byName", (on) => {
        builds++;
        return on.select({ id: items.id }).from(items).where(eq(items.name, sql.placeholder("name")))
          .prepare();
      });
    let leaked: ReturnType<typeof byName> | undefined;
    for (let i = 1; i <= 3; i++) {
      await conn.transaction(async (tx) => {
        await insertRow(tx, items, { id: i, name: `item ${i}`, flag: i === 2 });
        // Each transaction reads its own uncommitted row through the statement built in the first.
        expect(await byName(tx).all({ name: `item ${i}` })).toEqual([{ id: i }]);
        leaked = byName(tx);
      });
    }
    expect(builds).toBe(1);
    // Reached from a transaction that ended: refused, also while another transaction is open.
    expect(await failure(leaked!.all({ name: "item 1" }))).toMatch(/outside its transaction/);
    await conn.transaction(async () => {
      expect(await failure(leaked!.all({ name: "item 1" }))).toMatch(/outside its transaction/);
    });
    // insertRow encoded the boolean and answered rows as drizzle's own select maps them.
    expect(await conn.db.select().from(items).orderBy(items.id)).toEqual([
      { id: 1, name: "item 1", flag: false },
      { id: 2, name: "item 2", flag: true },
      { id: 3, name: "item 3", flag: false },
    ]);
    const back = await conn.transaction((tx) => insertRow(tx, items, { id: 4, name: "item 4", flag: true }));
    expect(back).toEqual({ id: 4, name: "item 4", flag: true });
    expect(await conn.transaction((tx) => rowById(tx, items, 2))).toEqual({
      id: 2,
      name: "item 2",
      flag: true,
    });
    expect(await conn.transaction((tx) => rowById(tx, items, 99))).toBeUndefined();
  });

  it("answers a statement's rows as arrays, straight from the driver inside a transaction, alike outside", async () => {
    const conn = await open();
    await conn.transaction(async (tx) => {
      for (let i = 1; i <= 5; i++) {
        await insertRow(tx, items, { id: i, name: `item ${i}`, flag: i % 2 === 0 });
      }
    });
    const firstFlagged = (db: Parameters<Parameters<Connection["transaction"]>[0]>[0], limit: number) =>
      arrays(
        db,
        `test.flagged.${limit}`,
        (on) =>
          on.select({ id: items.id, name: items.name }).from(items).where(
            eq(items.flag, sql.placeholder("flag")),
          )
            .orderBy(items.id).limit(limit),
        { flag: 1 },
      );
    // A bound LIMIT holds inside a transaction (there written into the statement) as outside it.
    expect(await conn.transaction((tx) => firstFlagged(tx, 1))).toEqual([[2, "item 2"]]);
    expect(await conn.transaction((tx) => firstFlagged(tx, 5))).toEqual([[2, "item 2"], [4, "item 4"]]);
    expect(await firstFlagged(conn.db, 1)).toEqual([[2, "item 2"]]);
    // SQL written by hand: planned once and run inside a transaction; outside one, left to the caller.
    const renamed = (db: Parameters<Parameters<Connection["transaction"]>[0]>[0]) =>
      sqlArrays(
        db,
        "test.rename",
        () =>
          sql`UPDATE items SET name = name || ${sql.placeholder("suffix")} WHERE id = ${
            sql.placeholder("id")
          } OR id = ${sql.placeholder("id")} + 1 RETURNING id, name`,
        { id: 3, suffix: "!" },
      );
    expect(await conn.transaction((tx) => renamed(tx))).toEqual([[3, "item 3!"], [4, "item 4!"]]);
    expect(await renamed(conn.db)).toBeUndefined();
    // A handle whose transaction ended is refused.
    let leaked: Parameters<Parameters<Connection["transaction"]>[0]>[0] | undefined;
    await conn.transaction((tx) => {
      leaked = tx;
      return Promise.resolve();
    });
    await expect(firstFlagged(leaked!, 1)).rejects.toThrow(/outside its transaction/);
    expect(await conn.db.select({ name: items.name }).from(items).where(eq(items.id, 4))).toEqual([
      { name: "item 4!" },
    ]);
  });

  it("reads a list of ids as drizzle maps them, its own mapper inside a transaction and out", async () => {
    const conn = await open();
    await conn.query("INSERT INTO items VALUES (1, 'one', 1), (2, 'two', 0), (3, 'three', 1)");
    type Row = { id: number; flag: boolean; shout: string; half: number | null; size: number };
    // Columns, a plain expression, an aliased one and one with its own decoder.
    const selection = () => ({
      id: items.id,
      flag: items.flag,
      shout: sql<string>`upper(${items.name})`,
      half: sql<number | null>`CASE WHEN ${items.id} > 1 THEN ${items.id} / 2.0 END`.as("half"),
      size: sql`length(${items.name})`.mapWith((v) => Number(v) * 10),
    });
    const select = (db: Parameters<Parameters<Connection["transaction"]>[0]>[0]) =>
      overIds<Row>(
        db,
        "test.overIds",
        (on, among) =>
          on.select(selection()).from(items).where(sql`${items.id} IN ${among}`).orderBy(items.id),
      );
    const expected: Row[] = [
      { id: 1, flag: true, shout: "ONE", half: null, size: 30 },
      { id: 3, flag: true, shout: "THREE", half: 1.5, size: 50 },
    ];
    const ids = { ids: JSON.stringify([3, 1, 7]) };
    // What drizzle's own mapping answers for the same selection.
    const byDrizzle = await conn.db.select(selection()).from(items).where(sql`${items.id} IN (1, 3)`)
      .orderBy(items.id);
    expect(byDrizzle).toEqual(expected);
    expect(await select(conn.db).all(ids)).toEqual(expected);
    expect(await conn.transaction((tx) => select(tx).all(ids))).toEqual(expected);
    expect(await select(conn.db).values(ids)).toEqual([[1, 1, "ONE", null, 3], [3, 1, "THREE", 1.5, 5]]);
    // A whole table's select maps every column.
    const whole = await overIds<typeof items.$inferSelect>(
      conn.db,
      "test.overIds.whole",
      (on, among) => on.select().from(items).where(sql`${items.id} IN ${among}`).orderBy(items.id),
    ).all({ ids: "[2]" });
    expect(whole).toEqual([{ id: 2, name: "two", flag: false }]);
  });

  it("updates a row by its id and version and answers it as stored, or nothing when the version moved", async () => {
    const conn = await open();
    await conn.query(
      "CREATE TABLE versioned (id INTEGER PRIMARY KEY, name TEXT NOT NULL, flag INTEGER, version INTEGER)",
    );
    await conn.query("INSERT INTO versioned VALUES (1, 'one', 0, 1), (2, 'two', 0, 1)");
    const changed = await conn.transaction((tx) =>
      updateRow(
        tx,
        versioned,
        { name: "uno", flag: true, version: 2, notAColumn: 5, skipped: undefined },
        1,
        1,
      )
    );
    expect(changed).toEqual({ id: 1, name: "uno", flag: true, version: 2 });
    // The version moved on: nothing written, nothing answered; the same statement serves the next call.
    expect(await conn.transaction((tx) => updateRow(tx, versioned, { name: "ein", version: 2 }, 1, 1)))
      .toBeUndefined();
    expect(await conn.transaction((tx) => updateRow(tx, versioned, { name: "ein", version: 3 }, 1, 2)))
      .toEqual({ id: 1, name: "ein", flag: true, version: 3 });
    // Without a version, and outside a transaction (through drizzle's builder), alike.
    expect(await conn.transaction((tx) => updateRow(tx, versioned, { flag: true }, 2))).toEqual({
      id: 2,
      name: "two",
      flag: true,
      version: 1,
    });
    expect(await updateRow(conn.db, versioned, { name: "dos" }, 2, 1)).toEqual({
      id: 2,
      name: "dos",
      flag: true,
      version: 1,
    });
    expect(await updateRow(conn.db, versioned, { name: "zwei" }, 2, 7)).toBeUndefined();
    expect(await updateRow(conn.db, versioned, { name: "x" }, 99)).toBeUndefined();
    expect(await conn.db.select().from(versioned).orderBy(versioned.id)).toEqual([
      { id: 1, name: "ein", flag: true, version: 3 },
      { id: 2, name: "dos", flag: true, version: 1 },
    ]);
  });

  it("inserts many rows in statements of INSERT_CHUNK_ROWS inside a transaction, all or none either way", async () => {
    const conn = await open();
    const n = 2 * INSERT_CHUNK_ROWS + 10;
    const rows = Array.from({ length: n }, (_, i) => ({ id: n - i, name: `r${i}`, flag: i % 2 === 0 }));
    const statements: string[] = [];
    recordStatements((st) => statements.push(st.sql));
    let returned: unknown[][];
    try {
      returned = await conn.transaction((tx) => insertMany(tx, items, rows, [items.id, items.name]));
    } finally {
      recordStatements();
    }
    // Every row answered and written, in the rows' order.
    expect(returned).toEqual(rows.map((r) => [r.id, r.name]));
    expect(await count(conn)).toBe(n);
    expect(await conn.db.select().from(items).where(eq(items.id, n)).get()).toEqual({
      id: n,
      name: "r0",
      flag: true,
    });
    // Cut only where statements hold the thread (node:sqlite): a libSQL statement is a round trip of its own.
    expect(await conn.transaction((tx) => Promise.resolve(runsOnThread(tx)))).toBe(
      conn instanceof LocalConnection,
    );
    expect(runsOnThread(conn.db)).toBe(false);
    if (conn instanceof LocalConnection) {
      // Three statements (the loop may turn between them), where one held the thread for all of them.
      expect(statements.filter((q) => q.startsWith("INSERT INTO")).length).toBe(3);
    } else {
      // One statement in a libSQL transaction: its statements are counted on the client's transaction.
      const url = fileUrl();
      const client = createClient({ url });
      const sent: string[] = [];
      // Members of the client itself, methods called on it (it keeps private fields).
      const bound = (o: object, k: string | symbol) => {
        const v = Reflect.get(o, k, o);
        return typeof v === "function" ? v.bind(o) : v;
      };
      const counting = new Proxy(client, {
        get(target, key) {
          if (key !== "transaction") return bound(target, key);
          return async (mode: "write") => {
            const tx = await target.transaction(mode);
            return new Proxy(tx, {
              get(t, k) {
                if (k !== "execute") return bound(t, k);
                return (stmt: { sql: string }) => {
                  sent.push(stmt.sql);
                  return t.execute(stmt);
                };
              },
            });
          };
        },
      });
      const other = await withItems(new RemoteConnection(url, undefined, counting as unknown as Client));
      await other.transaction((tx) => insertMany(tx, items, rows));
      expect(sent.filter((q) => q.startsWith("INSERT INTO")).length).toBe(1);
      expect(await count(other)).toBe(n);
    }
    // A row refused (NOT NULL) in the last chunk: nothing of the transaction stays; outside one, the rows are
    // one statement and none of them is written.
    const bad = Array.from({ length: n }, (_, i) => ({ id: 1000 + i, name: i === n - 1 ? null : `b${i}` }));
    await expect(conn.transaction((tx) => insertMany(tx, items, bad))).rejects.toThrow();
    await expect(insertMany(conn.db, items, bad)).rejects.toThrow();
    expect(await count(conn)).toBe(n);
  });

  it("runs one statement per row inside a transaction, in order, with what each returned", async () => {
    const conn = await open();
    const returned = await conn.transaction(async (tx) => {
      const out = await runEach(
        tx,
        "INSERT INTO items (id, name, flag) VALUES (?, ?, ?) RETURNING id, name",
        [[1, "a", 1], [2, "b", 0]],
      );
      expect(await runEach(tx, "UPDATE items SET name = name || ?2 WHERE id = ?1", [[1, "!"], [9, "?"]]))
        .toEqual([]);
      return out;
    });
    expect(returned).toEqual([[1, "a"], [2, "b"]]);
    expect(await conn.db.select().from(items)).toEqual([
      { id: 1, name: "a!", flag: true },
      { id: 2, name: "b", flag: false },
    ]);
    // A failing row (NOT NULL) rolls back the rows before it and the rest of the transaction.
    await expect(conn.transaction(async (tx) => {
      await tx.insert(items).values({ id: 4, name: "d" });
      await runEach(tx, "INSERT INTO items (id, name) VALUES (?, ?)", [[5, "e"], [6, null]]);
    })).rejects.toThrow();
    expect(await count(conn)).toBe(2);
    // Only a transaction handle has it, and only while its transaction is open.
    await expect(runEach(conn.db, "DELETE FROM items WHERE id = ?", [[1]])).rejects.toThrow(/transaction/);
    let leaked: Parameters<Parameters<Connection["transaction"]>[0]>[0] | undefined;
    await conn.transaction((tx) => {
      leaked = tx;
      return Promise.resolve();
    });
    await expect(runEach(leaked!, "DELETE FROM items WHERE id = ?", [[1]])).rejects.toThrow(
      /outside its transaction/,
    );
    expect(await count(conn)).toBe(2);
  });

  it("closes only after the open transaction ends", async () => {
    const conn = await open();
    const tx = conn.transaction(async (tx) => {
      await sleep(30);
      await tx.insert(items).values({ id: 1, name: "finished" });
    });
    await sleep(5);
    await conn.close();
    await tx;
    expect(conn.closed).toBe(true);
    await expect(conn.query("SELECT 1")).rejects.toThrow();
  });

  it("migrates an empty database once and records each migration", async () => {
    const conn = await open();
    const applied = await migrate(conn, "tenant");
    expect(applied).toBe(latestVersion("tenant"));
    expect(applied).toBeGreaterThan(0);
    const rows = await conn.query("SELECT idx, tag FROM __migrations ORDER BY idx");
    expect(rows.map((r) => r.tag)).toEqual(readMigrations("tenant").map((m) => m.tag));
    const tables = (await conn.query("SELECT name FROM sqlite_master WHERE type = 'table'")).map((r) =>
      r.name
    );
    expect(tables).toEqual(expect.arrayContaining(["users", "client_account", "record_log", "system_log"]));
    expect(await migrate(conn, "tenant")).toBe(0);
    expect(await conn.query("SELECT count(*) AS n FROM __migrations")).toEqual([{ n: applied }]);
  });
});

describe("LocalConnection", () => {
  it("sets WAL, foreign keys and a busy timeout on every connection", async () => {
    const conn = new LocalConnection(fileUrl());
    opened.push(conn);
    expect(await conn.query("PRAGMA journal_mode")).toEqual([{ journal_mode: "wal" }]);
    expect(await conn.query("PRAGMA foreign_keys")).toEqual([{ foreign_keys: 1 }]);
    const [{ timeout }] = await conn.query("PRAGMA busy_timeout");
    expect(Number(timeout)).toBeGreaterThan(0);
    // A page cache of CACHE_KIB (a negative cache_size is KiB), not SQLite's 2 MiB default.
    expect(await conn.query("PRAGMA cache_size")).toEqual([{ cache_size: -CACHE_KIB }]);
    // Under one budget for the whole process (every shard's connections), not one per connection.
    expect(await conn.query("PRAGMA soft_heap_limit")).toEqual([{ soft_heap_limit: HEAP_MIB * 1024 * 1024 }]);
    // Foreign keys are enforced, not only switched on.
    await conn.query("CREATE TABLE parent (id INTEGER PRIMARY KEY)");
    await conn.query("CREATE TABLE child (id INTEGER PRIMARY KEY, parent_id INTEGER REFERENCES parent(id))");
    await expect(conn.query("INSERT INTO child (id, parent_id) VALUES (1, 42)")).rejects.toThrow(
      /FOREIGN KEY/,
    );
  });

  it("writes a long transaction's pages into the WAL as it goes, not all at its commit, and keeps its cache", async () => {
    const url = fileUrl();
    const cacheKib = 65536;
    const conn = await withItems(new LocalConnection(url, { cacheKib }));
    const walBytes = () => statSync(`${filePathOf(url)}-wal`).size;
    const page = "x".repeat(4000); // a row about a page long
    let next = 1;
    /** Rows of a page each, a batch at a time, until the WAL has grown by `bytes` inside the transaction. */
    const writeUntilSpilled = async (tx: Parameters<Parameters<Connection["transaction"]>[0]>[0]) => {
      const from = walBytes();
      const committed = await count(conn);
      // A transaction past its first slice has its cache cut to SPILL_KIB: beyond that, pages go to the WAL.
      // Left whole (cacheKib, far above what is written here), none would before the commit.
      while (walBytes() - from < 16 * 1024 * 1024) {
        if (next > 12_000) {
          throw new Error(`no page reached the WAL before the commit (${walBytes() - from} bytes)`);
        }
        const rows = Array.from({ length: 500 }, () => [next++, page]);
        await runEach(tx, "INSERT INTO items (id, name) VALUES (?, ?)", rows);
      }
      // Another request's read meanwhile (from the reader connection) sees none of the spilled rows.
      expect(await count(conn)).toBe(committed);
    };
    // 16 MiB is well past the spill cache and well inside the whole one.
    expect(SPILL_KIB).toBeGreaterThan(0);
    expect(SPILL_KIB * 4).toBeLessThanOrEqual(16 * 1024);
    await conn.transaction(writeUntilSpilled);
    const written = next - 1;
    expect(await count(conn)).toBe(written);
    expect(await conn.query("PRAGMA cache_size")).toEqual([{ cache_size: -cacheKib }]);
    // Spilled pages of a transaction that then fails are no one's: nothing of it stays, and the cache is back.
    const failed = await failure(conn.transaction(async (tx) => {
      await writeUntilSpilled(tx);
      throw new Error("refused after spilling");
    }));
    expect(failed).toContain("refused after spilling");
    expect(await count(conn)).toBe(written);
    expect(await conn.query("PRAGMA cache_size")).toEqual([{ cache_size: -cacheKib }]);
    await conn.db.insert(items).values({ id: next, name: "after" });
    expect(await count(conn)).toBe(written + 1);
  });

  it("keeps working past the prepared-statement cache's size with correct results", async () => {
    const conn = await withItems(new LocalConnection(fileUrl()));
    await conn.db.insert(items).values(
      Array.from({ length: 10 }, (_, i) => ({ id: i + 1, name: `n${i + 1}` })),
    );
    // 600 distinct statements: more than the cache holds, so early ones are evicted and prepared again.
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < 600; i++) {
        const rows = await conn.db.all<[number, string]>(
          sql.raw(`SELECT ${i} AS k, name FROM items WHERE id = ${(i % 10) + 1}`),
        );
        expect(rows).toEqual([[i, `n${(i % 10) + 1}`]]);
      }
    }
    // The same statement with different parameters reuses its prepared form and binds afresh.
    for (let id = 1; id <= 10; id++) {
      const [row] = await conn.db.select({ name: items.name }).from(items).where(eq(items.id, id));
      expect(row.name).toBe(`n${id}`);
    }
  });

  it("opens file: URLs with node:sqlite and refuses unknown schemes", () => {
    const conn = openConnection(fileUrl());
    opened.push(conn);
    expect(conn.kind).toBe("local");
    expect(() => openConnection("postgres://db/x")).toThrow(/Unsupported database URL/);
  });

  it("migrates all or nothing: a failing migration leaves no table and no record behind", async () => {
    const conn = new LocalConnection(fileUrl());
    opened.push(conn);
    // A stray table with a migration's name makes its CREATE TABLE fail halfway through the migration.
    await conn.query("CREATE TABLE users (x INTEGER)");
    expect(await failure(migrate(conn, "tenant"))).toMatch(/table `?users`? already exists/);
    const tables = (await conn.query("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name"))
      .map((r) => r.name);
    expect(tables).toEqual(["__migrations", "users"]);
    expect(await conn.query("SELECT count(*) AS n FROM __migrations")).toEqual([{ n: 0 }]);
  });

  it("stops on a migration history this build does not know", async () => {
    const conn = new LocalConnection(fileUrl());
    opened.push(conn);
    await migrate(conn, "tenant");
    await conn.query("UPDATE __migrations SET tag = '0000_renamed' WHERE idx = 0");
    expect(await failure(migrate(conn, "tenant"))).toMatch(/records migration 0 "0000_renamed"/);
  });

  it("applies migrations once when two callers migrate at the same time", async () => {
    const conn = new LocalConnection(fileUrl());
    opened.push(conn);
    const [a, b] = await Promise.all([migrate(conn, "control"), migrate(conn, "control")]);
    expect(a + b).toBe(latestVersion("control"));
    expect(await conn.query("SELECT count(*) AS n FROM __migrations")).toEqual([{
      n: latestVersion("control"),
    }]);
  });

  it("migrates a zero-byte file", async () => {
    const path = join(dir, "zero.db");
    writeFileSync(path, "");
    const conn = new LocalConnection(`file:${path}`);
    opened.push(conn);
    expect(await migrate(conn, "tenant")).toBe(latestVersion("tenant"));
  });
});

describe("LocalConnection opening a file another connection is writing", () => {
  it("opens, leaving the statistics for later, rather than refusing with 'database is locked'", async () => {
    const path = join(dir, `busy-${crypto.randomUUID()}.db`);
    const setUp = new DatabaseSync(path);
    setUp.exec("PRAGMA journal_mode = WAL");
    setUp.exec("CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT); CREATE INDEX t_v ON t (v)");
    setUp.exec("INSERT INTO t (v) VALUES ('a'), ('b'), ('c')");
    // A writer holding the file (a provisioning, a migration, an import's slice) past our busy timeout: the
    // statistics an open gathers (PRAGMA optimize, an ANALYZE) must wait for no one.
    setUp.exec("BEGIN IMMEDIATE");
    try {
      const conn = new LocalConnection(`file:${path}`, { busyTimeoutMs: 50 });
      opened.push(conn);
      expect(await conn.query("SELECT count(*) AS n FROM t")).toEqual([{ n: 3 }]);
    } finally {
      setUp.exec("ROLLBACK");
      setUp.close();
    }
  });
});

describe("LocalConnection closing while another connection reads the file", () => {
  it("closes without waiting for the reader, and what the reader had not read is copied later", async () => {
    const path = join(dir, `closing-${crypto.randomUUID()}.db`);
    // A close that waited for the reader would sleep for the whole busy timeout, and then give up.
    const busyTimeoutMs = 30_000;
    const conn = new LocalConnection(`file:${path}`, { busyTimeoutMs });
    await conn.query("CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT)");
    await conn.query("INSERT INTO t (v) VALUES ('before')");
    // A reader worker's long read (or another process's), holding a snapshot older than the last write:
    // a TRUNCATE checkpoint on closing held the write lock and slept in the busy handler until it let go.
    const reader = new DatabaseSync(path, { readOnly: true });
    const writer = new DatabaseSync(path);
    try {
      reader.exec("BEGIN");
      expect(reader.prepare("SELECT count(*) AS n FROM t").get()).toEqual({ n: 1 });
      await conn.query("INSERT INTO t (v) VALUES ('after')");
      const closing = performance.now();
      await conn.close();
      expect(conn.closed).toBe(true);
      expect(performance.now() - closing).toBeLessThan(busyTimeoutMs / 2);
      // The write lock is free once it has closed: another connection writes without waiting.
      writer.exec("PRAGMA busy_timeout = 0");
      writer.exec("INSERT INTO t (v) VALUES ('next')");
      expect(reader.prepare("SELECT count(*) AS n FROM t").get()).toEqual({ n: 1 });
      reader.exec("COMMIT");
      expect(reader.prepare("SELECT count(*) AS n FROM t").get()).toEqual({ n: 3 });
    } finally {
      if (reader.isTransaction) reader.exec("COMMIT");
      reader.close();
      writer.close();
    }
  });
});

describe("RemoteConnection (libSQL)", () => {
  it("reads what node:sqlite wrote: the same file format and schema", async () => {
    const url = fileUrl();
    const local = new LocalConnection(url);
    await migrate(local, "tenant");
    await local.close();
    const remote = new RemoteConnection(url, undefined, createClient({ url }) as unknown as Client);
    opened.push(remote);
    expect(remote.kind).toBe("remote");
    expect(await migrate(remote, "tenant")).toBe(0);
    expect(await remote.query("SELECT tag FROM __migrations")).toEqual(
      readMigrations("tenant").map((m) => ({ tag: m.tag })),
    );
    expect(await remote.query("PRAGMA foreign_keys")).toEqual([{ foreign_keys: 1 }]);
  });
});
