// The WmsDocumentPosition resource: positions of working copies, kept by logistics staff. A position names
// its product by id or by `productCode` (an index, a barcode or a GS1 scan: gs1.ts); positions of a confirmed or reverted
// document, or of a generated one, are not changed. Every change recomputes the document's totals.
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../../db/connection.ts";
import { AppError, fieldError, notFound } from "../../../kernel/errors.ts";
import { Resource } from "../../resource/engine.ts";
import { storageSpaces } from "../../infrastructure/locations/table.ts";
import { productBarcodes, products } from "../../assortment/products/table.ts";
import { isLogistics } from "../config.ts";
import { containers } from "../containers/table.ts";
import { wmsDocuments } from "../documents/table.ts";
import { refreshDocumentTotals } from "../documents/totals.ts";
import { readNames } from "../names.ts";
import { fromMilli } from "../quantity.ts";
import { resolveProductCode } from "../validators/lookup.ts";
import { gtinForms, isGs1, parseGs1, printable } from "./gs1.ts";
import { wmsDocumentPositions } from "./table.ts";
import { wmsDocumentPositionMeta } from "./meta.ts";
import type {
  WmsDocumentPosition,
  WmsDocumentPositionCreate,
  WmsDocumentPositionUpdate,
} from "./contract.ts";

type PositionRow = typeof wmsDocumentPositions.$inferSelect;

const copied = [
  "unitPrice",
  "expiryDate",
  "productionDate",
  "serialNumber",
  "sourceLocationId",
  "sourceContainerId",
  "destinationLocationId",
  "destinationContainerId",
  "productComment",
] as const;

/** The position's document, which must be a working copy that was not generated. */
async function changeableDocument(tx: Db, documentId: number) {
  const [doc] = await tx.select({ statusCode: wmsDocuments.statusCode, generated: wmsDocuments.generated })
    .from(wmsDocuments).where(eq(wmsDocuments.id, documentId)).limit(1);
  if (!doc) throw notFound();
  if (doc.statusCode !== "workingCopy") throw new AppError("document.notWorkingCopy");
  if (doc.generated) throw new AppError("document.generatedPositions");
}

/** A product by index (saved in capitals) or by barcode; none or several answer the lookup's 422. */
async function productByCode(tx: Db, code: string): Promise<number> {
  const candidates = await tx.select({ id: products.id, index: products.index }).from(products).where(
    sql`${products.index} = ${code.toUpperCase()} OR ${products.id} IN (
      SELECT ${productBarcodes.productId} FROM ${productBarcodes} WHERE ${productBarcodes.barcode} = ${code})`,
  );
  return lookedUp(code, candidates);
}

function lookedUp(code: string, candidates: { id: number; index: string }[]): number {
  const found = resolveProductCode(code, candidates);
  if ("issue" in found) throw new AppError("document.validation", { issues: [found.issue] });
  return found.productId;
}

/**
 * A GS1 scan's product (by its GTIN in any stored barcode form) and the expiry date, production date and
 * serial number its label carries, for the fields the caller left empty.
 */
async function productByGs1(tx: Db, code: string): Promise<Record<string, unknown>> {
  const scan = parseGs1(code);
  const candidates = scan.gtin === null ? [] : await tx.select({ id: products.id, index: products.index })
    .from(products).where(inArray(
      products.id,
      tx.select({ id: productBarcodes.productId }).from(productBarcodes)
        .where(inArray(productBarcodes.barcode, gtinForms(scan.gtin))),
    ));
  return {
    productId: lookedUp(scan.gtin ?? printable(code), candidates),
    expiryDate: scan.expiryDate,
    productionDate: scan.productionDate,
    serialNumber: scan.serialNumber,
  };
}

function money(v: number): number {
  return Math.round(v * 100) / 100;
}

export function toPositionDto(row: PositionRow, extra: Record<string, unknown>): WmsDocumentPosition {
  const text = (k: string) => (extra[k] as string | null | undefined) ?? null;
  return {
    id: row.id,
    documentId: row.documentId,
    documentNumber: text("documentNumber"),
    productId: row.productId,
    productIndex: text("productIndex"),
    productName: text("productName"),
    quantity: fromMilli(row.quantity),
    quantityReal: row.quantityReal === null ? null : fromMilli(row.quantityReal),
    quantityLeft: fromMilli(row.quantityLeft),
    value: row.value,
    ...Object.fromEntries(copied.map((k) => [k, row[k]])) as Pick<
      WmsDocumentPosition,
      (typeof copied)[number]
    >,
    sourceLocationLabel: text("sourceLocationLabel"),
    destinationLocationLabel: text("destinationLocationLabel"),
    sourceContainerNumber: text("sourceContainerNumber"),
    destinationContainerNumber: text("destinationContainerNumber"),
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    version: row.version,
  };
}

export async function positionExtras(
  db: Db,
  rows: PositionRow[],
): Promise<Map<number, Record<string, unknown>>> {
  const names = await readNames(db, {
    products: rows.map((r) => r.productId),
    locations: rows.flatMap((r) => [r.sourceLocationId, r.destinationLocationId]),
    containers: rows.flatMap((r) => [r.sourceContainerId, r.destinationContainerId]),
  });
  const documentIds = [...new Set(rows.map((r) => r.documentId))];
  const numbers = new Map(
    documentIds.length
      ? (await db.select({ id: wmsDocuments.id, documentNumber: wmsDocuments.documentNumber }).from(
        wmsDocuments,
      )
        .where(inArray(wmsDocuments.id, documentIds))).map((d) => [d.id, d.documentNumber])
      : [],
  );
  return new Map(rows.map((r) => [r.id, {
    documentNumber: numbers.get(r.documentId) ?? null,
    productIndex: names.product(r.productId)?.index ?? null,
    productName: names.product(r.productId)?.name ?? null,
    sourceLocationLabel: names.location(r.sourceLocationId),
    destinationLocationLabel: names.location(r.destinationLocationId),
    sourceContainerNumber: names.container(r.sourceContainerId),
    destinationContainerNumber: names.container(r.destinationContainerId),
  }]));
}

export const wmsDocumentPositionResource = new Resource<
  WmsDocumentPosition,
  WmsDocumentPositionCreate,
  WmsDocumentPositionUpdate
>({
  meta: wmsDocumentPositionMeta,
  hub: "WmsDocumentPosition",
  table: wmsDocumentPositions,
  toDto: (row, _links, extra) => toPositionDto(row as unknown as PositionRow, extra),
  toRow: (input, _ctx, old) => {
    const quantityLeft = Math.max(0, input.quantity - (input.quantityReal ?? 0));
    return {
      ...Object.fromEntries(copied.map((k) => [k, input[k]])),
      documentId: old ? old.documentId : (input as WmsDocumentPositionCreate).documentId,
      productId: input.productId,
      // Not a column: resolved to productId by `derive`.
      productCode: input.productCode,
      quantity: input.quantity,
      quantityReal: input.quantityReal,
      quantityLeft,
      value: input.unitPrice === null ? null : money(input.unitPrice * fromMilli(input.quantity)),
    };
  },
  canRead: () => true,
  canWrite: isLogistics,
  scope: (actor) =>
    actor.contractorId === null ? undefined : inArray(
      wmsDocumentPositions.documentId,
      sql`(SELECT ${wmsDocuments.id} FROM ${wmsDocuments} WHERE ${wmsDocuments.contractorId} = ${actor.contractorId})`,
    ),
  references: {
    productId: { column: wmsDocumentPositions.productId, table: products, id: products.id },
    sourceLocationId: {
      column: wmsDocumentPositions.sourceLocationId,
      table: storageSpaces,
      id: storageSpaces.id,
    },
    destinationLocationId: {
      column: wmsDocumentPositions.destinationLocationId,
      table: storageSpaces,
      id: storageSpaces.id,
    },
    sourceContainerId: {
      column: wmsDocumentPositions.sourceContainerId,
      table: containers,
      id: containers.id,
    },
    destinationContainerId: {
      column: wmsDocumentPositions.destinationContainerId,
      table: containers,
      id: containers.id,
    },
  },
  validate: async (tx, _ctx, values, old) => {
    if (old && old.documentId !== values.documentId) throw notFound();
    await changeableDocument(tx, values.documentId as number);
    if (values.productId === null && values.productCode === null) {
      throw fieldError({ productId: ["validation.required"] });
    }
  },
  derive: async (tx, values) => {
    if (values.productId !== null) return { productCode: undefined };
    const code = values.productCode as string;
    if (!isGs1(code)) return { productId: await productByCode(tx, code), productCode: undefined };
    // What the caller gave explicitly wins over what the label says.
    const scanned = await productByGs1(tx, code);
    const given = Object.entries(scanned).filter(([k, v]) => v !== null && (values[k] ?? null) === null);
    return { ...Object.fromEntries(given), productId: scanned.productId, productCode: undefined };
  },
  afterWrite: (tx, row) => refreshDocumentTotals(tx, row.documentId),
  beforeDelete: (tx, _ctx, old) => changeableDocument(tx, old.documentId),
  afterDelete: (tx, old) => refreshDocumentTotals(tx, old.documentId),
  readExtra: (db, rows) => positionExtras(db, rows as unknown as PositionRow[]),
});

/** Positions of one document the caller may see, for `GET WmsDocument/{id}/Positions`. */
export function positionsOf(documentId: number) {
  return and(eq(wmsDocumentPositions.documentId, documentId));
}
