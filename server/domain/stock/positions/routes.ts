// WmsDocumentPosition routes: the five resource calls, the group movement and releasing a location.
import type { Hono } from "hono";
import { z } from "zod";
import { paramId } from "../../../kernel/params.ts";
import type { Services } from "../../../kernel/services.ts";
import type { Env } from "../../../engine/http/types.ts";
import { idParam, mount } from "../../../engine/http/route.ts";
import { resourceRoutes } from "../../../engine/routes.ts";
import { WmsDocument } from "../documents/contract.ts";
import { wmsDocumentPosition } from "./entity.ts";
import { groupMovement, releaseStorageSpace, relocateContainer } from "./movement.ts";
import { GroupMovement, PickRequest, ScanRequest, ScanResult, ShortageResult } from "./contract.ts";
import { scanIntoDocument } from "./scan.ts";
import { pickPosition, reportShortage } from "./pick.ts";

const ReleaseQuery = z.object({ destinationLocationId: paramId.optional() });

export function wmsDocumentPositionRoutes(app: Hono<Env>, platform: Services): void {
  mount(app, platform, {
    method: "post",
    path: "/WmsDocumentPosition/groupmovement",
    summary: "Relocate several stock quantities to one destination by one ARL document, " +
      "confirmed at once unless confirm is false",
    tag: "WmsDocumentPosition",
    access: "operations",
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
    access: "operations",
    body: ScanRequest,
    response: ScanResult,
  }, (c, { body }) => scanIntoDocument(c.get("ctx"), body));

  mount(app, platform, {
    method: "post",
    path: "/Container/:id/Relocate",
    summary: "Move a container with everything in it to another location: one PRL document, made and " +
      "confirmed in one transaction (422 document.validation as a confirmation refuses; containerEmpty)",
    tag: "Container",
    access: "operations",
    body: z.object({
      destinationLocationId: z.number().int().positive(),
      acceptWarnings: z.boolean().default(false),
    }),
    response: WmsDocument,
    status: 201,
  }, (c, { params, body }) => relocateContainer(c.get("ctx"), idParam(params.id), body));

  mount(app, platform, {
    method: "post",
    path: "/WmsDocumentPosition/:id/Pick",
    summary: "The terminal picked (or put away) part of a position: its quantityReal grows, each scan " +
      "checked against the position first (422 document.validation with issues, nothing written)",
    tag: "WmsDocumentPosition",
    access: "operations",
    body: PickRequest,
    response: wmsDocumentPosition.entity.record,
  }, (c, { params, body }) => pickPosition(c.get("ctx"), idParam(params.id), body));

  mount(app, platform, {
    method: "post",
    path: "/WmsDocumentPosition/:id/Shortage",
    summary: "Less was found than the position asks for: it is lowered to what was picked (removed when " +
      "nothing was) and the rest of its reservation given back",
    tag: "WmsDocumentPosition",
    access: "operations",
    response: ShortageResult,
  }, (c, { params }) => reportShortage(c.get("ctx"), idParam(params.id)));

  mount(
    app,
    platform,
    {
      method: "post",
      path: "/WmsDocumentPosition/ReleaseStorageSpace/:id",
      summary: "Make a generated working copy releasing everything stored at a location (IOU), or " +
        "relocating it to destinationLocationId (ARL)",
      tag: "WmsDocumentPosition",
      access: "operations",
      query: ReleaseQuery,
      response: WmsDocument,
      status: 201,
    },
    (c, { params, query }) =>
      releaseStorageSpace(c.get("ctx"), idParam(params.id), query.destinationLocationId),
  );

  resourceRoutes(app, platform, wmsDocumentPosition);
}
