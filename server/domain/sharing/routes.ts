// SharedAccess routes: the resource's list and record (administrators and business managers), making an
// access (its secret answered once) and withdrawing it; and the contractor's stock read by a key, without
// signing in (docs/decisions/0010).
import type { Hono } from "hono";
import { z } from "zod";
import type { Services } from "../../kernel/services.ts";
import type { Env } from "../../engine/http/types.ts";
import { idParam, mount } from "../../engine/http/route.ts";
import { clientInfo } from "../../engine/http/client_info.ts";
import { allowOrigin, foreignOrigin } from "../../engine/http/origin.ts";
import { resourceRoutes } from "../../engine/routes.ts";
import { listQuerySchema } from "../../kernel/list.ts";
import { InventoryLine, paged, ProductStock, ProductStockQuery } from "../stock/inventory/contract.ts";
import { inventoryFields } from "../stock/inventory/lines.ts";
import { productStockFields } from "../stock/inventory/totals.ts";
import { sharedAccess } from "./entity.ts";
import { createSharedAccess, readShared, SharedAccessCreate, withdrawSharedAccess } from "./service.ts";

const Key = z.object({ key: z.string().min(16).max(200) });

export function sharingRoutes(app: Hono<Env>, platform: Services): void {
  mount(app, platform, {
    method: "post",
    path: "/SharedAccess",
    summary: "Hand out a shared access for a contractor: answers the record and, this once, its token, " +
      "short URL key and link (only their hashes are kept)",
    tag: "SharedAccess",
    access: "manager",
    answersSecret: true,
    body: SharedAccessCreate,
    response: z.object({
      ...(sharedAccess.entity.record as unknown as z.ZodObject<z.ZodRawShape>).shape,
      token: z.string(),
      shortUrlKey: z.string(),
      url: z.string().nullable(),
    }),
    status: 201,
  }, (c, { body }) => createSharedAccess(c.get("ctx"), body));

  mount(app, platform, {
    method: "post",
    path: "/SharedAccess/:id/withdraw",
    summary: "End a shared access at once: its key answers 410 sharedAccess.ended everywhere",
    tag: "SharedAccess",
    access: "manager",
    response: sharedAccess.entity.record,
  }, (c, { params }) => withdrawSharedAccess(c.get("ctx"), idParam(params.id)));

  resourceRoutes(app, platform, sharedAccess);

  const caller = (c: Parameters<typeof clientInfo>[0]) => ({
    ip: clientInfo(c).ip,
    userAgent: clientInfo(c).userAgent,
    requestId: c.get("requestId"),
    lang: c.get("lang"),
  });
  /** A read by key; a page of another site gets the data only from an origin the access allows (CORS). */
  const readFrom = async (
    c: Parameters<typeof clientInfo>[0],
    what: "stock" | "inventory",
    key: string,
    query: Record<string, unknown>,
  ) => {
    const origin = foreignOrigin(c, platform);
    const { allowedOrigins: _allowed, ...page } = await readShared(platform, what, key, query, {
      ...caller(c),
      origin,
    });
    allowOrigin(c, origin);
    return page;
  };
  mount(app, platform, {
    method: "get",
    path: "/shared/stock",
    summary:
      "The total stock of the key's contractor (a stock or API key), paged, sorted and filtered like " +
      "WmsInventory/productStock; 410 sharedAccess.ended for a withdrawn, expired or used key",
    tag: "SharedAccess",
    access: "public",
    list: productStockFields,
    query: ProductStockQuery.extend(Key.shape),
    response: paged(ProductStock),
  }, (c, { query }) => {
    const { key, ...rest } = query;
    return readFrom(c, "stock", key, rest);
  });

  mount(app, platform, {
    method: "get",
    path: "/shared/inventory",
    summary: "The detailed inventory of the key's contractor (an inventory or API key), paged, sorted and " +
      "filtered like WmsInventory/inventory; 410 sharedAccess.ended for a withdrawn, expired or used key",
    tag: "SharedAccess",
    access: "public",
    list: inventoryFields,
    query: listQuerySchema.extend(Key.shape),
    response: paged(InventoryLine),
  }, (c, { query }) => {
    const { key, ...rest } = query;
    return readFrom(c, "inventory", key, rest);
  });
}
