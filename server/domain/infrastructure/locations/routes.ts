// StorageSpace routes: the five resource calls, the tree browser's children and the generator.
import type { Hono } from "hono";
import { z } from "zod";
import type { Platform } from "../../../platform.ts";
import type { Env } from "../../../http/types.ts";
import { idParam, mount } from "../../../http/route.ts";
import { listQuerySchema } from "../../../kernel/list.ts";
import { resourceRoutes } from "../../resource/routes.ts";
import { storageSpace as storageSpaceResource } from "./entity.ts";
import { generateLocations } from "./generator.ts";
import { listChildren } from "./tree.ts";
import { GeneratePreview, GenerateRequest, GenerateResult, StorageSpaceNode } from "./contract.ts";

export function storageSpaceRoutes(app: Hono<Env>, platform: Platform): void {
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

  resourceRoutes(app, platform, storageSpaceResource);
}
