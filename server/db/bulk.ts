// Bulk inserts: many rows by one INSERT ... SELECT whose rows travel as a single JSON parameter, read back
// with json_each. drizzle's insert builder spends about 0.15 ms of JavaScript per row building SQL and
// SQLite limits a statement to 32,766 bound values; one parameter avoids both, on node:sqlite and libSQL.
import { getTableColumns, sql } from "drizzle-orm";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import { type Db, eachOf, runsOnThread } from "./connection.ts";

/**
 * Rows per statement inside a node:sqlite transaction. It lets the event loop turn between its statements once
 * a slice of work has passed (server/db/local.ts), never within one: a 1,000-position document's positions in
 * one statement held every other request of the thread 16 ms (2026-12-02, bench/README.md, orders); 250 take
 * about 4 ms, the length of a slice. Outside a transaction the rows stay one statement, so that they are
 * written all or none; in a libSQL transaction too, where each statement is a round trip and none holds the
 * thread.
 */
export const INSERT_CHUNK_ROWS = 250;

/**
 * Inserts `rows` (every row with the same keys, the table's property names) and answers the `returning`
 * columns of each inserted row, as arrays, in no particular order: in one statement, or inside a node:sqlite
 * transaction in statements of INSERT_CHUNK_ROWS, one after another in the rows' order.
 */
export async function insertMany(
  tx: Db,
  table: SQLiteTable,
  rows: Record<string, unknown>[],
  returning: SQLiteColumn[] = [],
): Promise<unknown[][]> {
  if (rows.length === 0) return [];
  if (rows.length > INSERT_CHUNK_ROWS && runsOnThread(tx)) {
    const out: unknown[][] = [];
    for (let i = 0; i < rows.length; i += INSERT_CHUNK_ROWS) {
      out.push(...await insertOne(tx, table, rows.slice(i, i + INSERT_CHUNK_ROWS), returning));
    }
    return out;
  }
  return await insertOne(tx, table, rows, returning);
}

async function insertOne(
  tx: Db,
  table: SQLiteTable,
  rows: Record<string, unknown>[],
  returning: SQLiteColumn[],
): Promise<unknown[][]> {
  const columns = getTableColumns(table) as Record<string, SQLiteColumn>;
  const keys = Object.keys(rows[0]);
  for (const key of keys) if (!columns[key]) throw new Error(`insertMany: ${key} is no column of the table`);
  const payload = JSON.stringify(rows.map((row) =>
    keys.map((key) => {
      const value = row[key];
      return value === null || value === undefined ? null : columns[key].mapToDriverValue(value);
    })
  ));
  const names = sql.join(keys.map((key) => sql.identifier(columns[key].name)), sql`, `);
  const values = sql.join(keys.map((_, i) => sql.raw(`value ->> ${i}`)), sql`, `);
  const back = returning.length
    ? sql` RETURNING ${sql.join(returning.map((c) => sql.identifier(c.name)), sql`, `)}`
    : sql``;
  // ORDER BY key keeps the JSON array's order, so ids are given out in the order of `rows`.
  const statement =
    sql`INSERT INTO ${table} (${names}) SELECT ${values} FROM json_each(${payload}) ORDER BY key${back}`;
  if (!returning.length) {
    await tx.run(statement);
    return [];
  }
  return await tx.all<unknown[]>(statement);
}

/**
 * Runs `sql` (plain SQL with `?` placeholders) once per row of `rows` inside the transaction `tx`, and
 * answers what the runs returned (with a RETURNING clause), in order. On node:sqlite one prepared statement
 * is stepped per row; on libSQL the rows go as one batch.
 */
export async function runEach(tx: Db, sql: string, rows: unknown[][]): Promise<unknown[][]> {
  const each = eachOf(tx);
  if (!each) throw new Error("runEach needs a transaction handle");
  return await each(sql, rows);
}
