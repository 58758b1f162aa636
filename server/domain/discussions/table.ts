// A record's discussion: one topic per record (any resource, by name and id, like attachments) and its
// messages in the order written. Removed with the record (the engine's delete), messages with the topic.
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

export const discussions = sqliteTable("discussions", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  refResourceType: text("ref_resource_type").notNull(),
  refResourceId: integer("ref_resource_id").notNull(),
  topic: text("topic").notNull(),
  createdAt: text("created_at").notNull(),
}, (t) => [uniqueIndex("discussions_ref").on(t.refResourceType, t.refResourceId)]);

export const discussionMessages = sqliteTable("discussion_messages", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  discussionId: integer("discussion_id").notNull().references(() => discussions.id, { onDelete: "cascade" }),
  /** Its author (users are never deleted, only disabled; no foreign key: the engine imports this table). */
  userId: integer("user_id"),
  text: text("text").notNull(),
  createdAt: text("created_at").notNull(),
}, (t) => [index("discussion_messages_discussion").on(t.discussionId, t.id)]);
