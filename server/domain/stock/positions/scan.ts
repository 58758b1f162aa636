// Adding by scanning: a code (an index, a barcode, a GS1 label) or a product picked by name adds its
// quantity to the document's line of the same product, expiry, production date and serial number (and no
// locations of its own), or makes that line: scanning the same carton twice makes one line of 2, not two
// lines of 1.
import { and, eq, isNull, type SQL } from "drizzle-orm";
import type { TenantContext } from "../../../kernel/context.ts";
import { AppError } from "../../../kernel/errors.ts";
import { parseInput } from "../../../kernel/validation.ts";
import { scannedProduct, wmsDocumentPosition, wmsDocumentPositions } from "./entity.ts";
import type { ScanRequest } from "./contract.ts";

const same = (column: Parameters<typeof eq>[0], value: string | null): SQL =>
  value === null ? isNull(column) : eq(column, value);

export async function scanIntoDocument(
  ctx: TenantContext,
  req: ScanRequest,
): Promise<{ position: Record<string, unknown>; merged: boolean }> {
  const db = ctx.conn.db;
  // The route is for logistics staff (server/kernel/access.ts); the document is the caller's tenant's by
  // construction, and a confirmed one refuses the add or edit below.
  const scanned = req.productId !== null
    ? { productId: req.productId, expiryDate: null, productionDate: null, serialNumber: null }
    : await scannedProduct(db, req.productCode!);
  const [match] = await db.select({ id: wmsDocumentPositions.id }).from(wmsDocumentPositions).where(and(
    eq(wmsDocumentPositions.documentId, req.documentId),
    eq(wmsDocumentPositions.productId, scanned.productId),
    same(wmsDocumentPositions.expiryDate, scanned.expiryDate),
    same(wmsDocumentPositions.productionDate, scanned.productionDate),
    same(wmsDocumentPositions.serialNumber, scanned.serialNumber),
    isNull(wmsDocumentPositions.sourceLocationId),
    isNull(wmsDocumentPositions.sourceContainerId),
    isNull(wmsDocumentPositions.destinationLocationId),
    isNull(wmsDocumentPositions.destinationContainerId),
  )).orderBy(wmsDocumentPositions.id).limit(1);
  if (match) {
    // As the editor would save it, with the quantity raised (its bounds and the version check apply);
    // another scan of the same line in between is read again once.
    for (let attempt = 1;; attempt++) {
      const record = await wmsDocumentPosition.get(ctx, match.id) as Record<string, unknown>;
      const keys = Object.keys(wmsDocumentPosition.entity.update.shape);
      const body = Object.fromEntries(keys.filter((k) => k in record).map((k) => [k, record[k]]));
      body.quantity = (record.quantity as number) + req.quantity;
      const input = parseInput(wmsDocumentPosition.entity.update, body);
      try {
        return { position: await wmsDocumentPosition.edit(ctx, input as never), merged: true };
      } catch (err) {
        if (attempt >= 5 || !(err instanceof AppError && err.code === "record.changedByAnotherUser")) {
          throw err;
        }
      }
    }
  }
  const input = parseInput(wmsDocumentPosition.entity.create, {
    documentId: req.documentId,
    productId: scanned.productId,
    quantity: req.quantity,
    expiryDate: scanned.expiryDate,
    productionDate: scanned.productionDate,
    serialNumber: scanned.serialNumber,
  });
  return { position: await wmsDocumentPosition.add(ctx, input as Record<string, unknown>), merged: false };
}
