// WmsDocument routes: the five resource calls, the positions of one document, confirm, revert, and
// deleting the working copies generated from a document.
import type { Hono } from "hono";
import { z } from "zod";
import type { Services } from "../../../kernel/services.ts";
import type { Env } from "../../../engine/http/types.ts";
import { idParam, mount } from "../../../engine/http/route.ts";
import { listQuerySchema } from "../../../kernel/list.ts";
import { resourceRoutes } from "../../../engine/routes.ts";
import { DocumentPosition } from "../positions/contract.ts";
import { wmsDocument } from "./entity.ts";
import { wmsDocumentPosition } from "../positions/entity.ts";
import { confirmDocument } from "./confirm.ts";
import { revertDocument } from "./revert.ts";
import { deleteByPrecedingDocument, listDocumentPositions } from "./service.ts";
import { ConfirmQuery, WmsDocument } from "./contract.ts";

export function wmsDocumentRoutes(app: Hono<Env>, platform: Services): void {
  mount(app, platform, {
    method: "get",
    path: "/WmsDocument/:id/Positions",
    summary: "The positions of one document (paged, sorted, filtered like a list); on a confirmed or " +
      "reverted one that took stock, each with the bins, containers and lots it took from (sources)",
    tag: "WmsDocument",
    access: wmsDocumentPosition.readAccess,
    refusal: "auth.forbidden",
    whole: "staff",
    list: wmsDocumentPosition.listFields,
    query: listQuerySchema,
    response: z.object({ results: z.array(DocumentPosition), allFilteredRowCount: z.number() }),
  }, (c, { params, query }) => listDocumentPositions(c.get("ctx"), idParam(params.id), query));

  mount(app, platform, {
    method: "post",
    path: "/WmsDocument/:id/confirm",
    summary: "Validate, number and confirm a working copy, moving its stock, in one transaction " +
      "(422 document.validation with issues; warnings pass with acceptWarnings=true; 406 on a number collision)",
    tag: "WmsDocument",
    access: "operations",
    query: ConfirmQuery,
    response: WmsDocument,
  }, (c, { params, query }) => confirmDocument(c.get("ctx"), idParam(params.id), query.acceptWarnings));

  mount(app, platform, {
    method: "post",
    path: "/WmsDocument/:id/revert",
    summary: "Revert a confirmed document, reversing its stock movements " +
      "(422 document.revertBlocked where stock it brought in has left)",
    tag: "WmsDocument",
    access: "logistics",
    response: WmsDocument,
  }, (c, { params }) => revertDocument(c.get("ctx"), idParam(params.id)));

  mount(app, platform, {
    method: "delete",
    path: "/WmsDocument/ByPrecedingDocumentId/:id",
    summary: "Delete the working copies generated from a document; answers their ids",
    tag: "WmsDocument",
    access: "logistics",
    response: z.object({ deletedIds: z.array(z.number()) }),
  }, (c, { params }) => deleteByPrecedingDocument(c.get("ctx"), idParam(params.id)));

  resourceRoutes(app, platform, wmsDocument);
}
