// The FavoriteAction resource: each signed-in user lists, reads, adds, edits and deletes their own.
import type { Hono } from "hono";
import type { Services } from "../../kernel/services.ts";
import type { Env } from "../../engine/http/types.ts";
import { idParam, mount } from "../../engine/http/route.ts";
import { listQuerySchema } from "../../kernel/list.ts";
import { FavoriteAction, FavoriteActionCreate, FavoriteActionPage, FavoriteActionUpdate } from "./entity.ts";
import {
  addFavorite,
  deleteFavorite,
  editFavorite,
  favoriteListFields,
  getFavorite,
  listFavorites,
} from "./service.ts";

export function favoriteRoutes(app: Hono<Env>, platform: Services): void {
  const tag = "FavoriteAction";
  mount(app, platform, {
    method: "get",
    path: "/FavoriteAction",
    summary: "List your own favorites",
    tag,
    access: "user",
    whole: "none",
    list: favoriteListFields,
    query: listQuerySchema,
    response: FavoriteActionPage,
  }, (c, { query }) => listFavorites(c.get("ctx"), query));

  mount(app, platform, {
    method: "get",
    path: "/FavoriteAction/:id",
    summary: "One of your own favorites",
    tag,
    access: "user",
    whole: "none",
    response: FavoriteAction,
  }, (c, { params }) => getFavorite(c.get("ctx"), idParam(params.id)));

  mount(app, platform, {
    method: "post",
    path: "/FavoriteAction",
    summary: "Add a favorite (a menu shortcut of your own)",
    tag,
    access: "user",
    whole: "none",
    body: FavoriteActionCreate,
    response: FavoriteAction,
    status: 201,
  }, (c, { body }) => addFavorite(c.get("ctx"), body));

  mount(app, platform, {
    method: "put",
    path: "/FavoriteAction",
    summary: "Edit one of your favorites (id and version in the body)",
    tag,
    access: "user",
    whole: "none",
    body: FavoriteActionUpdate,
    response: FavoriteAction,
  }, (c, { body }) => editFavorite(c.get("ctx"), body));

  mount(app, platform, {
    method: "delete",
    path: "/FavoriteAction/:id",
    summary: "Delete one of your favorites",
    tag,
    access: "user",
    whole: "none",
    status: 204,
  }, (c, { params }) => deleteFavorite(c.get("ctx"), idParam(params.id)));
}
