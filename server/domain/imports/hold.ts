// What keeps a running import's records out of other hands until it is published (decision 0018). Its slices
// commit as they go, so others could otherwise change a record it may still have to take back, or make one
// it added a part of theirs (a document's position, a child location), which would keep the undo from
// erasing it. So on the tenant's connection (every write of a tenant in this process goes through it) the
// records it wrote are listed in a TEMP table, and TEMP triggers refuse, with `record.importing`, any write
// that changes or deletes one of them, or points a foreign key at one it added, unless it is the import's
// own (its slice marks itself in `import_self` for the length of the slice's transaction). The triggers are
// made from the schema's foreign keys when an import of a table begins and dropped when the last one ends,
// so nothing else is slowed the rest of the time. TEMP objects live on one connection and die with it: a
// process that ends takes them along, and the journal (import_writes) brings them back when the tenant's
// file is next opened (recover.ts). A tenant on a libSQL server has no hold (TEMP objects do not outlive
// one of its requests): its import is written in slices and taken back from the journal just the same, but
// others' use of its records meanwhile is not refused.
import { sql } from "drizzle-orm";
import type { Connection, Db } from "../../db/connection.ts";
import { runEach } from "../../db/bulk.ts";

/** The message of the triggers' refusal; server/db/constraint.ts knows it. */
export const HELD = "record.importing";

const TABLES = [
  `CREATE TEMP TABLE IF NOT EXISTS import_held (tbl TEXT NOT NULL, id INTEGER NOT NULL, run TEXT NOT NULL,
    added INTEGER NOT NULL, PRIMARY KEY (tbl, id)) WITHOUT ROWID`,
  `CREATE TEMP TABLE IF NOT EXISTS import_self (run TEXT PRIMARY KEY) WITHOUT ROWID`,
];

const q = (name: string) => `"${name.replaceAll('"', '""')}"`;
const held = (table: string, id: string, addedOnly: boolean) =>
  `EXISTS (SELECT 1 FROM temp.import_held h WHERE h.tbl = '${table.replaceAll("'", "''")}' AND h.id = ${id}` +
  `${addedOnly ? " AND h.added" : ""} AND h.run NOT IN (SELECT run FROM temp.import_self))`;
const refuse = `BEGIN SELECT RAISE(ABORT, '${HELD}'); END`;

/** Whether this connection can hold records (a local file; TEMP objects do not outlive a libSQL request). */
export const holds = (conn: Connection) => conn.kind === "local";

/** The triggers that guard `table`'s held records, from the foreign keys that point at it. */
async function triggersOf(tx: Db, table: string): Promise<string[]> {
  const refs = await tx.all<[string, string]>(sql`
    SELECT m.name, f."from" FROM sqlite_schema m, pragma_foreign_key_list(m.name) f
    WHERE m.type = 'table' AND f."table" = ${table} AND coalesce(f."to", 'id') = 'id'
    ORDER BY m.name, f."from"`);
  const prefix = `import_hold:${table}`;
  const out = [
    `CREATE TEMP TRIGGER IF NOT EXISTS ${q(`${prefix}:update`)} BEFORE UPDATE ON main.${q(table)}
      WHEN ${held(table, "OLD.id", false)} ${refuse}`,
    `CREATE TEMP TRIGGER IF NOT EXISTS ${q(`${prefix}:delete`)} BEFORE DELETE ON main.${q(table)}
      WHEN ${held(table, "OLD.id", false)} ${refuse}`,
  ];
  for (const [child, column] of refs) {
    const name = `${prefix}:${child}.${column}`;
    out.push(
      `CREATE TEMP TRIGGER IF NOT EXISTS ${q(`${name}:insert`)} BEFORE INSERT ON main.${q(child)}
        WHEN NEW.${q(column)} IS NOT NULL AND ${held(table, `NEW.${q(column)}`, true)} ${refuse}`,
      `CREATE TEMP TRIGGER IF NOT EXISTS ${q(`${name}:update`)} BEFORE UPDATE OF ${q(column)} ON main.${
        q(child)
      }
        WHEN NEW.${q(column)} IS NOT OLD.${q(column)} AND ${held(table, `NEW.${q(column)}`, true)} ${refuse}`,
    );
  }
  return out;
}

/**
 * Starts a slice of run `run` (writing `table`, if it writes), inside the slice's transaction: the guard is
 * in place and the slice's own writes pass it. `endSlice` before the transaction commits.
 */
export async function beginSlice(tx: Db, conn: Connection, run: string, table?: string): Promise<void> {
  if (!holds(conn)) return;
  for (const ddl of TABLES) await tx.run(sql.raw(ddl));
  if (table) await guard(tx, table);
  await tx.run(sql`INSERT OR IGNORE INTO temp.import_self (run) VALUES (${run})`);
}

/** The triggers of `table`, made once while any run holds records of it. */
async function guard(tx: Db, table: string): Promise<void> {
  const [guarded] = await tx.all<[number]>(sql`SELECT count(*) FROM sqlite_temp_master
    WHERE type = 'trigger' AND name = ${`import_hold:${table}:update`}`);
  if (!guarded?.[0]) { for (const ddl of await triggersOf(tx, table)) await tx.run(sql.raw(ddl)); }
}

export async function endSlice(tx: Db, conn: Connection, run: string): Promise<void> {
  if (!holds(conn)) return;
  await tx.run(sql`DELETE FROM temp.import_self WHERE run = ${run}`);
}

/** Holds records of `table` that run `run` wrote (`added`: made by it, so nothing may point at them). */
export async function hold(
  tx: Db,
  conn: Connection,
  run: string,
  table: string,
  records: { id: number; added: boolean }[],
): Promise<void> {
  if (!holds(conn) || records.length === 0) return;
  await runEach(
    tx,
    "INSERT OR REPLACE INTO temp.import_held (tbl, id, run, added) VALUES (?, ?, ?, ?)",
    records.map((r) => [table, r.id, run, r.added ? 1 : 0]),
  );
}

/** Lets go of a record the run no longer holds (taken back). */
export async function unhold(tx: Db, conn: Connection, table: string, id: number): Promise<void> {
  if (!holds(conn)) return;
  await tx.run(sql`DELETE FROM temp.import_held WHERE tbl = ${table} AND id = ${id}`);
}

/** Lets go of everything run `run` holds; a table no run holds any more loses its triggers. */
export async function release(tx: Db, conn: Connection, run: string): Promise<void> {
  if (!holds(conn)) return;
  const [made] = await tx.all<[number]>(
    sql`SELECT count(*) FROM sqlite_temp_master WHERE name = 'import_held'`,
  );
  if (!made?.[0]) return;
  await tx.run(sql`DELETE FROM temp.import_held WHERE run = ${run}`);
  await tx.run(sql`DELETE FROM temp.import_self WHERE run = ${run}`);
  const triggers = await tx.all<[string]>(
    sql`SELECT name FROM sqlite_temp_master WHERE type = 'trigger' AND name LIKE 'import_hold:%'`,
  );
  const stillHeld = new Set(
    (await tx.all<[string]>(sql`SELECT DISTINCT tbl FROM temp.import_held`)).map(([t]) => t),
  );
  for (const [name] of triggers) {
    if (!stillHeld.has(name.split(":")[1])) await tx.run(sql.raw(`DROP TRIGGER IF EXISTS temp.${q(name)}`));
  }
}
