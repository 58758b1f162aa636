// Print layouts: a template for printing one type of record (its content a layout: printing/layout.ts); one layout per type is the default, and making
// a layout the default takes the flag from the previous one in the same transaction. Business managers and
// administrators keep them, all staff read them (to print).
import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { z } from "zod";
import { Resource } from "../../../engine/engine.ts";
import { parseLayout } from "../../printing/layout.ts";

export const printLayoutTypes = [
  "product",
  "storageSpace",
  "wmsDocument",
  "wmsOrder",
  "container",
  "shipmentTicket",
] as const;

/** Characters a layout may hold (1 MB of text). */
export const PRINT_LAYOUT_MAX = 1_000_000;

export const printLayouts = sqliteTable("print_layouts", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  name: text("name").notNull(),
  /** The resource it prints (printLayoutTypes). */
  type: text("type").notNull(),
  /** The layout itself, up to 1 MB of text. */
  content: text("content").notNull(),
  isDefault: integer("is_default", { mode: "boolean" }).notNull().default(false),
  createdAt: text("created_at").notNull(),
  updatedAt: text("updated_at").notNull(),
  version: integer("version").notNull().default(1),
}, (t) => [
  index("print_layouts_type_name_nocase").on(sql`${t.type} COLLATE NOCASE`, sql`${t.name} COLLATE NOCASE`),
  index("print_layouts_name").on(t.name, t.id),
  index("print_layouts_type").on(t.type, t.id),
  index("print_layouts_is_default").on(t.isDefault, t.id),
  index("print_layouts_created_at").on(t.createdAt, t.id),
  index("print_layouts_updated_at").on(t.updatedAt, t.id),
  uniqueIndex("print_layouts_one_default").on(t.type).where(sql`${t.isDefault} = 1`),
]);

export const printLayout = new Resource({
  resource: "PrintLayout",
  table: printLayouts,
  title: ["name"],
  sort: "name",
  writers: "manager",
  unique: [{ fields: ["name"], within: ["type"], nocase: true }],
  // A megabyte of text may take four in UTF-8, and more as escaped JSON.
  bodyLimit: 8 * PRINT_LAYOUT_MAX,
  fields: {
    name: { max: 100, list: "sort filter search show" },
    type: { options: printLayoutTypes, list: "sort filter show" },
    isDefault: { list: "filter show" },
    // A layout (server/domain/printing/layout.ts), kept as written.
    content: {
      kind: "textarea",
      schema: z.string().min(1).max(PRINT_LAYOUT_MAX).refine((c) => "layout" in parseLayout(c), {
        params: { code: "validation.invalidValue" },
      }),
    },
    createdAt: { list: "sort filter" },
    updatedAt: { list: "sort filter show" },
  },
  alsoChanges: (values) =>
    values.isDefault === true
      ? {
        where: sql`${printLayouts.type} = ${values.type} AND ${printLayouts.isDefault} = 1`,
        set: { isDefault: false },
      }
      : undefined,
});

export const printLayoutMeta = printLayout.meta;
