// GET {list}/export for a list: mounted beside the list it exports (resource/routes.ts for every engine
// resource, the inventory reports' routes for theirs), with the list's own access and scope.
import type { Hono } from "hono";
import type { z } from "zod";
import type { Services } from "../../kernel/services.ts";
import type { Env } from "../../engine/http/types.ts";
import { mount } from "../../engine/http/route.ts";
import type { Access } from "../../kernel/access.ts";
import type { Whole } from "../../engine/http/openapi.ts";
import { type Exportable, exportList, ExportQuery } from "./service.ts";

export function exportRoute(
  app: Hono<Env>,
  platform: Services,
  spec: {
    /** The list's path; the export's is `${path}/export`. */
    path: string;
    tag: string;
    access: Access;
    whole?: Whole;
    refusal?: "auth.forbidden";
    /** The list's own query (a report's parameters beside the list's), when it has more than the list's. */
    listQuery?: z.ZodObject;
  },
  list: Exportable,
): void {
  mount(app, platform, {
    method: "get",
    path: `${spec.path}/export`,
    reads: "long",
    summary: `The ${spec.path} list as a file (format csv, xlsx or pdf; columns; the list's filter ` +
      "and sort), streamed while it is read",
    tag: spec.tag,
    access: spec.access,
    ...(spec.whole ? { whole: spec.whole } : {}),
    ...(spec.refusal ? { refusal: spec.refusal } : {}),
    query: spec.listQuery
      ? spec.listQuery.omit({ PageNumber: true, PageSize: true }).extend(ExportQuery.shape)
      : ExportQuery,
  }, (c, { query }) => exportList(c.get("ctx"), list, query as ExportQuery & Record<string, unknown>));
}
