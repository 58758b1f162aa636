// WmsDocumentPosition routes: the five resource calls, the group movement and releasing a location.
import type { Hono } from "hono";
import { z } from "zod";
import type { Platform } from "../../../platform.ts";
import type { Env } from "../../../http/types.ts";
import { idParam, mount } from "../../../http/route.ts";
import { resourceRoutes } from "../../resource/routes.ts";
import { WmsDocument } from "../documents/contract.ts";
import { wmsDocumentPosition } from "./entity.ts";
import { groupMovement, releaseStorageSpace } from "./movement.ts";
import { GroupMovement, ScanRequest, ScanResult } from "./contract.ts";
import { scanIntoDocument } from "./scan.ts";

const ReleaseQuery = z.object({ destinationLocationId: z.coerce.number().int().positive().optional() });

export function wmsDocumentPositionRoutes(app: Hono<Env>, platform: Platform): void {
  mount(app, platform, {
    method: "post",
    path: "/WmsDocumentPosition/groupmovement",
    summary: "Relocate several stock quantities to one destination by one ARL document, " +
      "confirmed at once unless confirm is false",
    tag: "WmsDocumentPosition",
    access: "logistics",
    body: GroupMovement,
    response: WmsDocument,
    status: 201,
  }, (c, { body }) => groupMovement(c.get("ctx"), body));

  mount(app, platform, {
    method: "post",
    path: "/WmsDocumentPosition/scan",
    summary: "Add by a scanned code or a picked product: the line of the same product, expiry, production " +
      "date and serial number grows by the quantity, or is made",
    tag: "WmsDocumentPosition",
    access: "logistics",
    body: ScanRequest,
    response: ScanResult,
  }, (c, { body }) => scanIntoDocument(c.get("ctx"), body));

  mount(
    app,
    platform,
    {
      method: "post",
      path: "/WmsDocumentPosition/ReleaseStorageSpace/:id",
      summary: "Make a generated working copy releasing everything stored at a location (IOU), or " +
        "relocating it to destinationLocationId (ARL)",
      tag: "WmsDocumentPosition",
      access: "logistics",
      query: ReleaseQuery,
      response: WmsDocument,
      status: 201,
    },
    (c, { params, query }) =>
      releaseStorageSpace(c.get("ctx"), idParam(params.id), query.destinationLocationId),
  );

  resourceRoutes(app, platform, wmsDocumentPosition);
}
