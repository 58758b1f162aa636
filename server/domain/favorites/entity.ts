// A user's shortcuts in the menu's Favorites section: the table and its declaration. Each user sees and edits
// only their own, so the verbs are service.ts's (scoped to the acting user, events told to the owner alone);
// the shapes and the list's fields come from the declaration.
import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { z } from "zod";
import { users } from "../access/users/entity.ts";
import { entity } from "../../engine/declare.ts";
import { colour, description, link, parameters, title } from "./contract.ts";
import type { FavoriteAction as SharedFavoriteAction } from "../../../shared/favorites.ts";

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

/** The parameters' stored JSON; a damaged value reads as no parameters. */
const parametersJson = {
  toRecord: (v: unknown) => {
    try {
      return JSON.parse(v as string);
    } catch {
      return {};
    }
  },
  toRow: (v: unknown) => JSON.stringify(v),
};

export const favorite = entity({
  resource: "FavoriteAction",
  table: favoriteActions,
  title: ["title"],
  sort: "title",
  fields: {
    title: { schema: title, list: "sort filter search" },
    link: { schema: link, list: "sort filter search" },
    parameters: {
      schema: parameters.default({}),
      output: z.record(z.string(), z.string()),
      codec: parametersJson,
    },
    colour: { kind: "colour", schema: colour.nullish(), list: "filter" },
    description: { kind: "textarea", schema: description.nullish(), list: "filter search" },
    userId: { input: false, output: false, meta: false },
  },
});

export const FavoriteActionCreate = favorite.create;
export type FavoriteActionCreate = z.output<typeof FavoriteActionCreate>;
export const FavoriteActionUpdate = favorite.update;
export type FavoriteActionUpdate = z.output<typeof FavoriteActionUpdate>;
export const FavoriteAction = favorite.record;
export type FavoriteAction = z.output<typeof FavoriteAction>;
// The client's copy of the shape (shared/favorites.ts) stays this one: each must be assignable to the other.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const _sharedShape: Same<FavoriteAction, SharedFavoriteAction> = true;
export const FavoriteActionPage = z.object({
  results: z.array(FavoriteAction),
  allFilteredRowCount: z.number(),
});
