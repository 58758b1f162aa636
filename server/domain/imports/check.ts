// Every row of an import file checked before anything is written, the preview and the import alike: each
// cell read by its field (cells.ts), references resolved in bulk (references.ts), the values that must be
// unique (an index, a barcode, a label) compared with the other rows of the file and with the stored
// records in bulk, and each row checked by the record's own rules. With "update", a row whose index (or
// barcode, the first such value it has) is a stored record's updates that record: the row's cells over the
// stored values, checked by the edit's rules, and a row that would change nothing is left as it is. Every
// problem is named by row and column; long files are checked in slices between turns of the event loop.
import type { z } from "zod";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import { inArray } from "drizzle-orm";
import type { TenantContext } from "../../kernel/context.ts";
import { AppError } from "../../kernel/errors.ts";
import type { FieldMeta } from "../../../shared/resources/meta.ts";
import { manyParser, parseInput } from "../../kernel/validation.ts";
import type { AnyResource } from "../../engine/engine.ts";
import type { AnyTable } from "../../engine/declaration.ts";
import { cellValue, type DateFormat, fileMarks } from "./cells.ts";
import { choiceLabels, headedByName } from "./headings.ts";
import {
  chunks,
  findExact,
  findNocase,
  foldNocase,
  type Resolution,
  resolveReferences,
} from "./references.ts";
import { turn } from "../../kernel/turn.ts";
import type { Table } from "./read.ts";

export const importModes = ["add", "update"] as const;
export type ImportMode = typeof importModes[number];

type Params = Record<string, string | number | string[]>;

export interface RowError {
  row: number;
  column: string | null;
  code: string;
  params?: Params;
}

/** What becomes of a row that passed: a new record, a stored one changed, or one left as it is. */
export interface RowOutcome {
  action: "add" | "update" | "unchanged";
  /** The add's or the edit's input (the edit's with the stored record's id and version). */
  input: Record<string, unknown>;
  /** The row's index in the table (its row number is the table's rowNumbers[i]). */
  i: number;
}

export interface Checked {
  total: number;
  /** Each row's values by field (its good cells), for a stock file's own check. */
  given: (Record<string, unknown> | undefined)[];
  outcomes: RowOutcome[];
  /** The first MAX_ERRORS problems by row and column, and how many there are in all. */
  errors: RowError[];
  errorCount: number;
}

/** Problems named at most (the first ones, by row); the count says how many there are. */
const MAX_ERRORS = 1000;
/** Rows checked between two turns of the event loop. */
const SLICE = 250;

/** A value that must be unique among a record type's records: a column of its own, or a list (barcodes). */
interface Key {
  field: string;
  table: AnyTable;
  /** The column of the owning record's id (the table's id, or a list's owner). */
  id: SQLiteColumn;
  column: SQLiteColumn;
  nocase: boolean;
}

/** The unique values of a record type, in the order a row is matched by them (its index before barcodes). */
export function keysOf(resource: AnyResource): Key[] {
  const table = resource.def.table as AnyTable;
  const own = resource.uniqueRules.filter((r) => r.columns.length === 1 && r.fields.length === 1).map((
    r,
  ) => ({
    field: r.fields[0],
    table,
    id: table.id as SQLiteColumn,
    column: r.columns[0],
    nocase: !!r.caseInsensitive,
  }));
  const lists = Object.entries(resource.values).filter(([, v]) => v.unique).map(([field, v]) => ({
    field,
    table: v.table,
    id: v.owner,
    column: v.value,
    nocase: false,
  }));
  return [...own, ...lists];
}

class Problems {
  list: RowError[] = [];
  count = 0;
  add(e: RowError): void {
    this.count++;
    if (this.list.length < MAX_ERRORS) this.list.push(e);
  }
}

export interface CheckOptions {
  mode: ImportMode;
  dateFormat: DateFormat;
  decimalSeparator: "." | ",";
}

/**
 * The file's rows checked for `resource` (null: a stock file, whose rows stock.ts checks further).
 * `progress` is told how many rows have been read, between slices.
 */
export async function checkRows(
  ctx: TenantContext,
  resource: AnyResource | null,
  fields: FieldMeta[],
  table: Table,
  mapping: Record<string, string>,
  o: CheckOptions,
  progress?: (rows: number) => void,
): Promise<Checked> {
  const db = ctx.conn.db;
  const problems = new Problems();
  const byName = new Map(fields.map((f) => [f.name, f]));
  const columnOf = new Map(Object.entries(mapping).map(([c, f]) => [f, c]));
  const formats = { dateFormat: o.dateFormat, marks: fileMarks(o.decimalSeparator) };
  const choices = await choiceLabels(fields);
  const mapped = table.columns.flatMap((c, ci) => {
    const f = mapping[c] ? byName.get(mapping[c]) : undefined;
    return f ? [{ c, ci, f }] : [];
  });
  // Each reference column's texts, resolved at once.
  const refs = new Map<number, Map<string, Resolution>>();
  for (const { c, ci, f } of mapped) {
    const ref = f.kind === "reference" ? resource?.references[f.name] : undefined;
    if (!ref) continue;
    const texts = new Set<string>();
    for (const row of table.rows) if (row[ci] !== "") texts.add(row[ci]);
    refs.set(ci, await resolveReferences(db, f, ref, [...texts], headedByName(c, f.name)));
  }

  const given: (Record<string, unknown> | undefined)[] = [];
  const bad: boolean[] = [];
  for (let i = 0; i < table.rows.length; i++) {
    if (i > 0 && i % SLICE === 0) {
      progress?.(i);
      await turn();
    }
    const row = table.rows[i];
    const n = table.rowNumbers[i];
    const cells: Record<string, unknown> = {};
    let wrong = false;
    for (const { c, ci, f } of mapped) {
      const text = row[ci];
      if (text === "") continue;
      const resolved = refs.get(ci)?.get(text);
      if (resolved) {
        if ("id" in resolved) cells[f.name] = resolved.id;
        else {
          wrong = true;
          problems.add({ row: n, column: c, code: resolved.code, params: resolved.params });
        }
        continue;
      }
      if (f.kind === "reference") {
        // A link the engine does not check by name (none yet): its id.
        if (/^\d{1,15}$/.test(text)) cells[f.name] = Number(text);
        else {
          wrong = true;
          problems.add({ row: n, column: c, code: "validation.invalidValue" });
        }
        continue;
      }
      const read = cellValue(f, text, formats, table.numeric?.(i, ci) ?? false, choices.get(f.name));
      if (!read) continue;
      if (read.ok) cells[f.name] = read.value;
      else {
        wrong = true;
        problems.add({ row: n, column: c, code: read.code, params: read.params });
      }
    }
    given.push(cells);
    bad.push(wrong);
  }
  progress?.(table.rows.length);
  if (!resource) {
    return {
      total: table.rows.length,
      given: given.map((g, i) => (bad[i] ? undefined : g)),
      outcomes: [],
      errors: sorted(problems.list, table),
      errorCount: problems.count,
    };
  }

  const keys = keysOf(resource);
  const { matched, records } = await matchRows(
    ctx,
    resource,
    keys,
    table,
    given,
    bad,
    columnOf,
    o.mode,
    problems,
  );
  const outcomes = await ruleCheck(ctx, resource, table, given, bad, matched, records, columnOf, problems);
  return {
    total: table.rows.length,
    given,
    outcomes,
    errors: sorted(problems.list, table),
    errorCount: problems.count,
  };
}

function sorted(errors: RowError[], table: Table): RowError[] {
  const order = new Map(table.columns.map((c, i) => [c, i]));
  return errors.sort((a, b) =>
    a.row - b.row || (order.get(a.column ?? "") ?? -1) - (order.get(b.column ?? "") ?? -1)
  );
}

/** The stored records' values of each key, looked up once per value (a cache over the bulk lookups). */
class StoredKeys {
  #found = new Map<Key, Map<string, number[]>>();
  #asked = new Map<Key, Set<string>>();
  constructor(readonly ctx: TenantContext) {}
  static fold(k: Key, v: string): string {
    return k.nocase ? foldNocase(v) : v;
  }
  /** Looks up the values not asked yet. */
  async load(k: Key, values: string[]): Promise<void> {
    const asked = this.#asked.get(k) ?? new Set<string>();
    this.#asked.set(k, asked);
    const found = this.#found.get(k) ?? new Map<string, number[]>();
    this.#found.set(k, found);
    const fresh = [...new Set(values.map((v) => StoredKeys.fold(k, v)))].filter((v) => !asked.has(v));
    if (fresh.length === 0) return;
    for (const v of fresh) asked.add(v);
    const db = this.ctx.conn.db;
    const hits = k.nocase
      ? await findNocase(db, k.table, k.id, k.column, fresh)
      : await findExact(db, k.table, k.id, k.column, fresh);
    for (const [v, ids] of hits) found.set(v, ids);
  }
  owners(k: Key, v: string): number[] {
    return this.#found.get(k)?.get(StoredKeys.fold(k, v)) ?? [];
  }
}

/** A value of a key as the record's own schema stores it (an index in capitals); none if it is no value. */
function keyValue(resource: AnyResource, field: string, raw: unknown): unknown {
  if (raw === undefined || raw === null || raw === "") return undefined;
  const shape = (resource.entity.create as unknown as { shape: Record<string, z.ZodType> }).shape;
  const parsed = shape[field]?.safeParse(raw);
  return parsed?.success ? parsed.data : undefined;
}

function texts(v: unknown): string[] {
  if (Array.isArray(v)) return v.filter((x): x is string => typeof x === "string" && x !== "");
  if (typeof v === "string" && v !== "") return [v];
  return typeof v === "number" ? [String(v)] : [];
}

/** A stored record as the input of an edit (the fields an edit takes, its id and version). */
function editInputOf(resource: AnyResource, record: Record<string, unknown>): Record<string, unknown> {
  const input: Record<string, unknown> = { id: record.id, version: record.version };
  for (const f of resource.entity.inputs("edit")) if (f in record) input[f] = record[f];
  return input;
}

/**
 * The rows' unique values against each other and the stored records: a value twice in the file, or a
 * stored record's (where the row does not update that very record), is named at its row and column. The
 * values are those the record would be stored with, derived ones too (a location's barcode is its label
 * when none is given). Answers each row's matched record (update), by row index, and those records.
 */
async function matchRows(
  ctx: TenantContext,
  resource: AnyResource,
  keys: Key[],
  table: Table,
  given: (Record<string, unknown> | undefined)[],
  bad: boolean[],
  columnOf: Map<string, string>,
  mode: ImportMode,
  problems: Problems,
) {
  const matched = new Map<number, number>();
  const records = new Map<number, Record<string, unknown>>();
  if (keys.length === 0) return { matched, records };
  const stored = new StoredKeys(ctx);
  // Each row's own values of each key, as given.
  const own = given.map((cells) => {
    const out: Record<string, unknown> = {};
    for (const k of keys) {
      const v = cells ? keyValue(resource, k.field, cells[k.field]) : undefined;
      if (v !== undefined) out[k.field] = v;
    }
    return out;
  });
  for (const k of keys) await stored.load(k, own.flatMap((o) => texts(o[k.field])));

  // The record a row updates: the one its first unique value names (an index before a barcode).
  if (mode === "update") {
    for (let i = 0; i < table.rows.length; i++) {
      const k = keys.find((k) => texts(own[i][k.field]).length > 0);
      if (!k) continue;
      const id = texts(own[i][k.field]).map((v) => stored.owners(k, v)[0]).find((x) => x !== undefined);
      if (id !== undefined) matched.set(i, id);
    }
    for (const part of chunks([...new Set(matched.values())])) {
      for (const r of await resource.manyIn(ctx.conn.db, ctx, part)) {
        const rec = r as Record<string, unknown>;
        records.set(rec.id as number, rec);
      }
      await turn();
    }
  }

  // Each row's values as they would be stored: its cells over the stored record it updates, as the
  // record's own toRow makes them (derived values too).
  const lists = new Set(Object.keys(resource.values));
  const values = given.map((cells, i) => {
    const id = matched.get(i);
    const base = id === undefined ? {} : editInputOf(resource, records.get(id) ?? {});
    const input = { ...base, ...cells, ...own[i] };
    const row: Record<string, unknown> = {};
    for (const k of keys) if (!lists.has(k.field)) row[k.field] = input[k.field];
    const storedRow = resource.def.toRow ? resource.def.toRow(input, row, ctx) : row;
    return keys.map((k) => texts(lists.has(k.field) ? input[k.field] : storedRow[k.field]));
  });
  for (const [ki, k] of keys.entries()) await stored.load(k, values.flatMap((v) => v[ki]));

  /** Collisions with stored records, named by their titles afterwards, read in one go. */
  const collisions: { i: number; column: string | null; value: string; owner: number }[] = [];
  const firstRow = keys.map(() => new Map<string, number>());
  const firstMatch = new Map<number, number>();
  // A value the file has no column of is derived from the record's name (a location's barcode, its label).
  const named = resource.meta.titleFields.map((f) => columnOf.get(f)).find((c) => c !== undefined) ?? null;
  const columnFor = (k: Key) => columnOf.get(k.field) ?? named;
  for (let i = 0; i < table.rows.length; i++) {
    const n = table.rowNumbers[i];
    const match = matched.get(i);
    let repeated = false;
    for (const [ki, k] of keys.entries()) {
      for (const v of values[i][ki]) {
        // The same value in another row of the file.
        const seen = firstRow[ki].get(StoredKeys.fold(k, v));
        if (seen === undefined) firstRow[ki].set(StoredKeys.fold(k, v), n);
        else if (seen !== n) {
          repeated = true;
          bad[i] = true;
          problems.add({
            row: n,
            column: columnFor(k),
            code: "import.repeatedInFile",
            params: { value: v, row: seen },
          });
        }
        // A value a stored record holds, other than the one the row updates.
        const owner = stored.owners(k, v).find((id) => id !== match);
        if (owner !== undefined) {
          bad[i] = true;
          collisions.push({ i, column: columnFor(k), value: v, owner });
        }
      }
    }
    if (match !== undefined) {
      const earlier = firstMatch.get(match);
      if (earlier === undefined) firstMatch.set(match, n);
      else if (!repeated) {
        bad[i] = true;
        problems.add({ row: n, column: null, code: "import.sameRecordTwice", params: { row: earlier } });
      }
    }
    if (i % SLICE === SLICE - 1) await turn();
  }
  const titles = await titlesOf(ctx, resource, [...new Set(collisions.map((c) => c.owner))]);
  for (const c of collisions) {
    problems.add({
      row: table.rowNumbers[c.i],
      column: c.column,
      code: mode === "update" ? "import.usedByOther" : "import.alreadyStored",
      params: { value: c.value, owner: titles.get(c.owner) ?? `#${c.owner}` },
    });
  }
  return { matched, records };
}

/** The records' names (their title fields), by id, read a chunk at a time. */
async function titlesOf(
  ctx: TenantContext,
  resource: AnyResource,
  ids: number[],
): Promise<Map<number, string>> {
  const out = new Map<number, string>();
  const table = resource.def.table as AnyTable;
  const columns = Object.fromEntries(
    resource.meta.titleFields.flatMap((
      f,
    ) => (resource.entity.columns[f] ? [[f, resource.entity.columns[f]]] : [])),
  );
  for (const part of chunks(ids)) {
    const rows = await ctx.conn.db.select({ id: table.id as SQLiteColumn, ...columns }).from(table)
      .where(inArray(table.id as SQLiteColumn, part)) as Record<string, unknown>[];
    for (const r of rows) {
      const title = resource.meta.titleFields.map((f) => r[f]).find((v) => typeof v === "string" && v.trim());
      out.set(r.id as number, (title as string | undefined) ?? `#${r.id}`);
    }
  }
  return out;
}

/** A refusal's field codes as problems at the row's columns. */
function fieldProblems(err: unknown, n: number, columnOf: Map<string, string>, problems: Problems): void {
  const fields = err instanceof AppError ? err.details.fields ?? {} : {};
  for (const [field, codes] of Object.entries(fields)) {
    for (const code of codes) {
      problems.add({ row: n, column: columnOf.get(field.split(".")[0]) ?? null, code });
    }
  }
  if (!Object.keys(fields).length) problems.add({ row: n, column: null, code: "validation.invalidValue" });
}

/**
 * Two edits that would store the same: the columns as the record's own toRow makes them (a required
 * expiry date is a shown one too), and its lists (barcodes, in any order: they are a set).
 */
function sameInput(
  ctx: TenantContext,
  resource: AnyResource,
  a: Record<string, unknown>,
  b: Record<string, unknown>,
): boolean {
  const sets = [...Object.keys(resource.values), ...Object.keys(resource.links)];
  const stored = (input: Record<string, unknown>) => {
    const row = resource.entity.toRow(input, "edit");
    return resource.def.toRow ? resource.def.toRow(input, row, ctx) : row;
  };
  const canonical = (v: unknown) => JSON.stringify(Array.isArray(v) ? [...v].sort() : v ?? null);
  const [ra, rb] = [stored(a), stored(b)];
  const names = new Set([...Object.keys(ra), ...Object.keys(rb)]);
  return [...names].every((n) => JSON.stringify(ra[n] ?? null) === JSON.stringify(rb[n] ?? null)) &&
    sets.every((n) => canonical(a[n]) === canonical(b[n]));
}

/** Each row checked by the add's rules, or (matched) by the edit's over the stored record; by row. */
async function ruleCheck(
  ctx: TenantContext,
  resource: AnyResource,
  table: Table,
  given: (Record<string, unknown> | undefined)[],
  bad: boolean[],
  matched: Map<number, number>,
  records: Map<number, Record<string, unknown>>,
  columnOf: Map<string, string>,
  problems: Problems,
): Promise<RowOutcome[]> {
  const outcomes: RowOutcome[] = [];
  // A file's rows give the same few fields: those they leave out are not parsed again for every row.
  const added = manyParser(resource.entity.create);
  for (let i = 0; i < table.rows.length; i++) {
    if (i > 0 && i % SLICE === 0) await turn();
    if (bad[i]) continue;
    const n = table.rowNumbers[i];
    const cells = given[i]!;
    const id = matched.get(i);
    const record = id === undefined ? undefined : records.get(id);
    try {
      if (!record) {
        outcomes.push({
          action: "add",
          i,
          input: added(cells) as Record<string, unknown>,
        });
        continue;
      }
      // Cells the row leaves empty keep the stored values.
      const before = editInputOf(resource, record);
      const input = parseInput(resource.entity.update, { ...before, ...cells }) as Record<string, unknown>;
      let unchanged = false;
      try {
        unchanged = sameInput(
          ctx,
          resource,
          input,
          parseInput(resource.entity.update, before) as Record<string, unknown>,
        );
      } catch { /* a stored record the rules refuse today: the row's values are a change */ }
      outcomes.push({ action: unchanged ? "unchanged" : "update", i, input });
    } catch (err) {
      fieldProblems(err, n, columnOf, problems);
    }
  }
  return outcomes;
}
