// Positions of warehouse documents, kept by logistics staff on working copies. A position names its product
// by id or by `productCode` (an index, a barcode or a GS1 scan: gs1.ts); positions of a confirmed or reverted
// document, or of a generated one, are not changed. Every change recomputes the document's totals.
// Quantities are thousandths; a location or container left empty takes the document's. Deleting a
// (working-copy) document deletes its positions.
import { productBarcodeField } from "../inventory/scope.ts";
import { bounds } from "../../../../shared/limits.ts";
import { eq, inArray, sql } from "drizzle-orm";
import {
  index,
  integer,
  real,
  type SQLiteColumn,
  type SQLiteTable,
  sqliteTable,
  text,
} from "drizzle-orm/sqlite-core";
import { z } from "zod";
import type { Db } from "../../../db/connection.ts";
import { arrays, overIds } from "../../../db/prepared.ts";
import { AppError, fieldError, notFound } from "../../../kernel/errors.ts";
import { productBarcodes, products } from "../../assortment/products/entity.ts";
import { storageSpaces } from "../../storage/locations/entity.ts";
import { Resource } from "../../../engine/engine.ts";
import { optText } from "../../../engine/fields.ts";
import { containers } from "../containers/table.ts";
import { wmsDocuments } from "../documents/table.ts";
import { refreshDocumentTotals } from "../documents/totals.ts";
import { readNames } from "../names.ts";
import { fromMilli, milli, optQuantityMilli, quantityMilli } from "../quantity.ts";
import { resolveProductCode } from "../validators/lookup.ts";
import { gtinForms, isGs1, parseGs1, printable } from "./gs1.ts";

export const wmsDocumentPositions = sqliteTable("wms_document_positions", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  documentId: integer("document_id").notNull().references(() => wmsDocuments.id, { onDelete: "cascade" }),
  productId: integer("product_id").notNull().references(() => products.id, { onDelete: "restrict" }),
  quantity: integer("quantity").notNull(),
  /** What was really counted or moved (terminal, confirmation); null until then. */
  quantityReal: integer("quantity_real"),
  /** quantity - quantityReal, never below 0. */
  quantityLeft: integer("quantity_left").notNull(),
  unitPrice: real("unit_price"),
  /** unitPrice x quantity, rounded to cents. */
  value: real("value"),
  expiryDate: text("expiry_date"),
  productionDate: text("production_date"),
  serialNumber: text("serial_number"),
  sourceLocationId: integer("source_location_id").references(() => storageSpaces.id, {
    onDelete: "restrict",
  }),
  sourceContainerId: integer("source_container_id").references(() => containers.id, {
    onDelete: "restrict",
  }),
  destinationLocationId: integer("destination_location_id").references(() => storageSpaces.id, {
    onDelete: "restrict",
  }),
  destinationContainerId: integer("destination_container_id").references(() => containers.id, {
    onDelete: "restrict",
  }),
  productComment: text("product_comment"),
  createdAt: text("created_at").notNull(),
  updatedAt: text("updated_at").notNull(),
  version: integer("version").notNull().default(1),
}, (t) => [
  index("wms_document_positions_document").on(t.documentId, t.id),
  index("wms_document_positions_product").on(t.productId, t.id),
  index("wms_document_positions_source_location").on(t.sourceLocationId, t.id),
  index("wms_document_positions_destination_location").on(t.destinationLocationId, t.id),
  index("wms_document_positions_source_container").on(t.sourceContainerId, t.id),
  index("wms_document_positions_destination_container").on(t.destinationContainerId, t.id),
  index("wms_document_positions_created_at").on(t.createdAt, t.id),
]);

type PositionRow = typeof wmsDocumentPositions.$inferSelect;

/** The position's document, which must be a working copy that was not generated. */
async function changeableDocument(tx: Db, documentId: number) {
  const [doc] = await arrays(
    tx,
    "positions.changeableDocument",
    (on) =>
      on.select({ statusCode: wmsDocuments.statusCode, generated: wmsDocuments.generated })
        .from(wmsDocuments).where(eq(wmsDocuments.id, sql.placeholder("id"))),
    { id: documentId },
  );
  if (!doc) throw notFound();
  const [statusCode, generated] = doc;
  if (statusCode !== "workingCopy") throw new AppError("document.notWorkingCopy");
  if (generated) throw new AppError("document.generatedPositions");
}

/** A product by index (saved in capitals) or by barcode; none or several answer the lookup's 422. */
async function productByCode(tx: Db, code: string): Promise<number> {
  const rows = await arrays(
    tx,
    "productByCode",
    (on) =>
      on.select({ id: products.id, index: products.index }).from(products).where(
        sql`${products.index} = ${sql.placeholder("index")} OR ${products.id} IN (
      SELECT ${productBarcodes.productId} FROM ${productBarcodes} WHERE ${productBarcodes.barcode} = ${
          sql.placeholder("code")
        })`,
      ),
    { index: code.toUpperCase(), code },
  );
  const candidates = rows.map(([id, index]) => ({ id: id as number, index: index as string }));
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
async function productByGs1(tx: Db, code: string): Promise<ScannedProduct> {
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

/**
 * What a scanned or typed code names: the product (by index, barcode or a GS1 label's GTIN) and, from a GS1
 * label, the expiry, production date and serial number it carries (null otherwise).
 */
export interface ScannedProduct {
  productId: number;
  expiryDate: string | null;
  productionDate: string | null;
  serialNumber: string | null;
}

/**
 * A position's product given by `productCode` instead of `productId` (document and order positions): the
 * product and, from a GS1 label, its lot for the fields the caller left empty (what the caller gave
 * explicitly wins over the label). Neither given: 400 on productId.
 */
export async function productOfCode(
  tx: Db,
  values: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  if (values.productId != null) return { productCode: undefined };
  if (values.productCode == null) throw fieldError({ productId: ["validation.required"] });
  const { productId, ...label } = await scannedProduct(tx, values.productCode as string);
  const given = Object.entries(label).filter(([k, v]) => v !== null && (values[k] ?? null) === null);
  return { ...Object.fromEntries(given), productId, productCode: undefined };
}

export async function scannedProduct(tx: Db, code: string): Promise<ScannedProduct> {
  if (!isGs1(code)) {
    return {
      productId: await productByCode(tx, code),
      expiryDate: null,
      productionDate: null,
      serialNumber: null,
    };
  }
  return await productByGs1(tx, code);
}

/**
 * Refuses a product of another contractor on a contractor's document when it is saved (the confirmation
 * refuses it too, but reading the working copy would show that contractor's product): the same finding,
 * 422 document.validation contractorMismatch, at the position (none for a new one).
 */
export async function refuseOtherContractors(
  tx: Db,
  documentId: number,
  positionId: number | null,
  added: boolean,
): Promise<void> {
  // Two statements (the whole document, or one position of it), prepared once: every add and edit runs one.
  const one = positionId !== null;
  const rows = await arrays(
    tx,
    one ? "positions.otherContractors.one" : "positions.otherContractors",
    (on) =>
      on.select({ id: wmsDocumentPositions.id, index: products.index })
        .from(wmsDocumentPositions)
        .innerJoin(wmsDocuments, eq(wmsDocuments.id, wmsDocumentPositions.documentId))
        .innerJoin(products, eq(products.id, wmsDocumentPositions.productId))
        .where(sql`${wmsDocumentPositions.documentId} = ${sql.placeholder("documentId")}
          AND ${wmsDocuments.contractorId} IS NOT NULL AND ${products.contractorId} IS NOT NULL
          AND ${products.contractorId} <> ${wmsDocuments.contractorId}
          ${one ? sql`AND ${wmsDocumentPositions.id} = ${sql.placeholder("positionId")}` : sql``}`),
    one ? { documentId, positionId } : { documentId },
  );
  if (rows.length === 0) return;
  const mismatched = rows.map(([id, index]) => ({ id: id as number, index: index as string }));
  throw new AppError("document.validation", {
    issues: mismatched.map((m) => ({
      positionId: added ? null : m.id,
      code: "document.issue.contractorMismatch",
      severity: "error" as const,
      params: { product: m.index },
    })),
  });
}

function money(v: number): number {
  return Math.round(v * 100) / 100;
}

export async function positionExtras(
  db: Db,
  rows: PositionRow[],
): Promise<Map<number, Record<string, unknown>>> {
  if (rows.length === 1) {
    const one = await extrasOfOne(db, rows[0]);
    if (one) return new Map([[rows[0].id, one]]);
  }
  const names = await readNames(db, {
    products: rows.map((r) => r.productId),
    locations: rows.flatMap((r) => [r.sourceLocationId, r.destinationLocationId]),
    containers: rows.flatMap((r) => [r.sourceContainerId, r.destinationContainerId]),
  });
  const documentIds = [...new Set(rows.map((r) => r.documentId))];
  const numbers = new Map(
    documentIds.length
      ? (await overIds<{ id: number; documentNumber: string }>(
        db,
        "positions.documentNumbers",
        (on, among) =>
          on.select({ id: wmsDocuments.id, documentNumber: wmsDocuments.documentNumber }).from(wmsDocuments)
            .where(sql`${wmsDocuments.id} IN ${among}`),
      ).all({ ids: JSON.stringify(documentIds) })).map((d) => [d.id, d.documentNumber])
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

/** A column of the row whose id a placeholder names, as a scalar subquery (null for a null id). */
const byId = (column: SQLiteColumn, table: SQLiteTable, idColumn: SQLiteColumn, key: string) =>
  sql<string | null>`(SELECT ${column} FROM ${table} WHERE ${idColumn} = ${sql.placeholder(key)})`;

/**
 * One position's display values in one statement (a pick, a shortage and a position's own read each read
 * one position before and after): the four statements of the general case cost a pick about as much as its
 * own update. Undefined when its document is gone.
 */
async function extrasOfOne(db: Db, r: PositionRow): Promise<Record<string, unknown> | undefined> {
  const [one] = await arrays(
    db,
    "positions.extrasOfOne",
    (on) =>
      on.select(oneExtras()).from(wmsDocuments).where(eq(wmsDocuments.id, sql.placeholder("documentId"))),
    {
      documentId: r.documentId,
      productId: r.productId,
      sourceLocationId: r.sourceLocationId,
      destinationLocationId: r.destinationLocationId,
      sourceContainerId: r.sourceContainerId,
      destinationContainerId: r.destinationContainerId,
    } satisfies Pick<PositionRow, OnePlace | "productId" | "documentId">,
  );
  return one && Object.fromEntries(ONE_EXTRAS.map((key, i) => [key, one[i]]));
}

/** extrasOfOne's values, in the order its select lists them (a row comes back as an array). */
const oneExtras = () => ({
  documentNumber: wmsDocuments.documentNumber,
  productIndex: byId(products.index, products, products.id, "productId"),
  productName: byId(products.name, products, products.id, "productId"),
  sourceLocationLabel: byId(storageSpaces.label, storageSpaces, storageSpaces.id, "sourceLocationId"),
  destinationLocationLabel: byId(
    storageSpaces.label,
    storageSpaces,
    storageSpaces.id,
    "destinationLocationId",
  ),
  sourceContainerNumber: byId(containers.number, containers, containers.id, "sourceContainerId"),
  destinationContainerNumber: byId(containers.number, containers, containers.id, "destinationContainerId"),
});
const ONE_EXTRAS = Object.keys(oneExtras());
type OnePlace = "sourceLocationId" | "destinationLocationId" | "sourceContainerId" | "destinationContainerId";

const listed = "sort filter show";
const name = z.string().nullable();
const quantity = { output: z.number(), codec: milli, formLimits: bounds("quantity") } as const;

export const wmsDocumentPosition = new Resource({
  resource: "WmsDocumentPosition",
  table: wmsDocumentPositions,
  title: ["productIndex", "productName"],
  sort: "id",
  keyColumns: ["documentId", "productId", "quantity", "quantityReal"],
  fields: {
    // The document's own rule checks it (a position of a missing or finished document is refused).
    documentId: { input: "add", check: false, display: "documentNumber", list: listed },
    productId: { optional: true, display: "productName", list: listed },
    quantity: { ...quantity, schema: quantityMilli, list: "show" },
    quantityReal: { ...quantity, schema: optQuantityMilli, output: z.number().nullable(), list: "show" },
    quantityLeft: { input: false, output: z.number(), codec: milli, list: true },
    unitPrice: { kind: "money", ...bounds("price"), list: true },
    value: { kind: "money", input: false, list: true },
    expiryDate: { kind: "date", day: true, list: "show" },
    productionDate: { kind: "date", day: true, list: true },
    serialNumber: { max: 100, list: "show" },
    sourceLocationId: { display: "sourceLocationLabel", list: listed },
    destinationLocationId: { display: "destinationLocationLabel", list: listed },
    productComment: { kind: "textarea", max: 2000 },
    createdAt: { list: "sort filter" },
    updatedAt: { meta: false },
    /** An index or a barcode (or a GS1 scan), used when productId is absent. */
    productCode: { schema: optText(200), meta: false },
    productIndex: { output: name, input: false, meta: false },
    sourceContainerId: { meta: false },
    sourceContainerNumber: { output: name, input: false, meta: false },
    destinationContainerId: { meta: false },
    destinationContainerNumber: { output: name, input: false, meta: false },
  },
  toRow: (input, row, _ctx, old) => {
    const quantityLeft = Math.max(
      0,
      (input.quantity as number) - ((input.quantityReal as number | null) ?? 0),
    );
    const price = input.unitPrice as number | null;
    return {
      ...row,
      documentId: old ? old.documentId : input.documentId,
      // Not a column: resolved to productId by `derive`.
      productCode: input.productCode,
      quantityLeft,
      value: price === null ? null : money(price * fromMilli(input.quantity as number)),
    };
  },
  readAccess: "user",
  writeAccess: "operations",
  listExtras: () => ({ productBarcode: productBarcodeField(wmsDocumentPositions.productId) }),
  scope: (actor) =>
    actor.contractorId === null ? undefined : inArray(
      wmsDocumentPositions.documentId,
      sql`(SELECT ${wmsDocuments.id} FROM ${wmsDocuments} WHERE ${wmsDocuments.contractorId} = ${actor.contractorId})`,
    ),
  validate: async (tx, _ctx, values, old) => {
    if (old && old.documentId !== values.documentId) throw notFound();
    await changeableDocument(tx, values.documentId as number);
    if (values.productId === null && values.productCode === null) {
      throw fieldError({ productId: ["validation.required"] });
    }
  },
  derive: (tx, values) => productOfCode(tx, values),
  afterWrite: async (tx, row, old, ctx) => {
    await refuseOtherContractors(tx, row.documentId, row.id, old === undefined);
    await refreshDocumentTotals(tx, row.documentId, ctx);
  },
  beforeDelete: (tx, _ctx, old) => changeableDocument(tx, old.documentId),
  afterDelete: (tx, old, ctx) => refreshDocumentTotals(tx, old.documentId, ctx),
  readExtra: (db, rows) => positionExtras(db, rows as unknown as PositionRow[]),
});

export const wmsDocumentPositionMeta = wmsDocumentPosition.meta;
