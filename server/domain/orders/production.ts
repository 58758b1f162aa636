// Production (api-contract.md, Orders; product-spec sections 4, 5, 7): a product's bill of materials
// (`resources` on Product) turns raw material into the product. GenerateProduction plans a production order
// (PRD: confirmed and numbered, its positions the raw material it takes); Production/GenerateDocuments makes
// the release of the raw material (an IOU taking free stock FEFO, reserved) and the receipt of the product
// (an IIN) for what is left to produce; ConfirmDocuments confirms them in one transaction and finishes the
// production, after which nothing of it changes (not the order, not its documents).
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/connection.ts";
import type { TenantContext } from "../../kernel/context.ts";
import { AppError, fieldError, notFound } from "../../kernel/errors.ts";
import { nowIso } from "../../kernel/time.ts";
import { insertMany } from "../../db/bulk.ts";
import { type Outbox, transactionWithEvents } from "../../hub/outbox.ts";
import { recordChange } from "../../engine/record_change.ts";
import { products } from "../assortment/products/entity.ts";
import { readLogisticsConfig } from "../stock/config.ts";
import { demand } from "../../kernel/access.ts";
import { createWorkingCopy } from "../stock/documents/working_copy.ts";
import { confirmInTransaction } from "../stock/documents/confirm.ts";
import { wmsDocuments } from "../stock/documents/table.ts";
import { documentDto } from "../stock/documents/dto.ts";
import { toMilli } from "../stock/quantity.ts";
import { productionTypeCode, wmsOrder, wmsOrders } from "./entity.ts";
import { refreshOrderTotals, wmsOrderPositions } from "./positions/entity.ts";
import { reserve, takeFreeStock } from "./documents.ts";
import { takeOrderNumber } from "./order_number.ts";
import { rowById } from "../../db/prepared.ts";

type OrderRow = typeof wmsOrders.$inferSelect;

export interface ProductionRequest {
  productId: number;
  /** Thousandths. */
  quantity: number;
  plannedDate: string | null;
}

/** The ' - ' rule (product-spec section 5): a product is produced only when its name, index and external number (sapId) hold " - ". */
const NAMING = " - ";

async function plan(tx: Db, outbox: Outbox, ctx: TenantContext, request: ProductionRequest, at: string) {
  const config = await readLogisticsConfig(tx);
  if (!config.production.enabled) throw new AppError("production.disabled");
  const [product] = await tx.select({
    id: products.id,
    name: products.name,
    index: products.index,
    sapId: products.sapId,
    resources: products.resources,
  }).from(products).where(eq(products.id, request.productId));
  if (!product) throw fieldError({ productId: ["validation.invalidValue"] });
  const naming: Record<string, ["validation.productionNaming"]> = {};
  for (
    const [field, value] of [["name", product.name], ["index", product.index], [
      "sapId",
      product.sapId,
    ]] as const
  ) {
    if (!value?.includes(NAMING)) naming[field] = ["validation.productionNaming"];
  }
  if (Object.keys(naming).length) throw fieldError(naming);
  const bom = JSON.parse(product.resources) as { productId: number; quantity: number }[];
  if (bom.length === 0) throw new AppError("production.noResources");
  const known = await tx.select({ id: products.id }).from(products)
    .where(inArray(products.id, bom.map((r) => r.productId)));
  if (known.length !== bom.length) throw new AppError("production.noResources");
  const orderNumber = await takeOrderNumber(tx, productionTypeCode);
  const [order] = await tx.insert(wmsOrders).values({
    orderNumber,
    typeCode: productionTypeCode,
    statusCode: "confirmed",
    processStatusCode: "waitingToProcess",
    priority: "normal",
    plannedDate: request.plannedDate,
    sourceLocationId: config.production.rawMaterialLocationId,
    destinationLocationId: config.production.finishedGoodsLocationId,
    sourceType: "production",
    productionProductId: product.id,
    productionQuantity: request.quantity,
    producedQuantity: 0,
    createdByUserId: ctx.actor.userId,
    createdAt: at,
    updatedAt: at,
    version: 1,
  }).returning();
  // The raw material: each resource times the quantity, in thousandths (rounded up to a thousandth).
  await insertMany(
    tx,
    wmsOrderPositions,
    bom.map((r) => ({
      orderId: order.id,
      productId: r.productId,
      quantity: Math.ceil(r.quantity * request.quantity - 1e-6),
      sourceLocationId: config.production.rawMaterialLocationId,
      createdAt: at,
      updatedAt: at,
      version: 1,
    })),
  );
  await refreshOrderTotals(tx, order.id);
  const record = await wmsOrder.getIn(tx, ctx, order.id);
  await recordChange(tx, outbox, ctx.actor, {
    action: "created",
    resource: "WmsOrder",
    id: order.id,
    title: orderNumber,
    new: record,
  });
  return record;
}

/** POST WmsOrder/GenerateProduction (one) and Generatemultipleproductions (a list, all or none). */
export async function generateProductions(ctx: TenantContext, requests: ProductionRequest[]) {
  demand("logistics", ctx.actor);
  return await transactionWithEvents(ctx, async (tx, outbox) => {
    const at = nowIso();
    const out = [];
    for (const r of requests) out.push(await plan(tx, outbox, ctx, r, at));
    return out;
  });
}

/** A production order the caller may change: PRD, confirmed, not finished (else 409). */
async function openProduction(tx: Db, ctx: TenantContext, id: number): Promise<OrderRow> {
  demand("logistics", ctx.actor);
  const order = await rowById(tx, wmsOrders, id);
  if (!order || order.typeCode !== productionTypeCode) throw notFound();
  if (order.statusCode !== "confirmed" || order.processStatusCode === "closedFully") {
    throw new AppError("order.statusChangeNotAllowed");
  }
  return order;
}

/** Thousandths of the product on the production's receipts that are not reverted. */
async function onReceipts(tx: Db, order: OrderRow): Promise<number> {
  const [[planned]] = await tx.all<[number]>(sql`
    SELECT coalesce(sum(p.quantity), 0) FROM wms_document_positions p JOIN wms_documents d ON d.id = p.document_id
    WHERE d.order_id = ${order.id} AND d.type_code = 'IIN' AND d.status_code <> 'reverted'
      AND p.product_id = ${order.productionProductId}`);
  return Number(planned);
}

/**
 * POST Production/GenerateDocuments {orderId}: for what is left to produce (not on a receipt yet), the
 * release of its raw material (taking free stock FEFO from the raw material location, reserved) and the
 * receipt of the product. Nothing left: 409 production.nothingLeftToProduce. Answers the documents.
 */
export async function generateProductionDocuments(ctx: TenantContext, orderId: number) {
  return await transactionWithEvents(ctx, async (tx, outbox) => {
    const order = await openProduction(tx, ctx, orderId);
    const left = (order.productionQuantity ?? 0) - await onReceipts(tx, order);
    if (left <= 0) throw new AppError("production.nothingLeftToProduce");
    const [product] = await tx.select({ resources: products.resources }).from(products)
      .where(eq(products.id, order.productionProductId!));
    const bom = JSON.parse(product?.resources ?? "[]") as { productId: number; quantity: number }[];
    if (bom.length === 0) throw new AppError("production.noResources");
    const positions = await tx.select().from(wmsOrderPositions)
      .where(eq(wmsOrderPositions.orderId, orderId)).orderBy(wmsOrderPositions.id);
    const taken = await takeFreeStock(
      tx,
      bom.map((r) => ({
        issueAt: positions.find((p) => p.productId === r.productId)?.id ?? null,
        productId: r.productId,
        quantity: Math.ceil(r.quantity * left - 1e-6),
        sourceLocationId: order.sourceLocationId,
        sourceContainerId: null,
        destinationLocationId: null,
        destinationContainerId: null,
      })),
    );
    const header = {
      orderId,
      generated: true,
      plannedDate: order.plannedDate,
      systemComments: `Production ${order.orderNumber}`,
    };
    const release = await createWorkingCopy(tx, outbox, ctx, {
      ...header,
      typeCode: "IOU",
      sourceLocationId: order.sourceLocationId,
    }, taken.map((t) => t.position));
    await reserve(tx, orderId, release.id, taken);
    const receipt = await createWorkingCopy(tx, outbox, ctx, {
      ...header,
      typeCode: "IIN",
      destinationLocationId: order.destinationLocationId,
    }, [{
      productId: order.productionProductId!,
      quantity: left,
      quantityLeft: left,
      productionDate: (order.plannedDate ?? nowIso()).slice(0, 10),
      destinationLocationId: order.destinationLocationId,
    }]);
    await tx.update(wmsOrders).set({
      processStatusCode: "inProgress",
      updatedAt: nowIso(),
      version: order.version + 1,
    })
      .where(eq(wmsOrders.id, orderId));
    outbox.add("WmsOrder", "changed", orderId);
    return [await documentDto(tx, release), await documentDto(tx, receipt)];
  });
}

/** GET Production/{id}/GetProductionDocuments: the production's documents, oldest first. */
export async function productionDocuments(ctx: TenantContext, orderId: number) {
  const order = await wmsOrder.get(ctx, orderId);
  if (order.typeCode !== productionTypeCode) throw notFound();
  const rows = await ctx.conn.db.select().from(wmsDocuments).where(eq(wmsDocuments.orderId, orderId))
    .orderBy(wmsDocuments.id);
  return await Promise.all(rows.map((r) => documentDto(ctx.conn.db, r)));
}

/**
 * GET Production/{id}/ConfirmDocuments: confirms the production's working copies (the release of raw
 * material first, then the receipt of the product) and finishes it, in one transaction: the order is
 * closed fully with what was produced, and neither it nor its documents change after.
 */
export async function confirmProductionDocuments(ctx: TenantContext, orderId: number) {
  return await transactionWithEvents(ctx, async (tx, outbox) => {
    const order = await openProduction(tx, ctx, orderId);
    const open = await tx.select().from(wmsDocuments).where(and(
      eq(wmsDocuments.orderId, orderId),
      eq(wmsDocuments.statusCode, "workingCopy"),
    )).orderBy(sql`${wmsDocuments.typeCode} = 'IIN'`, wmsDocuments.id);
    if (open.length === 0) throw new AppError("production.nothingLeftToProduce");
    for (const doc of open) {
      const done = await confirmInTransaction(tx, outbox, ctx, doc, true);
      if (done.collision) throw new AppError("document.numberCollision");
    }
    const [[produced]] = await tx.all<[number]>(sql`
      SELECT coalesce(sum(p.quantity), 0) FROM wms_document_positions p
      JOIN wms_documents d ON d.id = p.document_id
      WHERE d.order_id = ${orderId} AND d.type_code = 'IIN' AND d.status_code = 'confirmed'`);
    const before = await wmsOrder.getIn(tx, ctx, orderId);
    await tx.update(wmsOrders).set({
      processStatusCode: "closedFully",
      producedQuantity: Number(produced),
      progressPercent: 100,
      updatedAt: nowIso(),
      version: order.version + 1,
    }).where(eq(wmsOrders.id, orderId));
    const after = await wmsOrder.getIn(tx, ctx, orderId);
    await recordChange(tx, outbox, ctx.actor, {
      action: "changed",
      resource: "WmsOrder",
      id: orderId,
      title: order.orderNumber,
      old: before,
      new: after,
    });
    return after;
  });
}

/**
 * Whether a document belongs to a production: its documents are generated, confirmed (ConfirmDocuments,
 * both at once) and never deleted, confirmed alone or reverted through the documents' own calls, so that
 * what the production consumed and made always come together.
 */
export async function ofProduction(tx: Db, orderId: number | null): Promise<boolean> {
  if (orderId === null) return false;
  const [order] = await tx.select({ typeCode: wmsOrders.typeCode }).from(wmsOrders).where(
    eq(wmsOrders.id, orderId),
  );
  return order?.typeCode === productionTypeCode;
}

/** A quantity in units from a request, in thousandths (400 on `quantity` when it is not one). */
export function productionQuantity(units: number): number {
  const milli = toMilli(units);
  if (milli === undefined || milli <= 0) throw fieldError({ quantity: ["validation.invalidValue"] });
  return milli;
}
