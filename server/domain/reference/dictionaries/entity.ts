// Dictionary entries: short coded values kept by the company, in named groups (`companyGroup`). A code is
// unique within its group. Business managers and administrators keep them, all staff read them.
import { sql } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { Resource } from "../../../engine/engine.ts";
import { tags } from "../tags/entity.ts";

/** The group of the entries that are company groups (decision 0002). */
export const COMPANY_GROUP = "companyGroup";

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
  index("dictionaries_group_code_nocase").on(sql`${t.group} COLLATE NOCASE`, sql`${t.code} COLLATE NOCASE`),
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

export const dictionary = new Resource({
  resource: "Dictionary",
  table: dictionaries,
  title: ["value", "code"],
  sort: "group",
  writers: "manager",
  unique: [{ fields: ["group", "code"], nocase: true }],
  fields: {
    group: { max: 100, list: "sort filter search show" },
    code: { max: 50, upper: true, list: "sort filter search show" },
    value: { max: 255, list: "sort filter search show" },
    description: { kind: "textarea", max: 2000, list: "search" },
    tagIds: { link: { table: dictionaryTags, names: "tagNames" }, list: "show" },
  },
});

export const dictionaryMeta = dictionary.meta;
