// The resource engine: one implementation of the contract's generic resource calls (paged list, get, add,
// edit with optimistic concurrency, delete) that each entity configures with a ResourceDef. It owns what
// every entity must get right the same way: permission and contractor scope (a record the caller may not
// see is 404), uniqueness, links that must exist, links that forbid a delete, many-to-many link tables,
// the RecordLog entry and the real-time event, all in one transaction.
import { and, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import type { Db } from "../../db/connection.ts";
import type { Actor, TenantContext } from "../../kernel/context.ts";
import { AppError, type FieldCode, notFound } from "../../kernel/errors.ts";
import {
  type FieldType,
  type ListField,
  listPage,
  type ListQuery,
  type SearchIndex,
} from "../../kernel/list.ts";
import type { FieldKind, ResourceMeta } from "../../kernel/resource_meta.ts";
import { nowIso } from "../../kernel/time.ts";
import { transactionWithEvents } from "../../hub/outbox.ts";
import type { HubResource } from "../../hub/visibility.ts";
import { writeRecordLog } from "../logs/record_log/service.ts";
import { recordLog } from "../logs/record_log/table.ts";

// deno-lint-ignore no-explicit-any
type AnyRow = Record<string, any> & { id: number; version: number };
// deno-lint-ignore no-explicit-any
type AnyTable = SQLiteTable & Record<string, any>;

/** A many-to-many link kept in its own table (`product_group_links(product_id, group_id)`). */
export interface LinkDef {
  table: AnyTable;
  /** The column holding this resource's id. */
  owner: SQLiteColumn;
  /** The column holding the linked record's id. */
  target: SQLiteColumn;
  /** The linked table and its id, to refuse ids that name nothing. */
  targetTable: AnyTable;
  targetId: SQLiteColumn;
  /** More each linked record must satisfy (a company group is a Dictionary entry of group companyGroup). */
  targetWhere?: SQL;
  /**
   * The linked table's column that names a linked record: the records then also carry `<name>Names`
   * (`tagIds` → `tagNames`) in `extra`, in the order of the ids, so a list shows names, not a count.
   */
  names?: SQLiteColumn;
}

/**
 * Several plain values of a record kept in their own table, one row per value (`product_barcodes(product_id,
 * barcode)`): saved and read like links, listed and filtered through the table (any value matches).
 */
export interface ValueListDef {
  table: AnyTable;
  /** The column holding this resource's id. */
  owner: SQLiteColumn;
  /** The column holding one value. */
  value: SQLiteColumn;
  /** A value may belong to one record only (409 record.uniqueConflict on the field). */
  unique?: boolean;
}

/** A column of this resource that must name an existing record (`parentId` → companies.id). */
export interface ReferenceCheck {
  column: SQLiteColumn;
  table: AnyTable;
  id: SQLiteColumn;
  /** More the target must satisfy (a contractor must have the contractor role). */
  where?: SQL;
}

/** Another table whose rows point at this resource: a linked record cannot be deleted. */
export interface Dependent {
  column: SQLiteColumn;
  /** The catalogue variant of record.foreignKey (`company`, `message`, `externalOrder`), else the general one. */
  variant?: string;
}

/** Which values must be unique among the tenant's records, and the fields to flag when they are not. */
export interface UniqueRule {
  columns: SQLiteColumn[];
  fields: string[];
  /** Comparison without regard to letter case (SQLite's NOCASE, ASCII only; values are upper-cased anyway). */
  caseInsensitive?: boolean;
}

export interface ResourceDef<Dto, Create, Update extends { id: number; version: number }> {
  meta: ResourceMeta;
  hub: HubResource;
  table: AnyTable;
  /** The columns behind the metadata's list fields, where the field name is not the column's property. */
  columns?: Record<string, SQLiteColumn>;
  /**
   * The row as the API answers it; `links` holds the ids of each link table, `values` the values of each
   * value list, by field name.
   */
  toDto(
    row: AnyRow,
    links: Record<string, number[]>,
    extra: Record<string, unknown>,
    values: Record<string, string[]>,
  ): Dto;
  /** The columns to store for an add (`old` undefined) or an edit; absent for a read-only resource. */
  toRow?(input: Create | Update, ctx: TenantContext, old?: AnyRow): Record<string, unknown>;
  links?: Record<string, LinkDef>;
  values?: Record<string, ValueListDef>;
  references?: Record<string, ReferenceCheck>;
  dependents?: Dependent[];
  unique?: UniqueRule[];
  /**
   * The quick search's FTS5 trigram index (made by a migration, kept by its triggers) and the fields it
   * holds: exactly the fields the metadata marks searchable, or the resource refuses to start.
   */
  search?: SearchIndex & { fields: string[] };
  /** Conditions the caller cannot lift: a contractor user sees only their contractor's records. */
  scope?(actor: Actor): SQL | undefined;
  /** Who may read at all (staff by default, not contractor users; administrators when meta.readers is "admin"). */
  canRead?(actor: Actor): boolean;
  /** Who may add, edit and delete, where the metadata's `writers` does not say it (logistics staff). */
  canWrite?(actor: Actor): boolean;
  /** Rules that need the database (a location's parent cannot be its own descendant). */
  validate?(tx: Db, ctx: TenantContext, values: Record<string, unknown>, old?: AnyRow): Promise<void>;
  /** Display values read beside the rows of a page or a record (`contractorName`), by row id. */
  readExtra?(db: Db, rows: AnyRow[]): Promise<Map<number, Record<string, unknown>>>;
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
  /** Follow-up writes in the same transaction once the row is stored (the paths of a location's descendants). */
  afterWrite?(tx: Db, row: AnyRow, old?: AnyRow): Promise<void>;
  /** Follow-up writes in the same transaction once the row is deleted (a document's position counts). */
  afterDelete?(tx: Db, old: AnyRow): Promise<void>;
}

const isStaff = (a: Actor) => a.contractorId === null;

/**
 * `col` is one of `ids`, as one JSON parameter however many ids there are: drizzle builds a 50-id IN list
 * parameter by parameter, a noticeable share of a cheap list call, and the statement's text would differ
 * with every page size.
 */
function oneOf(col: SQLiteColumn, ids: number[]): SQL {
  return sql`${col} IN (SELECT value FROM json_each(${JSON.stringify(ids)}))`;
}

interface PreparedRows {
  all(values: { ids: string }): Promise<unknown>;
}

/** Who may add, edit and delete, from the metadata: administrators, or business managers too. */
export function canWrite(meta: ResourceMeta, a: Actor): boolean {
  if (!isStaff(a)) return false;
  return a.isSuperUser || (meta.writers !== "admin" && a.isPowerUser);
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

export class Resource<Dto, Create, Update extends { id: number; version: number }> {
  readonly listFields: Record<string, ListField>;
  readonly #idCol: SQLiteColumn;
  readonly #versionCol: SQLiteColumn;
  /** The rows of a page, by their ids: built and prepared once per database handle. */
  readonly #rowsByIds = new WeakMap<Db, PreparedRows>();

  constructor(readonly def: ResourceDef<Dto, Create, Update>) {
    this.listFields = listFieldsOf(def.meta, def.table, def.columns, def.values);
    this.#idCol = def.table.id;
    this.#versionCol = def.table.version;
    if (!this.#idCol || (!this.#versionCol && !def.meta.readOnly)) {
      throw new Error(`${def.meta.resource}: the table needs id and version`);
    }
    if (!def.toRow && !def.meta.readOnly) throw new Error(`${def.meta.resource}: toRow is missing`);
    if (def.search) {
      const searchable = Object.entries(this.listFields).filter(([, f]) => f.searchable).map(([n]) => n)
        .sort();
      const indexed = [...def.search.fields].sort();
      if (searchable.join() !== indexed.join()) {
        throw new Error(
          `${def.meta.resource}: the search index ${def.search.table} holds ${indexed.join(", ")} but the ` +
            `searchable fields are ${searchable.join(", ")}; a migration must rebuild the index`,
        );
      }
    }
  }

  get meta(): ResourceMeta {
    return this.def.meta;
  }

  /** Columns that must name an existing record, by field. */
  get references(): Record<string, ReferenceCheck> {
    return this.def.references ?? {};
  }

  /** Values that must be unique among the tenant's records. */
  get uniqueRules(): UniqueRule[] {
    return this.def.unique ?? [];
  }

  /** Columns elsewhere whose rows keep a record of this resource from being deleted. */
  get dependents(): Dependent[] {
    return this.def.dependents ?? [];
  }

  get links(): Record<string, LinkDef> {
    return this.def.links ?? {};
  }

  get values(): Record<string, ValueListDef> {
    return this.def.values ?? {};
  }

  #read(actor: Actor): void {
    const allowed = this.def.canRead
      ? this.def.canRead(actor)
      : isStaff(actor) && (this.def.meta.readers !== "admin" || actor.isSuperUser);
    if (!allowed) throw new AppError("auth.forbidden");
  }

  #scope(actor: Actor): SQL | undefined {
    return this.def.scope?.(actor);
  }

  async #rows(db: Db, where: SQL | undefined): Promise<AnyRow[]> {
    return await db.select().from(this.def.table).where(where) as AnyRow[];
  }

  async #pageRows(db: Db, ids: number[]): Promise<AnyRow[]> {
    let query = this.#rowsByIds.get(db);
    if (!query) {
      query = db.select().from(this.def.table)
        .where(sql`${this.#idCol} IN (SELECT value FROM json_each(${sql.placeholder("ids")}))`)
        .prepare() as unknown as PreparedRows;
      this.#rowsByIds.set(db, query);
    }
    return await query.all({ ids: JSON.stringify(ids) }) as AnyRow[];
  }

  /** Rows as the API answers them, with their link ids and extra display values. */
  async #dtos(db: Db, rows: AnyRow[]): Promise<Dto[]> {
    if (rows.length === 0) return [];
    const ids = rows.map((r) => r.id);
    const links: Record<string, Map<number, number[]>> = {};
    for (const [name, link] of Object.entries(this.def.links ?? {})) {
      const found = await db.select({ owner: link.owner, target: link.target }).from(link.table)
        .where(oneOf(link.owner, ids)).orderBy(link.owner, link.target) as {
          owner: number;
          target: number;
        }[];
      const byOwner = new Map<number, number[]>();
      for (const { owner, target } of found) {
        const list = byOwner.get(owner);
        if (list) list.push(target);
        else byOwner.set(owner, [target]);
      }
      links[name] = byOwner;
    }
    const values: Record<string, Map<number, string[]>> = {};
    for (const [name, list] of Object.entries(this.def.values ?? {})) {
      const found = await db.select({ owner: list.owner, value: list.value }).from(list.table)
        .where(oneOf(list.owner, ids)).orderBy(list.owner, list.value) as {
          owner: number;
          value: string;
        }[];
      const byOwner = new Map<number, string[]>();
      for (const { owner, value } of found) {
        const got = byOwner.get(owner);
        if (got) got.push(value);
        else byOwner.set(owner, [value]);
      }
      values[name] = byOwner;
    }
    const extra: Map<number, Record<string, unknown>> = this.def.readExtra
      ? await this.def.readExtra(db, rows)
      : new Map();
    for (const [name, link] of Object.entries(this.def.links ?? {})) {
      if (!link.names) continue;
      const targets = [...new Set([...links[name].values()].flat())];
      const named = targets.length
        ? await db.select({ id: link.targetId, name: link.names }).from(link.targetTable)
          .where(oneOf(link.targetId, targets)) as { id: number; name: string }[]
        : [];
      const nameOf = new Map(named.map((r) => [r.id, r.name]));
      const field = `${name.replace(/Ids$/, "")}Names`;
      for (const row of rows) {
        const names = (links[name].get(row.id) ?? []).map((id) => nameOf.get(id) ?? `#${id}`);
        extra.set(row.id, { ...extra.get(row.id), [field]: names });
      }
    }
    return rows.map((row) =>
      this.def.toDto(
        row,
        Object.fromEntries(Object.entries(links).map(([name, m]) => [name, m.get(row.id) ?? []])),
        extra.get(row.id) ?? {},
        Object.fromEntries(Object.entries(values).map(([name, m]) => [name, m.get(row.id) ?? []])),
      )
    );
  }

  /** A page of the list; `where` narrows it further (the children of one location). */
  list(
    ctx: TenantContext,
    query: ListQuery,
    where?: SQL,
  ): Promise<{ results: Dto[]; allFilteredRowCount: number }> {
    this.#read(ctx.actor);
    const scope = and(this.#scope(ctx.actor), where);
    const db = ctx.conn.db;
    // Without a sort column the list is in the metadata's default order, direction included (newest first).
    const { defaultSort } = this.def.meta;
    const sorted = query.sortColumn === undefined
      ? { ...query, sortDescending: defaultSort.descending }
      : query;
    return listPage(
      db,
      {
        table: this.def.table,
        id: this.#idCol,
        fields: this.listFields,
        defaultSort: defaultSort.column,
        scope: scope ? [scope] : [],
        search: this.def.search ? { table: this.def.search.table } : undefined,
      },
      sorted,
      async (ids) => this.#dtos(db, await this.#pageRows(db, ids)),
      { countCache: ctx.conn.countCache },
    );
  }

  async #find(db: Db, actor: Actor, id: number): Promise<AnyRow | undefined> {
    const [row] = await this.#rows(db, and(eq(this.#idCol, id), this.#scope(actor)));
    return row;
  }

  async get(ctx: TenantContext, id: number): Promise<Dto> {
    this.#read(ctx.actor);
    const row = await this.#find(ctx.conn.db, ctx.actor, id);
    if (!row) throw notFound();
    return (await this.#dtos(ctx.conn.db, [row]))[0];
  }

  /** Editing without permission answers as a missing record would ('object not found or insufficient permissions'). */
  #write(actor: Actor): void {
    if (this.def.meta.readOnly) throw new AppError("method.notAllowed");
    const allowed = this.def.canWrite
      ? isStaff(actor) && this.def.canWrite(actor)
      : canWrite(this.def.meta, actor);
    if (!allowed) throw notFound();
  }

  #toRow(input: Create | Update, ctx: TenantContext, old?: AnyRow): Record<string, unknown> {
    if (!this.def.toRow) throw new AppError("method.notAllowed");
    return this.def.toRow(input, ctx, old);
  }

  async #check(tx: Db, ctx: TenantContext, values: Record<string, unknown>, input: object, old?: AnyRow) {
    const fields: Record<string, FieldCode[]> = {};
    for (const [name, ref] of Object.entries(this.def.references ?? {})) {
      const prop = Object.entries(this.def.table).find(([, c]) => c === ref.column)?.[0];
      const value = prop === undefined ? undefined : values[prop];
      if (value === null || value === undefined) continue;
      const [hit] = await tx.select({ id: ref.id }).from(ref.table).where(
        and(eq(ref.id, value as number), ref.where),
      )
        .limit(1);
      if (!hit) fields[name] = ["validation.invalidValue"];
    }
    for (const [name, link] of Object.entries(this.def.links ?? {})) {
      const ids = (input as Record<string, unknown>)[name];
      if (!Array.isArray(ids) || ids.length === 0) continue;
      const unique = [...new Set(ids as number[])];
      const [{ n }] = await tx.select({ n: sql<number>`count(*)` }).from(link.targetTable)
        .where(and(inArray(link.targetId, unique), link.targetWhere));
      if (Number(n) !== unique.length) fields[name] = ["validation.invalidValue"];
    }
    if (Object.keys(fields).length) throw new AppError("validation.failed", { fields });
    for (const rule of this.def.unique ?? []) {
      const props = rule.columns.map((c) => Object.entries(this.def.table).find(([, col]) => col === c)?.[0]);
      const vals = props.map((p) => (p === undefined ? undefined : values[p]));
      if (vals.some((v) => v === null || v === undefined)) continue;
      const same = rule.columns.map((c, i) =>
        rule.caseInsensitive ? sql`${c} = ${vals[i]} COLLATE NOCASE` : eq(c, vals[i] as string)
      );
      const [clash] = await tx.select({ id: this.#idCol }).from(this.def.table)
        .where(and(...same, old ? sql`${this.#idCol} <> ${old.id}` : undefined)).limit(1);
      if (clash) {
        throw new AppError("record.uniqueConflict", {
          fields: Object.fromEntries(rule.fields.map((f) => [f, ["validation.mustBeUnique" as const]])),
        });
      }
    }
    for (const [name, list] of Object.entries(this.def.values ?? {})) {
      const given = (input as Record<string, unknown>)[name];
      if (!list.unique || !Array.isArray(given) || given.length === 0) continue;
      const [clash] = await tx.select({ one: sql`1` }).from(list.table).where(and(
        inArray(list.value, [...new Set(given as string[])]),
        old ? sql`${list.owner} <> ${old.id}` : undefined,
      )).limit(1);
      if (clash) {
        throw new AppError("record.uniqueConflict", { fields: { [name]: ["validation.mustBeUnique"] } });
      }
    }
    await this.def.validate?.(tx, ctx, values, old);
  }

  async #saveLinks(tx: Db, id: number, input: object, replacing: boolean) {
    for (const [name, link] of Object.entries(this.def.links ?? {})) {
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
    for (const [name, list] of Object.entries(this.def.values ?? {})) {
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
    const { meta } = this.def;
    const rows = await this.#rows(tx, and(change.where, old ? sql`${this.#idCol} <> ${old.id}` : undefined));
    const before = await this.#dtos(tx, rows);
    const ids: number[] = [];
    for (const [i, row] of rows.entries()) {
      const [updated] = await tx.update(this.def.table)
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

  async add(ctx: TenantContext, input: Create): Promise<Dto> {
    this.#write(ctx.actor);
    const { meta } = this.def;
    return await transactionWithEvents(ctx, async (tx, outbox) => {
      const now = nowIso();
      const values = { ...this.#toRow(input, ctx), createdAt: now, updatedAt: now, version: 1 };
      await this.#check(tx, ctx, values, input as object);
      if (this.def.derive) Object.assign(values, await this.def.derive(tx, values));
      const others = await this.#changeOthers(tx, ctx, values);
      const [row] = await tx.insert(this.def.table).values(values).returning() as AnyRow[];
      await this.def.afterWrite?.(tx, row);
      await this.#saveLinks(tx, row.id, input as object, false);
      const [dto] = await this.#dtos(tx, [row]);
      await writeRecordLog(tx, {
        action: "created",
        resourceType: meta.resource,
        resourceId: row.id,
        title: titleOf(meta, row),
        newObject: dto,
        userId: ctx.actor.userId,
        userName: ctx.actor.username,
      });
      outbox.add(this.def.hub, "created", row.id);
      for (const id of others) outbox.add(this.def.hub, "changed", id);
      return dto;
    });
  }

  async edit(ctx: TenantContext, input: Update): Promise<Dto> {
    this.#write(ctx.actor);
    const { meta } = this.def;
    return await transactionWithEvents(ctx, async (tx, outbox) => {
      const old = await this.#find(tx, ctx.actor, input.id);
      if (!old) throw notFound();
      if (old.version !== input.version) throw new AppError("record.changedByAnotherUser");
      const values = { ...this.#toRow(input, ctx, old), updatedAt: nowIso(), version: old.version + 1 };
      await this.#check(tx, ctx, values, input as object, old);
      if (this.def.derive) Object.assign(values, await this.def.derive(tx, values, old));
      const others = await this.#changeOthers(tx, ctx, values, old);
      const [oldDto] = await this.#dtos(tx, [old]);
      const [row] = await tx.update(this.def.table).set(values)
        .where(and(eq(this.#idCol, old.id), eq(this.#versionCol, old.version))).returning() as AnyRow[];
      if (!row) throw new AppError("record.changedByAnotherUser");
      await this.def.afterWrite?.(tx, row, old);
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
      outbox.add(this.def.hub, "changed", row.id);
      for (const id of others) outbox.add(this.def.hub, "changed", id);
      return dto;
    });
  }

  async remove(ctx: TenantContext, id: number): Promise<void> {
    this.#write(ctx.actor);
    const { meta } = this.def;
    await transactionWithEvents(ctx, async (tx, outbox) => {
      const old = await this.#find(tx, ctx.actor, id);
      if (!old) {
        // A record that was there a moment ago and is gone now was removed by someone else.
        if (await this.#wasRemoved(tx, id)) throw new AppError("record.alreadyRemoved");
        throw notFound();
      }
      await this.def.beforeDelete?.(tx, ctx, old);
      for (const dep of this.def.dependents ?? []) {
        const table = (dep.column as unknown as { table: AnyTable }).table;
        const [hit] = await tx.select({ one: sql`1` }).from(table).where(eq(dep.column, id)).limit(1);
        if (hit) {
          throw new AppError("record.foreignKey", { params: { variant: dep.variant ?? "general" } });
        }
      }
      const [oldDto] = await this.#dtos(tx, [old]);
      for (const link of [...Object.values(this.def.links ?? {}), ...Object.values(this.def.values ?? {})]) {
        await tx.delete(link.table).where(eq(link.owner, id));
      }
      await tx.delete(this.def.table).where(eq(this.#idCol, id));
      await this.def.afterDelete?.(tx, old);
      await writeRecordLog(tx, {
        action: "deleted",
        resourceType: meta.resource,
        resourceId: id,
        title: titleOf(meta, old),
        oldObject: oldDto,
        userId: ctx.actor.userId,
        userName: ctx.actor.username,
      });
      outbox.add(this.def.hub, "deleted", id);
    });
  }

  /** Whether the RecordLog says this resource's record `id` was deleted. */
  async #wasRemoved(tx: Db, id: number): Promise<boolean> {
    const [hit] = await tx.select({ id: recordLog.id }).from(recordLog).where(and(
      eq(recordLog.resourceType, this.def.meta.resource),
      eq(recordLog.resourceId, id),
      eq(recordLog.action, "deleted"),
    )).limit(1);
    return hit !== undefined;
  }
}
