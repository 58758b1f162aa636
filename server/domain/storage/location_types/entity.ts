// Location types (rack, shelf, bin), nested under a parent type; handleStock: goods may lie there directly.
// Business managers and administrators keep them, all staff read them. A type in use by a location, or with
// child types, cannot be deleted; a type cannot sit under itself or one of its descendants.
import { sql } from "drizzle-orm";
import {
  type AnySQLiteColumn,
  index,
  integer,
  sqliteTable,
  text,
  uniqueIndex,
} from "drizzle-orm/sqlite-core";
import { Resource } from "../../../engine/engine.ts";
import { checkParent } from "../tree.ts";

export const storageSpaceTypes = sqliteTable("storage_space_types", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  code: text("code").notNull(),
  colour: text("colour"),
  /** An icon name from the client's icon set. */
  icon: text("icon"),
  description: text("description"),
  parentId: integer("parent_id").references((): AnySQLiteColumn => storageSpaceTypes.id, {
    onDelete: "restrict",
  }),
  handleStock: integer("handle_stock", { mode: "boolean" }).notNull().default(true),
  createdAt: text("created_at").notNull(),
  updatedAt: text("updated_at").notNull(),
  version: integer("version").notNull().default(1),
}, (t) => [
  index("storage_space_types_code_nocase").on(sql`${t.code} COLLATE NOCASE`),
  uniqueIndex("storage_space_types_code").on(t.code),
  index("storage_space_types_parent").on(t.parentId, t.id),
  index("storage_space_types_handle_stock").on(t.handleStock, t.id),
  index("storage_space_types_created_at").on(t.createdAt, t.id),
  index("storage_space_types_updated_at").on(t.updatedAt, t.id),
]);

export const storageSpaceType = new Resource({
  resource: "StorageSpaceType",
  table: storageSpaceTypes,
  title: ["code"],
  sort: "code",
  writers: "manager",
  unique: [{ fields: ["code"], nocase: true }],
  fields: {
    code: { max: 50, upper: true, list: "sort filter search show" },
    colour: { kind: "colour", list: "show" },
    icon: { max: 50, list: true },
    description: { kind: "textarea", max: 1000, list: "search show" },
    parentId: { display: "parentCode", list: "filter show" },
    handleStock: { list: "sort filter show" },
  },
  validate: (tx, _ctx, values, old) => checkParent(tx, storageSpaceTypes, old?.id, values.parentId),
});

export const storageSpaceTypeMeta = storageSpaceType.meta;
