import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

/** Print layouts: a template for printing one type of record; one layout per type is the default. */
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
  index("print_layouts_name").on(t.name, t.id),
  index("print_layouts_type").on(t.type, t.id),
  index("print_layouts_is_default").on(t.isDefault, t.id),
  index("print_layouts_created_at").on(t.createdAt, t.id),
  index("print_layouts_updated_at").on(t.updatedAt, t.id),
  uniqueIndex("print_layouts_one_default").on(t.type).where(sql`${t.isDefault} = 1`),
]);
