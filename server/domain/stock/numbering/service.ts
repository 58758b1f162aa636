// Counters behind the numbering schemas: monotonic per scope and period, inside the caller's transaction.
import { sql } from "drizzle-orm";
import type { Db } from "../../../db/connection.ts";
import { formatNumber, type NumberingSchemaValue, periodOf } from "../../../../shared/numbering/format.ts";

/** Takes the next value of a counter (1 for a new scope or period). Never gives a value twice. */
export async function takeCounter(tx: Db, scope: string, period: string): Promise<number> {
  const [row] = await tx.all<[number]>(sql`
    INSERT INTO numbering_counters (scope, period, value) VALUES (${scope}, ${period}, 1)
    ON CONFLICT (scope, period) DO UPDATE SET value = value + 1
    RETURNING value`);
  return Number(row[0]);
}

/** The next number of a schema at date `at`, taking its counter. */
export async function takeNumber(
  tx: Db,
  scope: string,
  schema: NumberingSchemaValue,
  at: Date,
): Promise<string> {
  const counter = await takeCounter(tx, scope, periodOf(schema, at));
  return formatNumber(schema, counter, at);
}

/**
 * The next number of `scope` no row holds yet (`isTaken`): for numbers nobody asked to see collide, such as
 * drafts and containers, a number someone already holds (after a schema change) is skipped, not refused.
 */
export async function takeFreeNumber(
  tx: Db,
  scope: string,
  schema: NumberingSchemaValue,
  at: Date,
  isTaken: (number: string) => Promise<boolean>,
): Promise<string> {
  for (let attempt = 0; attempt < 1000; attempt++) {
    const number = await takeNumber(tx, scope, schema, at);
    if (!(await isTaken(number))) return number;
  }
  throw new Error(`numbering ${scope}: 1000 numbers in a row are taken`);
}
