import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { tags } from "../tags/table.ts";

/** Dictionary entries: short coded values kept by the company, in named groups (`companyGroup`). */
export const dictionaries = sqliteTable("dictionaries", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  /** Saved in capitals; unique within its group. */
  code: text("code").notNull(),
  value: text("value").notNull(),
  group: text("group_name").notNull(),
  description: text("description"),
  createdAt: text("created_at").notNull(),
  updatedAt: text("updated_at").notNull(),
  version: integer("version").notNull().default(1),
}, (t) => [
  index("dictionaries_group_code").on(t.group, t.code, t.id),
  index("dictionaries_code").on(t.code, t.id),
  index("dictionaries_value").on(t.value, t.id),
  index("dictionaries_created_at").on(t.createdAt, t.id),
  index("dictionaries_updated_at").on(t.updatedAt, t.id),
]);

export const dictionaryTags = sqliteTable("dictionary_tags", {
  dictionaryId: integer("dictionary_id").notNull().references(() => dictionaries.id, { onDelete: "cascade" }),
  tagId: integer("tag_id").notNull().references(() => tags.id, { onDelete: "restrict" }),
}, (t) => [
  primaryKey({ columns: [t.dictionaryId, t.tagId] }),
  index("dictionary_tags_tag").on(t.tagId, t.dictionaryId),
]);
