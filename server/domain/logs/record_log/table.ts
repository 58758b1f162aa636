import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

export const recordLog = sqliteTable("record_log", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  action: text("action", { enum: ["created", "changed", "deleted", "loggedIn"] }).notNull(),
  resourceType: text("resource_type").notNull(),
  resourceId: integer("resource_id"),
  title: text("title"),
  oldObject: text("old_object"),
  newObject: text("new_object"),
  userId: integer("user_id"),
  userName: text("user_name"),
  createdAt: text("created_at").notNull(),
}, (t) => [
  index("record_log_resource").on(t.resourceType, t.resourceId, t.id),
  index("record_log_created_at").on(t.createdAt, t.id),
  index("record_log_resource_id").on(t.resourceId, t.id),
  index("record_log_action").on(t.action, t.id),
  index("record_log_user_name").on(t.userName, t.id),
]);
