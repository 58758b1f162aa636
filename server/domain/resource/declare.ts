// One declaration per entity, from which the rest follows. The drizzle table says the columns, their types,
// which may be empty, their defaults and the foreign keys; the declaration adds only what the table cannot
// say: labels, which fields are list columns (sorted, filtered, searched, shown), limits, the kind of a text
// (an e-mail, a colour), display names of links. From the two come the zod shapes of an add, an edit and a
// record (and so the OpenAPI document), the metadata the client's generic list and dialogs read, how a row
// becomes a record and an input becomes a row, which ids must name existing records, and which rows
// elsewhere keep a record from being deleted. Limits are written once, in the field's schema; the metadata
// reads them back from it (z.toJSONSchema), so the form and the server cannot disagree.
import { getTableColumns, type InferSelectModel, type SQL, sql } from "drizzle-orm";
import { getTableConfig, type SQLiteColumn, type SQLiteTable } from "drizzle-orm/sqlite-core";
import { z } from "zod";
import type {
  FieldKind,
  FieldMeta,
  ReferenceMeta,
  ResourceMeta,
  RowColumnMeta,
} from "../../kernel/resource_meta.ts";
import {
  colour,
  editBase,
  optDate,
  optDateTime,
  optEmail,
  optNumber,
  optPhone,
  optText,
  optUpperText,
  optUrl,
  refId,
  refIds,
  reqText,
  upperText,
} from "./fields.ts";
import { email } from "../access/users/contract.ts";

// deno-lint-ignore no-explicit-any
export type AnyTable = SQLiteTable & Record<string, any>;

/** How a value is stored when the column holds it differently (JSON text, thousandths). */
export interface Codec {
  toRecord(stored: unknown): unknown;
  toRow(value: unknown): unknown;
}

/** A JSON value kept in a text column. */
export const jsonText: Codec = {
  toRecord: (v) => (v === null || v === undefined ? null : JSON.parse(v as string)),
  toRow: (v) => (v === null || v === undefined ? null : JSON.stringify(v)),
};

/** What a field adds to its column (or says of a field that has none). Everything is optional. */
export interface FieldDef {
  /** How the client shows and edits it; by default the column's type says (text, number, boolean, link). */
  kind?: FieldKind;
  /** The label's catalogue key; `field.<entity key>.<name>` (or `field.common.<name>` for common names). */
  label?: string;
  /** The form's group heading (catalogue key). */
  group?: string;
  /**
   * A list column, with any of the words `sort`, `filter`, `search`, `show` (shown until hidden with the
   * column chooser); `true` for a column with none of them.
   */
  list?: string | true;
  /**
   * Whether the add/edit form has it. By default an input field is on the form of the calls that take it
   * (`input`); `false` keeps it off the form (still an input of the API), "add" on the add form only.
   */
  form?: false | "add";
  /** Whether the API takes it: on both calls (default for a column), only when adding, or never (server). */
  input?: false | "add";
  /**
   * The record's value: by default the column's. A schema for a field without a column (filled by
   * `readExtra` or `toRecord`) or one the column holds differently; false keeps the column out of records.
   */
  output?: z.ZodType | false;
  /** The input schema, when the kind's own does not fit; the metadata reads its limits from it. */
  schema?: z.ZodType;
  /** The input schema of an edit, where it differs from an add's (a password sent only to change it). */
  editSchema?: z.ZodType;
  /** Kept out of the metadata (a column the API answers but no screen shows). */
  meta?: false;
  /** Longest text, or largest number. */
  max?: number;
  /** Smallest number. */
  min?: number;
  /** Saved in capitals. */
  upper?: true;
  /** An http(s) address. */
  url?: true;
  /** May be left empty although the column may not (the server fills it). */
  optional?: true;
  /** The allowed values of an enum (the column's own enum by default). */
  options?: readonly string[];
  unit?: string;
  currency?: string;
  /** A calendar day (YYYY-MM-DD), not an instant. */
  day?: true;
  barcode?: "code128";
  /**
   * A link: the record also carries the linked record's name in this field, read from the linked table's
   * column named by its first title field (or, where that is no column, by the resource's `readExtra`).
   */
  display?: string;
  /** A link: the linked record's fields that name it in the client's picker, where not its own title. */
  titles?: readonly string[];
  /** A link: the linked record must have these values (the client's picker offers only such records). */
  only?: Record<string, string>;
  /** A link without a foreign key in the table (audit rows keep no constraint): the table it names. */
  ref?: () => AnyTable;
  /** A link the resource's own rule checks (a position's document), not the engine. */
  check?: false;
  /** The value a new record's form starts with, when the schema has no default. */
  formDefault?: string | number | boolean;
  /**
   * A narrower range than the API takes, asked for by the form only (a position's quantity is positive on
   * the form; the API keeps others in a working copy and the confirmation's validators refuse them).
   */
  formLimits?: { min?: number; max?: number };
  /** The form's required mark, when the schema alone does not say it. */
  formRequired?: "always" | "add" | false;
  adminOnly?: true;
  writeOnly?: true;
  /** Links to several records, kept in a table of (this id, linked id); `names` adds their names. */
  link?: { table: AnyTable; names?: string };
  /** Several plain values, kept in a table of (this id, value). */
  values?: { table: AnyTable; unique?: true };
  /** A list of small objects: the catalogue prefix of its columns' labels (the columns come from `schema`). */
  rows?: { label: string };
  codec?: Codec;
}

export interface UniqueDef {
  /** The fields to flag when the value is taken. */
  fields: readonly string[];
  /** Further columns of the key that are not flagged (a layout's name is unique within its type). */
  within?: readonly string[];
  /** Compared without regard to letter case. */
  nocase?: true;
}

export interface EntityDef<
  T extends AnyTable = AnyTable,
  F extends Record<string, FieldDef> = Record<string, FieldDef>,
> {
  /** The API path's name and the real-time events' resource. */
  resource: string;
  /** The catalogue's name for it (`resource.<key>`, `field.<key>.<name>`); the resource in camelCase by default. */
  key?: string;
  /** The API path under /api (`/<resource>`). */
  path?: string;
  table: T;
  /** Fields whose values name a record, the first with a value wins. */
  title: readonly string[];
  /** The list's default order: a field, `-` before it for descending. */
  sort: string;
  writers?: "admin" | "manager";
  readers?: "admin";
  readOnly?: true;
  singleton?: true;
  /**
   * The fields in the order the client shows them, each with what its column cannot say. Columns not named
   * here are still inputs and outputs; `id`, `createdAt` and `updatedAt` are added where not named.
   */
  fields: F;
  unique?: readonly UniqueDef[];
  /** The quick search's FTS5 trigram index (made by a migration); it holds exactly the searchable fields. */
  search?: string;
  /** The record.foreignKey variant when links to this entity or from its tables refuse a delete ("company"). */
  refusedAs?: string;
  /** Rules across fields, added to the add and edit shapes. */
  refine?: (value: Record<string, unknown>, ctx: z.RefinementCtx) => void;
}

/** A column of this resource that must name an existing record (`parentId` → companies.id). */
export interface ReferenceCheck {
  column: SQLiteColumn;
  table: AnyTable;
  id: SQLiteColumn;
  /** More the target must satisfy (a contractor must have the contractor role). */
  where?: SQL;
}

/** A many-to-many link kept in its own table (`product_group_links(product_id, group_id)`). */
export interface LinkDef {
  table: AnyTable;
  owner: SQLiteColumn;
  target: SQLiteColumn;
  targetTable: AnyTable;
  targetId: SQLiteColumn;
  targetWhere?: SQL;
  /** The linked table's column that names a linked record (the record then carries `<names>`). */
  names?: SQLiteColumn;
  namesField?: string;
}

/** Several plain values of a record kept in their own table, one row per value. */
export interface ValueListDef {
  table: AnyTable;
  owner: SQLiteColumn;
  value: SQLiteColumn;
  unique?: boolean;
}

/** Another table's column whose rows point at this resource: a linked record cannot be deleted. */
export interface Dependent {
  column: SQLiteColumn;
  variant?: string;
}

/** Which values must be unique among the tenant's records, and the fields to flag when they are not. */
export interface UniqueRule {
  columns: SQLiteColumn[];
  fields: string[];
  caseInsensitive?: boolean;
}

/** A reference field whose record carries the linked record's name. */
interface Display {
  field: string;
  column: SQLiteColumn;
  display: string;
}

const COMMON_LABELS = new Set(["id", "createdAt", "updatedAt", "colour", "icon", "description"]);
const LIST_WORDS = { sort: "sortable", filter: "filterable", search: "searchable", show: "visible" } as const;
const SERVER_COLUMNS = new Set(["id", "createdAt", "updatedAt", "version"]);

/** Every declared entity by its table, for links: a foreign key names a table, the entity says the rest. */
const byTable = new Map<SQLiteTable, Entity>();

/** The entity declared for `table`, if any. */
export function entityOf(table: SQLiteTable): Entity | undefined {
  return byTable.get(table);
}

interface ColumnInfo {
  column: SQLiteColumn;
  dataType: string;
  columnType: string;
  notNull: boolean;
  hasDefault: boolean;
  default: unknown;
  enumValues?: readonly string[];
}

function columnInfo(column: SQLiteColumn): ColumnInfo {
  const c = column as unknown as {
    dataType: string;
    columnType: string;
    notNull: boolean;
    hasDefault: boolean;
    default: unknown;
    enumValues?: string[];
  };
  return {
    column,
    dataType: c.dataType,
    columnType: c.columnType,
    notNull: c.notNull,
    hasDefault: c.hasDefault,
    default: c.default,
    enumValues: c.enumValues?.length ? c.enumValues : undefined,
  };
}

/** The table and column a column's foreign key points at, read when first needed (tables refer in circles). */
function foreignKeyOf(column: SQLiteColumn): { table: AnyTable; column: SQLiteColumn } | undefined {
  const table = (column as unknown as { table: SQLiteTable }).table;
  for (const fk of getTableConfig(table).foreignKeys) {
    const ref = fk.reference();
    if (ref.columns.length === 1 && ref.columns[0] === column) {
      return { table: ref.foreignTable as AnyTable, column: ref.foreignColumns[0] };
    }
  }
  return undefined;
}

/** The limits a schema enforces, read from its JSON Schema (the input side, nulls aside). */
function limitsOf(schema: z.ZodType): {
  maxLength?: number;
  minLength?: number;
  min?: number;
  max?: number;
  maxItems?: number;
  item?: Record<string, unknown>;
} {
  const json = z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as Record<string, unknown>;
  const branches = (json.anyOf as Record<string, unknown>[] | undefined) ?? [json];
  const main = branches.find((b) => b.type !== "null") ?? {};
  // An integer's own range (JavaScript's safe integers) is no limit worth showing; a positive one starts at 1.
  const integer = main.type === "integer";
  const num = (k: string) => {
    const v = main[k];
    return typeof v === "number" && !(integer && Math.abs(v) === Number.MAX_SAFE_INTEGER) ? v : undefined;
  };
  const above = num("exclusiveMinimum");
  return {
    maxLength: num("maxLength"),
    minLength: num("minLength"),
    min: num("minimum") ?? (above !== undefined && integer ? above + 1 : above),
    max: num("maximum") ?? num("exclusiveMaximum"),
    maxItems: num("maxItems"),
    item: main.items as Record<string, unknown> | undefined,
  };
}

function listFlags(name: string, list: string | true | undefined): FieldMeta["list"] | undefined {
  if (list === undefined) return undefined;
  if (list === true) return {};
  const flags: Record<string, boolean> = {};
  for (const word of list.split(/\s+/).filter(Boolean)) {
    const flag = LIST_WORDS[word as keyof typeof LIST_WORDS];
    if (!flag) {
      throw new Error(`the list of "${name}" has an unknown word "${word}" (sort, filter, search, show)`);
    }
    flags[flag] = true;
  }
  return flags;
}

function camel(resource: string): string {
  return resource[0].toLowerCase() + resource.slice(1);
}

/**
 * An entity: its declaration and all that follows from it. `meta`, `create`, `update` and `record` are
 * built when it is declared; what depends on other entities (where links point) when first needed.
 */
export class Entity<
  T extends AnyTable = AnyTable,
  F extends Record<string, FieldDef> = Record<string, FieldDef>,
> {
  readonly meta: ResourceMeta;
  /** The shapes of an add, an edit (id and version too) and a record as the API answers it. */
  readonly create: ObjectSchema<CreateOf<T, F>>;
  readonly update: ObjectSchema<UpdateOf<T, F>>;
  readonly record: ObjectSchema<RecordOf<T, F>>;
  readonly key: string;
  readonly unique: UniqueRule[];
  /** Field name → column, for the fields stored in this table. */
  readonly columns: Record<string, SQLiteColumn>;
  readonly #info: Record<string, ColumnInfo>;
  readonly #inputs: { add: string[]; edit: string[] };
  readonly #outputs: string[];
  #references?: Record<string, ReferenceCheck>;
  #links?: Record<string, LinkDef>;
  #values?: Record<string, ValueListDef>;
  #displays?: Display[];

  constructor(readonly def: EntityDef<T, F>) {
    const { table, fields } = def;
    this.key = def.key ?? camel(def.resource);
    this.columns = getTableColumns(table) as Record<string, SQLiteColumn>;
    this.#info = Object.fromEntries(Object.entries(this.columns).map(([k, c]) => [k, columnInfo(c)]));
    for (const name of Object.keys(fields)) {
      const f = fields[name];
      if (!this.columns[name] && !f.output && !f.link && !f.values && f.input === undefined && !f.schema) {
        throw new Error(`${def.resource}.${name}: no column of that name, and no output or input schema`);
      }
    }

    // Inputs: every column but the server's, unless the field says otherwise; and fields without a column
    // that have an input schema (links, value lists, a point).
    const add: string[] = [];
    const edit: string[] = [];
    const names = [...new Set([...Object.keys(this.columns), ...Object.keys(fields)])];
    for (const name of names) {
      const f: FieldDef = fields[name] ?? {};
      if (def.readOnly || SERVER_COLUMNS.has(name) || f.input === false) continue;
      if (!this.columns[name] && !f.schema && !f.link && !f.values) continue;
      // A singleton (the company's account) is never added, only edited.
      if (!def.singleton) add.push(name);
      if (f.input !== "add") edit.push(name);
    }
    this.#inputs = { add, edit };
    const shape = (list: string[], mode: "add" | "edit") =>
      Object.fromEntries(list.map((name) => {
        const f: FieldDef = fields[name] ?? {};
        return [name, mode === "edit" && f.editSchema ? f.editSchema : this.#inputSchema(name, f)];
      }));
    const refine = def.refine;
    const withRules = <S extends z.ZodObject>(s: S) =>
      refine ? s.superRefine((v, ctx) => refine(v as Record<string, unknown>, ctx)) : s;
    this.create = withRules(z.object(shape(add, "add"))) as unknown as ObjectSchema<CreateOf<T, F>>;
    const which = def.singleton ? { version: editBase.version } : editBase;
    this.update = withRules(z.object({ ...which, ...shape(edit, "edit") })) as unknown as ObjectSchema<
      UpdateOf<T, F>
    >;

    // Outputs: every column not kept out, then the fields without a column.
    const outputs: string[] = [];
    const record: Record<string, z.ZodType> = {};
    for (const name of names) {
      const f: FieldDef = fields[name] ?? {};
      if (f.output === false) continue;
      const info = this.#info[name];
      if (info) {
        record[name] = this.#columnOutput(info, f);
        outputs.push(name);
      } else if (f.output) {
        record[name] = f.output;
        outputs.push(name);
      } else if (f.link) {
        record[name] = z.array(z.number());
        outputs.push(name);
        if (f.link.names) {
          record[f.link.names] = z.array(z.string());
          outputs.push(f.link.names);
        }
      } else if (f.values) {
        record[name] = z.array(z.string());
        outputs.push(name);
      }
      // A display field that is a column of its own (a document's preceding number) is that column.
      if (f.display && !this.columns[f.display]) {
        record[f.display] = z.string().nullable();
        outputs.push(f.display);
      }
    }
    this.#outputs = outputs;
    this.record = z.object(record) as unknown as ObjectSchema<RecordOf<T, F>>;

    this.unique = (def.unique ?? []).map((u) => ({
      columns: [...(u.within ?? []), ...u.fields].map((n) => this.#column(n)),
      fields: [...u.fields],
      caseInsensitive: u.nocase,
    }));
    this.meta = this.#meta();
    byTable.set(table, this as unknown as Entity);
  }

  #column(name: string): SQLiteColumn {
    const c = this.columns[name];
    if (!c) throw new Error(`${this.def.resource}: no column "${name}"`);
    return c;
  }

  #columnOutput(info: ColumnInfo, f: FieldDef): z.ZodType {
    if (f.output) return f.output;
    let t: z.ZodType;
    const options = f.options ?? info.enumValues;
    if (info.dataType === "boolean") t = z.boolean();
    else if (info.dataType === "number") t = z.number();
    else if (options) t = z.enum(options as [string, ...string[]]);
    else t = z.string();
    return info.notNull ? t : t.nullable();
  }

  /** The kind of a field: declared, or what its column holds. */
  kindOf(name: string): FieldKind {
    const f: FieldDef = this.def.fields[name] ?? {};
    if (f.kind) return f.kind;
    if (f.link) return "references";
    if (f.values) return "strings";
    if (f.rows) return "rows";
    const info = this.#info[name];
    if (!info) return "text";
    if (info.dataType === "boolean") return "boolean";
    if (f.options ?? info.enumValues) return "enum";
    // A link's column is named after what it links (`parentId`, `contractorId`); where it points is read
    // from its foreign key only when first needed, since the other table may not be declared yet.
    if (info.dataType === "number") return f.ref || /.Id$/.test(name) ? "reference" : "number";
    if (name === "createdAt" || name === "updatedAt") return "date";
    return "text";
  }

  #inputSchema(name: string, f: FieldDef): z.ZodType {
    if (f.schema) return f.schema;
    const info = this.#info[name];
    const kind = this.kindOf(name);
    const required = !!info?.notNull && !info.hasDefault && !f.optional;
    const max = f.max;
    const needMax = () => {
      if (max === undefined) {
        throw new Error(`${this.def.resource}.${name}: a text needs its longest length (max)`);
      }
      return max;
    };
    switch (kind) {
      case "text":
      case "textarea":
        if (f.url) return optUrl;
        if (required) return f.upper ? upperText(needMax()) : reqText(needMax());
        return f.upper ? optUpperText(needMax()) : optText(needMax());
      case "email":
        return required ? email : optEmail;
      case "phone":
        return optPhone;
      case "colour":
        return colour;
      case "enum":
        return z.enum((f.options ?? info?.enumValues) as [string, ...string[]]);
      case "boolean":
        return z.boolean().default((info?.default as boolean | undefined) ?? false);
      case "reference":
        return required ? z.number().int().positive() : refId;
      case "references":
        return refIds;
      case "date":
        return f.day ? optDate : optDateTime;
      case "number":
      case "money": {
        if (f.min === undefined || f.max === undefined) {
          throw new Error(`${this.def.resource}.${name}: a number needs its bounds (min and max)`);
        }
        const int = info?.columnType === "SQLiteInteger";
        if (required) {
          const n = int ? z.number().int() : z.number();
          return n.min(f.min).max(f.max);
        }
        return int
          ? z.number().int().min(f.min).max(f.max).nullish().transform((v) => v ?? null)
          : optNumber(f.min, f.max);
      }
      default:
        throw new Error(`${this.def.resource}.${name}: a ${kind} field needs its input schema (schema)`);
    }
  }

  #label(name: string): string {
    const f: FieldDef = this.def.fields[name] ?? {};
    return f.label ?? (COMMON_LABELS.has(name) ? `field.common.${name}` : `field.${this.key}.${name}`);
  }

  #meta(): ResourceMeta {
    const { def } = this;
    const declared = Object.keys(def.fields);
    // A listed record has its id and times as list columns; a singleton has no list.
    const own = def.singleton ? [] : ["id", "createdAt", "updatedAt"].filter((n) => this.columns[n]);
    const order = [
      ...own.filter((n) => n === "id" && !declared.includes(n)),
      ...declared,
      ...own.filter((n) => n !== "id" && !declared.includes(n)),
    ].filter((n) => (def.fields[n] as FieldDef | undefined)?.meta !== false);
    const requiredOf = (schema: z.ZodType) =>
      (z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as { required?: string[] }).required ??
        [];
    const required = new Set([...requiredOf(this.create), ...requiredOf(this.update)]);
    const fields = order.map((name) => this.#fieldMeta(name, required));
    const descending = def.sort.startsWith("-");
    return {
      resource: def.resource,
      path: def.path ?? `/${def.resource}`,
      nameKey: `resource.${this.key}`,
      ...(def.readOnly || def.singleton ? {} : { addKey: `resource.${this.key}.add` }),
      titleFields: def.title,
      defaultSort: { column: descending ? def.sort.slice(1) : def.sort, descending },
      ...(def.singleton ? { singleton: true } : {}),
      ...(def.writers ? { writers: def.writers } : {}),
      ...(def.readers ? { readers: def.readers } : {}),
      ...(def.readOnly ? { readOnly: true } : {}),
      fields,
    };
  }

  #fieldMeta(name: string, required: Set<string>): FieldMeta {
    const f: FieldDef = this.def.fields[name] ?? {};
    const kind = this.kindOf(name);
    const meta: FieldMeta = { name, kind, labelKey: this.#label(name) };
    if (kind === "enum") meta.options = f.options ?? this.#info[name]?.enumValues;
    if (f.currency) meta.currency = f.currency;
    if (f.unit) meta.unit = f.unit;
    if (f.day) meta.day = true;
    if (kind === "reference" || kind === "references") this.#referenceMeta(meta, name, f);
    // The id, and the creation and last change, sort and filter unless declared otherwise.
    const byDefault = ["id", "createdAt", "updatedAt"].includes(name) && f.list === undefined;
    const list = byDefault ? { sortable: true, filterable: true } : listFlags(name, f.list);
    if (list) meta.list = list;
    const onAdd = this.#inputs.add.includes(name);
    const onEdit = this.#inputs.edit.includes(name);
    if (f.form !== false && (onAdd || onEdit)) {
      const form: NonNullable<FieldMeta["form"]> = {};
      if (onAdd) form.add = true;
      if (onEdit && f.form !== "add") form.edit = true;
      const schema = this.#inputSchema(name, f);
      const limits = limitsOf(schema);
      const textual = !["number", "money", "boolean", "enum", "reference", "references", "date"].includes(
        kind,
      );
      const mark = f.formRequired !== undefined
        ? f.formRequired
        : required.has(name) && kind !== "boolean"
        ? "always"
        : undefined;
      if (mark) form.required = mark;
      if (textual && kind !== "strings" && kind !== "rows") {
        if (limits.minLength !== undefined && limits.minLength > 1) form.minLength = limits.minLength;
        if (limits.maxLength !== undefined) form.maxLength = limits.maxLength;
      }
      if (kind === "strings" && limits.item) {
        const item = limits.item as { maxLength?: number };
        if (item.maxLength !== undefined) form.maxLength = item.maxLength;
      }
      if (kind === "number" || kind === "money") {
        const min = f.formLimits?.min ?? limits.min;
        const max = f.formLimits ? f.formLimits.max : limits.max;
        if (min !== undefined) form.min = min;
        if (max !== undefined) form.max = max;
      }
      if (f.upper) form.uppercase = true;
      if (f.adminOnly) form.adminOnly = true;
      // What a new record's form starts with: nothing to start for a form that only edits.
      const schemaDefault = kind === "boolean" && onAdd
        ? (this.#info[name]?.default as boolean | undefined) ?? false
        : undefined;
      const initial = f.formDefault ?? schemaDefault;
      if (initial !== undefined) form.default = initial;
      meta.form = form;
      if (f.rows) meta.rows = rowsMeta(schema, f.rows.label, name, limits.maxItems);
    }
    if (f.group) meta.groupKey = f.group;
    if (f.writeOnly) meta.writeOnly = true;
    if (f.barcode) meta.barcodePreview = f.barcode;
    return meta;
  }

  /** A link's target, read when first asked: the other entity may not be declared yet when this one is. */
  #referenceMeta(meta: FieldMeta, name: string, f: FieldDef): void {
    let resolved: ReferenceMeta | undefined;
    const resolve = (): ReferenceMeta => {
      if (resolved) return resolved;
      const target = byTable.get(this.#targetTable(name, f));
      if (!target) throw new Error(`${this.def.resource}.${name}: no entity is declared for its target`);
      resolved = {
        resource: target.def.resource,
        path: target.meta.path,
        titleFields: f.titles ?? target.def.title,
        ...(f.display ? { displayField: f.display } : {}),
        ...(f.only
          ? { filters: Object.entries(f.only).map(([field, value]) => ({ field, operator: "eq", value })) }
          : {}),
      };
      return resolved;
    };
    Object.defineProperty(meta, "reference", { enumerable: true, get: resolve });
  }

  #targetTable(name: string, f: FieldDef): AnyTable {
    if (f.ref) return f.ref();
    if (f.link) return this.#linkColumns(name, f.link.table).targetTable;
    const fk = foreignKeyOf(this.#column(name));
    if (!fk) throw new Error(`${this.def.resource}.${name}: a link needs a foreign key or ref`);
    return fk.table;
  }

  /** A link table's two foreign keys: the one to this table, and the one to the linked table. */
  #linkColumns(name: string, table: AnyTable) {
    let owner: SQLiteColumn | undefined;
    let target: { column: SQLiteColumn; table: AnyTable; id: SQLiteColumn } | undefined;
    for (const fk of getTableConfig(table).foreignKeys) {
      const ref = fk.reference();
      if (ref.foreignTable === this.def.table && !owner) owner = ref.columns[0];
      else {target = {
          column: ref.columns[0],
          table: ref.foreignTable as AnyTable,
          id: ref.foreignColumns[0],
        };}
    }
    if (!owner || !target) {
      throw new Error(`${this.def.resource}.${name}: the link table needs both foreign keys`);
    }
    return { owner, target: target.column, targetTable: target.table, targetId: target.id };
  }

  /** `only` as SQL on the target's columns (text compared without regard to case). */
  #only(target: AnyTable, only: Record<string, string> | undefined): SQL | undefined {
    if (!only) return undefined;
    const columns = getTableColumns(target) as Record<string, SQLiteColumn>;
    return sql.join(
      Object.entries(only).map(([k, v]) => sql`${columns[k]} = ${v} COLLATE NOCASE`),
      sql` AND `,
    );
  }

  /** The fields an add or an edit takes. */
  inputs(mode: "add" | "edit"): readonly string[] {
    return this.#inputs[mode];
  }

  /** Ids the engine checks name an existing (and suitable) record. */
  get references(): Record<string, ReferenceCheck> {
    if (this.#references) return this.#references;
    const refs: Record<string, ReferenceCheck> = {};
    for (const name of new Set([...this.#inputs.add, ...this.#inputs.edit])) {
      const f: FieldDef = this.def.fields[name] ?? {};
      if (f.check === false || !this.columns[name] || this.kindOf(name) !== "reference") continue;
      const fk = f.ref ? undefined : foreignKeyOf(this.columns[name]);
      const table = f.ref ? f.ref() : fk?.table;
      if (!table) continue;
      const id = fk?.column ?? (getTableColumns(table) as Record<string, SQLiteColumn>).id;
      refs[name] = { column: this.columns[name], table, id, where: this.#only(table, f.only) };
    }
    return (this.#references = refs);
  }

  get links(): Record<string, LinkDef> {
    if (this.#links) return this.#links;
    const links: Record<string, LinkDef> = {};
    for (const [name, f] of Object.entries(this.def.fields as Record<string, FieldDef>)) {
      if (!f.link) continue;
      const c = this.#linkColumns(name, f.link.table);
      const target = byTable.get(c.targetTable);
      const titleColumn = target ? target.columns[target.def.title[0]] : undefined;
      links[name] = {
        table: f.link.table,
        owner: c.owner,
        target: c.target,
        targetTable: c.targetTable,
        targetId: c.targetId,
        targetWhere: this.#only(c.targetTable, f.only),
        ...(f.link.names ? { names: titleColumn, namesField: f.link.names } : {}),
      };
    }
    return (this.#links = links);
  }

  get values(): Record<string, ValueListDef> {
    if (this.#values) return this.#values;
    const values: Record<string, ValueListDef> = {};
    for (const [name, f] of Object.entries(this.def.fields as Record<string, FieldDef>)) {
      if (!f.values) continue;
      const columns = getTableColumns(f.values.table) as Record<string, SQLiteColumn>;
      const owner = getTableConfig(f.values.table).foreignKeys.map((fk) => fk.reference())
        .find((r) => r.foreignTable === this.def.table)?.columns[0];
      const value = Object.values(columns).find((c) => c !== owner);
      if (!owner || !value) {
        throw new Error(`${this.def.resource}.${name}: the value table needs an owner and a value`);
      }
      values[name] = { table: f.values.table, owner, value, unique: !!f.values.unique };
    }
    return (this.#values = values);
  }

  /** Reference fields whose records carry the linked record's name, and the column that names it. */
  get displays(): Display[] {
    if (this.#displays) return this.#displays;
    const displays: Display[] = [];
    for (const [name, f] of Object.entries(this.def.fields as Record<string, FieldDef>)) {
      if (!f.display || !this.columns[name] || this.columns[f.display]) continue;
      const target = byTable.get(this.#targetTable(name, f));
      if (!target) throw new Error(`${this.def.resource}.${name}: no entity is declared for its target`);
      const column = target.columns[(f.titles ?? target.def.title)[0]];
      if (column) displays.push({ field: name, column, display: f.display });
    }
    return (this.#displays = displays);
  }

  /** A stored row as the API answers it; `extra` holds values read beside it (names, computed fields). */
  toRecord(
    row: Record<string, unknown>,
    links: Record<string, number[]>,
    extra: Record<string, unknown>,
    values: Record<string, string[]>,
  ): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    for (const name of this.#outputs) {
      const f: FieldDef = this.def.fields[name] ?? {};
      if (this.columns[name]) out[name] = f.codec ? f.codec.toRecord(row[name]) : row[name];
      else if (name in links) out[name] = links[name];
      else if (name in values) out[name] = values[name];
      else out[name] = extra[name] ?? this.#emptyExtra(name);
    }
    return out;
  }

  #emptyExtra(name: string): unknown {
    for (const f of Object.values(this.def.fields as Record<string, FieldDef>)) {
      if (f.link?.names === name) return [];
    }
    return null;
  }

  /** The columns an add or an edit stores, from its parsed input. */
  toRow(input: Record<string, unknown>, mode: "add" | "edit"): Record<string, unknown> {
    const row: Record<string, unknown> = {};
    for (const name of this.#inputs[mode]) {
      if (!this.columns[name]) continue;
      const f: FieldDef = this.def.fields[name] ?? {};
      row[name] = f.codec ? f.codec.toRow(input[name]) : input[name];
    }
    return row;
  }

  /**
   * Columns of other tables whose rows keep a record of this entity from being deleted: every foreign key
   * to this table that neither cascades nor empties itself, in any table of the tenant schema.
   */
  dependentsIn(tables: readonly SQLiteTable[]): Dependent[] {
    const found: Dependent[] = [];
    for (const table of tables) {
      for (const fk of getTableConfig(table).foreignKeys) {
        const ref = fk.reference();
        if (ref.foreignTable !== this.def.table) continue;
        const rule = fk.onDelete ?? "no action";
        if (rule === "cascade" || rule === "set null" || rule === "set default") continue;
        const owner = byTable.get(table) ?? ownerOfLinkTable(table);
        const variant = this.def.refusedAs ?? owner?.def.refusedAs;
        found.push({ column: ref.columns[0], ...(variant ? { variant } : {}) });
      }
    }
    return found;
  }
}

/** The entity whose link or value table this is. */
function ownerOfLinkTable(table: SQLiteTable): Entity | undefined {
  for (const e of byTable.values()) {
    for (const f of Object.values(e.def.fields as Record<string, FieldDef>)) {
      if (f.link?.table === table || f.values?.table === table) return e;
    }
  }
  return undefined;
}

/** The columns of a rows field, from its item schema: names, kinds, required columns, lengths and options. */
function rowsMeta(schema: z.ZodType, label: string, name: string, maxRows: number | undefined) {
  const json = z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as Record<string, unknown>;
  const items = json.items as { properties: Record<string, Record<string, unknown>>; required?: string[] };
  if (!items?.properties || maxRows === undefined) {
    throw new Error(`${name}: a rows field needs an array of objects with a longest length`);
  }
  const columns: RowColumnMeta[] = Object.entries(items.properties).map(([col, p]) => {
    const branch = ((p.anyOf as Record<string, unknown>[] | undefined) ?? [p]).find((b) =>
      b.type !== "null"
    ) ?? p;
    const options = branch.enum as string[] | undefined;
    const column: RowColumnMeta = {
      name: col,
      kind: options ? "enum" : branch.type === "number" || branch.type === "integer" ? "number" : "text",
      labelKey: `${label}.${col}`,
    };
    if (items.required?.includes(col)) column.required = true;
    if (typeof branch.maxLength === "number") column.maxLength = branch.maxLength;
    if (options) column.options = options;
    return column;
  });
  return { columns, maxRows };
}

/** Declares an entity (see Entity). */
export function entity<T extends AnyTable, const F extends Record<string, FieldDef>>(
  def: EntityDef<T, F>,
): Entity<T, F> {
  return new Entity(def);
}

// The record's type, from the table's columns and the fields' declarations (what the API answers).
type KeysWhere<F, Cond> = { [K in keyof F]: F[K] extends Cond ? K : never }[keyof F];
type Hidden<F> = KeysWhere<F, { output: false }>;
type Outputs<F> = {
  [K in KeysWhere<F, { output: z.ZodType }>]: F[K] extends { output: infer S extends z.ZodType } ? z.output<S>
    : never;
};
type Displays<F> = {
  [K in keyof F as F[K] extends { display: infer D extends string } ? D : never]: string | null;
};
type Links<F> =
  & { [K in KeysWhere<F, { link: object }>]: number[] }
  & { [K in keyof F as F[K] extends { link: { names: infer N extends string } } ? N : never]: string[] };
type ValueLists<F> = { [K in KeysWhere<F, { values: object }>]: string[] };

type ServerColumns = "id" | "createdAt" | "updatedAt" | "version";
type SchemaOutputs<F, Key extends "schema" | "editSchema"> = {
  [K in KeysWhere<F, { [k in Key]: z.ZodType }>]: F[K] extends { [k in Key]: infer S extends z.ZodType }
    ? z.output<S>
    : never;
};
/** As zod types an object: a key whose value may be undefined may be left out. */
type Optional<O> =
  & { [K in keyof O as undefined extends O[K] ? K : never]?: O[K] }
  & { [K in keyof O as undefined extends O[K] ? never : K]: O[K] };
type Schemas<F, Key extends "schema" | "editSchema"> = Optional<SchemaOutputs<F, Key>>;

/** What an add takes, parsed: the columns' values (texts trimmed, empty ones null) and the declared inputs. */
export type CreateOf<T extends AnyTable, F> =
  & Omit<InferSelectModel<T>, ServerColumns | KeysWhere<F, { input: false }> | keyof Schemas<F, "schema">>
  & Schemas<F, "schema">
  & { [K in KeysWhere<F, { link: object }>]: number[] }
  & { [K in KeysWhere<F, { values: object }>]: string[] };

/** What an edit takes, parsed: the record's id and version, and the fields an edit may change. */
export type UpdateOf<T extends AnyTable, F> =
  & Omit<CreateOf<T, F>, KeysWhere<F, { input: "add" }> | keyof Schemas<F, "editSchema">>
  & Schemas<F, "editSchema">
  & { id: number; version: number };

/** A zod object schema whose parsed value has the type the declaration gives it. */
export type ObjectSchema<O> = z.ZodType<O> & { readonly shape: Record<string, z.ZodType> };

/** A record of an entity as the API answers it. */
export type RecordOf<T extends AnyTable, F> =
  & Omit<InferSelectModel<T>, Hidden<F> | keyof Outputs<F>>
  & Outputs<F>
  & Displays<F>
  & Links<F>
  & ValueLists<F>;
