// Progress of orders (api-contract.md, Orders; product-spec section 7): the open receipt, release and picking
// orders with how far their documents have carried them (Move/Progress), those being worked on now
// (Move/Operational), those past their expected date with how late each is (Move/ProgressWithDelay, the delay
// monitor), the counts with how much is counted (Verify/Progress), the positions of every count with their
// differences and who counted them (Verify/Positions), and one order's positions with what is done, planned
// and left (and the stock beside it), or one count's positions with their differences. The order lists are
// the WmsOrder list (paged, sorted, filtered) over the progress each order keeps (positionsDoneCount,
// quantityDoneSum, progressPercent), so a page costs what a page of orders costs.
import { and, eq, gte, inArray, isNull, like, not, notLike, or, type SQL, sql } from "drizzle-orm";
import type { TenantContext } from "../../kernel/context.ts";
import { fieldError } from "../../kernel/errors.ts";
import type { ListQuery } from "../../kernel/list.ts";
import { fromMilli } from "../stock/quantity.ts";
import { users } from "../access/users/entity.ts";
import { reservedOfProducts } from "../stock/reservations/service.ts";
import { openProcessStatuses, wmsOrder, wmsOrders } from "./entity.ts";
import { wmsOrderPosition, wmsOrderPositions } from "./positions/entity.ts";
import { isCount, takeUpCount } from "./counts.ts";
import { coveredShares } from "./documents.ts";

const moving = notLike(wmsOrders.typeCode, "VER-%");

/** GET WmsOrder/Move/Progress: confirmed receipt, release and picking orders, with their progress. */
export function moveProgress(ctx: TenantContext, query: ListQuery) {
  return wmsOrder.list(ctx, query, and(moving, eq(wmsOrders.statusCode, "confirmed")));
}

/** What is worked on now: waiting to be processed, in progress, or done with documents still to confirm. */
export const operationalProcessStatuses = ["waitingToProcess", "inProgress", "doneUnconfirmed"] as const;

/**
 * GET WmsOrder/Move/Operational: the receipt, release and picking orders being worked on now (confirmed, and
 * waiting to process, in progress or done but not yet confirmed), with their priority, deadline and progress.
 */
export function moveOperational(ctx: TenantContext, query: ListQuery) {
  return wmsOrder.list(
    ctx,
    query,
    and(
      inArray(wmsOrders.typeCode, ["OIN", "OOU", "OPI"]),
      eq(wmsOrders.statusCode, "confirmed"),
      inArray(wmsOrders.processStatusCode, [...operationalProcessStatuses]),
    ),
  );
}

/** The expected date (deadline, else planned date) is before today and the order is still open. */
function overdue(): SQL {
  const today = new Date().toISOString().slice(0, 10);
  return and(
    eq(wmsOrders.statusCode, "confirmed"),
    inArray(wmsOrders.processStatusCode, [...openProcessStatuses]),
    sql`substr(coalesce(${wmsOrders.deadline}, ${wmsOrders.plannedDate}), 1, 10) < ${today}`,
  )!;
}

/**
 * GET WmsOrder/Move/ProgressWithDelay: the open receipt, release and picking orders past their expected
 * date, each with `delayDays`.
 */
export function moveProgressWithDelay(ctx: TenantContext, query: ListQuery) {
  return wmsOrder.list(ctx, query, and(moving, overdue()));
}

/** GET WmsOrder/Verify/Progress: confirmed counts, with how much of each is counted. */
export function verifyProgress(ctx: TenantContext, query: ListQuery) {
  return wmsOrder.list(
    ctx,
    query,
    and(like(wmsOrders.typeCode, "VER-%"), eq(wmsOrders.statusCode, "confirmed")),
  );
}

/**
 * GET WmsOrder/Move/{id}/PositionsProgress[WithStock]: a page of the order's positions, each with what its
 * documents have confirmed (`quantityReal`), what is on documents (`quantityPlanned`), what is left to do
 * (`quantityLeft`) and `progressPercent`; with stock, the product's stock on hand (`stockQuantity`) and
 * what of it no order has reserved (`freeQuantity`).
 */
export async function movePositionsProgress(
  ctx: TenantContext,
  id: number,
  query: ListQuery,
  withStock: boolean,
) {
  const order = await wmsOrder.get(ctx, id);
  if (isCount(order.typeCode as string)) throw fieldError({ typeCode: ["validation.invalidValue"] });
  const page = await wmsOrderPosition.list(ctx, query, eq(wmsOrderPositions.orderId, id));
  const planned = await coveredShares(ctx.conn.db, id);
  const productIds = [...new Set(page.results.map((p) => p.productId as number))];
  const stock = withStock && productIds.length
    ? new Map(
      (await ctx.conn.db.all<[number, number]>(sql`
        SELECT product_id, quantity FROM stock_product_totals
        WHERE product_id IN (SELECT value FROM json_each(${JSON.stringify(productIds)}))`))
        .map(([p, q]) => [Number(p), Number(q)]),
    )
    : new Map<number, number>();
  const reserved = withStock ? await reservedOfProducts(ctx.conn.db, productIds) : new Map<number, number>();
  return {
    allFilteredRowCount: page.allFilteredRowCount,
    results: page.results.map((p) => {
      const quantity = (p.quantity as number | null) ?? 0;
      const done = (p.quantityReal as number | null) ?? 0;
      const onHand = stock.get(p.productId as number) ?? 0;
      return {
        ...p,
        quantityPlanned: fromMilli(planned.get(p.id as number) ?? 0),
        quantityLeft: Math.max(0, Math.round((quantity - done) * 1000) / 1000),
        progressPercent: quantity > 0 ? Math.floor((Math.min(done, quantity) * 100) / quantity) : 0,
        ...(withStock
          ? {
            stockQuantity: fromMilli(onHand),
            freeQuantity: fromMilli(Math.max(0, onHand - (reserved.get(p.productId as number) ?? 0))),
          }
          : {}),
      };
    }),
  };
}

/** A count position's difference: counted − book quantity, once counted and unless blind. */
function differenceOf(p: Record<string, unknown>): number | null {
  return p.quantityReal != null && p.bookQuantity != null
    ? Math.round(((p.quantityReal as number) - (p.bookQuantity as number)) * 1000) / 1000
    : null;
}

/**
 * GET WmsOrder/Verify/Positions: a page of the positions of every count (filtered and sorted like the
 * positions' list: by order, product, location...), each with its `difference` and who counted it
 * (`countedByName`).
 */
export async function verifyPositions(ctx: TenantContext, query: ListQuery) {
  const counts = sql`(SELECT ${wmsOrders.id} FROM ${wmsOrders} WHERE ${wmsOrders.typeCode} LIKE 'VER-%')`;
  const page = await wmsOrderPosition.list(ctx, query, inArray(wmsOrderPositions.orderId, counts));
  const counters = [
    ...new Set(
      page.results.map((p) => p.countedByUserId).filter((id): id is number => typeof id === "number"),
    ),
  ];
  const names = new Map(
    counters.length
      ? (await ctx.conn.db.select({ id: users.id, visibleName: users.visibleName, username: users.username })
        .from(users).where(inArray(users.id, counters))).map((u) => [u.id, u.visibleName || u.username])
      : [],
  );
  return {
    allFilteredRowCount: page.allFilteredRowCount,
    results: page.results.map((p) => ({
      ...p,
      difference: differenceOf(p),
      countedByName: typeof p.countedByUserId === "number" ? names.get(p.countedByUserId) ?? null : null,
    })),
  };
}

/**
 * GET WmsOrder/Verify/{id}/PositionsProgress: a page of a count's positions, each with `difference`
 * (counted − book quantity when counted; null while blind or not counted).
 */
export async function verifyPositionsProgress(ctx: TenantContext, id: number, query: ListQuery) {
  const order = await wmsOrder.get(ctx, id);
  if (!isCount(order.typeCode as string)) throw fieldError({ typeCode: ["validation.invalidValue"] });
  // A count a process left half prepared is taken up again by whoever looks at it.
  takeUpCount(ctx, { id, countPreparing: order.countPreparing });
  const page = await wmsOrderPosition.list(ctx, query, eq(wmsOrderPositions.orderId, id));
  return {
    allFilteredRowCount: page.allFilteredRowCount,
    results: page.results.map((p) => ({ ...p, difference: differenceOf(p) })),
  };
}

/**
 * GET WmsOrder/Offers/Sell: sell offers, release orders with an offer status. `active`: offered and not
 * yet answered (`offerStatus` active, the order a working copy or confirmed); `archive`: the others
 * (accepted, rejected, expired, or the order closed or archived).
 */
export function sellOffers(ctx: TenantContext, query: ListQuery, view: "active" | "archive") {
  const offered = and(eq(wmsOrders.typeCode, "OOU"), sql`${wmsOrders.offerStatus} IS NOT NULL`);
  // Past its last day an offer is expired: in the archive.
  const today = new Date().toISOString().slice(0, 10);
  const active = and(
    eq(wmsOrders.offerStatus, "active"),
    inArray(wmsOrders.statusCode, ["workingCopy", "confirmed"]),
    or(isNull(wmsOrders.offerValidUntil), gte(wmsOrders.offerValidUntil, today)),
  )!;
  return wmsOrder.list(ctx, query, and(offered, view === "active" ? active : not(active)));
}
