// Adding by scanning: a code (an index, a barcode, a GS1 label) or a product picked by name adds its
// quantity to the document's line of the same product, expiry, production date and serial number (and no
// locations of its own), or makes that line: scanning the same carton twice makes one line of 2, not two
// lines of 1. A release (goods leaving, not a container move) takes FEFO instead: the quantity goes to the
// lines of the lots it is taken from, each naming its bin, container and lot (split across them when one
// is not enough), within the document's source (a bin, or a zone and what lies below it) or, when it names
// none, the whole warehouse; what the document's other lines already take is not promised twice.
import { and, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "../../../db/connection.ts";
import { arrays, rowById, rowsOf } from "../../../db/prepared.ts";
import type { TenantContext } from "../../../kernel/context.ts";
import { AppError } from "../../../kernel/errors.ts";
import { parseInput } from "../../../kernel/validation.ts";
import { type Outbox, transactionWithEvents } from "../../../hub/outbox.ts";
import { allocate } from "../ledger/allocate.ts";
import { fromMilli, toMilli } from "../quantity.ts";
import { definitionOf, issue, placesOf, type StockLineSnap } from "../validators/snapshot.ts";
import { coveredBy, coveredLocations } from "../../storage/locations/zones.ts";
import { inAllocationOrder, takeRequestOf } from "../validators/quantity.ts";
import { type DocumentRow, wmsDocuments } from "../documents/table.ts";
import { fefoCandidates, type SourceCandidate } from "../inventory/source.ts";
import { type ScannedProduct, scannedProduct, wmsDocumentPosition, wmsDocumentPositions } from "./entity.ts";
import type { ScanRequest } from "./contract.ts";

type Rec = Record<string, unknown>;

export async function scanIntoDocument(
  ctx: TenantContext,
  req: ScanRequest,
): Promise<{ position: Rec; merged: boolean; positions: Rec[]; shortfall: number }> {
  // The route is for logistics staff (server/kernel/access.ts); the document is the caller's tenant's by
  // construction, and a confirmed one refuses the add or edit below.
  const scanned = req.productId !== null
    ? { productId: req.productId, expiryDate: null, productionDate: null, serialNumber: null }
    : await scannedProduct(ctx.conn.db, req.productCode!);
  // One transaction reads the document once and makes the change (another scan of the same line waits).
  return await transactionWithEvents(ctx, async (tx, outbox) => {
    const doc = await rowById(tx, wmsDocuments, req.documentId);
    if (doc && definitionOf(doc.typeCode).direction === "out") {
      return await takeFefo(tx, outbox, ctx, req, scanned, doc);
    }
    const one = await scanOne(tx, outbox, ctx, req, scanned);
    return { ...one, positions: [one.position], shortfall: 0 };
  });
}

/** A receipt's or relocation's scan: the one line of the product and lot grows, or is made. */
async function scanOne(
  tx: Db,
  outbox: Outbox,
  ctx: TenantContext,
  req: ScanRequest,
  scanned: ScannedProduct,
) {
  const match = await lineOf(tx, req.documentId, scanned.productId, scanned, {
    sourceLocationId: null,
    sourceContainerId: null,
  });
  if (match) {
    return { position: await raise(tx, outbox, ctx, match.id, req.quantity), merged: true };
  }
  const input = parseInput(wmsDocumentPosition.entity.create, {
    documentId: req.documentId,
    productId: scanned.productId,
    quantity: req.quantity,
    expiryDate: scanned.expiryDate,
    productionDate: scanned.productionDate,
    serialNumber: scanned.serialNumber,
  });
  return { position: await wmsDocumentPosition.addIn(tx, outbox, ctx, input as Rec), merged: false };
}

/** The columns a scan's line is matched on besides its document and product. */
const LINE_COLUMNS = [
  "expiryDate",
  "productionDate",
  "serialNumber",
  "sourceLocationId",
  "sourceContainerId",
] as const;

/**
 * The document's line of a product with this lot and source (null: none of its own) and no destination of
 * its own, the oldest if several.
 */
async function lineOf(
  db: Db,
  documentId: number,
  productId: number,
  lot: { expiryDate: string | null; productionDate: string | null; serialNumber: string | null },
  source: { sourceLocationId: number | null; sourceContainerId: number | null },
): Promise<{ id: number } | undefined> {
  // One statement per pattern of the given values (a NULL is `IS NULL`, a value `= ?`): written `IS ?` for
  // all, SQLite walked the positions in id order for the LIMIT instead of the document's index (a scan's
  // look 40 -> 355 µs in a scratch run).
  const values = { ...lot, ...source };
  const nulls = LINE_COLUMNS.map((key) => values[key] === null);
  const t = wmsDocumentPositions;
  const [match] = await arrays(
    db,
    `scan.lineOf.${nulls.map((n) => (n ? 0 : 1)).join("")}`,
    (on) =>
      on.select({ id: t.id }).from(t).where(and(
        eq(t.documentId, sql.placeholder("documentId")),
        eq(t.productId, sql.placeholder("productId")),
        ...LINE_COLUMNS.map((key, i) => nulls[i] ? isNull(t[key]) : eq(t[key], sql.placeholder(key))),
        isNull(t.destinationLocationId),
        isNull(t.destinationContainerId),
      )).orderBy(t.id).limit(1),
    { documentId, productId, ...values },
  );
  return match && { id: match[0] as number };
}

/**
 * Raises position `id`'s quantity by `by` units, saved as the editor would save it (its bounds and the version
 * check apply); answers the position as the API does.
 */
async function raise(tx: Db, outbox: Outbox, ctx: TenantContext, id: number, by: number): Promise<Rec> {
  const record = await wmsDocumentPosition.getIn(tx, ctx, id) as Rec;
  const keys = Object.keys(wmsDocumentPosition.entity.update.shape);
  const body = Object.fromEntries(keys.filter((k) => k in record).map((k) => [k, record[k]]));
  body.quantity = (record.quantity as number) + by;
  return await wmsDocumentPosition.editIn(
    tx,
    outbox,
    ctx,
    parseInput(wmsDocumentPosition.entity.update, body) as never,
  );
}

/**
 * A release's scan, in one transaction (so two clerks scanning at once cannot promise the same units):
 * the FEFO lines of the product within the document's source, less what its other lines take, cover the
 * quantity; each line taken from grows the document's line of that bin, container and lot, or makes it.
 * Nothing available at all is refused (quantityAboveAvailable, 0 available); a part is added, the rest
 * answered as the shortfall.
 */
async function takeFefo(
  tx: Db,
  outbox: Outbox,
  ctx: TenantContext,
  req: ScanRequest,
  scanned: ScannedProduct,
  doc: DocumentRow,
) {
  if (doc.statusCode !== "workingCopy") throw new AppError("document.notWorkingCopy");
  const wanted = toMilli(req.quantity)!;
  const within = await sourceWithin(tx, doc.sourceLocationId, req.sourceLocationId);
  // The document's lines of the product: what they take is not promised again, and the arrivals (ledger
  // reads) are read only for the lines that may be needed, theirs and this scan's.
  const existing = rowsOf(wmsDocumentPositions)(
    await arrays(
      tx,
      "scan.existing",
      (on) =>
        on.select().from(wmsDocumentPositions).where(and(
          eq(wmsDocumentPositions.documentId, sql.placeholder("documentId")),
          eq(wmsDocumentPositions.productId, sql.placeholder("productId")),
        )).orderBy(wmsDocumentPositions.id),
      { documentId: doc.id, productId: scanned.productId },
    ),
  );
  const candidates = await fefoCandidates(tx, scanned.productId, {
    within,
    containerId: doc.sourceContainerId,
    lot: scanned,
    enough: wanted + existing.reduce((n, p) => n + Math.max(0, p.quantity), 0),
  });
  const left = await leftAfter(tx, doc, existing, candidates);
  const takes: { line: SourceCandidate; quantity: number }[] = [];
  let needed = wanted;
  for (const line of candidates) {
    if (needed <= 0) break;
    const has = left.get(line.id) ?? line.quantity;
    if (has <= 0) continue;
    const take = Math.min(has, needed);
    takes.push({ line, quantity: take });
    needed -= take;
  }
  if (!takes.length) {
    throw new AppError("document.validation", {
      issues: [issue(null, "quantityAboveAvailable", { requested: req.quantity, available: 0 })],
    });
  }
  const positions: Rec[] = [];
  let merged = false;
  for (const { line, quantity } of takes) {
    const match = await lineOf(tx, doc.id, scanned.productId, line, {
      sourceLocationId: line.locationId,
      sourceContainerId: line.containerId,
    });
    if (match) {
      positions.push(await raise(tx, outbox, ctx, match.id, fromMilli(quantity)));
      merged = true;
      continue;
    }
    const input = parseInput(wmsDocumentPosition.entity.create, {
      documentId: doc.id,
      productId: scanned.productId,
      quantity: fromMilli(quantity),
      expiryDate: line.expiryDate,
      productionDate: line.productionDate,
      serialNumber: line.serialNumber,
      sourceLocationId: line.locationId,
      sourceContainerId: line.containerId,
    });
    positions.push(await wmsDocumentPosition.addIn(tx, outbox, ctx, input as Rec));
  }
  return {
    position: positions[0],
    merged: merged && positions.length === 1,
    positions,
    shortfall: fromMilli(needed),
  };
}

/**
 * The locations a release's scan takes from: the scanned location (and below it) when given, which must lie
 * within the document's source (else 422 wrongLocation); else the document's source; undefined: anywhere.
 */
async function sourceWithin(
  tx: Db,
  documentSource: number | null,
  scanned: number | null,
): Promise<ReadonlySet<number> | undefined> {
  const whole = documentSource === null ? undefined : await coveredBy(tx, documentSource);
  if (scanned === null) return whole;
  if (whole && !whole.has(scanned)) {
    const [labels] = await tx.all<[string | null, string | null]>(sql`
      SELECT (SELECT label FROM storage_spaces WHERE id = ${documentSource}),
        (SELECT label FROM storage_spaces WHERE id = ${scanned})`);
    throw new AppError("document.validation", {
      issues: [
        issue(null, "wrongLocation", { expected: labels?.[0] ?? null, location: labels?.[1] ?? null }),
      ],
    });
  }
  return await coveredBy(tx, scanned);
}

/**
 * What each candidate line has left after the document's lines take theirs, allocated as the confirmation
 * will (validators/quantity.ts), by line id.
 */
async function leftAfter(
  tx: Db,
  doc: DocumentRow,
  existing: (typeof wmsDocumentPositions.$inferSelect)[],
  candidates: SourceCandidate[],
): Promise<Map<number, number>> {
  const left = new Map<number, number>();
  if (!existing.length) return left;
  const lines: StockLineSnap[] = candidates.map((c) => ({ ...c, productId: existing[0].productId }));
  const sources = existing.map((p) => placesOf(doc, p).sourceLocationId).filter((id) => id !== null);
  const zones = await coveredLocations(tx, [...new Set(sources)]);
  for (const p of inAllocationOrder(existing)) {
    const request = takeRequestOf(doc, p, zones);
    if (request) allocate(lines, request, left);
  }
  return left;
}
