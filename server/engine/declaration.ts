// The language of an entity's declaration (see declare.ts): what a field and an entity may say, what the
// engine derives from them (reference checks, links, value lists, delete rules, unique rules), and the
// TypeScript types of an entity's add, edit and record shapes, computed from the table and the fields.
import type { InferSelectModel, SQL } from "drizzle-orm";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import type { z } from "zod";
import type { FieldKind } from "../../shared/resources/meta.ts";

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
  /** Whether the API takes it: on both calls (default for a column), only when adding or editing, or never. */
  input?: false | "add" | "edit";
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
  /**
   * A list of small objects: the catalogue prefix of its columns' labels (the columns come from `schema`),
   * and the columns holding another record's id (`refs`: the table each names), picked like a reference.
   */
  rows?: { label: string; refs?: Record<string, () => AnyTable> };
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
  /**
   * The list's key columns, most important first: the identifying column, then the quantity or status
   * (FieldMeta `list.key`). Every one must be a list column.
   */
  keyColumns?: readonly string[];
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
  /** The most an add's or an edit's body may weigh, in bytes, where 1 MB of JSON is too little. */
  bodyLimit?: number;
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
export interface Display {
  field: string;
  column: SQLiteColumn;
  display: string;
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
  & Omit<Schemas<F, "schema">, KeysWhere<F, { input: "edit" }>>
  & { [K in KeysWhere<F, { link: object }>]: number[] }
  & { [K in KeysWhere<F, { values: object }>]: string[] };

/** What an edit takes, parsed: the record's id and version, and the fields an edit may change. */
export type UpdateOf<T extends AnyTable, F> =
  & Omit<CreateOf<T, F>, KeysWhere<F, { input: "add" }> | keyof Schemas<F, "editSchema">>
  & Schemas<F, "editSchema">
  & Pick<Schemas<F, "schema">, KeysWhere<F, { input: "edit" }> & keyof Schemas<F, "schema">>
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
