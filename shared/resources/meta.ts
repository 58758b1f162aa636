// Resource metadata: what the generic list and the add/edit/preview dialogs need to know about a resource.
// An entity's is derived from its declaration (server/engine/declare.ts; the client reads it from
// ./generated/), the reports' are written out (./inventory.ts, ./price_list.ts). Plain data (no functions, no
// zod): the client receives it as it is, and the server's resource engine derives its list's sortable,
// filterable and searchable fields from it.

/** How a field is shown and edited. The list's filter operators follow from it. */
export type FieldKind =
  | "text"
  | "email"
  | "phone"
  | "password"
  | "textarea"
  | "number"
  | "money"
  | "boolean"
  | "date"
  | "enum"
  | "addresses"
  /** A link to one record of another resource (`<name>Id`); see `reference`. */
  | "reference"
  /** Links to several records of another resource (`<name>Ids`); see `reference`. */
  | "references"
  /** Several texts (barcodes). */
  | "strings"
  /** "#rrggbb". */
  | "colour"
  /** A point: `{"lat","lng"}`. */
  | "latlng"
  /** A JSON value shown as it is (a RecordLog entry's old and new object). */
  | "json"
  /** A list of small objects with declared columns (a product's custom fields); see `rows`. */
  | "rows";

/** One column of a "rows" field: each row is an object with a value for each column. */
export interface RowColumnMeta {
  name: string;
  kind: "text" | "number" | "enum";
  /** The column's label in the client catalogue. */
  labelKey: string;
  required?: boolean;
  maxLength?: number;
  /** The allowed values of an enum column; each is named by `option.<field>.<column>.<value>`. */
  options?: readonly string[];
  /** A number column holding another record's id: the record it names, picked as a reference is. */
  reference?: ReferenceMeta;
}

/** The columns of a "rows" field and how many rows it may hold. */
export interface RowsMeta {
  columns: readonly RowColumnMeta[];
  maxRows: number;
}

/** The resource a reference field points at, and how a linked record is named. */
export interface ReferenceMeta {
  resource: string;
  /** The API path of the target's list (`/ProductGroup`). */
  path: string;
  /** Fields of the target that name it, the first with a value wins. */
  titleFields: readonly string[];
  /** The field of a list row that already carries the linked record's name (`contractorName`). */
  displayField?: string;
  /** Conditions every candidate must meet, as BasicFiltersSerialized filters (`keyRole eq contractor`). */
  filters?: readonly { field: string; operator: string; value?: unknown }[];
}

export interface FieldMeta {
  name: string;
  kind: FieldKind;
  /** The label's key in the client catalogue. */
  labelKey: string;
  /** The allowed values of an enum field. */
  options?: readonly string[];
  /** Currency of a money field. */
  currency?: string;
  /** Unit shown after a number (`kg`, `°C`, `mm`). */
  unit?: string;
  /**
   * A date field holding a calendar day (`YYYY-MM-DD`: an expiry or production date), not an instant: it is
   * shown and filtered as the day it is, in no time zone.
   */
  day?: boolean;
  /** The target of a reference field. */
  reference?: ReferenceMeta;
  /** The columns of a rows field. */
  rows?: RowsMeta;
  /** Present when the field is a list column. */
  list?: {
    sortable?: boolean;
    filterable?: boolean;
    /** Included in the quick search (field `*`, contains). */
    searchable?: boolean;
    /** Shown until the user hides it with the column chooser. */
    visible?: boolean;
    /**
     * A key column's rank, 1 first: the identifying column, then the quantity or status. Key columns come
     * first in their rank's order, stay pinned at the left while the others scroll sideways, and are what a
     * row shows as a card on a narrow screen (ranks 1 and, if a text, 2 on its first line).
     */
    key?: number;
  };
  /** Present when the field is in the add/edit form; fields without it are shown read-only. */
  form?: {
    add?: boolean;
    edit?: boolean;
    /** Required always, or only when adding (a password on an existing record is sent only to change it). */
    required?: "always" | "add";
    minLength?: number;
    maxLength?: number;
    min?: number;
    max?: number;
    /** Saved in capitals (the form shows them as typed, the server stores them upper-cased). */
    uppercase?: boolean;
    /** Only administrators set it; others see it read-only. */
    adminOnly?: boolean;
    /** The value a new record starts with, as the schema defaults it. */
    default?: string | number | boolean;
  };
  /** The form's group heading (catalogue key). */
  groupKey?: string;
  /** Never shown outside the form (passwords). */
  writeOnly?: boolean;
  /** The value is a bar code: the dialogs draw it in this symbology beside the text. */
  barcodePreview?: "code128";
}

export interface ResourceMeta {
  /** The resource name of the API path and of real-time events. */
  resource: string;
  /** The API path under /api. */
  path: string;
  /** Catalogue keys: the record's name and the add dialog's title. */
  nameKey: string;
  addKey?: string;
  /** Fields whose values, joined, name a record in titles and confirmations. */
  titleFields: readonly string[];
  defaultSort: { column: string; descending: boolean };
  /** One record per company, read and edited without an id. */
  singleton?: boolean;
  /** Who may add, edit and delete: administrators only, or business managers too. Reading is for all staff. */
  writers?: "admin" | "manager";
  /** Reading is for administrators only (logs, e-mail accounts). */
  readers?: "admin";
  /** Records the server writes itself (logs): the API only lists and reads them, nobody adds or edits. */
  readOnly?: boolean;
  /** Where the list is exported as a file (GET: format, columns, the list's filter and sort). */
  exportPath?: string;
  fields: readonly FieldMeta[];
}
