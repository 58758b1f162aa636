// Hot statements prepared once per connection handle. Drizzle builds a statement's SQL from its builder on
// every call (about 80 µs for a select of a 25-column table, against 6 µs for the query itself); a prepared
// query (`.prepare()` with `sql.placeholder`s) is built once and then only run. The cache is keyed by the
// connection's handle, so it goes when the connection goes; a transaction's short-lived handle reaches it
// through its host (connection.ts `TransactionHost`).
import { and, Column, eq, getTableColumns, getTableName, is, Placeholder, SQL, sql } from "drizzle-orm";
import { type SQLiteColumn, SQLiteSyncDialect, type SQLiteTable } from "drizzle-orm/sqlite-core";
import { type Db, eachOf, hostOf } from "./connection.ts";
import { compileShape, prop } from "../kernel/shape.ts";
import { literalLimit } from "./limit.ts";

export type { Prepared } from "../kernel/database.ts";
import type { Prepared } from "../kernel/database.ts";

/**
 * Maps a whole-table select's rows (arrays, as `values()` answers them) to objects as drizzle's `all()`
 * would, for about half the cost: a table's columns in their declared order, each value decoded by its
 * column (booleans, JSON, dates) and NULL left as null. `select()` of a table lists its columns in this order.
 */
export function rowMapper(
  columns: Record<string, { mapFromDriverValue(value: unknown): unknown }>,
): (rows: unknown[][]) => Record<string, unknown>[] {
  const one = compileShape<(row: unknown[]) => Record<string, unknown>>(
    ["row"],
    Object.entries(columns).map(([key, column], i) => ({
      key,
      source: (use) => {
        const v = prop("row", i);
        return `${v} === null || ${v} === undefined ? null : ${use(column)}.mapFromDriverValue(${v})`;
      },
    })),
  );
  return (rows) => rows.map(one);
}

const byHandle = new WeakMap<Db, Map<string, unknown>>();

/**
 * The statement `key` names on `db`, built by `build` the first time. `key` must name one statement shape
 * for the process (a module-level constant, or one per declared entity). `build` builds on the handle it
 * is given: for a transaction's handle that is its connection's lasting host (connection.ts), so the
 * statement is built once per connection, not once per transaction, and still refuses to run for a
 * transaction that has ended.
 */
export function prepared<P extends Record<string, unknown>, R>(
  db: Db,
  key: string,
  build: (db: Db) => unknown,
): Prepared<P, R> {
  const host = hostOf(db);
  const on = host?.db ?? db;
  let statements = byHandle.get(on);
  if (!statements) byHandle.set(on, statements = new Map());
  let statement = statements.get(key) as Prepared<P, R> | undefined;
  if (!statement) statements.set(key, statement = build(on) as Prepared<P, R>);
  return host ? guarded(statement, host.live) : statement;
}

/** A statement's SQL and its parameters in order: a placeholder's name, or a value the SQL carries itself. */
export interface StatementPlan {
  sql: string;
  params: ({ name: string } | { value: unknown })[];
}

/**
 * The plan of a statement drizzle built (`toSQL()`): made once, then run without drizzle. A LIMIT the
 * statement carries as a value (`.limit(1)`) is written into its text here, once, rather than by the driver
 * on every run (limit.ts).
 */
export function planOf(built: { sql: string; params: unknown[] }): StatementPlan {
  const [text, params] = literalLimit(built.sql, built.params);
  return {
    sql: text,
    params: params.map((p) => is(p, Placeholder) ? { name: (p as Placeholder).name } : { value: p }),
  };
}

const statementPlans = new Map<string, StatementPlan>();
const dialect = new SQLiteSyncDialect();

/**
 * The rows, as arrays, of a statement written as SQL (`query`, its parameters `sql.placeholder`s named in
 * `params`) rather than built: inside a transaction straight to the driver, its plan made once for the
 * process under `key`; elsewhere undefined, for the caller to run it through drizzle (a transaction's hot
 * aggregate, which drizzle would build from its template again on every call).
 */
export async function sqlArrays(
  db: Db,
  key: string,
  query: () => SQL,
  params: Record<string, unknown>,
): Promise<unknown[][] | undefined> {
  const each = eachOf(db);
  return each && await runPlanned(each, key, () => dialect.sqlToQuery(query()), params);
}

/** The statement `key` names run by a transaction's runner, its plan taken from `toSQL` once for the process. */
async function runPlanned(
  each: NonNullable<ReturnType<typeof eachOf>>,
  key: string,
  toSQL: () => { sql: string; params: unknown[] },
  params: Record<string, unknown>,
): Promise<unknown[][]> {
  let plan = statementPlans.get(key);
  if (!plan) statementPlans.set(key, plan = planOf(toSQL()));
  return await each(plan.sql, [plan.params.map((p) => "name" in p ? params[p.name] : p.value)]);
}

/**
 * The rows, as arrays, of the statement `key` names (as for `prepared`), with its placeholders' `params`.
 * Inside a transaction (connection.ts `eachOf`) it goes straight to the driver, its plan taken from `build`
 * once for the process; elsewhere it is `prepared`'s statement. For checks run per record of a long write (an
 * import's unique values): drizzle's prepared query looks at each parameter and maps each row again on
 * every run.
 */
export async function arrays(
  db: Db,
  key: string,
  build: (on: Db) => { toSQL(): { sql: string; params: unknown[] }; prepare(): unknown },
  params: Record<string, unknown>,
): Promise<unknown[][]> {
  const each = eachOf(db);
  if (!each) {
    return await prepared<Record<string, unknown>, never>(db, key, (on) => build(on).prepare()).values(
      params,
    ) as unknown[][];
  }
  return await runPlanned(each, key, () => build(db).toSQL(), params);
}

const ended = () => Promise.reject(new Error("Transaction handle used outside its transaction"));

/** `statement` run only while the transaction whose handle reached it is open. */
function guarded<P extends Record<string, unknown>, R>(statement: Prepared<P, R>, live: () => boolean) {
  return {
    all: (p: P) => live() ? statement.all(p) : ended(),
    get: (p: P) => live() ? statement.get(p) : ended(),
    values: (p: P) => live() ? statement.values(p) : ended(),
    run: (p: P) => live() ? statement.run(p) : ended(),
  } as Prepared<P, R>;
}

/** A select builder as `overIds` takes it: its SQL, its prepared query and (at run time) its selection. */
type OverIdsSelect = { toSQL(): { sql: string; params: unknown[] }; prepare(): unknown };

/**
 * A select over a list of ids (see `arrays`: straight to the driver inside a transaction, prepared once per
 * connection elsewhere): `build` gets the handle to build on and the ids as SQL (`IN ${ids}` reads them from
 * one JSON array); run it with `.all({ ids: JSON.stringify(list) })` for objects or `.values(…)` for arrays.
 * A flat selection's rows become objects by a mapper compiled once per key (`rowMapper`), not by drizzle's
 * generic mapping on every run (a list page's names, links and value lists: 4 to 6 such reads a page).
 */
export function overIds<R>(db: Db, key: string, build: (on: Db, ids: SQL) => OverIdsSelect) {
  const built = (on: Db) => build(on, idsIn());
  return {
    values: (params: { ids: string }): Promise<unknown[][]> => arrays(db, key, built, params),
    all: async (params: { ids: string }): Promise<R[]> => {
      const map = selectionMapper(key, () => built(db));
      if (!map) return await prepared<{ ids: string }, R>(db, key, (on) => built(on).prepare()).all(params);
      return map(await arrays(db, key, built, params)) as R[];
    },
  };
}

/** An SQL expression's decoder (drizzle's own, `sql<T>\`…\`.mapWith(…)`; internal to its types). */
const decoderOf = (expression: SQL) =>
  (expression as unknown as { decoder: { mapFromDriverValue(value: unknown): unknown } }).decoder;

/** Mappers of flat selections by statement key, for the process (null: not flat, drizzle maps it). */
const selectionMappers = new Map<string, ((rows: unknown[][]) => Record<string, unknown>[]) | null>();

/**
 * The row mapper of a select whose selection is flat (each field a column or an SQL expression, aliased or
 * not), each value decoded as drizzle's own mapping decodes it; null for any other selection.
 */
function selectionMapper(key: string, query: () => unknown) {
  let map = selectionMappers.get(key);
  if (map !== undefined) return map;
  const fields = (query() as { _?: { selectedFields?: Record<string, unknown> } })._?.selectedFields;
  const decoders: Record<string, { mapFromDriverValue(value: unknown): unknown }> = {};
  let flat = fields !== undefined;
  for (const [name, field] of Object.entries(fields ?? {})) {
    if (is(field, Column)) decoders[name] = field;
    else if (is(field, SQL)) decoders[name] = decoderOf(field);
    else if (is(field, SQL.Aliased)) decoders[name] = decoderOf(field.sql);
    else flat = false;
  }
  map = flat ? rowMapper(decoders) : null;
  selectionMappers.set(key, map);
  return map;
}

/** The ids of the JSON array the placeholder `ids` is given, as SQL (`x IN ${idsIn()}`). */
export const idsIn = (): SQL => sql`(SELECT value FROM json_each(${sql.placeholder("ids")}))`;

type AnyTable = SQLiteTable & { id: SQLiteColumn };
const mappers = new WeakMap<SQLiteTable, (rows: unknown[][]) => Record<string, unknown>[]>();

/** `rowMapper` of a whole-table select of `table`, made once per table. */
export function rowsOf<T extends SQLiteTable>(table: T): (rows: unknown[][]) => T["$inferSelect"][] {
  let map = mappers.get(table);
  if (!map) mappers.set(table, map = rowMapper(getTableColumns(table)));
  return map as (rows: unknown[][]) => T["$inferSelect"][];
}

/** The row of `table` whose id is `id`, or undefined. */
export async function rowById<T extends AnyTable>(
  db: Db,
  table: T,
  id: number,
): Promise<T["$inferSelect"] | undefined> {
  const rows = await arrays(
    db,
    `rowById:${getTableName(table)}`,
    (on) => on.select().from(table as SQLiteTable).where(eq(table.id, sql.placeholder("id"))),
    { id },
  );
  return rows.length ? rowsOf(table)(rows)[0] : undefined;
}

const generated = new WeakMap<SQLiteTable, boolean>();

/** Sets of columns prepared per table and connection for insertRow; past this many, the builder is used. */
const INSERT_SHAPES = 16;
const insertShapes = new WeakMap<Db, Map<string, Set<string>>>();

function shapeAllowed(db: Db, table: string, key: string): boolean {
  const on = hostOf(db)?.db ?? db;
  let tables = insertShapes.get(on);
  if (!tables) insertShapes.set(on, tables = new Map());
  let shapes = tables.get(table);
  if (!shapes) tables.set(table, shapes = new Set());
  if (shapes.has(key)) return true;
  if (shapes.size >= INSERT_SHAPES) return false;
  shapes.add(key);
  return true;
}

/**
 * Inserts `values` (a row by the table's property names) and answers the stored row, by one statement
 * prepared per connection and per set of columns given. Values are encoded here as drizzle would (NULL
 * kept, booleans and JSON by their column). A table with columns drizzle fills by a function at insert
 * ($defaultFn, $onUpdateFn) goes through drizzle's builder, which calls them per row.
 */
export async function insertRow<T extends SQLiteTable>(
  db: Db,
  table: T,
  values: Record<string, unknown>,
): Promise<T["$inferSelect"]> {
  return (await insert(db, table, values, true))!;
}

/** `insertRow` without reading the row back (a log entry's large JSON is not copied out again). */
export async function insertValues<T extends SQLiteTable>(
  db: Db,
  table: T,
  values: Record<string, unknown>,
): Promise<void> {
  await insert(db, table, values, false);
}

async function insert<T extends SQLiteTable>(
  db: Db,
  table: T,
  values: Record<string, unknown>,
  returning: boolean,
): Promise<T["$inferSelect"] | undefined> {
  const { columns, name } = tableOf(table);
  const byFunction = generatedBy(table, columns);
  const given = givenColumns(table, values);
  const key = `insert${returning ? "Row" : "Values"}:${name}:${given.key}`;
  const keys = given.keys;
  // A value given as SQL (an expression to evaluate) is the builder's too, and so is a set of columns past the
  // few a table's callers give (a client leaving out optional fields makes one set per combination).
  if (byFunction || given.expression || !shapeAllowed(db, name, key)) {
    const built = db.insert(table).values(values as never);
    if (!returning) return void await built;
    const [row] = await built.returning() as T["$inferSelect"][];
    return row;
  }
  const build = (on: Db) => {
    const built = on.insert(table).values(
      Object.fromEntries(keys.map((k) => [k, sql`${sql.placeholder(k)}`])) as never,
    );
    return returning ? built.returning() : built;
  };
  // Inside a transaction (connection.ts `eachOf`), the statement's SQL
  // and its values' encoder are made once per shape and the row goes straight to the driver: drizzle's
  // prepared query looks at each of its parameters again on every run (a product's 41: about a third of an
  // import's JavaScript per row).
  const each = eachOf(db);
  if (each) {
    const plan = insertPlan(table, key, columns, () => build(db).toSQL());
    const rows = await each(plan.sql, [plan.encode(values)]);
    return returning ? rowsOf(table)(rows as unknown[][])[0] : undefined;
  }
  const statement = prepared<Record<string, unknown>, never>(db, key, (on) => build(on).prepare());
  const bound: Record<string, unknown> = {};
  for (const k of keys) bound[k] = values[k] === null ? null : columns[k].mapToDriverValue(values[k]);
  if (!returning) return void await statement.run(bound);
  return rowsOf(table)(await statement.values(bound))[0];
}

/**
 * Sets `values` (by the table's property names; undefined left out) on the row `id`, only while its version
 * is `version` when one is given, and answers the row as now stored, or undefined when none was changed (a
 * version check that failed). Inside a transaction its plan is made once per table and set of columns and
 * the row goes straight to the driver (the engine's every edit); elsewhere, and for a table whose columns
 * drizzle fills by a function on update, or a value given as SQL, through drizzle's builder.
 */
export async function updateRow<T extends SQLiteTable>(
  db: Db,
  table: T,
  values: Record<string, unknown>,
  id: number,
  version?: number,
): Promise<T["$inferSelect"] | undefined> {
  const { columns, name } = tableOf(table);
  const given = givenColumns(table, values);
  const keys = given.keys;
  const versioned = version !== undefined;
  const idColumn = columns.id;
  const versionColumn = columns.version;
  const each = eachOf(db);
  if (!each || generatedBy(table, columns) || given.expression) {
    const where = versioned ? and(eq(idColumn, id), eq(versionColumn, version)) : eq(idColumn, id);
    const [row] = await db.update(table).set(values as never).where(where).returning();
    return row as T["$inferSelect"] | undefined;
  }
  const key = `update:${name}:${versioned ? "versioned:" : ""}${given.key}`;
  const plan = insertPlan(table, key, columns, () => {
    const set = Object.fromEntries(keys.map((k) => [k, sql`${sql.placeholder(k)}`]));
    const byId = eq(idColumn, sql.placeholder(UPDATE_ID));
    return db.update(table).set(set as never)
      .where(versioned ? and(byId, eq(versionColumn, sql.placeholder(UPDATE_VERSION))) : byId)
      .returning().toSQL();
  });
  const rows = await each(plan.sql, [plan.encode({ ...values, [UPDATE_ID]: id, [UPDATE_VERSION]: version })]);
  return rows.length ? rowsOf(table)(rows as unknown[][])[0] : undefined;
}

/** updateRow's placeholders of the row it changes (no table has columns by these names). */
const UPDATE_ID = "$id";
const UPDATE_VERSION = "$version";

/** A table's columns by property name, their names in declared order, and its SQL name: found once. */
const tables = new WeakMap<
  SQLiteTable,
  { columns: Record<string, SQLiteColumn>; props: string[]; name: string }
>();
function tableOf(table: SQLiteTable) {
  let found = tables.get(table);
  if (!found) {
    const columns = getTableColumns(table) as Record<string, SQLiteColumn>;
    tables.set(table, found = { columns, props: Object.keys(columns), name: getTableName(table) });
  }
  return found;
}

/**
 * The columns `values` gives (undefined left out), in the table's order, and their statement key; whether
 * one is given as SQL. One pass over the table's columns: an import inserts every row of its file, and
 * listing, filtering and sorting the values' keys took a product's insert 8 µs.
 */
function givenColumns(table: SQLiteTable, values: Record<string, unknown>) {
  const keys: string[] = [];
  let key = "";
  let expression = false;
  for (const k of tableOf(table).props) {
    const v = values[k];
    if (v === undefined) continue;
    keys.push(k);
    key = key ? `${key},${k}` : k;
    if (typeof v === "object" && v !== null && v instanceof SQL) expression = true;
  }
  return { keys, key, expression };
}

/** Whether drizzle fills a column of `table` by a function ($defaultFn, $onUpdateFn), found once. */
function generatedBy(table: SQLiteTable, columns: Record<string, SQLiteColumn>): boolean {
  let byFunction = generated.get(table);
  if (byFunction === undefined) {
    byFunction = Object.values(columns).some((c) => {
      const fill = c as unknown as { defaultFn?: unknown; onUpdateFn?: unknown };
      return fill.defaultFn !== undefined || fill.onUpdateFn !== undefined;
    });
    generated.set(table, byFunction);
  }
  return byFunction;
}

interface InsertPlan {
  sql: string;
  /** The statement's parameters from a row's values, in order, each encoded by its column. */
  encode(values: Record<string, unknown>): unknown[];
}

/**
 * Insert (and updateRow's) plans by table and statement key (its set of columns), for the process; past
 * INSERT_PLANS sets of a table's columns (each connection takes INSERT_SHAPES of them, and tenants may differ),
 * a plan is made for the call and not kept.
 */
const insertPlans = new WeakMap<SQLiteTable, Map<string, InsertPlan>>();
const INSERT_PLANS = 64;

function insertPlan(
  table: SQLiteTable,
  key: string,
  columns: Record<string, SQLiteColumn>,
  toSql: () => { sql: string; params: unknown[] },
): InsertPlan {
  let plans = insertPlans.get(table);
  if (!plans) insertPlans.set(table, plans = new Map());
  let plan = plans.get(key);
  if (plan) return plan;
  const { sql: text, params } = planOf(toSql());
  const sources = params.map((p) => {
    if ("value" in p) return () => p.value;
    const { name } = p;
    const column = columns[name];
    return (values: Record<string, unknown>) => {
      const v = values[name];
      return v === null || v === undefined ? null : column ? column.mapToDriverValue(v) : v;
    };
  });
  plan = { sql: text, encode: (values) => sources.map((source) => source(values)) };
  if (plans.size < INSERT_PLANS) plans.set(key, plan);
  return plan;
}
