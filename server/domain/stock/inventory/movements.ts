// The ledger as reports: the movements of a product (or all), in and out per product group per day, and
// the products released most in a period.
import { and, asc, desc, eq, inArray, ne, notInArray, type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import type { TenantContext } from "../../../kernel/context.ts";
import { type ListField, listPage } from "../../../kernel/list.ts";
import { fromMilli } from "../quantity.ts";
import { readNames } from "../names.ts";
import { documentTypesOf } from "../../config/definitions.ts";
import { products } from "../../assortment/products/entity.ts";
import { productGroups } from "../../assortment/product_groups/entity.ts";
import { storageSpaces } from "../../storage/locations/entity.ts";
import { wmsDocuments } from "../documents/table.ts";
import { stockMovements } from "../ledger/table.ts";
import { productListFields, productScope, visibleProduct } from "./scope.ts";
import type { DateRangeQuery, GroupMovementsQuery, MovementsQuery, ProductMovement } from "./contract.ts";

type DocumentType = (typeof wmsDocuments.$inferSelect)["typeCode"];

/** `[from, to)` as ledger timestamps for the days `dateFrom` to `dateTo` inclusive (UTC). */
export function dayRange(column: SQL | typeof stockMovements.createdAt, from?: string, to?: string): SQL[] {
  const out: SQL[] = [];
  if (from) out.push(sql`${column} >= ${from}`);
  if (to) {
    const next = new Date(`${to}T00:00:00Z`);
    next.setUTCDate(next.getUTCDate() + 1);
    out.push(sql`${column} < ${next.toISOString().slice(0, 10)}`);
  }
  return out;
}

const onDocument = { owner: wmsDocuments.id, id: stockMovements.documentId };
const productFields = productListFields(stockMovements.productId);

export const movementFields: Record<string, ListField> = {
  id: { column: stockMovements.id, type: "number", sortable: true, filterable: true },
  createdAt: { column: stockMovements.createdAt, type: "date", sortable: true, filterable: true },
  productId: { column: stockMovements.productId, type: "number", filterable: true },
  locationId: { column: stockMovements.locationId, type: "number", filterable: true },
  containerId: { column: stockMovements.containerId, type: "number", filterable: true },
  documentId: { column: stockMovements.documentId, type: "number", filterable: true },
  reason: { column: stockMovements.reason, type: "text", filterable: true },
  expiryDate: { column: stockMovements.expiryDate, type: "date", filterable: true },
  serialNumber: { column: stockMovements.serialNumber, type: "text", filterable: true, searchable: true },
  documentNumber: {
    column: wmsDocuments.documentNumber,
    type: "text",
    filterable: true,
    searchable: true,
    through: onDocument,
  },
  documentTypeCode: { column: wmsDocuments.typeCode, type: "text", filterable: true, through: onDocument },
  productIndex: productFields.productIndex,
  productName: productFields.productName,
  productBarcode: productFields.productBarcode,
  locationLabel: {
    column: storageSpaces.label,
    type: "text",
    filterable: true,
    searchable: true,
    through: { owner: storageSpaces.id, id: stockMovements.locationId },
  },
};

/** GET WmsInventory/productMovements: ledger rows (of one product with productId), newest first by default. */
export async function listProductMovements(ctx: TenantContext, query: z.output<typeof MovementsQuery>) {
  const db = ctx.conn.db;
  const scope: SQL[] = [];
  if (query.productId !== undefined) {
    await visibleProduct(db, ctx.actor, query.productId);
    scope.push(eq(stockMovements.productId, query.productId));
  }
  const own = productScope(ctx.actor, stockMovements.productId);
  if (own) scope.push(own);
  scope.push(...dayRange(stockMovements.createdAt, query.dateFrom, query.dateTo));
  const sorted = query.sortColumn === undefined ? { ...query, sortDescending: true } : query;
  return await listPage(
    db,
    { table: stockMovements, id: stockMovements.id, fields: movementFields, defaultSort: "createdAt", scope },
    sorted,
    async (ids): Promise<z.output<typeof ProductMovement>[]> => {
      const rows = await db.select().from(stockMovements).where(inArray(stockMovements.id, ids));
      const docs = await db.select({
        id: wmsDocuments.id,
        number: wmsDocuments.documentNumber,
        type: wmsDocuments.typeCode,
      }).from(wmsDocuments).where(inArray(wmsDocuments.id, [...new Set(rows.map((r) => r.documentId))]));
      const doc = new Map(docs.map((d) => [d.id, d]));
      const names = await readNames(db, {
        products: rows.map((r) => r.productId),
        locations: rows.map((r) => r.locationId),
        containers: rows.map((r) => r.containerId),
      });
      return rows.map((r) => ({
        id: r.id,
        createdAt: r.createdAt,
        documentId: r.documentId,
        documentNumber: doc.get(r.documentId)?.number ?? null,
        documentTypeCode: doc.get(r.documentId)?.type ?? null,
        reason: r.reason,
        productId: r.productId,
        productIndex: names.product(r.productId)?.index ?? "",
        productName: names.product(r.productId)?.name ?? "",
        locationId: r.locationId,
        locationLabel: names.location(r.locationId) ?? "",
        containerId: r.containerId,
        containerNumber: names.container(r.containerId),
        expiryDate: r.expiryDate,
        productionDate: r.productionDate,
        serialNumber: r.serialNumber,
        quantityIn: r.delta > 0 ? fromMilli(r.delta) : 0,
        quantityOut: r.delta < 0 ? fromMilli(-r.delta) : 0,
      }));
    },
  );
}

/**
 * GET WmsInventory/productGroupMovements: per main product group and day (UTC), what entered and left the
 * warehouse: the ledger's positive and negative movements of receipts and releases (relocations move
 * stock inside the warehouse and are left out; a revert counts as the opposite movement on its day).
 */
export async function productGroupMovements(ctx: TenantContext, query: z.output<typeof GroupMovementsQuery>) {
  const db = ctx.conn.db;
  const day = sql<string>`substr(${stockMovements.createdAt}, 1, 10)`;
  const rows = await db.select({
    groupId: products.mainGroupId,
    groupName: productGroups.name,
    day,
    quantityIn: sql<
      number
    >`sum(CASE WHEN ${stockMovements.delta} > 0 THEN ${stockMovements.delta} ELSE 0 END)`,
    quantityOut: sql<
      number
    >`sum(CASE WHEN ${stockMovements.delta} < 0 THEN -${stockMovements.delta} ELSE 0 END)`,
  }).from(stockMovements)
    .innerJoin(wmsDocuments, eq(wmsDocuments.id, stockMovements.documentId))
    .innerJoin(products, eq(products.id, stockMovements.productId))
    .leftJoin(productGroups, eq(productGroups.id, products.mainGroupId))
    .where(and(
      ...dayRange(stockMovements.createdAt, query.dateFrom, query.dateTo),
      notInArray(wmsDocuments.typeCode, documentTypesOf("relocation") as DocumentType[]),
      // A reverted document's confirmation and revert cancel out: it counts in neither direction.
      ne(wmsDocuments.statusCode, "reverted"),
      productScope(ctx.actor, stockMovements.productId),
      query.groupId === undefined ? undefined : eq(products.mainGroupId, query.groupId),
    ))
    .groupBy(products.mainGroupId, day)
    .orderBy(asc(day), sql`${products.mainGroupId} IS NULL`, asc(products.mainGroupId));
  return rows.map((r) => ({
    groupId: r.groupId,
    groupName: r.groupName,
    day: r.day,
    quantityIn: fromMilli(Number(r.quantityIn)),
    quantityOut: fromMilli(Number(r.quantityOut)),
  }));
}

/**
 * GET WmsInventory/productOutOrdersChart: the 10 products released most in the period. Until release
 * orders exist, the release documents (DOU, IOU, OOU) confirmed in the period and not reverted count:
 * what their confirmation took from stock.
 */
export async function productOutOrdersChart(ctx: TenantContext, query: z.output<typeof DateRangeQuery>) {
  const db = ctx.conn.db;
  const released = sql<number>`-sum(${stockMovements.delta})`;
  const rows = await db.select({ productId: stockMovements.productId, quantity: released })
    .from(wmsDocuments)
    .innerJoin(stockMovements, eq(stockMovements.documentId, wmsDocuments.id))
    .where(and(
      ...dayRange(sql`${wmsDocuments.executedAt}`, query.dateFrom, query.dateTo),
      eq(wmsDocuments.statusCode, "confirmed"),
      inArray(wmsDocuments.typeCode, documentTypesOf("out") as DocumentType[]),
      eq(stockMovements.reason, "confirm"),
      productScope(ctx.actor, stockMovements.productId),
    ))
    .groupBy(stockMovements.productId)
    .orderBy(desc(released), asc(stockMovements.productId))
    .limit(10);
  const names = await readNames(db, { products: rows.map((r) => r.productId) });
  return rows.map((r) => ({
    productId: r.productId,
    productIndex: names.product(r.productId)?.index ?? "",
    productName: names.product(r.productId)?.name ?? "",
    quantity: fromMilli(Number(r.quantity)),
  }));
}
