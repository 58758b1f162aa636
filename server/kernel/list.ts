// The paged list of the API contract: PageNumber, PageSize, sortColumn, sortDescending and
// BasicFiltersSerialized (AND-ed {field, operator, value}), answering {results, allFilteredRowCount}.
// Pages are read by a deferred join: the page's ids come from the (indexed) sort order first, then only
// those rows are read, so a deep page does not drag whole rows through an OFFSET scan; a page past the
// middle is read from the other end. The count comes first and may be remembered (ListOptions); a quick
// search goes through the resource's trigram index where it finds the same rows (quick_search.ts).
import { and, asc, desc, getTableName, inArray, type SQL, sql } from "drizzle-orm";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import { z } from "zod";
import { isPlainNumber, paramInt } from "./params.ts";
import { AppError } from "./errors.ts";
import { type ListOperator, listOperators } from "../../shared/list/contract.ts";
import type { CountCache, CountStatement, Db, Prepared } from "./database.ts";
import { ftsPhrase, indexAnswers } from "./quick_search.ts";

export type FieldType = "text" | "number" | "boolean" | "date";

export interface ListField {
  column: SQLiteColumn;
  type: FieldType;
  sortable?: boolean;
  filterable?: boolean;
  /** Included in the quick search (`*` contains). */
  searchable?: boolean;
  /**
   * For values kept in another table, one row per value (a product's barcodes): `column` is there, `owner`
   * names the listed row, and a row matches when any of its values does. Such a field cannot be sorted.
   */
  through?: { owner: SQLiteColumn; id: SQLiteColumn };
  /**
   * One step further for a `through` field: the condition on the listed row from the condition on `id`
   * (a container from its stock lines' products, a document from its positions' products).
   */
  via?: (onId: SQL) => SQL;
}

export const MAX_PAGE_SIZE = 1000;

export const listQuerySchema = z.object({
  PageNumber: paramInt(1, Number.MAX_SAFE_INTEGER, 1),
  PageSize: paramInt(1, MAX_PAGE_SIZE, 50),
  sortColumn: z.string().max(64).optional(),
  sortDescending: z.enum(["true", "false"]).default("false").transform((v) => v === "true"),
  BasicFiltersSerialized: z.string().max(20_000).optional(),
});
export type ListQuery = z.output<typeof listQuerySchema>;

const operators = listOperators;
type Operator = ListOperator;

const filterSchema = z.array(z.object({
  field: z.string().min(1).max(64),
  operator: z.enum(operators),
  value: z.unknown().optional(),
}));

function bad(detail: string): AppError {
  return new AppError("request.badQuery", { params: { detail } });
}

/**
 * A GLOB pattern that finds `value` as plain text in any letter case. SQLite's LIKE and lower() fold only
 * ASCII, so "łódź" would miss "Łódź"; GLOB compares whole characters, and each cased letter becomes a
 * class of its case variants. `*`, `?` and `[` are bracketed; `%`, `_` and the backslash mean nothing to GLOB.
 */
export function matchPattern(value: string, prefixOnly: boolean): string {
  let out = "";
  for (const ch of value) {
    const variants = new Set(
      [ch, ch.toLowerCase(), ch.toUpperCase(), ch.toUpperCase().toLowerCase(), ch.toLowerCase().toUpperCase()]
        .filter((v) => [...v].length === 1),
    );
    if (variants.size > 1) out += `[${[...variants].join("")}]`;
    else if (ch === "*" || ch === "?" || ch === "[") out += `[${ch}]`;
    else out += ch;
  }
  return prefixOnly ? `${out}*` : `*${out}*`;
}

/**
 * `col` contains (or starts with) `value` in any letter case. An ASCII-only value is matched with LIKE,
 * whose ASCII case folding then finds exactly what the GLOB classes would, about three times faster over
 * a full scan; any other value needs matchPattern's GLOB.
 */
function textMatch(col: SQLiteColumn, value: string, prefixOnly: boolean): SQL {
  // deno-lint-ignore no-control-regex
  if (/^[\x00-\x7f]*$/.test(value)) {
    const escaped = value.replace(/[\\%_]/g, (c) => `\\${c}`);
    return sql`${col} LIKE ${prefixOnly ? `${escaped}%` : `%${escaped}%`} ESCAPE '\\'`;
  }
  return sql`${col} GLOB ${matchPattern(value, prefixOnly)}`;
}

function scalar(field: string, f: ListField, v: unknown): string | number {
  if (f.type === "number") {
    // A number sent as text is read only in plain decimal ("0x1" or "1e0" would be 1 to Number()).
    const n = typeof v === "number" ? v : typeof v === "string" && isPlainNumber(v) ? Number(v) : NaN;
    if (!Number.isFinite(n)) throw bad(`filter value of "${field}" must be a number`);
    return n;
  }
  if (f.type === "boolean") {
    if (v === true || v === "true" || v === 1) return 1;
    if (v === false || v === "false" || v === 0) return 0;
    throw bad(`filter value of "${field}" must be true or false`);
  }
  if (typeof v !== "string" && typeof v !== "number") throw bad(`filter value of "${field}" must be text`);
  return String(v);
}

/** `test` on the field's column, or, for a field kept in another table, on any of the row's values there. */
function onField(f: ListField, test: SQL): SQL {
  if (!f.through) return test;
  const table = (f.column as unknown as { table: SQLiteTable }).table;
  const onId = sql`${f.through.id} IN (SELECT ${f.through.owner} FROM ${table} WHERE ${test})`;
  return f.via ? f.via(onId) : onId;
}

function condition(field: string, f: ListField, op: Operator, value: unknown): SQL {
  if (f.through) {
    // A row with no value has none that is null: "is empty" means no value at all, "not X" none equal to X.
    if (op === "isNull") return sql`NOT ${onField(f, sql`1`)}`;
    if (op === "isNotNull") return onField(f, sql`1`);
    if (op === "neq") return sql`NOT ${onField(f, plainCondition(field, f, "eq", value))}`;
    return onField(f, plainCondition(field, f, op, value));
  }
  return plainCondition(field, f, op, value);
}

function plainCondition(field: string, f: ListField, op: Operator, value: unknown): SQL {
  const col = f.column;
  switch (op) {
    case "isNull":
      return sql`${col} IS NULL`;
    case "isNotNull":
      return sql`${col} IS NOT NULL`;
    case "contains":
    case "startsWith": {
      if (typeof value !== "string") throw bad(`filter value of "${field}" must be text`);
      return textMatch(col, value, op === "startsWith");
    }
    case "in": {
      if (!Array.isArray(value) || value.length === 0 || value.length > 1000) {
        throw bad(`filter "in" on "${field}" needs a list of 1 to 1000 values`);
      }
      return inArray(col, value.map((v) => scalar(field, f, v)));
    }
    case "between": {
      if (!Array.isArray(value) || value.length !== 2) {
        throw bad(`filter "between" on "${field}" needs [from, to]`);
      }
      return sql`${col} BETWEEN ${scalar(field, f, value[0])} AND ${scalar(field, f, value[1])}`;
    }
    default: {
      const v = scalar(field, f, value);
      const sym = { eq: "=", neq: "<>", gt: ">", gte: ">=", lt: "<", lte: "<=" }[op];
      return op === "neq" ? sql`(${col} IS NULL OR ${col} <> ${v})` : sql`${col} ${sql.raw(sym)} ${v}`;
    }
  }
}

/**
 * A resource's FTS5 trigram index over exactly its searchable fields (rowid = the row's id), kept by
 * triggers of its migration. See server/kernel/quick_search.ts for when it answers a quick search.
 */
export interface SearchIndex {
  table: string;
}

/** How buildFilters may use a quick search index, and what it did. */
export interface SearchUse {
  id: SQLiteColumn;
  index?: SearchIndex;
  /**
   * Writes the index's condition as `+id IN (...)`, which SQLite cannot drive the page from: it then walks
   * the sort's index and tests each row against the matches instead of sorting all matches.
   */
  walkSortIndex?: boolean;
  /** Set when the index answers the quick search: the term as an FTS5 phrase. */
  phrase?: string;
}

/** The quick search: any searchable field contains `value`, through the index where it finds the same rows. */
function quickSearch(fields: Record<string, ListField>, value: string, search?: SearchUse): SQL {
  const searchable = Object.values(fields).filter((f) => f.searchable);
  if (!searchable.length) throw bad("this list has no quick search");
  if (search?.index && indexAnswers(value)) {
    const fts = sql.identifier(search.index.table);
    search.phrase = ftsPhrase(value);
    const hits = sql`(SELECT rowid FROM ${fts} WHERE ${fts} MATCH ${search.phrase})`;
    return search.walkSortIndex ? sql`+${search.id} IN ${hits}` : sql`${search.id} IN ${hits}`;
  }
  const through = searchable.filter((f) => f.through);
  if (search && through.length) {
    // Each field kept in another table is its own arm, found through its link's index (a product by its
    // barcode: its stock lines by product); the listed table's own texts share one arm. One OR over all
    // of them would test every row of the list against each.
    const table = (search.id as unknown as { table: SQLiteTable }).table;
    const own = searchable.filter((f) => !f.through).map((f) => textMatch(f.column, value, false));
    const arms = [
      ...(own.length ? [sql`SELECT ${search.id} FROM ${table} WHERE ${sql.join(own, sql` OR `)}`] : []),
      ...through.map((f) =>
        sql`SELECT ${search.id} FROM ${table} WHERE ${onField(f, textMatch(f.column, value, false))}`
      ),
    ];
    return sql`${search.id} IN (${sql.join(arms, sql` UNION `)})`;
  }
  return sql`(${sql.join(searchable.map((f) => onField(f, textMatch(f.column, value, false))), sql` OR `)})`;
}

export function buildFilters(
  fields: Record<string, ListField>,
  serialized: string | undefined,
  search?: SearchUse,
): SQL[] {
  if (!serialized) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(serialized);
  } catch {
    throw bad("BasicFiltersSerialized is not valid JSON");
  }
  const result = filterSchema.safeParse(parsed);
  if (!result.success) {
    throw bad("BasicFiltersSerialized must be a list of {field, operator, value} with a known operator");
  }
  return result.data.map(({ field, operator, value }) => {
    if (field === "*") {
      if (operator !== "contains" || typeof value !== "string") throw bad(`field "*" supports only contains`);
      return quickSearch(fields, value, search);
    }
    const f = fields[field];
    if (!f?.filterable) throw bad(`"${field}" is not a filterable field`);
    return condition(field, f, operator, value);
  });
}

export interface ListSpec {
  table: SQLiteTable;
  id: SQLiteColumn;
  fields: Record<string, ListField>;
  defaultSort: string;
  /** Conditions the caller cannot lift (contractor scope and the like). */
  scope?: SQL[];
  /** The quick search's index, when the resource has one. */
  search?: SearchIndex;
}

export interface ListOptions {
  /**
   * Remembers the filtered count until the database changes, so paging through one filter counts once.
   * Absent (no caching) where the connection cannot tell reliably that the data changed.
   */
  countCache?: CountCache;
}

/** The list's sort field, the query's or the default; one that cannot sort (or is kept elsewhere) is a bad query. */
function sortOf(spec: ListSpec, query: { sortColumn?: string }) {
  const sortName = query.sortColumn ?? spec.defaultSort;
  const sortField = spec.fields[sortName];
  if (!sortField?.sortable || sortField.through) throw bad(`"${sortName}" is not a sortable field`);
  return { sortName, sortField };
}

export async function listPage<Row>(
  db: Db,
  spec: ListSpec,
  query: ListQuery,
  readRows: (ids: number[]) => Promise<Row[]>,
  options: ListOptions = {},
): Promise<{ results: Row[]; allFilteredRowCount: number }> {
  const { sortName, sortField } = sortOf(spec, query);
  const scope = spec.scope ?? [];
  const offset = (query.PageNumber - 1) * query.PageSize;
  // A list's statements are prepared once per connection and shape (sort, direction, filters, and the
  // scope as rendered with its values: one contractor's list is never another's), and only run after that
  // (building a select costs more than running it). A scoped shape is remembered on its second call: one
  // that never comes again (a scope naming today's date) is built each time and pushes no other out.
  const key = `${specId(spec.fields)}:${getTableName(spec.table)}:${sortName}:${query.sortDescending}:${
    query.BasicFiltersSerialized ?? ""
  }${scope.length ? `\u0000${scopeKey(db, scope)}` : ""}`;
  const known = builtFor(db, key);
  if (known) {
    const countNow = async () => Number((await known.count.all({}))[0].n);
    const count = options.countCache
      ? await options.countCache.get(known.countStatement, countNow, query.PageNumber === 1)
      : await countNow();
    const fromEnd = count - offset - query.PageSize;
    const backwards = fromEnd < offset;
    const idRows = offset >= count ? [] : await known.page(backwards).all({
      limit: backwards ? query.PageSize + Math.min(0, fromEnd) : query.PageSize,
      offset: backwards ? Math.max(0, fromEnd) : offset,
    });
    return await ordered(idRows, backwards, readRows, count);
  }
  const search: SearchUse = { id: spec.id, index: spec.search };
  const filters = buildFilters(spec.fields, query.BasicFiltersSerialized, search);
  const where = and(...scope, ...filters);
  if (!search.phrase && (scope.length === 0 || seenBefore(db, key))) {
    // Prepared now and run as a known shape (the quick search's index decides its plan by the count: never).
    const counting = db.select({ n: sql<number>`count(*)` }).from(spec.table).where(where);
    remember(db, key, {
      count: counting.prepare() as unknown as Built["count"],
      countStatement: counting.toSQL(),
      page: pageOf(db, spec, sortField.column, where, query.sortDescending),
    });
    return await listPage(db, spec, query, readRows, options);
  }

  // The count comes first (it is often remembered): with the quick search's index it decides the plan.
  let countQuery = db.select({ n: sql<number>`count(*)` }).from(spec.table).where(where);
  if (search.phrase && scope.length === 0 && filters.length === 1) {
    // Every indexed rowid is a row (the triggers keep it so): the index alone counts the matches.
    const fts = sql.identifier(spec.search!.table);
    countQuery = db.select({ n: sql<number>`count(*)` }).from(sql`${fts}`)
      .where(sql`${fts} MATCH ${search.phrase}`) as unknown as typeof countQuery;
  }
  const countNow = async () => Number((await countQuery)[0].n);
  // The first page always counts afresh; the pages after it reuse that count while the data is unchanged.
  const count = options.countCache
    ? await options.countCache.get(countQuery.toSQL(), countNow, query.PageNumber === 1)
    : await countNow();

  let pageWhere = where;
  if (search.phrase && count > 0 && await walkSortIndex(db, spec, count, offset + query.PageSize)) {
    pageWhere = and(
      ...scope,
      ...buildFilters(spec.fields, query.BasicFiltersSerialized, { ...search, walkSortIndex: true }),
    );
  }
  // Past the middle the page is read from the other end, in the opposite order (SQLite's DESC is the exact
  // reverse of ASC, NULLs included), so an OFFSET never walks more than half of the index.
  const fromEnd = count - offset - query.PageSize;
  const backwards = fromEnd < offset;
  const dir = query.sortDescending !== backwards ? desc : asc;
  const idRows = offset >= count ? [] : await db.select({ id: spec.id }).from(spec.table).where(pageWhere)
    .orderBy(dir(sortField.column), dir(spec.id))
    .limit(backwards ? query.PageSize + Math.min(0, fromEnd) : query.PageSize)
    .offset(backwards ? Math.max(0, fromEnd) : offset);
  return await ordered(idRows, backwards, readRows, count);
}

/**
 * The scope's conditions as SQLite would run them, values included: two callers share a list's prepared
 * statements only when their scopes are the same text with the same values.
 */
function scopeKey(db: Db, scope: SQL[]): string {
  const { sql: text, params } = (db as unknown as { dialect: { sqlToQuery(s: SQL): CountStatement } }).dialect
    .sqlToQuery(and(...scope)!);
  // Each value with its type where JSON would blur it (a Date is bound as epoch seconds, its JSON is text).
  const typed = params.map((v) =>
    v instanceof Date
      ? { date: v.getTime() }
      : typeof v === "bigint"
      ? { bigint: `${v}` }
      : typeof v === "number" && !Number.isFinite(v)
      ? { number: `${v}` }
      : v
  );
  return `${text}\u0000${JSON.stringify(typed)}`;
}

/** Scoped shapes called once on a connection handle (the most recent BUILT_MAX), by key. */
const seenByHandle = new WeakMap<Db, Set<string>>();

/** Whether the shape `key` was called before on `db`; remembers it as called now. */
function seenBefore(db: Db, key: string): boolean {
  let seen = seenByHandle.get(db);
  if (!seen) seenByHandle.set(db, seen = new Set());
  if (seen.delete(key)) return true;
  seen.add(key);
  if (seen.size > BUILT_MAX) seen.delete(seen.keys().next().value as string);
  return false;
}

/** The rows of an id page, read and put back in the page's order. */
async function ordered<Row>(
  idRows: { id: unknown }[],
  backwards: boolean,
  readRows: (ids: number[]) => Promise<Row[]>,
  count: number,
): Promise<{ results: Row[]; allFilteredRowCount: number }> {
  const ids = idRows.map((r) => Number(r.id));
  if (backwards) ids.reverse();
  const rows = ids.length ? await readRows(ids) : [];
  // Put the rows back in the order of the id page.
  const pos = new Map(ids.map((id, i) => [id, i]));
  rows.sort((a, b) => pos.get((a as { id: number }).id)! - pos.get((b as { id: number }).id)!);
  return { results: rows, allFilteredRowCount: count };
}

/** A list's statements of one shape, prepared on one connection handle. */
interface Built {
  count: Prepared<Record<string, never>, { n: number }>;
  countStatement: CountStatement;
  /** The id page read forwards, or from the other end (past the middle). */
  page(backwards: boolean): Prepared<{ limit: number; offset: number }, { id: number }>;
}

/** Shapes remembered per connection handle, the least recently used forgotten past this many. */
const BUILT_MAX = 256;
const builtByHandle = new WeakMap<Db, Map<string, Built>>();
const specIds = new WeakMap<object, number>();
let nextSpecId = 1;

/** A number for a list's fields (one per list kind), so that two lists over one table never share a shape. */
function specId(fields: object): number {
  let id = specIds.get(fields);
  if (id === undefined) specIds.set(fields, id = nextSpecId++);
  return id;
}

function builtFor(db: Db, key: string): Built | undefined {
  const shapes = builtByHandle.get(db);
  const hit = shapes?.get(key);
  if (hit && shapes) {
    shapes.delete(key);
    shapes.set(key, hit);
  }
  return hit;
}

function remember(db: Db, key: string, built: Built): void {
  let shapes = builtByHandle.get(db);
  if (!shapes) builtByHandle.set(db, shapes = new Map());
  shapes.set(key, built);
  if (shapes.size > BUILT_MAX) shapes.delete(shapes.keys().next().value as string);
}

/** The id page of a shape, each direction prepared when first needed. */
function pageOf(db: Db, spec: ListSpec, column: SQLiteColumn, where: SQL | undefined, descending: boolean) {
  const pages = new Map<boolean, ReturnType<Built["page"]>>();
  return (backwards: boolean) => {
    let page = pages.get(backwards);
    if (!page) {
      const dir = descending !== backwards ? desc : asc;
      page = db.select({ id: spec.id }).from(spec.table).where(where).orderBy(dir(column), dir(spec.id))
        .limit(sql.placeholder("limit")).offset(sql.placeholder("offset"))
        .prepare() as unknown as ReturnType<Built["page"]>;
      pages.set(backwards, page);
    }
    return page;
  };
}

/**
 * Whether a page of `matches` index hits is cheaper found by walking the sort's index and testing each
 * row (about `end` × rows / matches cheap steps) than by reading every match and sorting them (`matches`
 * random reads, some fifty times dearer each). The largest id stands in for the number of rows.
 */
async function walkSortIndex(db: Db, spec: ListSpec, matches: number, end: number): Promise<boolean> {
  const [{ top }] = await db.select({ top: sql<number | null>`max(${spec.id})` }).from(spec.table);
  const rows = Number(top ?? 0);
  return end * rows < 50 * matches * matches;
}

/** What an export walks: the list's whole filtered and sorted order in chunks, never more in memory. */
export type WalkQuery = Omit<ListQuery, "PageNumber" | "PageSize">;

/**
 * Every row of a list in its sort order, `chunk` at a time, by keyset: each chunk starts after the last
 * row's (sort value, id), a range the sort's index seeks to, so the millionth row costs what the first does
 * (an OFFSET would walk everything before it). NULLs sort first ascending and last descending, as a page
 * shows them; they are walked as their own range by id. Rows added or removed meanwhile are seen or not,
 * but no row is given twice.
 */
export async function* walkList<Row>(
  db: Db,
  spec: ListSpec,
  query: WalkQuery,
  readRows: (ids: number[]) => Promise<Row[]>,
  chunk = 250,
): AsyncGenerator<Row[]> {
  const { sortField } = sortOf(spec, query);
  const where = and(
    ...(spec.scope ?? []),
    ...buildFilters(spec.fields, query.BasicFiltersSerialized, { id: spec.id, index: spec.search }),
  );
  const col = sortField.column;
  const descending = query.sortDescending;
  const dir = descending ? desc : asc;
  const beyond = descending ? sql.raw("<") : sql.raw(">");
  // Each chunk's statement is built once per walk (prepared; the next chunk binds where the last ended): a
  // statement built anew per chunk cost an export of 1,000,000 rows a tenth of its time. The sort value is
  // read as stored, so that it binds back as it was.
  const statement = (after: SQL) =>
    db.select({ id: spec.id, k: sql`${col}` }).from(spec.table).where(and(where, after))
      .orderBy(dir(col), dir(spec.id)).limit(chunk).prepare();
  const id = sql.placeholder("id");
  const statements = {
    nullsFirst: statement(sql`${col} IS NULL`),
    nullsNext: statement(sql`${col} IS NULL AND ${spec.id} ${beyond} ${id}`),
    valuesFirst: statement(sql`${col} IS NOT NULL`),
    valuesNext: statement(sql`(${col}, ${spec.id}) ${beyond} (${sql.placeholder("k")}, ${id})`),
  };
  // Ascending: the NULLs first, then the values; descending: the values, then the NULLs.
  const phases = descending ? [false, true] : [true, false];
  for (const nulls of phases) {
    let last: { k: unknown; id: number } | undefined;
    for (;;) {
      const keys = (last === undefined
        ? await (nulls ? statements.nullsFirst : statements.valuesFirst).all()
        : await (nulls ? statements.nullsNext : statements.valuesNext).all(last)) as {
          id: number;
          k: unknown;
        }[];
      if (keys.length === 0) {
        break;
      }
      const tail = keys[keys.length - 1];
      last = { k: tail.k, id: Number(tail.id) };
      yield (await ordered(keys, false, readRows, 0)).results;
      if (keys.length < chunk) {
        break;
      }
    }
  }
}
