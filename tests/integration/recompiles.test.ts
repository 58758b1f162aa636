// A tenant connection's settings for speed: what makes SQLite compile a statement again on every call is
// kept out (a bound LIMIT is written into the statement's text, and the rows a select answers are the
// same whatever its limit and offset; ANALYZE's value samples, sqlite_stat4, are dropped, its row
// estimates kept), and files are read through a memory map (past the page cache's process-wide mutex).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mkdirSync, rmSync } from "node:fs";
import { DatabaseSync } from "node:sqlite";
import { join, resolve } from "node:path";
import { asc, eq, sql } from "drizzle-orm";
import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { LocalConnection, MMAP_MIB, STATISTICS_FLOOR } from "../../server/db/local.ts";
import { arrays, planOf } from "../../server/db/prepared.ts";
import { literalLimit } from "../../server/db/limit.ts";

const items = sqliteTable("items", { id: integer("id").primaryKey(), name: text("name").notNull() });

let dir: string;
let conn: LocalConnection;

beforeAll(async () => {
  dir = resolve(".test-data", `limit-${crypto.randomUUID()}`);
  mkdirSync(dir, { recursive: true });
  conn = new LocalConnection(`file:${join(dir, "t.db")}`);
  await conn.db.run(sql`CREATE TABLE items (id INTEGER PRIMARY KEY, name TEXT NOT NULL)`);
  await conn.transaction(async (tx) => {
    for (let i = 1; i <= 30; i++) {
      await tx.insert(items).values({ id: i, name: `item ${String(i).padStart(2, "0")}` });
    }
  });
});
afterAll(async () => {
  await conn.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("literalLimit", () => {
  it("writes an integer limit into the text and keeps a bound offset", () => {
    expect(literalLimit('select "id" from "items" limit ?', [5])).toEqual([
      'select "id" from "items" limit 5',
      [],
    ]);
    expect(literalLimit('select "id" from "items" where "id" > ? limit ? offset ?', [3, 10, 20]))
      .toEqual(['select "id" from "items" where "id" > ? limit 10 offset ?', [3, 20]]);
    expect(literalLimit("SELECT id FROM items LIMIT ?", [1])).toEqual(["SELECT id FROM items limit 1", []]);
  });

  it("leaves alone what is not a trailing integer limit", () => {
    const inner = 'select * from (select "id" from "items" limit ?) where "id" > ?';
    expect(literalLimit(inner, [5, 1])).toEqual([inner, [5, 1]]);
    expect(literalLimit("select id from items limit ?", ["5"])).toEqual(["select id from items limit ?", [
      "5",
    ]]);
    expect(literalLimit("select id from items limit ?", [2.5])).toEqual(["select id from items limit ?", [
      2.5,
    ]]);
    expect(literalLimit("select id from items where id = ?", [1])).toEqual([
      "select id from items where id = ?",
      [1],
    ]);
  });
});

describe("a select with a limit on a connection", () => {
  it("answers the same rows for every limit and offset, prepared or built each time", async () => {
    const page = conn.db.select({ id: items.id }).from(items).orderBy(asc(items.name))
      .limit(sql.placeholder("limit")).offset(sql.placeholder("offset")).prepare();
    for (const [limit, offset] of [[5, 0], [5, 5], [7, 25], [50, 0], [1, 29], [3, 30]]) {
      const want = Array.from(
        { length: Math.max(0, Math.min(limit, 30 - offset)) },
        (_, i) => offset + i + 1,
      );
      expect((await page.all({ limit, offset })).map((r) => r.id)).toEqual(want);
      const built = await conn.db.select({ id: items.id }).from(items).orderBy(asc(items.name))
        .limit(limit).offset(offset);
      expect(built.map((r) => r.id)).toEqual(want);
    }
    const [one] = await conn.db.select().from(items).where(sql`${items.id} = ${12}`).limit(1);
    expect(one).toEqual({ id: 12, name: "item 12" });
    // Inside a transaction too (its handle runs statements through the same cache).
    const inTx = await conn.transaction((tx) => tx.select({ id: items.id }).from(items).limit(2).offset(28));
    expect(inTx.map((r) => r.id)).toEqual([29, 30]);
  });

  it("makes a planned statement's limit part of its text once, so the driver has nothing to rewrite per run", async () => {
    const built = conn.db.select({ id: items.id }).from(items).where(eq(items.name, sql.placeholder("name")))
      .limit(1).toSQL();
    expect(built.sql).toMatch(/limit \?$/);
    expect(planOf(built)).toEqual({
      sql: 'select "id" from "items" where "items"."name" = ? limit 1',
      params: [{ name: "name" }],
    });
    // A limit given by the caller stays a parameter.
    const paged = conn.db.select({ id: items.id }).from(items).limit(sql.placeholder("n")).toSQL();
    expect(planOf(paged)).toEqual({ sql: 'select "id" from "items" limit ?', params: [{ name: "n" }] });
    // Run in a transaction, it answers as drizzle's own statement would.
    const found = await conn.transaction(async (tx) => {
      const out: unknown[][] = [];
      for (const id of [3, 4, 99]) {
        out.push(
          ...await arrays(
            tx,
            "recompiles.itemByName",
            (on) =>
              on.select({ id: items.id }).from(items).where(eq(items.name, sql.placeholder("name"))).limit(1),
            { name: `item ${String(id).padStart(2, "0")}` },
          ),
        );
      }
      return out;
    });
    expect(found).toEqual([[3], [4]]);
  });
});

describe("the planner's statistics on a connection", () => {
  const counts = (file: string) => {
    const raw = new DatabaseSync(file);
    try {
      const n = (t: string) => (raw.prepare(`SELECT count(*) AS n FROM ${t}`).get() as { n: number }).n;
      const estimate = raw.prepare("SELECT stat FROM sqlite_stat1 WHERE idx = 'lines_product'").get();
      return { stat1: n("sqlite_stat1"), estimate: estimate?.stat, stat4: n("sqlite_stat4") };
    } finally {
      raw.close();
    }
  };

  it("keeps a full ANALYZE's row estimates and drops its value samples on opening; optimize takes none", async () => {
    const file = join(dir, "stats.db");
    const raw = new DatabaseSync(file);
    raw.exec("CREATE TABLE lines (id INTEGER PRIMARY KEY, product INTEGER NOT NULL, qty INTEGER NOT NULL)");
    raw.exec("CREATE INDEX lines_product ON lines (product)");
    const insert = raw.prepare("INSERT INTO lines (product, qty) VALUES (?, ?)");
    const fill = (n: number) => {
      raw.exec("BEGIN");
      for (let i = 0; i < n; i++) insert.run(i % 37, i);
      raw.exec("COMMIT");
    };
    fill(2000);
    raw.exec("ANALYZE");
    raw.close();
    const before = counts(file);
    expect(before.stat1).toBeGreaterThan(0);
    expect(before.stat4).toBeGreaterThan(0);

    const opened = new LocalConnection(`file:${file}`);
    try {
      expect(counts(file)).toEqual({ ...before, stat4: 0 });
      // The table grows fiftyfold: the hourly optimize analyses it again (within analysis_limit: no samples).
      const again = new DatabaseSync(file);
      again.exec("BEGIN");
      const more = again.prepare("INSERT INTO lines (product, qty) VALUES (?, ?)");
      for (let i = 0; i < 100_000; i++) more.run(i % 41, i);
      again.exec("COMMIT");
      again.close();
      // PRAGMA optimize looks again only at tables this connection has queried.
      await opened.query("SELECT count(*) FROM lines WHERE product = ?", [1]);
      opened.optimize();
      const after = counts(file);
      expect(after.estimate).toMatch(/^102000 /);
      expect(after.stat4).toBe(0);
      // The connection still answers through its index with the estimates it reloaded.
      const plan = await opened.query("EXPLAIN QUERY PLAN SELECT qty FROM lines WHERE product = ?", [3]);
      expect(plan.map((r) => r.detail).join()).toContain("USING INDEX lines_product");
    } finally {
      await opened.close();
    }
  });
});

describe("the planner's statistics of small tables", () => {
  const statsOf = (file: string, table: string) => {
    const raw = new DatabaseSync(file);
    try {
      return raw.prepare("SELECT idx, stat FROM sqlite_stat1 WHERE tbl = ? ORDER BY idx").all(table)
        .map((r) => `${r.idx ?? "-"} ${r.stat}`);
    } finally {
      raw.close();
    }
  };
  const planOf = async (c: LocalConnection, query: string, params: unknown[]) =>
    (await c.query(`EXPLAIN QUERY PLAN ${query}`, params)).map((r) => r.detail).join(" | ");

  it("keeps none below the floor, so a list of ids is read by id as a table grows, and a reopened file writes nothing", async () => {
    const file = join(dir, "floor.db");
    const raw = new DatabaseSync(file);
    raw.exec("PRAGMA journal_mode = WAL");
    raw.exec("CREATE TABLE docs (id INTEGER PRIMARY KEY, kind TEXT NOT NULL)");
    raw.exec("CREATE INDEX docs_kind ON docs (kind)");
    // A table above the floor whose partial index holds a few rows: its counts are no table's.
    raw.exec("CREATE TABLE big (id INTEGER PRIMARY KEY, v INTEGER NOT NULL)");
    raw.exec("CREATE INDEX big_few ON big (v) WHERE v < 10");
    raw.exec("INSERT INTO docs (kind) VALUES ('a'), ('b')");
    raw.exec("BEGIN");
    for (let i = 0; i < STATISTICS_FLOOR * 2; i++) raw.prepare("INSERT INTO big (v) VALUES (?)").run(i);
    raw.exec("COMMIT");
    // A file analysed before there was a floor: the small table counted at its two rows.
    raw.exec("ANALYZE");
    expect(statsOf(file, "docs")).toEqual(["docs_kind 2 1"]);
    const version = raw.prepare("PRAGMA data_version");
    const committed = () => Number((version.get() as { data_version: number }).data_version);

    let opened = new LocalConnection(`file:${file}`);
    try {
      expect(statsOf(file, "docs")).toEqual([]);
      expect(statsOf(file, "big")).toEqual([`- ${STATISTICS_FLOOR * 2}`, "big_few 10 1"]);
      // The table grows to 1,300 rows before any optimize: a list of its ids is still read by id.
      raw.exec("BEGIN");
      for (let i = 0; i < 1300; i++) raw.prepare("INSERT INTO docs (kind) VALUES (?)").run(`k${i % 40}`);
      raw.exec("COMMIT");
      expect(
        await planOf(opened, "SELECT kind FROM docs WHERE id IN (SELECT value FROM json_each(?))", ["[1,2]"]),
      )
        .toMatch(/^SEARCH docs USING INTEGER PRIMARY KEY/);
      expect(await planOf(opened, "SELECT kind FROM docs WHERE id IN (?, ?)", [1, 2]))
        .toMatch(/^SEARCH docs USING INTEGER PRIMARY KEY/);
      expect(await planOf(opened, "SELECT id FROM docs WHERE kind = ?", ["k1"])).toMatch(
        /USING (COVERING )?INDEX docs_kind/,
      );
      // Past the floor, the hourly optimize analyses it.
      opened.optimize();
      expect(statsOf(file, "docs")).toEqual([expect.stringMatching(/^docs_kind 1302 /)]);
    } finally {
      await opened.close();
    }

    // Shrunk below the floor: its counts go on the next open; opened again, nothing is written.
    raw.exec("DELETE FROM docs WHERE id > 5");
    opened = new LocalConnection(`file:${file}`);
    await opened.close();
    expect(statsOf(file, "docs")).toEqual([]);
    for (let round = 0; round < 2; round++) {
      const before = committed();
      opened = new LocalConnection(`file:${file}`);
      try {
        await opened.query("SELECT count(*) FROM docs WHERE kind = ?", ["a"]);
        await opened.query("SELECT count(*) FROM big WHERE v < ?", [5]);
        opened.optimize();
        expect(committed(), `reopened (${round + 1})`).toBe(before);
      } finally {
        await opened.close();
      }
    }
    raw.close();
  });
  it("opens a file whose statistics still name a table renamed since", async () => {
    const file = join(dir, "renamed.db");
    const raw = new DatabaseSync(file);
    raw.exec("CREATE TABLE big (id INTEGER PRIMARY KEY, v INTEGER NOT NULL)");
    raw.exec("CREATE INDEX big_few ON big (v) WHERE v < 10");
    raw.exec("BEGIN");
    for (let i = 0; i < STATISTICS_FLOOR * 2; i++) raw.prepare("INSERT INTO big (v) VALUES (?)").run(i);
    raw.exec("COMMIT");
    raw.exec("ANALYZE");
    // SQLite keeps the old name's rows in sqlite_stat1.
    raw.exec("ALTER TABLE big RENAME TO big2");
    raw.close();
    expect(statsOf(file, "big")).toEqual(["- 400", "big_few 10 1"]);
    const opened = new LocalConnection(`file:${file}`);
    try {
      expect(await opened.query("SELECT count(*) AS n FROM big2")).toEqual([{ n: STATISTICS_FLOOR * 2 }]);
    } finally {
      await opened.close();
    }
  });
});

describe("reading a tenant file", () => {
  it("goes through a memory map of the file, and a read beside an open transaction sees what was committed", async () => {
    expect(MMAP_MIB).toBeGreaterThan(0);
    const [{ mmap_size }] = await conn.query("PRAGMA mmap_size");
    // SQLite caps the map at its compiled limit (2 GiB here).
    expect(Number(mmap_size)).toBe(Math.min(MMAP_MIB * 1024 * 1024, 0x7fff0000));
    // A read during an open transaction goes to the reader connection (which maps the file too).
    await conn.transaction(async (tx) => {
      await tx.insert(items).values({ id: 31, name: "item 31" });
      const seen = await conn.db.select({ id: items.id }).from(items).where(sql`${items.id} = ${31}`);
      expect(seen).toEqual([]);
    });
    expect(await conn.db.select({ id: items.id }).from(items).where(sql`${items.id} = ${31}`)).toEqual([{
      id: 31,
    }]);
  });
});
