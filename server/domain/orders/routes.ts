// WmsOrder routes: the five resource calls, and the positions of one order.
import type { Hono } from "hono";
import { acceptOffer, createSellOffer, rejectOffer, SellOfferInput } from "./offers.ts";
import { eq } from "drizzle-orm";
import { z } from "zod";
import { paramDecimal } from "../../kernel/params.ts";
import type { Services } from "../../kernel/services.ts";
import type { Env } from "../../engine/http/types.ts";
import type { TenantContext } from "../../kernel/context.ts";
import { idParam, mount } from "../../engine/http/route.ts";
import { type ListQuery, listQuerySchema } from "../../kernel/list.ts";
import { resourceRoutes } from "../../engine/routes.ts";
import { wmsOrder } from "./entity.ts";
import { wmsOrderPosition, wmsOrderPositions } from "./positions/entity.ts";
import {
  archiveOrder,
  cloneOrderToType,
  closeOrder,
  confirmOrder,
  finishOrder,
  generateDocumentsFor,
  reopenOrder,
  revertOrder,
} from "./verbs.ts";
import { reqText } from "../../engine/fields.ts";
import { quantityMilli } from "../stock/quantity.ts";
import { recordCount, recount } from "./counts.ts";
import { Dashboard, dashboard, TopOrdered, topReleased } from "./dashboard.ts";
import {
  generateSupplyOrders,
  SupplyLine,
  SupplyOrderRequest,
  supplyProducts,
  SupplyQuery,
  supplyReport,
  SupplyReportLine,
  SupplyReportQuery,
} from "./supply.ts";
import {
  confirmProductionDocuments,
  generateProductionDocuments,
  generateProductions,
  productionDocuments,
  productionQuantity,
} from "./production.ts";
import { LIMITS } from "../../../shared/limits.ts";
import { WmsDocument } from "../stock/documents/contract.ts";
import {
  moveOperational,
  movePositionsProgress,
  moveProgress,
  moveProgressWithDelay,
  sellOffers,
  verifyPositions,
  verifyPositionsProgress,
  verifyProgress,
} from "./progress.ts";

const ConfirmQuery = z.object({
  generateDocuments: z.string().toLowerCase().pipe(z.enum(["true", "false"])).default("false")
    .transform((v) => v === "true"),
  acceptWarnings: z.string().toLowerCase().pipe(z.enum(["true", "false"])).default("false"),
});

/** A page of one order's positions; an order the caller may not see is 404. */
export async function listOrderPositions(ctx: TenantContext, id: number, query: ListQuery) {
  await wmsOrder.get(ctx, id);
  return await wmsOrderPosition.list(ctx, query, eq(wmsOrderPositions.orderId, id));
}

export function wmsOrderRoutes(app: Hono<Env>, platform: Services): void {
  // Before /WmsOrder/:id/Positions, so that "Verify" is never read as an order's id.
  mount(app, platform, {
    method: "get",
    path: "/WmsOrder/Verify/Positions",
    summary: "The positions of every count (paged, sorted, filtered like a list), each with its difference " +
      "(counted - book quantity; null while blind or not counted) and who counted it",
    tag: "WmsOrder",
    access: wmsOrderPosition.readAccess,
    refusal: "auth.forbidden",
    whole: "staff",
    list: wmsOrderPosition.listFields,
    query: listQuerySchema,
    response: z.object({
      results: z.array(
        z.intersection(
          wmsOrderPosition.entity.record,
          z.object({ difference: z.number().nullable(), countedByName: z.string().nullable() }),
        ),
      ),
      allFilteredRowCount: z.number(),
    }),
  }, (c, { query }) => verifyPositions(c.get("ctx"), query));

  mount(app, platform, {
    method: "get",
    path: "/WmsOrder/:id/Positions",
    summary: "The positions of one order (paged, sorted, filtered like a list)",
    tag: "WmsOrder",
    access: wmsOrderPosition.readAccess,
    refusal: "auth.forbidden",
    whole: "staff",
    list: wmsOrderPosition.listFields,
    query: listQuerySchema,
    response: z.object({ results: z.array(wmsOrderPosition.entity.record), allFilteredRowCount: z.number() }),
  }, (c, { params, query }) => listOrderPositions(c.get("ctx"), idParam(params.id), query));

  const progressList = (path: string, summary: string) => ({
    method: "get" as const,
    path: `/WmsOrder/${path}`,
    summary,
    tag: "WmsOrder",
    access: wmsOrder.readAccess,
    refusal: "auth.forbidden" as const,
    whole: "staff" as const,
    list: wmsOrder.listFields,
    query: listQuerySchema,
    response: z.object({ results: z.array(wmsOrder.entity.record), allFilteredRowCount: z.number() }),
  });
  // Before /WmsOrder/:id... so that "Move" and "Verify" are never read as an id.
  mount(
    app,
    platform,
    progressList("Move/Progress", "Confirmed receipt, release and picking orders with their progress"),
    (c, { query }) => moveProgress(c.get("ctx"), query),
  );
  mount(
    app,
    platform,
    progressList(
      "Move/ProgressWithDelay",
      "Open receipt, release and picking orders past their expected date (deadline, else planned date), " +
        "each with delayDays",
    ),
    (c, { query }) => moveProgressWithDelay(c.get("ctx"), query),
  );
  mount(
    app,
    platform,
    progressList(
      "Move/Operational",
      "Receipt, release and picking orders worked on now: confirmed and waiting to process, in progress or " +
        "done with documents still to confirm",
    ),
    (c, { query }) => moveOperational(c.get("ctx"), query),
  );
  mount(
    app,
    platform,
    progressList("Verify/Progress", "Confirmed counts with how much of each is counted"),
    (c, { query }) => verifyProgress(c.get("ctx"), query),
  );
  const positionsProgress = (path: string, summary: string, extra: z.ZodRawShape) => ({
    method: "get" as const,
    path: `/WmsOrder/${path}`,
    summary,
    tag: "WmsOrder",
    access: wmsOrderPosition.readAccess,
    refusal: "auth.forbidden" as const,
    whole: "staff" as const,
    list: wmsOrderPosition.listFields,
    query: listQuerySchema,
    response: z.object({
      results: z.array(z.intersection(wmsOrderPosition.entity.record, z.object(extra))),
      allFilteredRowCount: z.number(),
    }),
  });
  const moveExtra = { quantityPlanned: z.number(), quantityLeft: z.number(), progressPercent: z.number() };
  mount(
    app,
    platform,
    positionsProgress(
      "Move/:id/PositionsProgress",
      "One order's positions with what is done, on documents and left",
      moveExtra,
    ),
    (c, { params, query }) => movePositionsProgress(c.get("ctx"), idParam(params.id), query, false),
  );
  mount(
    app,
    platform,
    positionsProgress(
      "Move/:id/PositionsProgressWithStock",
      "One order's positions with their progress, and each product's stock on hand and free of reservations",
      { ...moveExtra, stockQuantity: z.number(), freeQuantity: z.number() },
    ),
    (c, { params, query }) => movePositionsProgress(c.get("ctx"), idParam(params.id), query, true),
  );
  mount(
    app,
    platform,
    positionsProgress(
      "Verify/:id/PositionsProgress",
      "One count's positions with their differences (counted - book quantity; null while blind)",
      { difference: z.number().nullable() },
    ),
    (c, { params, query }) => verifyPositionsProgress(c.get("ctx"), idParam(params.id), query),
  );

  const verb = (path: string, summary: string) => ({
    method: "post" as const,
    path: `/WmsOrder/:id/${path}`,
    summary,
    tag: "WmsOrder",
    access: "logistics" as const,
    response: wmsOrder.entity.record,
  });
  mount(app, platform, {
    ...verb(
      "confirm",
      "Confirm and number a working copy; generateDocuments=true also makes its documents and reserves " +
        "the stock they will take, in the same transaction; false makes and reserves nothing",
    ),
    query: ConfirmQuery,
  }, (c, { params, query }) => confirmOrder(c.get("ctx"), idParam(params.id), query.generateDocuments));
  mount(
    app,
    platform,
    verb("revert", "A confirmed order back to a working copy"),
    (c, { params }) => revertOrder(c.get("ctx"), idParam(params.id)),
  );
  mount(
    app,
    platform,
    verb("reopen", "A manually closed order confirmed again"),
    (c, { params }) => reopenOrder(c.get("ctx"), idParam(params.id)),
  );
  mount(app, platform, {
    ...verb("close", "Close a confirmed order by hand, with the reason"),
    body: z.object({ reason: reqText(1000) }),
  }, (c, { params, body }) => closeOrder(c.get("ctx"), idParam(params.id), body.reason));
  mount(
    app,
    platform,
    verb("archive", "Put a confirmed or closed order away"),
    (c, { params }) => archiveOrder(c.get("ctx"), idParam(params.id)),
  );

  mount(
    app,
    platform,
    verb("finish", "A count's counting ends; uncounted positions stay as they are"),
    (c, { params }) => finishOrder(c.get("ctx"), idParam(params.id)),
  );
  mount(app, platform, {
    method: "patch",
    path: "/WmsOrderPosition/:id/QuantityReal",
    summary:
      "Record what was counted at a count's position (0 for nothing found); counting again replaces it",
    tag: "WmsOrderPosition",
    access: "operations",
    query: z.object({ quantityReal: paramDecimal(quantityMilli) }),
    response: wmsOrderPosition.entity.record,
  }, (c, { params, query }) => recordCount(c.get("ctx"), idParam(params.id), query.quantityReal));
  mount(app, platform, {
    method: "post",
    path: "/WmsOrderPosition/:id/Recount",
    summary: "Take a count's position's count off, so that it is counted again",
    tag: "WmsOrderPosition",
    access: "operations",
    response: wmsOrderPosition.entity.record,
  }, (c, { params }) => recount(c.get("ctx"), idParam(params.id)));

  mount(app, platform, {
    method: "get",
    path: "/WmsOrder/:id/GenerateDocuments",
    summary: "Documents for what of a confirmed order is on none yet, reserving the stock they will take " +
      "(a finished count: its adjustment documents)",
    tag: "WmsOrder",
    access: "logistics",
    response: wmsOrder.entity.record,
  }, (c, { params }) => generateDocumentsFor(c.get("ctx"), idParam(params.id)));

  mount(app, platform, {
    method: "get",
    path: "/WmsOrder/:id/clonetotype/:type",
    summary: "A new working copy of another type from this order: its header, and its positions between " +
      "orders that take them by hand; a count takes its scope from it",
    tag: "WmsOrder",
    access: "logistics",
    status: 201,
    response: wmsOrder.entity.record,
  }, (c, { params }) => cloneOrderToType(c.get("ctx"), idParam(params.id), params.type));

  // Production (production.ts): planned from a product's bill of materials.
  const productionRequest = z.object({
    productId: z.number().int().positive(),
    quantity: z.number().gt(0).max(LIMITS.quantity.max),
    plannedDate: z.iso.date().nullish(),
  });
  const toRequest = (r: z.output<typeof productionRequest>) => ({
    productId: r.productId,
    quantity: productionQuantity(r.quantity),
    plannedDate: r.plannedDate ?? null,
  });
  mount(app, platform, {
    method: "post",
    path: "/WmsOrder/GenerateProduction",
    summary: "Plan a production order of a product by its bill of materials: confirmed and numbered, its " +
      "positions the raw material it takes",
    tag: "WmsOrder",
    access: "logistics",
    status: 201,
    body: productionRequest,
    response: wmsOrder.entity.record,
  }, async (c, { body }) => (await generateProductions(c.get("ctx"), [toRequest(body)]))[0]);
  mount(app, platform, {
    method: "post",
    path: "/WmsOrder/Generatemultipleproductions",
    summary: "Plan several production orders at once (all or none)",
    tag: "WmsOrder",
    access: "logistics",
    status: 201,
    body: z.array(productionRequest).min(1).max(100),
    response: z.array(wmsOrder.entity.record),
  }, (c, { body }) => generateProductions(c.get("ctx"), body.map(toRequest)));
  mount(app, platform, {
    method: "post",
    path: "/Production/GenerateDocuments",
    summary: "For what is left to produce: the release of the raw material (reserved) and the receipt of " +
      "the product, as working copies of the production order",
    tag: "Production",
    access: "logistics",
    status: 201,
    body: z.object({ orderId: z.number().int().positive() }),
    response: z.array(WmsDocument),
  }, (c, { body }) => generateProductionDocuments(c.get("ctx"), body.orderId));
  mount(app, platform, {
    method: "get",
    path: "/Production/:id/GetProductionDocuments",
    summary: "A production order's documents, oldest first",
    tag: "Production",
    access: "staff",
    response: z.array(WmsDocument),
  }, (c, { params }) => productionDocuments(c.get("ctx"), idParam(params.id)));
  mount(app, platform, {
    method: "get",
    path: "/Production/:id/ConfirmDocuments",
    summary: "Confirm a production's documents and finish it, in one transaction; it does not change after",
    tag: "Production",
    access: "logistics",
    response: wmsOrder.entity.record,
  }, (c, { params }) => confirmProductionDocuments(c.get("ctx"), idParam(params.id)));

  // Supply (supply.ts).
  mount(app, platform, {
    method: "get",
    path: "/Supply/Products",
    // An aggregate over many rows: a reader worker answers it where there is one (server/cluster/).
    reads: "long",
    summary: "Products at or below their warning or critical stock, with on hand, reserved, inbound, a " +
      "suggested quantity and supplier (critical first)",
    tag: "Supply",
    access: "staff",
    refusal: "auth.forbidden",
    // Paged, in its own order; no filters or sorts beyond `level`.
    list: {},
    query: SupplyQuery,
    response: z.object({ results: z.array(SupplyLine), allFilteredRowCount: z.number() }),
  }, (c, { query }) => supplyProducts(c.get("ctx"), query));
  mount(app, platform, {
    method: "post",
    path: "/Supply/GenerateOrders",
    summary: "Receipt orders for the items, one per supplier, in one step",
    tag: "Supply",
    access: "logistics",
    status: 201,
    body: SupplyOrderRequest,
    response: z.array(wmsOrder.entity.record),
  }, (c, { body }) => generateSupplyOrders(c.get("ctx"), body));
  mount(app, platform, {
    method: "get",
    path: "/Supply/Report",
    // An aggregate over many rows: a reader worker answers it where there is one (server/cluster/).
    reads: "long",
    summary: "Per product, what was ordered, received and released over a date range (at most a year)",
    tag: "Supply",
    access: "staff",
    refusal: "auth.forbidden",
    list: {},
    query: SupplyReportQuery,
    response: z.object({ results: z.array(SupplyReportLine), allFilteredRowCount: z.number() }),
  }, (c, { query }) => supplyReport(c.get("ctx"), query));

  mount(app, platform, {
    method: "post",
    path: "/WmsOrder/Offers/Sell",
    summary:
      "A sell offer from stock: a release order offered to a customer until a last day, each position " +
      "no more than is free now, its value from the products' unit prices",
    tag: "WmsOrder",
    access: "logistics",
    body: SellOfferInput,
    response: wmsOrder.entity.record,
    status: 201,
  }, (c, { body }) => createSellOffer(c.get("ctx"), body));
  for (
    const [answer, run, summary] of [
      ["accept", acceptOffer, "The customer accepted the offer: the order is confirmed with its documents"],
      [
        "reject",
        rejectOffer,
        "The customer declined the offer: it stays a working copy, among archived offers",
      ],
    ] as const
  ) {
    mount(app, platform, {
      method: "post",
      path: `/WmsOrder/:id/offer/${answer}`,
      summary,
      tag: "WmsOrder",
      access: "logistics",
      response: wmsOrder.entity.record,
    }, (c, { params }) => run(c.get("ctx"), idParam(params.id)));
  }

  mount(app, platform, {
    ...progressList("Offers/Sell", "Sell offers: release orders with an offer status; view=active|archive"),
    query: listQuerySchema.and(z.object({ view: z.enum(["active", "archive"]).default("active") })),
  }, (c, { query }) => sellOffers(c.get("ctx"), query, query.view));

  mount(app, platform, {
    method: "get",
    path: "/Dashboard/Today",
    summary: "The start page's day: receipts and releases planned and done today, overdue orders, products " +
      "under their warning or critical stock, open counts",
    tag: "Dashboard",
    access: "staff",
    refusal: "auth.forbidden",
    response: Dashboard,
  }, (c) => dashboard(c.get("ctx")));
  mount(app, platform, {
    method: "get",
    path: "/WmsOrder/Charts/TopReleased",
    // An aggregate over many rows: a reader worker answers it where there is one (server/cluster/).
    reads: "long",
    summary: "The 10 products most asked for on release orders made in a date range",
    tag: "WmsOrder",
    access: "staff",
    refusal: "auth.forbidden",
    query: z.object({ dateFrom: z.iso.date(), dateTo: z.iso.date() }),
    response: z.array(TopOrdered),
  }, (c, { query }) => topReleased(c.get("ctx"), query.dateFrom, query.dateTo));

  resourceRoutes(app, platform, wmsOrder);
  resourceRoutes(app, platform, wmsOrderPosition);
}
