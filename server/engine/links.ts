// Where an entity's links point, read from the schema's foreign keys when first needed (tables refer to
// each other in circles, so not while they are being declared): the ids the engine checks name an existing
// record, the many-to-many links and value lists kept in their own tables, the columns that give a linked
// record's name, and the foreign keys elsewhere that keep a record from being deleted.
import { getTableColumns, type SQL, sql } from "drizzle-orm";
import { getTableConfig, type SQLiteColumn, type SQLiteTable } from "drizzle-orm/sqlite-core";
import type {
  AnyTable,
  Dependent,
  Display,
  EntityDef,
  FieldDef,
  LinkDef,
  ReferenceCheck,
  ValueListDef,
} from "./declaration.ts";
import type { FieldKind, ResourceMeta } from "../../shared/resources/meta.ts";

/** What of an entity the links need. */
export interface Declared {
  readonly def: EntityDef;
  readonly columns: Record<string, SQLiteColumn>;
  readonly meta: ResourceMeta;
  kindOf(name: string): FieldKind;
  inputs(mode: "add" | "edit"): readonly string[];
}

/** Every declared entity by its table: a foreign key names a table, the entity says the rest. */
const byTable = new Map<SQLiteTable, Declared>();

export function register(table: SQLiteTable, entity: Declared): void {
  byTable.set(table, entity);
}

/** The entity declared for a table. */
export function declaredFor(table: SQLiteTable): Declared | undefined {
  return byTable.get(table);
}

/** The table and column a column's foreign key points at. */
export function foreignKeyOf(column: SQLiteColumn): { table: AnyTable; column: SQLiteColumn } | undefined {
  const table = (column as unknown as { table: SQLiteTable }).table;
  for (const fk of getTableConfig(table).foreignKeys) {
    const ref = fk.reference();
    if (ref.columns.length === 1 && ref.columns[0] === column) {
      return { table: ref.foreignTable as AnyTable, column: ref.foreignColumns[0] };
    }
  }
  return undefined;
}

/** A link table's two foreign keys: the one to the owner's table, and the one to the linked table. */
function linkColumns(owner: Declared, name: string, table: AnyTable) {
  let own: SQLiteColumn | undefined;
  let target: { column: SQLiteColumn; table: AnyTable; id: SQLiteColumn } | undefined;
  for (const fk of getTableConfig(table).foreignKeys) {
    const ref = fk.reference();
    if (ref.foreignTable === owner.def.table && !own) own = ref.columns[0];
    else target = { column: ref.columns[0], table: ref.foreignTable as AnyTable, id: ref.foreignColumns[0] };
  }
  if (!own || !target) {
    throw new Error(`${owner.def.resource}.${name}: the link table needs both foreign keys`);
  }
  return { owner: own, target: target.column, targetTable: target.table, targetId: target.id };
}

/** The table a link field points at: its `ref`, its link table's other foreign key, or its own. */
export function targetTable(entity: Declared, name: string, f: FieldDef): AnyTable {
  if (f.ref) return f.ref();
  if (f.link) return linkColumns(entity, name, f.link.table).targetTable;
  const fk = foreignKeyOf(entity.columns[name]);
  if (!fk) throw new Error(`${entity.def.resource}.${name}: a link needs a foreign key or ref`);
  return fk.table;
}

/** The entity a link field points at. */
export function targetOf(entity: Declared, name: string, f: FieldDef): Declared {
  const target = byTable.get(targetTable(entity, name, f));
  if (!target) throw new Error(`${entity.def.resource}.${name}: no entity is declared for its target`);
  return target;
}

/** `only` as SQL on the target's columns (text compared without regard to case). */
function onlyWhere(target: AnyTable, only: Record<string, string> | undefined): SQL | undefined {
  if (!only) return undefined;
  const columns = getTableColumns(target) as Record<string, SQLiteColumn>;
  return sql.join(Object.entries(only).map(([k, v]) => sql`${columns[k]} = ${v} COLLATE NOCASE`), sql` AND `);
}

function fieldsOf(entity: Declared): [string, FieldDef][] {
  return Object.entries(entity.def.fields as Record<string, FieldDef>);
}

/** Ids the engine checks name an existing (and suitable) record, by field. */
export function referencesOf(entity: Declared): Record<string, ReferenceCheck> {
  const refs: Record<string, ReferenceCheck> = {};
  for (const name of new Set([...entity.inputs("add"), ...entity.inputs("edit")])) {
    const f: FieldDef = (entity.def.fields as Record<string, FieldDef>)[name] ?? {};
    const column = entity.columns[name];
    if (f.check === false || !column || entity.kindOf(name) !== "reference") continue;
    const fk = f.ref ? undefined : foreignKeyOf(column);
    const table = f.ref ? f.ref() : fk?.table;
    if (!table) continue;
    const id = fk?.column ?? (getTableColumns(table) as Record<string, SQLiteColumn>).id;
    refs[name] = { column, table, id, where: onlyWhere(table, f.only) };
  }
  return refs;
}

/** The many-to-many links kept in their own tables, by field. */
export function linksOf(entity: Declared): Record<string, LinkDef> {
  const links: Record<string, LinkDef> = {};
  for (const [name, f] of fieldsOf(entity)) {
    if (!f.link) continue;
    const c = linkColumns(entity, name, f.link.table);
    const target = byTable.get(c.targetTable);
    links[name] = {
      table: f.link.table,
      owner: c.owner,
      target: c.target,
      targetTable: c.targetTable,
      targetId: c.targetId,
      targetWhere: onlyWhere(c.targetTable, f.only),
      ...(f.link.names ? { names: target?.columns[target.def.title[0]], namesField: f.link.names } : {}),
    };
  }
  return links;
}

/** The plain values kept in their own tables (one row per value), by field. */
export function valuesOf(entity: Declared): Record<string, ValueListDef> {
  const values: Record<string, ValueListDef> = {};
  for (const [name, f] of fieldsOf(entity)) {
    if (!f.values) continue;
    const columns = getTableColumns(f.values.table) as Record<string, SQLiteColumn>;
    const owner = getTableConfig(f.values.table).foreignKeys.map((fk) => fk.reference())
      .find((r) => r.foreignTable === entity.def.table)?.columns[0];
    const value = Object.values(columns).find((c) => c !== owner);
    if (!owner || !value) {
      throw new Error(`${entity.def.resource}.${name}: the value table needs an owner and a value`);
    }
    values[name] = { table: f.values.table, owner, value, unique: !!f.values.unique };
  }
  return values;
}

/**
 * Reference fields whose records carry the linked record's name, and the linked table's column that names
 * it (its first title field; where that is no column, the resource reads the name itself).
 */
export function displaysOf(entity: Declared): Display[] {
  const displays: Display[] = [];
  for (const [name, f] of fieldsOf(entity)) {
    if (!f.display || !entity.columns[name] || entity.columns[f.display]) continue;
    const target = targetOf(entity, name, f);
    const column = target.columns[(f.titles ?? target.def.title)[0]];
    if (column) displays.push({ field: name, column, display: f.display });
  }
  return displays;
}

/** The entity whose link or value table this is. */
function ownerOfLinkTable(table: SQLiteTable): Declared | undefined {
  for (const e of byTable.values()) {
    for (const [, f] of fieldsOf(e)) {
      if (f.link?.table === table || f.values?.table === table) return e;
    }
  }
  return undefined;
}

/**
 * Columns of other tables whose rows keep a record of the entity from being deleted: every foreign key to
 * its table, in any of `tables`, that neither cascades nor empties itself. Named by the `refusedAs` variant
 * of the entity, else of the entity owning the referencing table.
 */
export function dependentsOf(entity: Declared, tables: readonly SQLiteTable[]): Dependent[] {
  const found: Dependent[] = [];
  for (const table of tables) {
    for (const fk of getTableConfig(table).foreignKeys) {
      const ref = fk.reference();
      if (ref.foreignTable !== entity.def.table) continue;
      const rule = fk.onDelete ?? "no action";
      if (rule === "cascade" || rule === "set null" || rule === "set default") continue;
      const owner = byTable.get(table) ?? ownerOfLinkTable(table);
      const variant = entity.def.refusedAs ?? owner?.def.refusedAs;
      found.push({ column: ref.columns[0], ...(variant ? { variant } : {}) });
    }
  }
  return found;
}
