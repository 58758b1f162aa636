// The contract's generic resource calls for one configured resource: GET list, GET {id}, POST, PUT (id and
// version in the body) and DELETE {id}, each declared with its schemas so it appears in the OpenAPI document.
// A read-only resource (meta.readOnly: logs) gets the two GETs only; its other methods answer 405. Every
// list can be exported as a file (GET {path}/export: server/domain/exports/).
import type { Hono } from "hono";
import { z } from "zod";
import type { Services } from "../kernel/services.ts";
import type { Env } from "./http/types.ts";
import { idParam, mount } from "./http/route.ts";
import { listQuerySchema } from "../kernel/list.ts";
import type { Resource } from "./engine.ts";
import type { TenantContext } from "../kernel/context.ts";
import type { Access, Whole } from "../kernel/access.ts";
import type { ResourceMeta } from "../../shared/resources/meta.ts";
import type { WalkQuery } from "../kernel/list.ts";

/** A list that can be written as a file (GET {list}/export, server/domain/exports/). */
export interface Exportable {
  /** The list's metadata (its columns' kinds and labels); the query may choose it (`includeZero`). */
  meta: ResourceMeta | ((query: Record<string, unknown>) => ResourceMeta);
  /** The rows in the list's order, a chunk at a time. */
  walk(
    ctx: TenantContext,
    query: WalkQuery & Record<string, unknown>,
  ): AsyncGenerator<(Record<string, unknown> & { id: number })[]>;
  /** How many rows the filter finds (the summary, and the PDF's cap). */
  count(ctx: TenantContext, query: WalkQuery & Record<string, unknown>): Promise<number>;
}

/** Who may call a route beside a resource's own (its list's export, a record's history). */
interface Readers {
  access: Access;
  whole?: Whole;
  refusal?: "auth.forbidden";
}

/**
 * The routes every resource gets from other areas: its list as a file (exports) and a record's history (the
 * record log). Handed by the composition root (server/app.ts), so that the engine imports no area.
 */
export interface ResourceRouteParts {
  exportRoute(
    app: Hono<Env>,
    platform: Services,
    spec: Readers & { path: string; tag: string },
    list: Exportable,
  ): void;
  historyRoute(
    app: Hono<Env>,
    platform: Services,
    spec: Readers & {
      resourceType: string;
      path: string;
      read: (ctx: TenantContext, id: number) => Promise<unknown>;
    },
  ): void;
}

let routeParts: ResourceRouteParts | undefined;

/** Hands the engine's routes what other areas add to every resource (server/app.ts, before any is mounted). */
export function composeResourceRoutes(parts: ResourceRouteParts): void {
  routeParts = parts;
}

export function resourceRoutes(
  app: Hono<Env>,
  platform: Services,
  // deno-lint-ignore no-explicit-any
  resource: Resource<any, any, any>,
): void {
  if (!routeParts) {
    throw new Error("composeResourceRoutes(...) (server/app.ts) comes before any resource's routes");
  }
  const { exportRoute, historyRoute } = routeParts;
  const { meta } = resource;
  const schemas = resource.entity;
  const tag = meta.resource;
  const path = meta.path;
  const who = {
    admin: "administrators",
    manager: "administrators and business managers",
    logistics: "administrators and staff with the logistics module",
    operations: "administrators and staff with the logistics or the terminal module",
  }[resource.writeAccess as string] ?? resource.writeAccess;
  const readers = meta.readers === "admin" ? " (administrators)" : "";
  // Reading: refused as forbidden (the whole resource is closed to the caller, whatever the id); a
  // resource with a scope shows contractor users their own records only. Writing: refused as not found.
  const read = {
    access: resource.readAccess,
    refusal: "auth.forbidden" as const,
    ...(resource.def.scope ? { whole: "staff" as const } : {}),
  };
  const write = { access: resource.writeAccess };
  mount(app, platform, {
    method: "get",
    path,
    summary: `List ${meta.resource} records (paged, sorted, filtered)${readers}`,
    tag,
    ...read,
    list: resource.listFields,
    query: listQuerySchema,
    response: z.object({ results: z.array(schemas.record), allFilteredRowCount: z.number() }),
  }, (c, { query }) => resource.list(c.get("ctx"), query));

  // Before `${path}/:id`, which would take "export" for an id.
  exportRoute(app, platform, { path, tag, ...read }, {
    meta,
    walk: (ctx, query) => resource.walk(ctx, query),
    count: async (ctx, query) =>
      (await resource.list(ctx, { ...query, PageNumber: 1, PageSize: 1 })).allFilteredRowCount,
  });

  mount(app, platform, {
    method: "get",
    path: `${path}/:id`,
    summary: `One ${meta.resource} record${readers}`,
    tag,
    ...read,
    response: schemas.record,
  }, (c, { params }) => resource.get(c.get("ctx"), idParam(params.id)));

  if (meta.readOnly) return;

  // A record's history, for whoever may read the record (the logs themselves have none).
  historyRoute(app, platform, {
    resourceType: meta.resource,
    path,
    ...read,
    read: (ctx, id) => resource.get(ctx, id),
  });

  mount(app, platform, {
    method: "post",
    path,
    summary: `Add a ${meta.resource} record (${who})`,
    tag,
    ...write,
    body: schemas.create,
    bodyLimit: resource.def.bodyLimit,
    response: schemas.record,
    status: 201,
  }, (c, { body }) => resource.add(c.get("ctx"), body as Record<string, unknown>));

  mount(
    app,
    platform,
    {
      method: "put",
      path,
      summary: `Edit a ${meta.resource} record, id and version in the body (${who})`,
      tag,
      ...write,
      body: schemas.update,
      bodyLimit: resource.def.bodyLimit,
      response: schemas.record,
    },
    (c, { body }) =>
      resource.edit(c.get("ctx"), body as Record<string, unknown> & { id: number; version: number }),
  );

  mount(app, platform, {
    method: "delete",
    path: `${path}/:id`,
    summary: `Delete a ${meta.resource} record (${who})`,
    tag,
    ...write,
    status: 204,
  }, (c, { params }) => resource.remove(c.get("ctx"), idParam(params.id)));
}
