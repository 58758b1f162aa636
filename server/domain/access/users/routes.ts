import type { Hono } from "hono";
import type { Services } from "../../../kernel/services.ts";
import type { Env } from "../../../engine/http/types.ts";
import { idParam, mount } from "../../../engine/http/route.ts";
import { listQuerySchema } from "../../../kernel/list.ts";
import { AppError } from "../../../kernel/errors.ts";
import { User, UserCreate, userMeta, UserPage, UserUpdate } from "./entity.ts";
import { exportRoute } from "../../exports/routes.ts";
import { pagedExportable } from "../../exports/service.ts";
import { historyRoute } from "../../logs/record_log/history.ts";
import { createUser, deleteUser, getUser, listUsers, updateUser, userListFields } from "./service.ts";

export function userRoutes(app: Hono<Env>, platform: Services): void {
  mount(app, platform, {
    method: "get",
    path: "/User",
    summary: "List users (administrators and business managers)",
    tag: "User",
    access: "manager",
    list: userListFields,
    query: listQuerySchema,
    response: UserPage,
  }, (c, { query }) => listUsers(c.get("ctx"), query));

  // Before /User/:id, which would take "export" for an id.
  exportRoute(
    app,
    platform,
    { path: "/User", tag: "User", access: "manager" },
    pagedExportable(userMeta, listUsers),
  );

  mount(app, platform, {
    method: "get",
    path: "/User/:id",
    summary: "One user: yourself, or anyone for administrators and business managers",
    tag: "User",
    access: "user",
    whole: "manager",
    response: User,
  }, (c, { params }) => getUser(c.get("ctx"), idParam(params.id)));

  historyRoute(app, platform, {
    resourceType: "User",
    path: "/User",
    access: "user",
    whole: "manager",
    read: getUser,
    // Where and when someone signed in is theirs and the administrators' to read, not a manager's.
    hideSignIns: (ctx, id) => !ctx.actor.isSuperUser && ctx.actor.userId !== id,
  });

  mount(app, platform, {
    method: "post",
    path: "/User",
    summary: "Add a user (administrators)",
    tag: "User",
    access: "admin",
    body: UserCreate,
    response: User,
    status: 201,
  }, (c, { body }) => createUser(c.get("ctx"), body));

  mount(app, platform, {
    method: "put",
    path: "/User",
    summary: "Edit a user (id and version in the body): yourself, or anyone for administrators",
    tag: "User",
    access: "user",
    whole: "admin",
    body: UserUpdate,
    response: User,
  }, (c, { body }) => updateUser(c.get("ctx"), body));

  mount(app, platform, {
    method: "put",
    path: "/User/:userId",
    summary: "Edit a user by id (a user edits their own profile; administrators anyone)",
    tag: "User",
    access: "user",
    whole: "admin",
    body: UserUpdate,
    response: User,
  }, (c, { body, params }) => {
    if (idParam(params.userId) !== body.id) throw new AppError("record.notFoundOrNoPermission");
    return updateUser(c.get("ctx"), body);
  });

  mount(app, platform, {
    method: "delete",
    path: "/User/:id",
    summary: "Delete a user (administrators)",
    tag: "User",
    access: "admin",
    status: 204,
  }, (c, { params }) => deleteUser(c.get("ctx"), idParam(params.id)));
}
