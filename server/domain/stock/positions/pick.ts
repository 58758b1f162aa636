// The terminal's verbs on a document's position (docs/decisions/0009): an operator picks or puts away part
// of a position (its `quantityReal` grows), each scan checked against what the position asks for, and an
// operator who cannot find everything says so (a shortage) instead of leaving it. Both work on generated
// documents too (an order's receipt, release or picking), whose positions are otherwise fixed: the
// terminal carries them out, it does not change what they ask for, only lowers it to what was found.
import { eq, sql } from "drizzle-orm";
import type { Db } from "../../../db/connection.ts";
import type { TenantContext } from "../../../kernel/context.ts";
import { AppError, fieldError, notFound } from "../../../kernel/errors.ts";
import { nowIso } from "../../../kernel/time.ts";
import { type Outbox, transactionWithEvents } from "../../../hub/outbox.ts";
import { recordChange } from "../../../engine/record_change.ts";
import { products } from "../../assortment/products/entity.ts";
import { storageSpaces } from "../../storage/locations/entity.ts";
import { coveredBy } from "../../storage/locations/zones.ts";
import { containers } from "../containers/table.ts";
import { wmsDocuments } from "../documents/table.ts";
import { documentDto } from "../documents/dto.ts";
import { refreshDocumentTotals } from "../documents/totals.ts";
import { readLogisticsConfig } from "../config.ts";
import { heldFor } from "../reservations/service.ts";
import { callHooks } from "../documents/hooks.ts";
import { fromMilli } from "../quantity.ts";
import { definitionOf, type Issue, issue, placesOf } from "../validators/snapshot.ts";
import { productLockIssue } from "../validators/product.ts";
import { positionExtras, scannedProduct, wmsDocumentPosition, wmsDocumentPositions } from "./entity.ts";
import type { PickRequest } from "./contract.ts";
import { arrays, rowById, updateRow } from "../../../db/prepared.ts";

type Rec = Record<string, unknown>;
type PositionRow = typeof wmsDocumentPositions.$inferSelect;
type DocumentRow = typeof wmsDocuments.$inferSelect;

/**
 * The place columns a pick may change. They are written only when the pick changes one: each is in an index,
 * and SQLite rewrites an index entry whenever its column is set, to the same value or not (three more pages in
 * the WAL of every pick).
 */
const placeColumns = ["sourceLocationId", "destinationLocationId", "destinationContainerId"] as const;

/** The position and its working-copy document, read inside the transaction. */
async function openPosition(
  tx: Db,
  ctx: TenantContext,
  id: number,
): Promise<{ position: PositionRow; doc: DocumentRow }> {
  const position = await rowById(tx, wmsDocumentPositions, id);
  if (!position) throw notFound();
  const doc = await rowById(tx, wmsDocuments, position.documentId);
  if (!doc) throw notFound();
  if (doc.statusCode !== "workingCopy") throw new AppError("document.notWorkingCopy");
  // A production's documents are carried out together with it (orders/production.ts, by its guard).
  await callHooks(ctx, "guard", tx, doc, "pick");
  return { position, doc };
}

/** What a pick checks of its product: its index (for the findings) and its locks. */
async function productLocks(tx: Db, id: number) {
  const [row] = await arrays(
    tx,
    "pick.product",
    (on) =>
      on.select({
        index: products.index,
        in: products.lockIn,
        out: products.lockOut,
        relocate: products.lockRelocate,
      })
        .from(products).where(eq(products.id, sql.placeholder("id"))),
    { id },
  );
  return row && { index: row[0] as string, lockIn: !!row[1], lockOut: !!row[2], lockRelocate: !!row[3] };
}

/** What a pick checks of the scanned location: its label (for the findings) and its locks. */
async function locationLocks(tx: Db, id: number) {
  const [row] = await arrays(
    tx,
    "pick.location",
    (on) =>
      on.select({ label: storageSpaces.label, in: storageSpaces.lockedIn, out: storageSpaces.lockedOut })
        .from(storageSpaces).where(eq(storageSpaces.id, sql.placeholder("id"))),
    { id },
  );
  return row && { id, label: row[0] as string, lockedIn: !!row[1], lockedOut: !!row[2] };
}

const labelOf = async (tx: Db, id: number | null) =>
  id === null ? null : (await tx.select({ label: storageSpaces.label }).from(storageSpaces)
    .where(eq(storageSpaces.id, id)))[0]?.label ?? null;

/**
 * POST WmsDocumentPosition/{id}/Pick: `quantity` units of the position were picked (a release, a picking)
 * or put away (a receipt). What the operator scanned is checked first, each finding with its validator
 * code, and nothing is written on any: the product (and the lot a GS1 label names), the location (the
 * position's source when goods leave, its destination when they arrive; a bin under a zone the position
 * names fits, and a receipt's position takes that bin as its own destination), locks of the product, the
 * location and the tote, an expired lot leaving while the rules block it, and no more than the position has
 * left: two operators on one position never take the same last units, the transaction serialising them.
 */
export function pickPosition(ctx: TenantContext, id: number, req: PickRequest): Promise<Rec> {
  return transactionWithEvents(ctx, async (tx, outbox) => {
    const { position, doc } = await openPosition(tx, ctx, id);
    const direction = definitionOf(doc.typeCode).direction;
    const product = (await productLocks(tx, position.productId))!;
    const issues: Issue[] = [];
    const at = (name: string, params?: Record<string, unknown>) => issues.push(issue(id, name, params));

    if (req.productCode !== null) {
      const scanned = await scannedProduct(tx, req.productCode);
      if (scanned.productId !== position.productId) {
        at("wrongProduct", { product: product.index, code: req.productCode });
      } else {
        for (const field of ["expiryDate", "productionDate", "serialNumber"] as const) {
          const was = position[field];
          if (scanned[field] !== null && was !== null && scanned[field] !== was) {
            at("wrongLot", { product: product.index, expected: was, scanned: scanned[field] });
            break;
          }
        }
      }
    }

    const arriving = direction === "in";
    const places = placesOf(doc, position);
    const expected = arriving ? places.destinationLocationId : places.sourceLocationId;
    let takeLocation: number | null = null;
    if (req.locationId !== null) {
      const scanned = await locationLocks(tx, req.locationId);
      if (!scanned) throw fieldError({ locationId: ["validation.invalidValue"] });
      // The location named itself needs no look at what it covers (a location always covers itself).
      const fits = expected === null || scanned.id === expected ||
        (await coveredBy(tx, expected)).has(scanned.id);
      if (!fits) {
        at("wrongLocation", { expected: await labelOf(tx, expected), location: scanned.label });
      } else if (scanned.id !== expected) {
        // A bin under the zone (or where nothing was named): the goods go to, or come from, that bin, as
        // the confirmation will then book them; once part was done elsewhere, it is the wrong place.
        if ((position.quantityReal ?? 0) > 0) {
          at("wrongLocation", { expected: await labelOf(tx, expected), location: scanned.label });
        } else takeLocation = scanned.id;
      }
      if (arriving ? scanned.lockedIn : scanned.lockedOut) {
        at("locationLocked", { location: scanned.label, side: arriving ? "destination" : "source" });
      }
    }

    const locked = productLockIssue(id, direction, product);
    if (locked) issues.push(locked);
    if (!arriving && position.expiryDate !== null && position.expiryDate < nowIso().slice(0, 10)) {
      const rules = (await readLogisticsConfig(tx)).rules;
      if (rules.expiredOnRelease === "block") {
        at("productExpired", { product: product.index, expiryDate: position.expiryDate });
      }
    }

    let tote: number | null = null;
    if (req.containerId !== null) {
      const box = await rowById(tx, containers, req.containerId);
      if (!box) throw fieldError({ containerId: ["validation.invalidValue"] });
      const own = places.destinationContainerId;
      const destination = (arriving ? takeLocation : null) ?? places.destinationLocationId;
      if (direction === "out") {
        at("destinationContainerForbidden");
      } else if (own !== null && own !== box.id) {
        const [was] = await tx.select({ number: containers.number }).from(containers)
          .where(eq(containers.id, own));
        at("otherContainer", { container: box.number, expected: was?.number ?? null });
      } else if (destination !== null && box.locationId !== destination) {
        at("containerAtOtherLocation", { container: box.number, location: await labelOf(tx, destination) });
      } else if (box.lockedIn) {
        at("containerLocked", { container: box.number, side: "destination" });
      } else tote = own === null ? box.id : null;
    }

    // A receipt's bin under its zone, while the goods go into a container standing elsewhere: refused.
    if (arriving && takeLocation !== null && req.containerId === null) {
      const own = places.destinationContainerId;
      if (own !== null) {
        const box = await rowById(tx, containers, own);
        if (box && box.locationId !== takeLocation) {
          at("containerAtOtherLocation", {
            container: box.number,
            location: await labelOf(tx, takeLocation),
          });
        }
      }
    }
    const quantity = req.quantity;
    const done = position.quantityReal ?? 0;
    if (done + quantity > position.quantity) {
      at("quantityAbovePosition", {
        product: product.index,
        left: fromMilli(Math.max(0, position.quantity - done)),
      });
    }
    if (issues.length) throw new AppError("document.validation", { issues });

    // Part of a position taken at (or put to) a bin under its zone: that part becomes a position of its
    // own at the bin, done, and the rest stays on the zone (the same id) for the next bin, so that one
    // position can be carried out from several bins, as FEFO across a zone often needs. A position an
    // order reserved names its line, never a zone, and is left whole.
    const rest = position.quantity - done - quantity;
    if (takeLocation !== null && rest > 0 && !(await heldFor(tx, id))) {
      return await splitOff(tx, outbox, ctx, doc, position, {
        quantity,
        [arriving ? "destinationLocationId" : "sourceLocationId"]: takeLocation,
        destinationContainerId: tote ?? position.destinationContainerId,
      });
    }

    // The position's display values (its document, product, places), read once: a pick that leaves its
    // places as they were shows the same after it.
    const extras = (await positionExtras(tx, [position])).get(id);
    const before = await wmsDocumentPosition.dtoOfRow(tx, ctx, position, extras);
    const placed = {
      sourceLocationId: position.sourceLocationId,
      destinationLocationId: position.destinationLocationId,
      destinationContainerId: tote ?? position.destinationContainerId,
    };
    if (takeLocation !== null) placed[arriving ? "destinationLocationId" : "sourceLocationId"] = takeLocation;
    const counted = {
      quantityReal: done + quantity,
      quantityLeft: Math.max(0, position.quantity - done - quantity),
      updatedAt: nowIso(),
      version: position.version + 1,
    };
    const moved = placeColumns.some((key) => placed[key] !== position[key]);
    const stored =
      (await updateRow(tx, wmsDocumentPositions, moved ? { ...counted, ...placed } : counted, id))!;
    return await afterChange(tx, outbox, ctx, doc, id, before, stored, moved ? undefined : extras);
  });
}

/**
 * POST WmsDocumentPosition/{id}/Shortage: the operator found less than the position asks for. The position
 * is lowered to what was picked (a position nothing was picked of is removed), what it reserved beyond that
 * is given back, and the order (if any) sees the rest as on no document, so that its documents can be made
 * again for it. Answers the position (null when removed) and the missing units. Nothing missing: the
 * position as it is, 0 missing.
 */
export function reportShortage(
  ctx: TenantContext,
  id: number,
): Promise<{ position: Rec | null; missing: number; documentDeleted: boolean }> {
  return transactionWithEvents(ctx, async (tx, outbox) => {
    const { position, doc } = await openPosition(tx, ctx, id);
    const done = position.quantityReal ?? 0;
    const missing = position.quantity - done;
    const before = await wmsDocumentPosition.dtoOfRow(tx, ctx, position);
    if (missing <= 0) return { position: before, missing: 0, documentDeleted: false };
    const title = `${doc.documentNumber} ${before.productIndex ?? ""}`.trim();
    if (done <= 0) {
      await tx.delete(wmsDocumentPositions).where(eq(wmsDocumentPositions.id, id));
      await refreshDocumentTotals(tx, doc.id, ctx);
      if (doc.orderId !== null) outbox.add("WmsOrder", "changed", doc.orderId);
      await recordChange(tx, outbox, ctx.actor, {
        action: "deleted",
        resource: "WmsDocumentPosition",
        id,
        title,
        old: before,
        new: null,
      });
      outbox.add("WmsDocument", "changed", doc.id);
      // An order's document left with nothing to carry out goes: nothing on it can be found.
      const [{ n }] = await tx.select({ n: sql<number>`count(*)` }).from(wmsDocumentPositions)
        .where(eq(wmsDocumentPositions.documentId, doc.id));
      if (doc.generated && Number(n) === 0) {
        const dto = await documentDto(tx, doc);
        await tx.delete(wmsDocuments).where(eq(wmsDocuments.id, doc.id));
        if (doc.orderId !== null) await callHooks(ctx, "changed", tx, doc.orderId);
        await recordChange(tx, outbox, ctx.actor, {
          action: "deleted",
          resource: "WmsDocument",
          id: doc.id,
          title: doc.documentNumber,
          old: dto,
        });
        return { position: null, missing: fromMilli(missing), documentDeleted: true };
      }
      return { position: null, missing: fromMilli(missing), documentDeleted: false };
    }
    await tx.update(wmsDocumentPositions).set({
      quantity: done,
      quantityLeft: 0,
      updatedAt: nowIso(),
      version: position.version + 1,
    }).where(eq(wmsDocumentPositions.id, id));
    // What an order reserved for it beyond what was picked goes back (orders/reservations.ts).
    await callHooks(ctx, "cut", tx, id, done);
    return {
      position: await afterChange(tx, outbox, ctx, doc, id, before),
      missing: fromMilli(missing),
      documentDeleted: false,
    };
  });
}

const money = (v: number) => Math.round(v * 100) / 100;

/**
 * `part.quantity` (thousandths) of the position, done, made a position of its own with the place it was
 * done at; the position keeps the rest. Both keep the product, lot, price and comment. Answers the new
 * position (as Pick answers the position it changed).
 */
async function splitOff(
  tx: Db,
  outbox: Outbox,
  ctx: TenantContext,
  doc: DocumentRow,
  position: PositionRow,
  part: Partial<PositionRow> & { quantity: number },
): Promise<Rec> {
  const now = nowIso();
  const before = await wmsDocumentPosition.getIn(tx, ctx, position.id);
  const valueOf = (
    q: number,
  ) => (position.unitPrice === null ? null : money(position.unitPrice * fromMilli(q)));
  const { id: _id, ...kept } = position;
  const [made] = await tx.insert(wmsDocumentPositions).values({
    ...kept,
    ...part,
    quantityReal: part.quantity,
    quantityLeft: 0,
    value: valueOf(part.quantity),
    createdAt: now,
    updatedAt: now,
    version: 1,
  }).returning({ id: wmsDocumentPositions.id });
  const restQuantity = position.quantity - part.quantity;
  await tx.update(wmsDocumentPositions).set({
    quantity: restQuantity,
    quantityLeft: restQuantity - (position.quantityReal ?? 0),
    value: valueOf(restQuantity),
    updatedAt: now,
    version: position.version + 1,
  }).where(eq(wmsDocumentPositions.id, position.id));
  const after = await afterChange(tx, outbox, ctx, doc, position.id, before);
  const added = await wmsDocumentPosition.getIn(tx, ctx, made.id);
  await recordChange(tx, outbox, ctx.actor, {
    action: "created",
    resource: "WmsDocumentPosition",
    id: made.id,
    title: `${doc.documentNumber} ${after.productIndex ?? ""}`.trim(),
    old: null,
    new: added,
  });
  return added;
}

/** The document's totals (and its order), the history entry and the events of a changed position. */
async function afterChange(
  tx: Db,
  outbox: Outbox,
  ctx: TenantContext,
  doc: DocumentRow,
  id: number,
  before: Rec,
  /** The position's row as it now stands, when the caller has it (else it is read again). */
  row?: PositionRow,
  /** Its display values, when the caller has them and they did not change. */
  extras?: Record<string, unknown>,
): Promise<Rec> {
  await refreshDocumentTotals(tx, doc.id, ctx);
  const after = row
    ? await wmsDocumentPosition.dtoOfRow(tx, ctx, row, extras)
    : await wmsDocumentPosition.getIn(tx, ctx, id);
  await recordChange(tx, outbox, ctx.actor, {
    action: "changed",
    resource: "WmsDocumentPosition",
    id,
    title: `${doc.documentNumber} ${after.productIndex ?? ""}`.trim(),
    old: before,
    new: after,
  });
  outbox.add("WmsDocument", "changed", doc.id);
  if (doc.orderId !== null) outbox.add("WmsOrder", "changed", doc.orderId);
  return after;
}
