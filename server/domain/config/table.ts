import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

/** Logistics configuration (numbering schemas, switches, rules): one row (id 1), validated JSON. */
export const clientLogisticsConfig = sqliteTable("client_logistics_config", {
  id: integer("id").primaryKey(),
  data: text("data").notNull(),
  createdAt: text("created_at").notNull(),
  updatedAt: text("updated_at").notNull(),
  version: integer("version").notNull().default(1),
});
