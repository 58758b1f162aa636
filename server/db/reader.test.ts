// Reads beside an open transaction: a SELECT through a file connection's handle while that connection's
// transaction is open answers at once from a read-only second connection, with what was committed before;
// after the commit it sees the new rows. Writes outside the transaction still wait for it.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mkdirSync, rmSync } from "node:fs";
import { join, resolve } from "node:path";
import { sql } from "drizzle-orm";
import { LocalConnection } from "./local.ts";

let dir: string;
let conn: LocalConnection;

beforeAll(async () => {
  dir = resolve(".test-data", `reader-${crypto.randomUUID()}`);
  mkdirSync(dir, { recursive: true });
  conn = new LocalConnection(`file:${join(dir, "t.db")}`);
  await conn.query("CREATE TABLE items (id INTEGER PRIMARY KEY, name TEXT NOT NULL)");
  await conn.query("INSERT INTO items (name) VALUES ('a'), ('b')");
});
afterAll(async () => {
  await conn?.close();
  rmSync(dir, { recursive: true, force: true });
});

const names = async () =>
  (await conn.db.values<[string]>(sql`select name from items order by id`)).map(([n]) => n);

describe("a read while a transaction is open", () => {
  it("answers at once with the committed rows, and the new ones after the commit", async () => {
    let finish!: () => void;
    const held = new Promise<void>((r) => (finish = r));
    let inserted!: () => void;
    const insertedNow = new Promise<void>((r) => (inserted = r));
    const tx = conn.transaction(async (t) => {
      await t.run(sql`insert into items (name) values ('c')`);
      inserted();
      await held;
    });
    await insertedNow;
    // The transaction is open with its row written: a read does not wait and does not see the row.
    expect(await names()).toEqual(["a", "b"]);
    const [[n]] = await conn.db.values<[number]>(sql`select count(*) from items`);
    expect(Number(n)).toBe(2);
    // A write outside the transaction waits for it.
    let wrote = false;
    const write = conn.db.run(sql`insert into items (name) values ('d')`).then(() => (wrote = true));
    await new Promise((r) => setTimeout(r, 50));
    expect(wrote).toBe(false);
    finish();
    await tx;
    await write;
    expect(await names()).toEqual(["a", "b", "c", "d"]);
  });

  it("is refused by the reader when it would write (the statement is not a plain select)", async () => {
    let finish!: () => void;
    const held = new Promise<void>((r) => (finish = r));
    const tx = conn.transaction(async () => await held);
    // INSERT ... RETURNING reads rows back but writes: it waits for the transaction instead.
    let done = false;
    const write = conn.db.values(sql`insert into items (name) values ('e') returning id`).then(
      () => (done = true),
    );
    await new Promise((r) => setTimeout(r, 50));
    expect(done).toBe(false);
    finish();
    await tx;
    await write;
    expect(done).toBe(true);
  });
});
