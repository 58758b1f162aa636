// A statement's bound LIMIT written into its text (the local driver per call, prepared.ts's plans once).
export const BOUND_LIMIT = /\slimit \?(?: offset \?)?$/i;

/**
 * A statement's bound LIMIT written into its text. SQLite compiles a statement again every time a LIMIT
 * parameter is bound (the value may change the plan): `… where id = ? limit ?` on a 23-column table took
 * 16 µs a call, `limit 1` 4 µs. Drizzle binds every limit, so a select whose SQL ends in `limit ?` (or
 * `limit ? offset ?`, whose OFFSET costs nothing bound) gets its integer limit inlined; the statement is
 * then one per limit value, prepared once and cached like any other.
 */
export function literalLimit(sql: string, params: unknown[]): [string, unknown[]] {
  const m = BOUND_LIMIT.exec(sql);
  if (!m) return [sql, params];
  const withOffset = m[0].length > " limit ?".length;
  const at = params.length - (withOffset ? 2 : 1);
  const limit = params[at];
  if (typeof limit !== "number" || !Number.isSafeInteger(limit)) return [sql, params];
  return [`${sql.slice(0, m.index)} limit ${limit}${withOffset ? " offset ?" : ""}`, params.toSpliced(at, 1)];
}
