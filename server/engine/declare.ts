// One declaration per entity, from which the rest follows. The drizzle table says the columns, their types,
// which may be empty, their defaults and the foreign keys; the declaration adds only what the table cannot
// say: labels, which fields are list columns (sorted, filtered, searched, shown), limits, the kind of a text
// (an e-mail, a colour), display names of links. From the two come the zod shapes of an add, an edit and a
// record (and so the OpenAPI document), the metadata the client's generic list and dialogs read, how a row
// becomes a record and an input becomes a row, which ids must name existing records, and which rows
// elsewhere keep a record from being deleted. Limits are written once, in the field's schema; the metadata
// reads them back from it (z.toJSONSchema), so the form and the server cannot disagree.
import { getTableColumns } from "drizzle-orm";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import { z } from "zod";
import type {
  FieldKind,
  FieldMeta,
  ReferenceMeta,
  ResourceMeta,
  RowColumnMeta,
} from "../../shared/resources/meta.ts";
import {
  colour,
  editBase,
  optDate,
  optDateTime,
  optEmail,
  optLines,
  optNumber,
  optPhone,
  optText,
  optUpperText,
  optUrl,
  refId,
  refIds,
  reqLines,
  reqText,
  upperText,
} from "./fields.ts";
import { email } from "../kernel/contact.ts";
import type {
  AnyTable,
  Codec,
  CreateOf,
  Dependent,
  Display,
  EntityDef,
  FieldDef,
  LinkDef,
  ObjectSchema,
  RecordOf,
  ReferenceCheck,
  UniqueRule,
  UpdateOf,
  ValueListDef,
} from "./declaration.ts";
import {
  declaredFor,
  dependentsOf,
  displaysOf,
  linksOf,
  referencesOf,
  register,
  targetOf,
  valuesOf,
} from "./links.ts";
import { compileShape, prop } from "../kernel/shape.ts";

export type * from "./declaration.ts";
export { jsonText } from "./declaration.ts";

/** Where a record's field comes from. */
interface Output {
  name: string;
  from: "column" | "links" | "values" | "extra";
  codec?: Codec;
  /** An extra field's value when nothing gave one (a link's names: no names). */
  empty?: null | [];
}

const COMMON_LABELS = new Set(["id", "createdAt", "updatedAt", "colour", "icon", "description"]);
const LIST_WORDS = { sort: "sortable", filter: "filterable", search: "searchable", show: "visible" } as const;
const SERVER_COLUMNS = new Set(["id", "createdAt", "updatedAt", "version"]);

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
  /** How each field of a record is read, worked out once: a record is made for every row of every page. */
  readonly #outputs: Output[];
  /** toRecord's function, compiled from #outputs the first time it is needed (kernel/shape.ts). */
  #makeRecord?: (
    row: Record<string, unknown>,
    links: Record<string, number[]>,
    extra: Record<string, unknown>,
    values: Record<string, string[]>,
  ) => Record<string, unknown>;
  #references?: Record<string, ReferenceCheck>;
  #links?: Record<string, LinkDef>;
  #values?: Record<string, ValueListDef>;
  #displays?: Display[];
  #dependents?: Dependent[];

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
      if (!def.singleton && f.input !== "edit") add.push(name);
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
    const namesFields = new Set(Object.values(fields as Record<string, FieldDef>).map((f) => f.link?.names));
    this.#outputs = outputs.map((name): Output => {
      const f: FieldDef = fields[name] ?? {};
      if (this.columns[name]) return { name, from: "column", codec: f.codec };
      if (f.link) return { name, from: "links" };
      if (f.values) return { name, from: "values" };
      return { name, from: "extra", empty: namesFields.has(name) ? [] : null };
    });
    this.record = z.object(record) as unknown as ObjectSchema<RecordOf<T, F>>;

    this.unique = (def.unique ?? []).map((u) => ({
      columns: [...(u.within ?? []), ...u.fields].map((n) => this.#column(n)),
      fields: [...u.fields],
      caseInsensitive: u.nocase,
    }));
    this.meta = this.#meta();
    register(table, this as unknown as Entity);
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
      case "textarea":
        return required ? reqLines(needMax()) : optLines(needMax());
      case "text":
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
    (def.keyColumns ?? []).forEach((name, i) => {
      const field = fields.find((f) => f.name === name);
      if (!field?.list) throw new Error(`${def.resource}: the key column "${name}" is not a list column`);
      field.list.key = i + 1;
    });
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
      if (f.rows) meta.rows = rowsMeta(schema, f.rows.label, name, limits.maxItems, f.rows.refs);
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
      const target = targetOf(this, name, f);
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

  /** The fields an add or an edit takes. */
  inputs(mode: "add" | "edit"): readonly string[] {
    return this.#inputs[mode];
  }

  /** Ids the engine checks name an existing (and suitable) record, by field (links.ts). */
  get references(): Record<string, ReferenceCheck> {
    return (this.#references ??= referencesOf(this));
  }

  /** The many-to-many links kept in their own tables, by field. */
  get links(): Record<string, LinkDef> {
    return (this.#links ??= linksOf(this));
  }

  /** The plain values kept in their own tables, by field. */
  get values(): Record<string, ValueListDef> {
    return (this.#values ??= valuesOf(this));
  }

  /** Reference fields whose records carry the linked record's name, and the column that names it. */
  get displays(): Display[] {
    return (this.#displays ??= displaysOf(this));
  }

  /** Columns of `tables` whose rows keep a record of this entity from being deleted (its foreign keys). */
  dependentsIn(tables: readonly SQLiteTable[]): Dependent[] {
    return (this.#dependents ??= dependentsOf(this, tables));
  }

  /** A stored row as the API answers it; `extra` holds values read beside it (names, computed fields). */
  toRecord(
    row: Record<string, unknown>,
    links: Record<string, number[]>,
    extra: Record<string, unknown>,
    values: Record<string, string[]>,
  ): Record<string, unknown> {
    return (this.#makeRecord ??= compileShape(
      ["row", "links", "extra", "values"],
      this.#outputs.map((o) => ({
        key: o.name,
        source: (use) => {
          if (o.from === "column") {
            return o.codec ? `${use(o.codec)}.toRecord(${prop("row", o.name)})` : prop("row", o.name);
          }
          if (o.from === "links") return `${prop("links", o.name)} ?? []`;
          if (o.from === "values") return `${prop("values", o.name)} ?? []`;
          return `${prop("extra", o.name)} ?? ${Array.isArray(o.empty) ? "[]" : "null"}`;
        },
      })),
    ))(row, links, extra, values);
  }

  /**
   * The columns an add or an edit stores, from its parsed input; compiled per mode the first time (an
   * import adds every row of its file through it: the loop it replaces took 7 µs a product).
   */
  toRow(input: Record<string, unknown>, mode: "add" | "edit"): Record<string, unknown> {
    return (this.#makeRow[mode] ??= compileShape(
      ["input"],
      this.#inputs[mode].filter((name) => this.columns[name]).map((name) => ({
        key: name,
        source: (use) => {
          const codec = this.def.fields[name]?.codec;
          return codec ? `${use(codec)}.toRow(${prop("input", name)})` : prop("input", name);
        },
      })),
    ))(input);
  }
  readonly #makeRow: Partial<
    Record<"add" | "edit", (input: Record<string, unknown>) => Record<string, unknown>>
  > = {};
}

/**
 * The columns of a rows field, from its item schema: names, kinds, required columns, lengths and options;
 * a column in `refs` names the record it points at (read when first asked, as a reference field's is).
 */
function rowsMeta(
  schema: z.ZodType,
  label: string,
  name: string,
  maxRows: number | undefined,
  refs: Record<string, () => AnyTable> = {},
) {
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
    const ref = refs[col];
    if (ref) {
      let resolved: ReferenceMeta | undefined;
      Object.defineProperty(column, "reference", {
        enumerable: true,
        get: (): ReferenceMeta => {
          if (resolved) return resolved;
          const target = declaredFor(ref() as SQLiteTable);
          if (!target) throw new Error(`${name}.${col}: no entity is declared for its target`);
          return (resolved = {
            resource: target.def.resource,
            path: target.meta.path,
            titleFields: target.def.title,
          });
        },
      });
    }
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
