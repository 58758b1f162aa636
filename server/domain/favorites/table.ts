import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { users } from "../access/users/entity.ts";

/** A user's shortcut in the menu's Favorites section. Each user sees and edits only their own. */
export const favoriteActions = sqliteTable("favorite_actions", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  /** The owner; a deleted user takes their favorites along. */
  userId: integer("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
  title: text("title").notNull(),
  /** An application path ("/warehouse-documents/12"); it may name a screen that no longer exists. */
  link: text("link").notNull(),
  /** JSON object of query parameters added to the link when it is opened. */
  parameters: text("parameters").notNull().default("{}"),
  /** "#rrggbb", or none. */
  colour: text("colour"),
  description: text("description"),
  createdAt: text("created_at").notNull(),
  updatedAt: text("updated_at").notNull(),
  version: integer("version").notNull().default(1),
}, (t) => [
  // Every read is one user's favorites, mostly in title order.
  index("favorite_actions_user_title").on(t.userId, t.title, t.id),
]);
