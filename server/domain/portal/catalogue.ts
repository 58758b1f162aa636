// What a contractor may order, as the portal shows it: the product groups holding their products, a page of
// the products with stock on hand and free, and their latest orders to order again.
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { z } from "zod";
import { paramId } from "../../kernel/params.ts";
import type { TenantContext } from "../../kernel/context.ts";
import { type ListQuery, MAX_PAGE_SIZE } from "../../kernel/list.ts";
import { product as productResource, productGroupLinks, products } from "../assortment/products/entity.ts";
import { productGroups } from "../assortment/product_groups/entity.ts";
import { fromMilli } from "../stock/quantity.ts";
import { externalOrder, externalOrderPosition } from "./entity.ts";
import { contractorOf } from "./rules.ts";
import { productStock } from "../orders/free_stock.ts";
import { externalOrderPositions, externalOrders } from "./table.ts";

/** GET availible-prod-groups: the groups holding products the contractor may order, with how many. */
export async function availableGroups(ctx: TenantContext) {
  const contractorId = contractorOf(ctx);
  const rows = await ctx.conn.db.all<[number, string, number]>(sql`
    SELECT g.id, g.name, count(DISTINCT p.id) FROM ${productGroups} g
    JOIN ${products} p ON (p.main_group_id = g.id OR p.id IN
      (SELECT l.product_id FROM ${productGroupLinks} l WHERE l.group_id = g.id))
    WHERE p.contractor_id = ${contractorId} AND p.contractor_portal_hide = 0 AND p.disabled = 0
    GROUP BY g.id ORDER BY g.name`);
  return {
    results: rows.map(([id, name, count]) => ({ id: Number(id), name, productsCount: Number(count) })),
  };
}

export const AvailableQuery = z.object({ groupId: paramId.optional() });

/**
 * GET availible-products: a page of the products the contractor may order (paged, sorted, filtered and
 * searched as Product), optionally of one group, each with its stock on hand and what of it is free.
 */
export async function availableProducts(ctx: TenantContext, query: ListQuery & { groupId?: number }) {
  contractorOf(ctx);
  const { groupId, ...list } = query;
  const inGroup = groupId === undefined
    ? undefined
    : sql`(${products.mainGroupId} = ${groupId} OR ${products.id} IN
    (SELECT ${productGroupLinks.productId} FROM ${productGroupLinks} WHERE ${productGroupLinks.groupId} = ${groupId}))`;
  const page = await productResource.list(ctx, list, and(eq(products.disabled, false), inGroup));
  const { onHand, free } = await productStock(ctx.conn.db, page.results.map((p) => p.id as number));
  return {
    allFilteredRowCount: page.allFilteredRowCount,
    results: page.results.map((p) => ({
      ...p,
      stockQuantity: fromMilli(onHand.get(p.id as number) ?? 0),
      freeQuantity: fromMilli(free.get(p.id as number) ?? 0),
    })),
  };
}

/** GET last-orders: the contractor's latest submitted orders with their positions, to order again. */
export async function lastOrders(ctx: TenantContext, count: number) {
  const contractorId = contractorOf(ctx);
  const rows = await ctx.conn.db.select({ id: externalOrders.id }).from(externalOrders).where(and(
    eq(externalOrders.contractorId, contractorId),
    sql`${externalOrders.statusCode} <> 'cart'`,
  )).orderBy(desc(externalOrders.id)).limit(count);
  const ids = rows.map((r) => r.id);
  if (ids.length === 0) return { results: [] };
  // The orders and their positions in one read each (their records as the lists answer them).
  const page = { PageNumber: 1, PageSize: MAX_PAGE_SIZE, sortDescending: false };
  const orders = new Map(
    (await externalOrder.list(ctx, page, inArray(externalOrders.id, ids))).results.map((o) => [o.id, o]),
  );
  const positions =
    (await externalOrderPosition.list(ctx, page, inArray(externalOrderPositions.externalOrderId, ids)))
      .results;
  return {
    results: ids.flatMap((id) => {
      const order = orders.get(id);
      return order ? [{ ...order, positions: positions.filter((p) => p.externalOrderId === id) }] : [];
    }),
  };
}
