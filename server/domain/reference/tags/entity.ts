// Tags: labels put on companies, persons and dictionary entries (messages find their recipients by them).
// Business managers and administrators keep them, all staff read them.
import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { Resource } from "../../../engine/engine.ts";

export const tags = sqliteTable("tags", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  /** Saved in capitals, unique. */
  name: text("name").notNull(),
  colour: text("colour"),
  description: text("description"),
  createdAt: text("created_at").notNull(),
  updatedAt: text("updated_at").notNull(),
  version: integer("version").notNull().default(1),
}, (t) => [
  index("tags_name_nocase").on(sql`${t.name} COLLATE NOCASE`),
  index("tags_name").on(t.name, t.id),
  index("tags_created_at").on(t.createdAt, t.id),
  index("tags_updated_at").on(t.updatedAt, t.id),
]);

export const tag = new Resource({
  resource: "Tags",
  key: "tag",
  table: tags,
  title: ["name"],
  sort: "name",
  writers: "manager",
  unique: [{ fields: ["name"], nocase: true }],
  fields: {
    name: { max: 50, upper: true, list: "sort filter search show" },
    colour: { kind: "colour", list: "show" },
    description: { kind: "textarea", max: 2000, list: "search show" },
  },
});

export const tagMeta = tag.meta;
