// StorageSpace routes: the five resource calls, the tree browser's children and the generator.
import type { Hono } from "hono";
import { z } from "zod";
import type { Services } from "../../../kernel/services.ts";
import type { Env } from "../../../engine/http/types.ts";
import { idParam, mount } from "../../../engine/http/route.ts";
import { listQuerySchema } from "../../../kernel/list.ts";
import { resourceRoutes } from "../../../engine/routes.ts";
import { storageSpace as storageSpaceResource } from "./entity.ts";
import { generateLocations } from "./generator.ts";
import { listChildren } from "./tree.ts";
import { getMap, LocationMap, MAP_BODY_LIMIT, MapUpload, putMap } from "../maps/service.ts";
import {
  locationsWithMaps,
  MapChoice,
  mapChoices,
  Occupancy,
  occupancy,
  Placements,
  savePlacements,
} from "../maps/occupancy.ts";
import { GeneratePreview, GenerateRequest, GenerateResult, StorageSpaceNode } from "./contract.ts";

export function storageSpaceRoutes(app: Hono<Env>, platform: Services): void {
  // A location's map: the SVG drawing, cleaned before it is stored (../maps/).
  for (const [method, replace] of [["post", false], ["patch", true]] as const) {
    mount(app, platform, {
      method,
      path: "/StorageSpace/:id/schema",
      summary: replace
        ? "Replace a location's map (an SVG drawing, cleaned before it is stored; 404 map.noMap without one)"
        : "Put a location's map: an SVG drawing (its file name and text), cleaned before it is stored " +
          "(413 map.fileTooLarge, 415 file.typeNotAllowed; administrators and business managers)",
      tag: "StorageSpace",
      access: storageSpaceResource.writeAccess,
      body: MapUpload,
      bodyLimit: MAP_BODY_LIMIT,
      response: LocationMap,
      status: replace ? 200 : 201,
    }, (c, { params, body }) => putMap(c.get("ctx"), idParam(params.id), body, replace));
  }

  mount(app, platform, {
    method: "get",
    path: "/StorageSpace/:id/schema",
    summary: "A location's map, as cleaned (404 map.noMap without one)",
    tag: "StorageSpace",
    access: storageSpaceResource.readAccess,
    refusal: "auth.forbidden",
    response: LocationMap,
  }, (c, { params }) => getMap(c.get("ctx"), idParam(params.id)));

  mount(app, platform, {
    method: "post",
    path: "/StorageSpace/generate",
    summary: "Generate up to three nested levels of locations, or preview their labels " +
      "(administrators and business managers)",
    tag: "StorageSpace",
    access: storageSpaceResource.writeAccess,
    body: GenerateRequest,
    response: z.union([GenerateResult, GeneratePreview]),
  }, (c, { body }) => generateLocations(c.get("ctx"), body));

  mount(app, platform, {
    method: "get",
    path: "/StorageSpace/:id/children",
    summary: "The locations directly under one location (id 0: the roots), paged like a list, " +
      "each with its childCount",
    tag: "StorageSpace",
    access: storageSpaceResource.readAccess,
    refusal: "auth.forbidden",
    list: storageSpaceResource.listFields,
    query: listQuerySchema,
    response: z.object({ results: z.array(StorageSpaceNode), allFilteredRowCount: z.number() }),
  }, (c, { params, query }) => {
    // 0 stands for the roots; anything else is a location's id.
    return listChildren(c.get("ctx"), params.id === "0" ? 0 : idParam(params.id), query);
  });

  mount(app, platform, {
    method: "get",
    path: "/StorageSpace/Maps",
    summary: "The locations that have a map, by label",
    tag: "StorageSpace",
    access: storageSpaceResource.readAccess,
    refusal: "auth.forbidden",
    response: z.array(z.object({
      locationId: z.number(),
      label: z.string(),
      fileName: z.string(),
      version: z.number(),
    })),
  }, (c) => locationsWithMaps(c.get("ctx")));

  mount(app, platform, {
    method: "get",
    path: "/StorageSpace/MapChoices",
    summary: "The warehouse map's choice of locations: every zone (a location at the top), every location " +
      "directly in one and every location with a map, in the tree's order, each with its map's version or " +
      "null (no map yet)",
    tag: "StorageSpace",
    access: storageSpaceResource.readAccess,
    refusal: "auth.forbidden",
    response: z.array(MapChoice),
  }, (c) => mapChoices(c.get("ctx")));

  mount(app, platform, {
    method: "get",
    path: "/StorageSpace/:id/occupancy",
    summary: "A location's map overlay: each location directly under it with its place (cm), the weight " +
      "of its stock against its capacity (from the maintained per-location weights), temperature and zones",
    tag: "StorageSpace",
    access: storageSpaceResource.readAccess,
    refusal: "auth.forbidden",
    response: Occupancy,
  }, (c, { params }) => occupancy(c.get("ctx"), idParam(params.id)));

  mount(app, platform, {
    method: "put",
    path: "/StorageSpace/:id/placements",
    summary: "Place locations directly under this one on its map (south-west corner and size, cm), all in " +
      "one transaction, each with its version check (409 record.changedByAnotherUser)",
    tag: "StorageSpace",
    access: storageSpaceResource.writeAccess,
    body: Placements,
    response: Occupancy,
  }, (c, { params, body }) => savePlacements(c.get("ctx"), idParam(params.id), body));

  resourceRoutes(app, platform, storageSpaceResource);
}
