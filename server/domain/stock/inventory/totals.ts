// Stock per product: productStock pages the per-product summary (never a GROUP BY over stock lines);
// customProductStock sums the (product, location) summary over the locations, contractor or group asked.
import { and, asc, desc, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { TenantContext } from "../../../kernel/context.ts";
import { AppError, notFound } from "../../../kernel/errors.ts";
import { buildFilters, type ListField, listPage } from "../../../kernel/list.ts";
import { fromMilli } from "../quantity.ts";
import { productGroupLinks, products } from "../../assortment/products/entity.ts";
import { storageSpaces } from "../../storage/locations/entity.ts";
import { stockLocationTotals, stockProductTotals } from "../ledger/table.ts";
import {
  productBarcodeField,
  productListFields,
  productScope,
  readProductFacts,
  stockFlags,
  times,
} from "./scope.ts";
import { unitsToMilli } from "./lines.ts";
import type { CustomProductStockQuery, ProductStock, ProductStockQuery } from "./contract.ts";
import type { z } from "zod";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";

const onProduct = { owner: products.id, id: stockProductTotals.productId };

export const productStockFields: Record<string, ListField> = {
  productId: { column: stockProductTotals.productId, type: "number", sortable: true, filterable: true },
  /** In units. */
  quantity: { column: stockProductTotals.quantity, type: "number", sortable: true, filterable: true },
  ...productListFields(stockProductTotals.productId),
  unit: { column: products.unit, type: "text", filterable: true, through: onProduct },
};

async function productStockRows(
  ctx: TenantContext,
  quantities: Map<number, number>,
): Promise<ProductStock[]> {
  const facts = await readProductFacts(ctx.conn.db, [...quantities.keys()]);
  return [...quantities.entries()].map(([id, q]) => {
    const p = facts.get(id)!;
    return {
      id,
      productId: id,
      productIndex: p.index,
      productName: p.name,
      unit: p.unit,
      contractorId: p.contractorId,
      mainGroupId: p.mainGroupId,
      quantity: fromMilli(q),
      productTotal: fromMilli(p.total),
      warningStock: p.warningStock,
      criticalStock: p.criticalStock,
      overallValue: times(q, p.cashValue),
      overallWeight: times(q, p.weight),
      ...stockFlags(p.total, p),
    };
  });
}

/** The summary's total at or below the product's level named by `column` (as thousandths). */
function atOrBelow(column: SQLiteColumn, yes: boolean): SQL {
  const test = sql`EXISTS (SELECT 1 FROM ${products} WHERE ${products.id} = ${stockProductTotals.productId}
    AND ${column} IS NOT NULL AND ${stockProductTotals.quantity} <= ${column} * 1000)`;
  return yes ? test : sql`NOT ${test}`;
}

/** Every product, for productStock with includeZero: sorted by the product's indexed fields. */
export const allProductFields: Record<string, ListField> = {
  productId: { column: products.id, type: "number", sortable: true, filterable: true },
  productIndex: { column: products.index, type: "text", sortable: true, filterable: true, searchable: true },
  productName: { column: products.name, type: "text", sortable: true, filterable: true, searchable: true },
  contractorId: { column: products.contractorId, type: "number", filterable: true },
  mainGroupId: { column: products.mainGroupId, type: "number", sortable: true, filterable: true },
  unit: { column: products.unit, type: "text", sortable: true, filterable: true },
  productBarcode: productBarcodeField(products.id),
};

/** A product's total (thousandths, 0 without a summary row) at or below its level named by `column`. */
function productAtOrBelow(column: SQLiteColumn, yes: boolean): SQL {
  const total = sql`coalesce((SELECT ${stockProductTotals.quantity} FROM ${stockProductTotals}
    WHERE ${stockProductTotals.productId} = ${products.id}), 0)`;
  const test = sql`(${column} IS NOT NULL AND ${total} <= ${column} * 1000)`;
  return yes ? test : sql`NOT ${test}`;
}

/**
 * GET WmsInventory/productStock: the total stock of each product that has stock, read from the
 * per-product summary, with the product's fields and the warning and critical flags (filterable with
 * belowWarning / belowCritical). With includeZero, every product (those without stock at 0), paged over
 * the products and sorted by their fields.
 */
export async function listProductStock(ctx: TenantContext, query: z.output<typeof ProductStockQuery>) {
  const scope: SQL[] = [];
  const rows = async (ids: number[]) => {
    const found = await ctx.conn.db.select().from(stockProductTotals)
      .where(inArray(stockProductTotals.productId, ids));
    const quantity = new Map(found.map((r) => [r.productId, r.quantity]));
    return await productStockRows(ctx, new Map(ids.map((id) => [id, quantity.get(id) ?? 0])));
  };
  if (query.includeZero) {
    if (ctx.actor.contractorId !== null) {
      scope.push(eq(products.contractorId, ctx.actor.contractorId), eq(products.contractorPortalHide, false));
    }
    if (query.belowWarning !== undefined) {
      scope.push(productAtOrBelow(products.warningStock, query.belowWarning));
    }
    if (query.belowCritical !== undefined) {
      scope.push(productAtOrBelow(products.criticalStock, query.belowCritical));
    }
    return await listPage(
      ctx.conn.db,
      { table: products, id: products.id, fields: allProductFields, defaultSort: "productId", scope },
      query,
      rows,
    );
  }
  const own = productScope(ctx.actor, stockProductTotals.productId);
  if (own) scope.push(own);
  if (query.belowWarning !== undefined) scope.push(atOrBelow(products.warningStock, query.belowWarning));
  if (query.belowCritical !== undefined) scope.push(atOrBelow(products.criticalStock, query.belowCritical));
  return await listPage(
    ctx.conn.db,
    {
      table: stockProductTotals,
      id: stockProductTotals.productId,
      fields: productStockFields,
      defaultSort: "productId",
      scope,
    },
    { ...query, BasicFiltersSerialized: unitsToMilli(query.BasicFiltersSerialized) },
    rows,
  );
}

/**
 * GET ProductStockReport/{id}: one product's row of productStock (at 0 without stock), read through the
 * same list with includeZero, so the contractor's scope and hidden products answer as they do there: 404.
 */
export async function productStockOf(ctx: TenantContext, id: number): Promise<ProductStock> {
  const filter = JSON.stringify([{ field: "productId", operator: "eq", value: id }]);
  const page = await listProductStock(ctx, {
    PageNumber: 1,
    PageSize: 1,
    sortDescending: false,
    BasicFiltersSerialized: filter,
    includeZero: true,
    belowWarning: undefined,
    belowCritical: undefined,
  });
  if (page.results.length === 0) throw notFound();
  return page.results[0];
}

export const customFields: Record<string, ListField> = {
  productId: { column: products.id, type: "number", sortable: true, filterable: true },
  productIndex: { column: products.index, type: "text", sortable: true, filterable: true, searchable: true },
  productName: { column: products.name, type: "text", sortable: true, filterable: true, searchable: true },
  contractorId: { column: products.contractorId, type: "number", filterable: true },
  mainGroupId: { column: products.mainGroupId, type: "number", filterable: true },
  unit: { column: products.unit, type: "text", filterable: true },
  productBarcode: productBarcodeField(products.id),
};

/**
 * GET WmsInventory/customProductStock: the stock of each product within the asked locations (exact ids
 * and/or a location's subtree), contractor and product group, summed from the (product, location)
 * summary; paged and sorted (productId, productIndex, productName, quantity) like every list.
 */
export async function listCustomProductStock(
  ctx: TenantContext,
  query: z.output<typeof CustomProductStockQuery>,
) {
  const db = ctx.conn.db;
  const where: (SQL | undefined)[] = [productScope(ctx.actor, stockLocationTotals.productId)];
  if (query.locationIds) where.push(inArray(stockLocationTotals.locationId, query.locationIds));
  if (query.locationTreeId !== undefined) {
    const [root] = await db.select({ path: storageSpaces.path }).from(storageSpaces)
      .where(eq(storageSpaces.id, query.locationTreeId)).limit(1);
    if (!root) throw notFound();
    const prefix = `${root.path} / `;
    where.push(sql`${stockLocationTotals.locationId} IN (SELECT ${storageSpaces.id} FROM ${storageSpaces}
      WHERE ${storageSpaces.id} = ${query.locationTreeId}
        OR substr(${storageSpaces.path}, 1, ${prefix.length}) = ${prefix})`);
  }
  if (query.contractorId !== undefined) where.push(eq(products.contractorId, query.contractorId));
  if (query.groupId !== undefined) {
    where.push(sql`(${products.mainGroupId} = ${query.groupId} OR ${products.id} IN (
      SELECT ${productGroupLinks.productId} FROM ${productGroupLinks}
      WHERE ${productGroupLinks.groupId} = ${query.groupId}))`);
  }
  where.push(...buildFilters(customFields, query.BasicFiltersSerialized));
  const total = sql<number>`sum(${stockLocationTotals.quantity})`;
  const sortName = query.sortColumn ?? "productId";
  const sortBy = sortName === "quantity"
    ? total
    : customFields[sortName]?.sortable
    ? customFields[sortName].column
    : null;
  if (!sortBy) {
    throw new AppError("request.badQuery", { params: { detail: `"${sortName}" is not a sortable field` } });
  }
  const dir = query.sortDescending ? desc : asc;
  const condition = and(...where);
  const page = await db.select({ productId: stockLocationTotals.productId, quantity: total })
    .from(stockLocationTotals).innerJoin(products, eq(products.id, stockLocationTotals.productId))
    .where(condition).groupBy(stockLocationTotals.productId)
    .orderBy(dir(sortBy), dir(stockLocationTotals.productId))
    .limit(query.PageSize).offset((query.PageNumber - 1) * query.PageSize);
  const [count] = await db.select({ n: sql<number>`count(DISTINCT ${stockLocationTotals.productId})` })
    .from(stockLocationTotals).innerJoin(products, eq(products.id, stockLocationTotals.productId))
    .where(condition);
  const results = await productStockRows(
    ctx,
    new Map(page.map((r) => [Number(r.productId), Number(r.quantity)])),
  );
  return { results, allFilteredRowCount: Number(count.n) };
}
