// Product groups: a product has one main group and any number of further groups. Business managers and
// administrators keep them, all staff read them.
import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { users } from "../../access/users/entity.ts";
import { Resource } from "../../../engine/engine.ts";

export const productGroups = sqliteTable("product_groups", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  name: text("name").notNull(),
  colour: text("colour"),
  /** An icon name from the client's icon set. */
  icon: text("icon"),
  assignedUserId: integer("assigned_user_id").references(() => users.id, { onDelete: "set null" }),
  createdAt: text("created_at").notNull(),
  updatedAt: text("updated_at").notNull(),
  version: integer("version").notNull().default(1),
}, (t) => [
  index("product_groups_name_nocase").on(sql`${t.name} COLLATE NOCASE`),
  index("product_groups_name").on(t.name, t.id),
  index("product_groups_colour").on(t.colour, t.id),
  index("product_groups_icon").on(t.icon, t.id),
  index("product_groups_assigned_user").on(t.assignedUserId, t.id),
  index("product_groups_created_at").on(t.createdAt, t.id),
  index("product_groups_updated_at").on(t.updatedAt, t.id),
]);

export const productGroup = new Resource({
  resource: "ProductGroup",
  table: productGroups,
  title: ["name"],
  sort: "name",
  writers: "manager",
  unique: [{ fields: ["name"], nocase: true }],
  fields: {
    name: { max: 100, list: "sort filter search show" },
    colour: { kind: "colour", list: "filter show" },
    icon: { max: 50, list: "filter" },
    assignedUserId: { list: "filter" },
    createdAt: { list: "sort filter" },
    updatedAt: { list: "sort filter show" },
  },
});

export const productGroupMeta = productGroup.meta;
