// The resource engine: one implementation of the contract's generic resource calls (paged list, get, add,
// edit with optimistic concurrency, delete) that each entity configures with a ResourceDef. It owns what
// every entity must get right the same way: permission and contractor scope (a record the caller may not
// see is 404), uniqueness, links that must exist, links that forbid a delete, many-to-many link tables,
// the RecordLog entry and the real-time event, all in one transaction.
import { and, eq, getTableColumns, inArray, type SQL, sql } from "drizzle-orm";
import { arrays, idsIn, insertRow, overIds, rowMapper, updateRow } from "../db/prepared.ts";
import { is } from "drizzle-orm";
import { type SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import type { Db } from "../db/connection.ts";
import type { Actor, TenantContext } from "../kernel/context.ts";
import { type Access, demand } from "../kernel/access.ts";
import { AppError, type FieldCode, notFound } from "../kernel/errors.ts";
import {
  type FieldType,
  type ListField,
  listPage,
  type ListQuery,
  type ListSpec,
  type SearchIndex,
  walkList,
  type WalkQuery,
} from "../kernel/list.ts";
import type { FieldKind, ResourceMeta } from "../../shared/resources/meta.ts";
import { nowIso } from "../kernel/time.ts";
import { type Outbox, transactionWithEvents } from "../hub/outbox.ts";
import { type HubResource, visibilityRules } from "../hub/visibility.ts";
import { recordLog, type RecordLogEntry, writeRecordLog, writeRecordLogs } from "./record_log.ts";
import {
  type AnyTable,
  type Dependent,
  Entity,
  type EntityDef,
  type FieldDef,
  type LinkDef,
  type RecordOf,
  type ReferenceCheck,
  type UniqueRule,
  type ValueListDef,
} from "./declare.ts";

// deno-lint-ignore no-explicit-any
type AnyRow = Record<string, any> & { id: number; version: number };

/** A record as SQLite holds it, to be put back (`Resource.snapshotIn`, `restoreIn`); plain JSON. */
export interface RecordSnapshot {
  id: number;
  /** Each column's stored value, by the column's name in SQL. */
  row: Record<string, unknown>;
  /** Each link's targets and each value list's values, by the input field that carries them. */
  lists: Record<string, unknown[]>;
}

export type { Dependent, LinkDef, ReferenceCheck, UniqueRule, ValueListDef };

/** What a resource does beyond what its declaration says: who reads and writes, rules that need the database. */
export interface ResourceHooks {
  /** The hub's resource for real-time events (the resource's name by default). */
  hub?: HubResource;
  /** False for a resource whose list the generic routes do not serve (so it has no export either). */
  exported?: false;
  /** The record as the API answers it, from the one the declaration makes (fields computed from others). */
  toRecord?(
    row: AnyRow,
    record: Record<string, unknown>,
    extra: Record<string, unknown>,
  ): Record<string, unknown>;
  /** The columns to store for an add (`old` undefined) or an edit, from the ones the declaration copies. */
  toRow?(
    input: Record<string, unknown>,
    row: Record<string, unknown>,
    ctx: TenantContext,
    old?: AnyRow,
  ): Record<string, unknown>;
  /** Conditions the caller cannot lift: a contractor user sees only their contractor's records. */
  scope?(actor: Actor): SQL | undefined;
  /**
   * Who may read at all (server/kernel/access.ts): staff by default, administrators when meta.readers is
   * "admin"; `user` lets contractor users in too, kept to their own records by `scope`.
   */
  readAccess?: Access;
  /** Who may add, edit and delete, where the metadata's `writers` does not say it (`logistics`). */
  writeAccess?: Access;
  /**
   * List fields beyond the declaration's, for the filter and the quick search only (a document found by
   * a barcode of a product on it); a function, since they may name tables that refer back to this one.
   */
  listExtras?: () => Record<string, ListField>;
  /** Rules that need the database (a location's parent cannot be its own descendant). */
  validate?(tx: Db, ctx: TenantContext, values: Record<string, unknown>, old?: AnyRow): Promise<void>;
  /** Display values read beside the rows of a page or a record (`addressText`), by row id. */
  readExtra?(db: Db, rows: AnyRow[]): Promise<Map<number, Record<string, unknown>>>;
  /**
   * What this caller sees of the records it reads (list and get): values the caller may not see are null
   * (a count's expected quantities, to a counter).
   */
  present?(
    db: Db,
    ctx: TenantContext,
    records: Record<string, unknown>[],
  ): Promise<Record<string, unknown>[]>;
  /**
   * Other records a save changes too (setting a default clears the previous one): which, and their new
   * values. They are changed in the save's transaction before the row is written, each with its RecordLog
   * entry and event.
   */
  alsoChanges?(
    values: Record<string, unknown>,
    old?: AnyRow,
  ): { where: SQL; set: Record<string, unknown> } | undefined;
  /** Refuses a delete the record's state forbids (record.statusForbidsDelete). */
  beforeDelete?(tx: Db, ctx: TenantContext, old: AnyRow): Promise<void>;
  /** Stored columns computed from other records, after the checks (a location's materialized path). */
  derive?(tx: Db, values: Record<string, unknown>, old?: AnyRow): Promise<Record<string, unknown>>;
  /**
   * Follow-up writes in the same transaction once the row is stored (the paths of a location's descendants).
   * `ctx`: the caller's (its lifecycle hooks), absent when an import is taken back (restoreIn).
   */
  afterWrite?(tx: Db, row: AnyRow, old?: AnyRow, ctx?: TenantContext): Promise<void>;
  /**
   * Follow-up writes in the same transaction once the row is deleted (a document's position counts).
   * `ctx`: the caller's, absent when an import is taken back (eraseIn).
   */
  afterDelete?(tx: Db, old: AnyRow, ctx?: TenantContext): Promise<void>;
}

/**
 * What another area keeps about any record, by its resource's name and id (its attachments, its discussion):
 * handed to the engine by the composition root (`composeEngine`), so that the engine imports no area.
 */
export interface Attached {
  /** Removes what is kept about the record in its delete's transaction; answers keys of bytes to drop after it. */
  removeIn(tx: Db, resource: string, id: number): Promise<string[]>;
  /** Drops the bytes `removeIn` named, once the delete has committed. */
  dropAfter?(ctx: TenantContext, keys: string[]): Promise<void>;
}

/** What the composition root (server/app.ts) hands the engine. */
export interface EngineParts {
  /** Every table of a tenant's database (server/schema.ts): the foreign keys that keep a record from going. */
  tables: readonly unknown[];
  /** What other areas keep about any record, removed with it. */
  attached: readonly Attached[];
}

let parts: EngineParts | undefined;

/** Hands the engine the tenant's tables and what areas keep about any record (every app built does). */
export function composeEngine(given: EngineParts): void {
  parts = given;
}

function engineParts(): EngineParts {
  if (!parts) throw new Error("the engine was not composed: composeEngine(...) (server/app.ts) comes first");
  return parts;
}

/**
 * A record's attachments and discussion removed in its delete's transaction; answers, per area that keeps
 * something, the keys of bytes to drop after it.
 */
async function removeAttachedTo(tx: Db, type: string, id: number): Promise<Map<Attached, string[]>> {
  const gone = new Map<Attached, string[]>();
  for (const attached of engineParts().attached) {
    const keys = await attached.removeIn(tx, type, id);
    if (keys.length) gone.set(attached, keys);
  }
  return gone;
}

/** Every declared resource by its name (`WmsDocument`): what an attachment or a discussion names it by. */
// deno-lint-ignore no-explicit-any
export type AnyResource = Resource<any, any>;
export const resourcesByName = new Map<string, AnyResource>();

/** A resource's whole declaration: the entity (table, fields, rules) and its hooks. */
export type ResourceDef<T extends AnyTable, F extends Record<string, FieldDef>> =
  & EntityDef<T, F>
  & ResourceHooks;

/** Rows of (owner, item) as each owner's items, in the rows' order. */
function byOwner<V>(rows: { owner: number; item: V }[]): Map<number, V[]> {
  const out = new Map<number, V[]>();
  for (const { owner, item } of rows) {
    const list = out.get(owner);
    if (list) list.push(item);
    else out.set(owner, [item]);
  }
  return out;
}

/** Who may add, edit and delete, from the metadata: administrators, or business managers too. */
export function writersOf(meta: ResourceMeta): Access {
  return meta.writers === "admin" ? "admin" : "manager";
}

function listType(kind: FieldKind): FieldType {
  if (kind === "number" || kind === "money" || kind === "reference") return "number";
  if (kind === "boolean" || kind === "date") return kind;
  return "text";
}

/** The list's fields, sortable, filterable and searchable exactly as the shared metadata declares them. */
export function listFieldsOf(
  meta: ResourceMeta,
  table: AnyTable,
  columns: Record<string, SQLiteColumn> = {},
  values: Record<string, ValueListDef> = {},
): Record<string, ListField> {
  return Object.fromEntries(meta.fields.flatMap((f): [string, ListField][] => {
    const valueList = values[f.name];
    if (f.list && valueList) {
      const { sortable = false, filterable = false, searchable = false } = f.list;
      if (sortable) throw new Error(`the value list "${f.name}" of ${meta.resource} cannot be sorted`);
      return [[f.name, {
        column: valueList.value,
        type: "text" as const,
        filterable,
        searchable,
        through: { owner: valueList.owner, id: table.id as SQLiteColumn },
      }]];
    }
    if (
      !f.list || f.kind === "references" || f.kind === "strings" || f.kind === "latlng" || f.kind === "json"
    ) {
      if (f.list && (f.list.sortable || f.list.filterable || f.list.searchable)) {
        const column = columns[f.name];
        if (!column) throw new Error(`the list field "${f.name}" of ${meta.resource} has no column`);
        const { sortable = false, filterable = false, searchable = false } = f.list;
        return [[f.name, { column, type: "text" as const, sortable, filterable, searchable }]];
      }
      return [];
    }
    const column = columns[f.name] ?? table[f.name];
    if (!column) throw new Error(`the list field "${f.name}" of ${meta.resource} has no column`);
    const { sortable = false, filterable = false, searchable = false } = f.list;
    return [[f.name, {
      column: column as SQLiteColumn,
      type: listType(f.kind),
      sortable,
      filterable,
      searchable,
    }]];
  }));
}

function titleOf(meta: ResourceMeta, row: Record<string, unknown>): string {
  for (const name of meta.titleFields) {
    const v = row[name];
    if (typeof v === "string" && v.trim()) return v;
    if (typeof v === "number") return String(v);
  }
  return `#${row.id}`;
}

export class Resource<
  T extends AnyTable = AnyTable,
  const F extends Record<string, FieldDef> = Record<string, FieldDef>,
  Rec = RecordOf<T, F>,
> {
  readonly entity: Entity<T, F>;
  #listFields?: Record<string, ListField>;
  readonly hub: HubResource;
  readonly #idCol: SQLiteColumn;
  readonly #versionCol: SQLiteColumn;
  /** The table, as the engine handles any table. */
  readonly #t: AnyTable;
  #mapRows?: (rows: unknown[][]) => Record<string, unknown>[];
  #dependents?: Dependent[];

  constructor(readonly def: ResourceDef<T, F>) {
    this.entity = new Entity(def);
    // Every list the generic routes serve can be exported (resource/routes.ts mounts `${path}/export`).
    if (!def.singleton && def.exported !== false) {
      Object.assign(this.entity.meta, { exportPath: `${this.entity.meta.path}/export` });
    }
    resourcesByName.set(def.resource, this as unknown as AnyResource);
    this.#t = def.table;
    const { meta } = this.entity;
    this.hub = def.hub ?? (def.resource as HubResource);
    // Real-time events reach only those a rule lets see them: a resource without one would tell nobody.
    if (!Object.hasOwn(visibilityRules, this.hub)) {
      throw new Error(`${def.resource}: server/hub/visibility.ts has no rule for "${this.hub}"`);
    }
    this.#idCol = def.table.id;
    this.#versionCol = def.table.version;
    if (!this.#idCol || (!this.#versionCol && !meta.readOnly)) {
      throw new Error(`${meta.resource}: the table needs id and version`);
    }
  }

  get meta(): ResourceMeta {
    return this.entity.meta;
  }

  /** The list's fields: the declaration's, and the hooks' extra ones (read once, when first needed). */
  get listFields(): Record<string, ListField> {
    return this.#listFields ??= {
      ...listFieldsOf(this.meta, this.def.table, {}, this.entity.values),
      ...(this.def.listExtras?.() ?? {}),
    };
  }

  /** The quick search's index and the fields it holds: the searchable ones (its migration indexes them). */
  get search(): (SearchIndex & { fields: string[] }) | undefined {
    if (!this.def.search) return undefined;
    const fields = Object.entries(this.listFields).filter(([, f]) => f.searchable).map(([n]) => n);
    return { table: this.def.search, fields };
  }

  /** Columns that must name an existing record, by field. */
  get references(): Record<string, ReferenceCheck> {
    return this.entity.references;
  }

  /** Values that must be unique among the tenant's records. */
  get uniqueRules(): UniqueRule[] {
    return this.entity.unique;
  }

  /**
   * The statement that looks for a record clashing with `rule` (placeholders `v0`, `v1`, … and, on an edit,
   * `id`, the record's own): run on every add and edit, so it must search an index
   * (tests/integration/unique_indexes.test.ts asks SQLite's plan of it).
   */
  uniqueCheck(on: Db, rule: UniqueRule, edit: boolean) {
    return on.select({ id: this.#idCol }).from(this.#t).where(and(
      ...rule.columns.map((c, i) =>
        rule.caseInsensitive
          ? sql`${c} = ${sql.placeholder(`v${i}`)} COLLATE NOCASE`
          : eq(c, sql.placeholder(`v${i}`))
      ),
      edit ? sql`${this.#idCol} <> ${sql.placeholder("id")}` : undefined,
    )).limit(1);
  }

  /** Columns elsewhere whose rows keep a record of this resource from being deleted (foreign keys). */
  dependents(): Promise<Dependent[]> {
    if (!this.#dependents) {
      // Every table of a tenant, as the composition root handed them (server/schema.ts).
      const tables = engineParts().tables.filter((t): t is SQLiteTable => is(t, SQLiteTable));
      this.#dependents = this.entity.dependentsIn(tables);
    }
    return Promise.resolve(this.#dependents);
  }

  get links(): Record<string, LinkDef> {
    return this.entity.links;
  }

  get values(): Record<string, ValueListDef> {
    return this.entity.values;
  }

  /** Who may read the resource at all. */
  get readAccess(): Access {
    return this.def.readAccess ?? (this.meta.readers === "admin" ? "admin" : "staff");
  }

  /** Who may add, edit and delete. */
  get writeAccess(): Access {
    return this.def.writeAccess ?? writersOf(this.meta);
  }

  #read(actor: Actor): void {
    demand(this.readAccess, actor, "auth.forbidden");
  }

  #scope(actor: Actor): SQL | undefined {
    return this.def.scope?.(actor);
  }

  async #rows(db: Db, where: SQL | undefined): Promise<AnyRow[]> {
    return await db.select().from(this.#t).where(where) as AnyRow[];
  }

  async #pageRows(db: Db, ids: number[]): Promise<AnyRow[]> {
    // The rows as arrays (inside a transaction straight from the driver), mapped by the table's own columns
    // (half of what drizzle's generic mapping costs).
    const rows = await arrays(
      db,
      `${this.def.resource}.rowsByIds`,
      (on) => on.select().from(this.#t).where(sql`${this.#idCol} IN ${idsIn()}`),
      { ids: JSON.stringify(ids) },
    );
    this.#mapRows ??= rowMapper(getTableColumns(this.#t));
    return this.#mapRows(rows) as AnyRow[];
  }

  /** A statement of this resource over a page's ids (one JSON array), prepared once per database handle. */
  #byIds<R>(db: Db, key: string, build: Parameters<typeof overIds>[2]) {
    return overIds<R>(db, `${this.def.resource}.${key}`, build);
  }

  /**
   * Rows as the API answers them, with their link ids and extra display values (`given`: what readExtra
   * would answer for them, when the caller already has it).
   */
  async #dtos(db: Db, rows: AnyRow[], given?: Map<number, Record<string, unknown>>): Promise<Rec[]> {
    if (rows.length === 0) return [];
    const ids = rows.map((r) => r.id);
    const idsJson = JSON.stringify(ids);
    // Each link's target ids and each value list, by owner (rows come ordered by owner, then value).
    const links: Record<string, Map<number, number[]>> = {};
    for (const [name, link] of Object.entries(this.links)) {
      links[name] = byOwner(
        await this.#byIds<{ owner: number; item: number }>(
          db,
          `link.${name}`,
          (on, among) =>
            on.select({ owner: link.owner, item: link.target }).from(link.table)
              .where(sql`${link.owner} IN ${among}`).orderBy(link.owner, link.target),
        ).all({ ids: idsJson }),
      );
    }
    const values: Record<string, Map<number, string[]>> = {};
    for (const [name, list] of Object.entries(this.values)) {
      values[name] = byOwner(
        await this.#byIds<{ owner: number; item: string }>(
          db,
          `values.${name}`,
          (on, among) =>
            on.select({ owner: list.owner, item: list.value }).from(list.table)
              .where(sql`${list.owner} IN ${among}`).orderBy(list.owner, list.value),
        ).all({ ids: idsJson }),
      );
    }
    // `add` below sets copies into this map: `given` is the caller's own new map (dtoOfRow).
    const extra: Map<number, Record<string, unknown>> = given
      ? given
      : this.def.readExtra
      ? await this.def.readExtra(db, rows)
      : new Map();
    // Display values added here go into a copy of what readExtra gave, made once per row.
    const own = new Set<number>();
    const add = (id: number, key: string, value: unknown) => {
      let values = extra.get(id);
      if (!own.has(id)) {
        extra.set(id, values = { ...values });
        own.add(id);
      }
      values![key] = value;
    };
    // The linked records' names, where readExtra did not give them: one query per link field for the page.
    for (const d of this.entity.displays) {
      const unnamed = rows.filter((r) => !(d.display in (extra.get(r.id) ?? {})));
      if (unnamed.length === 0) continue;
      const targets = [
        ...new Set(unnamed.map((r) => r[d.field]).filter((v): v is number => typeof v === "number")),
      ];
      const table = (d.column as unknown as { table: AnyTable }).table;
      const named = targets.length
        ? await this.#byIds<{ id: number; name: string }>(
          db,
          `display.${d.display}`,
          (on, among) =>
            on.select({ id: table.id as SQLiteColumn, name: d.column }).from(table)
              .where(sql`${table.id} IN ${among}`),
        ).all({ ids: JSON.stringify(targets) })
        : [];
      const nameOf = new Map(named.map((r) => [r.id, r.name]));
      for (const row of unnamed) add(row.id, d.display, nameOf.get(row[d.field]) ?? null);
    }
    for (const [name, link] of Object.entries(this.links)) {
      if (!link.names || !link.namesField) continue;
      const targets = [...new Set([...links[name].values()].flat())];
      const named = targets.length
        ? await this.#byIds<{ id: number; name: string }>(
          db,
          `linkNames.${name}`,
          (on, among) =>
            on.select({ id: link.targetId, name: link.names! }).from(link.targetTable)
              .where(sql`${link.targetId} IN ${among}`),
        ).all({ ids: JSON.stringify(targets) })
        : [];
      const nameOf = new Map(named.map((r) => [r.id, r.name]));
      for (const row of rows) {
        add(row.id, link.namesField, (links[name].get(row.id) ?? []).map((id) => nameOf.get(id) ?? `#${id}`));
      }
    }
    const linkLists = Object.entries(links);
    const valueLists = Object.entries(values);
    const none = {};
    return rows.map((row) => {
      const rowLinks: Record<string, number[]> = {};
      for (const [name, m] of linkLists) rowLinks[name] = m.get(row.id) ?? [];
      const rowValues: Record<string, string[]> = {};
      for (const [name, m] of valueLists) rowValues[name] = m.get(row.id) ?? [];
      return this.recordOf(row, extra.get(row.id) ?? none, rowLinks, rowValues);
    });
  }

  /** A stored row as the API answers it, with the display values read beside it (and its links' ids). */
  recordOf(
    row: AnyRow | Record<string, unknown>,
    extra: Record<string, unknown> = {},
    links: Record<string, number[]> = {},
    values: Record<string, string[]> = {},
  ): Rec {
    const record = this.entity.toRecord(row, links, extra, values);
    return (this.def.toRecord ? this.def.toRecord(row as AnyRow, record, extra) : record) as Rec;
  }

  /** A page of the list; `where` narrows it further (the children of one location). */
  list(
    ctx: TenantContext,
    query: ListQuery,
    where?: SQL,
  ): Promise<{ results: Rec[]; allFilteredRowCount: number }> {
    const { db, spec, query: sorted, rows } = this.#listOf(ctx, query, where);
    const page = () => listPage(db, spec, sorted, rows, { countCache: ctx.conn.countCache });
    // Its reads in one read transaction (server/db/local.ts, reading): one taking of the file's read locks.
    return ctx.conn.reading ? ctx.conn.reading(page) : page();
  }

  /** The list's every row as filtered and sorted, a chunk at a time (exports: kernel/list.ts walkList). */
  walk(ctx: TenantContext, query: WalkQuery, chunk = 250): AsyncGenerator<Rec[]> {
    const { db, spec, query: sorted, rows } = this.#listOf(ctx, query);
    return walkList(db, spec, sorted, rows, chunk);
  }

  /**
   * What a page and a walk of the list share: the caller's right to read and scope, the list's spec, the
   * query in the metadata's default order when it names no sort (direction included: newest first), and how
   * a set of ids becomes records.
   */
  #listOf<Q extends WalkQuery>(ctx: TenantContext, query: Q, where?: SQL) {
    this.#read(ctx.actor);
    const scope = and(this.#scope(ctx.actor), where);
    const db = ctx.conn.db;
    const { defaultSort } = this.meta;
    const spec: ListSpec = {
      table: this.#t,
      id: this.#idCol,
      fields: this.listFields,
      defaultSort: defaultSort.column,
      scope: scope ? [scope] : [],
      search: this.def.search ? { table: this.def.search } : undefined,
    };
    return {
      db,
      spec,
      query: query.sortColumn === undefined ? { ...query, sortDescending: defaultSort.descending } : query,
      rows: async (ids: number[]) =>
        this.#presented(db, ctx, await this.#dtos(db, await this.#pageRows(db, ids))),
    };
  }

  async #find(db: Db, actor: Actor, id: number): Promise<AnyRow | undefined> {
    const scope = this.#scope(actor);
    // Most callers see the whole table: their read is the page read of one id, already prepared.
    const [row] = scope
      ? await this.#rows(db, and(eq(this.#idCol, id), scope))
      : await this.#pageRows(db, [id]);
    return row;
  }

  async get(ctx: TenantContext, id: number): Promise<Rec> {
    const read = () => this.getIn(ctx.conn.db, ctx, id);
    return await (ctx.conn.reading ? ctx.conn.reading(read) : read());
  }

  /** The get inside a caller's transaction. */
  async getIn(db: Db, ctx: TenantContext, id: number): Promise<Rec> {
    this.#read(ctx.actor);
    const row = await this.#find(db, ctx.actor, id);
    if (!row) throw notFound();
    return (await this.#presented(db, ctx, await this.#dtos(db, [row])))[0];
  }

  /**
   * A row the caller has just read or written inside its transaction (the whole row, as the table holds
   * it), as the API answers it, without reading it again; an actor whose reads are scoped gets getIn's read,
   * which applies the scope.
   */
  async dtoOfRow(
    db: Db,
    ctx: TenantContext,
    row: T["$inferSelect"],
    /** Its display values as readExtra answers them, when the caller has them (nothing they name changed). */
    extra?: Record<string, unknown>,
  ): Promise<Rec> {
    const whole = row as AnyRow;
    if (this.#scope(ctx.actor)) return await this.getIn(db, ctx, whole.id);
    this.#read(ctx.actor);
    const given = extra && new Map([[whole.id, extra]]);
    return (await this.#presented(db, ctx, await this.#dtos(db, [whole], given)))[0];
  }

  /**
   * Records by their ids, as the API answers them, in one read (an import comparing its rows with the
   * stored records); ids outside the caller's scope or not stored are left out.
   */
  async manyIn(db: Db, ctx: TenantContext, ids: number[]): Promise<Rec[]> {
    this.#read(ctx.actor);
    if (ids.length === 0) return [];
    const scope = this.#scope(ctx.actor);
    const rows = scope
      ? await this.#rows(db, and(inArray(this.#idCol, ids), scope))
      : await this.#pageRows(db, ids);
    return await this.#presented(db, ctx, await this.#dtos(db, rows));
  }

  async #presented(db: Db, ctx: TenantContext, records: Rec[]): Promise<Rec[]> {
    return this.def.present
      ? (await this.def.present(db, ctx, records as unknown as Record<string, unknown>[])) as unknown as Rec[]
      : records;
  }

  /** Editing without permission answers as a missing record would ('object not found or insufficient permissions'). */
  #write(actor: Actor): void {
    if (this.meta.readOnly) throw new AppError("method.notAllowed");
    demand(this.writeAccess, actor);
  }

  #toRow(input: Record<string, unknown>, ctx: TenantContext, old?: AnyRow): Record<string, unknown> {
    const row = this.entity.toRow(input, old ? "edit" : "add");
    return this.def.toRow ? this.def.toRow(input, row, ctx, old) : row;
  }

  /** The table's property name of a column, found once (an import checks every row). */
  #prop(column: SQLiteColumn): string | undefined {
    if (!this.#props.has(column)) {
      this.#props.set(column, Object.entries(this.#t).find(([, c]) => c === column)?.[0]);
    }
    return this.#props.get(column);
  }
  readonly #props = new Map<SQLiteColumn, string | undefined>();

  /**
   * What #check and #saveLinks walk for every add and edit, listed once: an import adds every row of its
   * file through them (taking each declaration's entries again cost a few µs a row).
   */
  get #checks() {
    return (this.#checkParts ??= {
      references: Object.entries(this.references).map(([name, ref]) => ({
        name,
        ref,
        prop: this.#prop(ref.column),
      })),
      links: Object.entries(this.links),
      values: Object.entries(this.values),
      unique: this.uniqueRules.map((rule, r) => ({
        rule,
        props: rule.columns.map((c) => this.#prop(c)),
        keys: { add: `${this.def.resource}.unique.${r}.add`, edit: `${this.def.resource}.unique.${r}.edit` },
      })),
    });
  }
  #checkParts?: {
    references: { name: string; ref: ReferenceCheck; prop: string | undefined }[];
    links: [string, LinkDef][];
    values: [string, ValueListDef][];
    unique: { rule: UniqueRule; props: (string | undefined)[]; keys: { add: string; edit: string } }[];
  };

  async #check(tx: Db, ctx: TenantContext, values: Record<string, unknown>, input: object, old?: AnyRow) {
    const fields: Record<string, FieldCode[]> = {};
    const checks = this.#checks;
    for (const { name, ref, prop } of checks.references) {
      const value = prop === undefined ? undefined : values[prop];
      if (value === null || value === undefined) continue;
      const [hit] = await arrays(
        tx,
        `${this.def.resource}.reference.${name}`,
        (on) =>
          on.select({ id: ref.id }).from(ref.table).where(and(eq(ref.id, sql.placeholder("id")), ref.where))
            .limit(1),
        { id: value as number },
      );
      if (!hit) fields[name] = ["validation.invalidValue"];
    }
    for (const [name, link] of checks.links) {
      const ids = (input as Record<string, unknown>)[name];
      if (!Array.isArray(ids) || ids.length === 0) continue;
      const unique = [...new Set(ids as number[])];
      const [{ n }] = await tx.select({ n: sql<number>`count(*)` }).from(link.targetTable)
        .where(and(inArray(link.targetId, unique), link.targetWhere));
      if (Number(n) !== unique.length) fields[name] = ["validation.invalidValue"];
    }
    if (Object.keys(fields).length) throw new AppError("validation.failed", { fields });
    for (const { rule, props, keys } of checks.unique) {
      const params: Record<string, unknown> = old ? { id: old.id } : {};
      let missing = false;
      for (const [i, p] of props.entries()) {
        const v = p === undefined ? undefined : values[p];
        if (v === null || v === undefined) missing = true;
        else params[`v${i}`] = rule.columns[i].mapToDriverValue(v);
      }
      if (missing) continue;
      // One statement per rule and verb, prepared per connection; the values encoded by their columns.
      const [clash] = await arrays(
        tx,
        old ? keys.edit : keys.add,
        (on) => this.uniqueCheck(on, rule, !!old),
        params,
      );
      if (clash) {
        throw new AppError("record.uniqueConflict", {
          fields: Object.fromEntries(rule.fields.map((f) => [f, ["validation.mustBeUnique" as const]])),
        });
      }
    }
    for (const [name, list] of checks.values) {
      const given = (input as Record<string, unknown>)[name];
      if (!list.unique || !Array.isArray(given) || given.length === 0) continue;
      const [clash] = await tx.select({ value: list.value, owner: list.owner }).from(list.table).where(and(
        inArray(list.value, [...new Set(given as string[])]),
        old ? sql`${list.owner} <> ${old.id}` : undefined,
      )).limit(1);
      if (clash) {
        // Which value, and whose: "5901234000017 is already used by COD-1" (the owner is of this resource,
        // in the caller's tenant; a contractor user never writes here).
        const [owner] = await tx.select().from(this.#t).where(
          eq(this.#idCol, clash.owner as number),
        ) as AnyRow[];
        throw new AppError("record.uniqueConflict", {
          fields: { [name]: ["validation.mustBeUnique"] },
          params: {
            variant: "value",
            field: name,
            value: String(clash.value),
            owner: titleOf(this.meta, owner ?? { id: clash.owner }),
          },
        });
      }
    }
    await this.def.validate?.(tx, ctx, values, old);
  }

  async #saveLinks(tx: Db, id: number, input: object, replacing: boolean) {
    const { links, values } = this.#checks;
    for (const [name, link] of links) {
      const ids = (input as Record<string, unknown>)[name];
      if (!Array.isArray(ids)) continue;
      if (replacing) await tx.delete(link.table).where(eq(link.owner, id));
      const unique = [...new Set(ids as number[])];
      if (unique.length) {
        const ownerProp = Object.entries(link.table).find(([, c]) => c === link.owner)![0];
        const targetProp = Object.entries(link.table).find(([, c]) => c === link.target)![0];
        await tx.insert(link.table).values(unique.map((t) => ({ [ownerProp]: id, [targetProp]: t })));
      }
    }
    for (const [name, list] of values) {
      const given = (input as Record<string, unknown>)[name];
      if (!Array.isArray(given)) continue;
      if (replacing) await tx.delete(list.table).where(eq(list.owner, id));
      const unique = [...new Set(given as string[])];
      if (unique.length) {
        const ownerProp = Object.entries(list.table).find(([, c]) => c === list.owner)![0];
        const valueProp = Object.entries(list.table).find(([, c]) => c === list.value)![0];
        await tx.insert(list.table).values(unique.map((v) => ({ [ownerProp]: id, [valueProp]: v })));
      }
    }
  }

  /** Applies `alsoChanges` with a RecordLog entry per record; answers the changed ids. */
  async #changeOthers(tx: Db, ctx: TenantContext, values: Record<string, unknown>, old?: AnyRow) {
    const change = this.def.alsoChanges?.(values, old);
    if (!change) return [];
    const { meta } = this;
    const rows = await this.#rows(tx, and(change.where, old ? sql`${this.#idCol} <> ${old.id}` : undefined));
    const before = await this.#dtos(tx, rows);
    const ids: number[] = [];
    for (const [i, row] of rows.entries()) {
      const [updated] = await tx.update(this.#t)
        .set({ ...change.set, updatedAt: nowIso(), version: row.version + 1 })
        .where(eq(this.#idCol, row.id)).returning() as AnyRow[];
      const [dto] = await this.#dtos(tx, [updated]);
      await writeRecordLog(tx, {
        action: "changed",
        resourceType: meta.resource,
        resourceId: row.id,
        title: titleOf(meta, updated),
        oldObject: before[i],
        newObject: dto,
        userId: ctx.actor.userId,
        userName: ctx.actor.username,
      });
      ids.push(row.id);
    }
    return ids;
  }

  async add(ctx: TenantContext, input: Record<string, unknown>): Promise<Rec> {
    this.#write(ctx.actor);
    return await transactionWithEvents(ctx, (tx, outbox) => this.addIn(tx, outbox, ctx, input));
  }

  /** The add inside a caller's transaction: one change of several records commits or fails whole. */
  async addIn(tx: Db, outbox: Outbox, ctx: TenantContext, input: Record<string, unknown>): Promise<Rec> {
    this.#write(ctx.actor);
    const { row, others } = await this.#insertIn(tx, ctx, input);
    const [dto] = await this.#dtos(tx, [row]);
    await writeRecordLog(tx, this.#created(ctx, row, dto));
    outbox.add(this.hub, "created", row.id);
    for (const id of others) outbox.add(this.hub, "changed", id);
    return dto;
  }

  /**
   * Many adds inside a caller's transaction (an import's slice), each checked and inserted as `addIn` does
   * it, by `add` (which answers the new id, or throws that add's refusal); `done` then reads them back as
   * the API answers them for their RecordLog entries, writes those in one statement and tells the hub, once
   * for all: one read-back and one log statement per batch instead of per record. Adds not followed by
   * `done` are not logged, so the caller's transaction must fail then.
   */
  addBatch(tx: Db, outbox: Outbox, ctx: TenantContext) {
    this.#write(ctx.actor);
    const rows: AnyRow[] = [];
    const changed: number[] = [];
    // One transaction's records: made at one time.
    const now = nowIso();
    return {
      add: async (input: Record<string, unknown>): Promise<number> => {
        const { row, others } = await this.#insertIn(tx, ctx, input, now);
        rows.push(row);
        changed.push(...others);
        return row.id;
      },
      done: async (): Promise<void> => {
        const dtos = await this.#dtos(tx, rows);
        await writeRecordLogs(tx, rows.map((row, i) => this.#created(ctx, row, dtos[i])));
        for (const row of rows) outbox.add(this.hub, "created", row.id);
        for (const id of changed) outbox.add(this.hub, "changed", id);
      },
    };
  }

  /** An add's own writes: the row checked, derived and inserted, its hooks and links; the others it changed. */
  async #insertIn(tx: Db, ctx: TenantContext, input: Record<string, unknown>, now = nowIso()) {
    const values = { ...this.#toRow(input, ctx), createdAt: now, updatedAt: now, version: 1 };
    await this.#check(tx, ctx, values, input as object);
    if (this.def.derive) Object.assign(values, await this.def.derive(tx, values));
    const others = await this.#changeOthers(tx, ctx, values);
    const row = await insertRow(tx, this.#t, values) as AnyRow;
    await this.def.afterWrite?.(tx, row, undefined, ctx);
    await this.#saveLinks(tx, row.id, input as object, false);
    return { row, others };
  }

  #created(ctx: TenantContext, row: AnyRow, dto: Rec): RecordLogEntry {
    return {
      action: "created",
      resourceType: this.meta.resource,
      resourceId: row.id,
      title: titleOf(this.meta, row),
      newObject: dto,
      userId: ctx.actor.userId,
      userName: ctx.actor.username,
    };
  }

  async edit(
    ctx: TenantContext,
    input: Record<string, unknown> & { id: number; version: number },
  ): Promise<Rec> {
    this.#write(ctx.actor);
    return await transactionWithEvents(ctx, (tx, outbox) => this.editIn(tx, outbox, ctx, input));
  }

  /** The edit inside a caller's transaction. */
  async editIn(
    tx: Db,
    outbox: Outbox,
    ctx: TenantContext,
    input: Record<string, unknown> & { id: number; version: number },
  ): Promise<Rec> {
    this.#write(ctx.actor);
    const { meta } = this;
    const old = await this.#find(tx, ctx.actor, input.id);
    if (!old) throw notFound();
    if (old.version !== input.version) throw new AppError("record.changedByAnotherUser");
    const values = { ...this.#toRow(input, ctx, old), updatedAt: nowIso(), version: old.version + 1 };
    await this.#check(tx, ctx, values, input as object, old);
    if (this.def.derive) Object.assign(values, await this.def.derive(tx, values, old));
    const others = await this.#changeOthers(tx, ctx, values, old);
    const [oldDto] = await this.#dtos(tx, [old]);
    const row = await updateRow(tx, this.#t, values, old.id, old.version) as AnyRow | undefined;
    if (!row) throw new AppError("record.changedByAnotherUser");
    await this.def.afterWrite?.(tx, row, old, ctx);
    await this.#saveLinks(tx, row.id, input as object, true);
    const [dto] = await this.#dtos(tx, [row]);
    await writeRecordLog(tx, {
      action: "changed",
      resourceType: meta.resource,
      resourceId: row.id,
      title: titleOf(meta, row),
      oldObject: oldDto,
      newObject: dto,
      userId: ctx.actor.userId,
      userName: ctx.actor.username,
    });
    outbox.add(this.hub, "changed", row.id);
    for (const id of others) outbox.add(this.hub, "changed", id);
    return dto;
  }

  /**
   * A change of a few columns that a verb has judged itself (a drag on the calendar, a price typed into the
   * price list): as an edit, the caller's write access, the record within the caller's scope, the version
   * check, the record log and the event; `change` gets the stored row and answers the columns to set, or
   * throws its refusal.
   */
  async patch(
    ctx: TenantContext,
    id: number,
    version: number,
    change: (old: AnyRow, tx: Db) => Promise<Record<string, unknown>> | Record<string, unknown>,
  ): Promise<Rec> {
    this.#write(ctx.actor);
    return await transactionWithEvents(
      ctx,
      (tx, outbox) => this.patchIn(tx, outbox, ctx, id, version, change),
    );
  }

  /** The patch inside a caller's transaction (several records placed on a map at once). */
  async patchIn(
    tx: Db,
    outbox: Outbox,
    ctx: TenantContext,
    id: number,
    version: number,
    change: (old: AnyRow, tx: Db) => Promise<Record<string, unknown>> | Record<string, unknown>,
  ): Promise<Rec> {
    this.#write(ctx.actor);
    const old = await this.#find(tx, ctx.actor, id);
    if (!old) throw notFound();
    if (old.version !== version) throw new AppError("record.changedByAnotherUser");
    const values = { ...await change(old, tx), updatedAt: nowIso(), version: old.version + 1 };
    const [oldDto] = await this.#dtos(tx, [old]);
    const row = await updateRow(tx, this.#t, values, old.id, old.version) as AnyRow | undefined;
    if (!row) throw new AppError("record.changedByAnotherUser");
    await this.def.afterWrite?.(tx, row, old, ctx);
    const [dto] = await this.#dtos(tx, [row]);
    await writeRecordLog(tx, {
      action: "changed",
      resourceType: this.meta.resource,
      resourceId: row.id,
      title: titleOf(this.meta, row),
      oldObject: oldDto,
      newObject: dto,
      userId: ctx.actor.userId,
      userName: ctx.actor.username,
    });
    outbox.add(this.hub, "changed", row.id);
    return dto;
  }

  async remove(ctx: TenantContext, id: number): Promise<void> {
    this.#write(ctx.actor);
    const { meta } = this;
    let filesGone = new Map<Attached, string[]>();
    await transactionWithEvents(ctx, async (tx, outbox) => {
      const old = await this.#find(tx, ctx.actor, id);
      if (!old) {
        // A record that was there a moment ago and is gone now was removed by someone else.
        if (await this.#wasRemoved(tx, id)) throw new AppError("record.alreadyRemoved");
        throw notFound();
      }
      await this.def.beforeDelete?.(tx, ctx, old);
      for (const dep of await this.dependents()) {
        const table = (dep.column as unknown as { table: AnyTable }).table;
        const [hit] = await tx.select({ one: sql`1` }).from(table).where(eq(dep.column, id)).limit(1);
        if (hit) {
          throw new AppError("record.foreignKey", { params: { variant: dep.variant ?? "general" } });
        }
      }
      const [oldDto] = await this.#dtos(tx, [old]);
      for (const link of [...Object.values(this.links), ...Object.values(this.values)]) {
        await tx.delete(link.table).where(eq(link.owner, id));
      }
      await tx.delete(this.#t).where(eq(this.#idCol, id));
      await this.def.afterDelete?.(tx, old, ctx);
      // Its attachments go with it: their rows now, their bytes once this commits.
      filesGone = await removeAttachedTo(tx, meta.resource, id);
      await writeRecordLog(tx, {
        action: "deleted",
        resourceType: meta.resource,
        resourceId: id,
        title: titleOf(meta, old),
        oldObject: oldDto,
        userId: ctx.actor.userId,
        userName: ctx.actor.username,
      });
      outbox.add(this.hub, "deleted", id);
    });
    for (const [attached, keys] of filesGone) {
      await attached.dropAfter?.(ctx, keys).catch((err) =>
        console.error("attachment bytes not removed:", err)
      );
    }
  }

  /**
   * A stored record as SQLite holds it (its row's columns, its links' and value lists' rows), for
   * `restoreIn` to put back: an import taken back (server/domain/imports/write.ts, decision 0018).
   */
  async snapshotIn(tx: Db, id: number): Promise<RecordSnapshot | undefined> {
    const names = Object.values(getTableColumns(this.#t)).map((c) => c.name);
    const [values] = await tx.all<unknown[]>(
      sql`SELECT ${
        sql.join(names.map((n) => sql.identifier(n)), sql`, `)
      } FROM ${this.#t} WHERE ${this.#idCol} = ${id}`,
    );
    if (!values) return undefined;
    const lists: Record<string, unknown[]> = {};
    for (const [name, link] of Object.entries(this.links)) {
      lists[name] = (await tx.select({ v: link.target }).from(link.table).where(eq(link.owner, id)))
        .map((r) => r.v);
    }
    for (const [name, list] of Object.entries(this.values)) {
      lists[name] = (await tx.select({ v: list.value }).from(list.table).where(eq(list.owner, id)))
        .map((r) => r.v);
    }
    return { id, row: Object.fromEntries(names.map((n, i) => [n, values[i]])), lists };
  }

  /**
   * Puts a record back as `snapshotIn` found it, version and all, as though it had not been changed since:
   * no RecordLog entry (the caller removes those of the change it takes back). What the change did beside
   * the row (`afterWrite`: a product's weight at its locations, a location's path below it) is done back.
   */
  async restoreIn(tx: Db, snapshot: RecordSnapshot): Promise<void> {
    const [now] = await this.#rows(tx, eq(this.#idCol, snapshot.id));
    if (!now) return;
    const set = Object.entries(snapshot.row).filter(([name]) => name !== this.#idCol.name)
      .map(([name, v]) => sql`${sql.identifier(name)} = ${v}`);
    await tx.run(sql`UPDATE ${this.#t} SET ${sql.join(set, sql`, `)} WHERE ${this.#idCol} = ${snapshot.id}`);
    const [restored] = await this.#rows(tx, eq(this.#idCol, snapshot.id));
    await this.def.afterWrite?.(tx, restored, now);
    await this.#saveLinks(tx, snapshot.id, snapshot.lists, true);
  }

  /**
   * Takes back a record's add as though it had never been made: its links, attachments and discussion go
   * with it, and no RecordLog entry is written. Answers the attachments' storage keys, whose bytes the
   * caller drops once this commits.
   */
  async eraseIn(tx: Db, id: number): Promise<string[]> {
    const [old] = await this.#rows(tx, eq(this.#idCol, id));
    if (!old) return [];
    for (const link of [...Object.values(this.links), ...Object.values(this.values)]) {
      await tx.delete(link.table).where(eq(link.owner, id));
    }
    await tx.delete(this.#t).where(eq(this.#idCol, id));
    await this.def.afterDelete?.(tx, old);
    return [...(await removeAttachedTo(tx, this.meta.resource, id)).values()].flat();
  }

  /** Whether the RecordLog says this resource's record `id` was deleted. */
  async #wasRemoved(tx: Db, id: number): Promise<boolean> {
    const [hit] = await tx.select({ id: recordLog.id }).from(recordLog).where(and(
      eq(recordLog.resourceType, this.meta.resource),
      eq(recordLog.resourceId, id),
      eq(recordLog.action, "deleted"),
    )).limit(1);
    return hit !== undefined;
  }
}
