// Verbs that make documents from stock: a group movement (several quantities relocated to one place at
// once, an ARL document) and releasing a location (a generated working copy of everything stored there).
import { eq } from "drizzle-orm";
import type { TenantContext } from "../../../kernel/context.ts";
import { AppError, notFound } from "../../../kernel/errors.ts";
import { transactionWithEvents } from "../../../hub/outbox.ts";
import { storageSpaces } from "../../infrastructure/locations/entity.ts";
import { isOperations } from "../config.ts";
import { takeCounter } from "../numbering/service.ts";
import { stockLines } from "../ledger/table.ts";
import { confirmInTransaction } from "../documents/confirm.ts";
import { documentDto } from "../documents/dto.ts";
import { createWorkingCopy } from "../documents/working_copy.ts";
import type { WmsDocument } from "../documents/contract.ts";
import { issue } from "../validators/snapshot.ts";
import type { GroupMovement } from "./contract.ts";

class Collision extends Error {
  constructor(readonly scope: string, readonly period: string) {
    super("document number collision");
  }
}

/**
 * Relocates several quantities to one destination by one ARL document: created and, unless `confirm` is
 * false, confirmed in the same transaction (a refusal leaves nothing behind).
 */
export async function groupMovement(ctx: TenantContext, input: GroupMovement): Promise<WmsDocument> {
  if (!isOperations(ctx.actor)) throw notFound();
  try {
    return await transactionWithEvents(ctx, async (tx, outbox) => {
      const doc = await createWorkingCopy(
        tx,
        outbox,
        ctx,
        {
          typeCode: "ARL",
          destinationLocationId: input.destinationLocationId,
          destinationContainerId: input.destinationContainerId,
          comment: input.comment,
        },
        input.moves.map((m) => ({
          productId: m.productId,
          quantity: m.quantity,
          quantityLeft: m.quantity,
          sourceLocationId: m.sourceLocationId,
          sourceContainerId: m.sourceContainerId,
          expiryDate: m.expiryDate,
          productionDate: m.productionDate,
          serialNumber: m.serialNumber,
        })),
      );
      if (!input.confirm) return await documentDto(tx, doc);
      const done = await confirmInTransaction(tx, outbox, ctx, doc, input.acceptWarnings);
      if (done.collision) throw new Collision(done.scope, done.period);
      return done.document;
    });
  } catch (err) {
    if (!(err instanceof Collision)) throw err;
    // The number stays taken, so that saving again takes the next one.
    await ctx.conn.transaction((tx) => takeCounter(tx, err.scope, err.period));
    throw new AppError("document.numberCollision");
  }
}

/**
 * Releases everything stored at a location: a generated working copy with one position per stock line
 * there (its container, expiry, production date and serial number kept). With a destination it is a
 * relocation (ARL) there, else an internal release (IOU). Nothing moves until it is confirmed.
 */
export async function releaseStorageSpace(
  ctx: TenantContext,
  locationId: number,
  destinationLocationId: number | undefined,
): Promise<WmsDocument> {
  if (!isOperations(ctx.actor)) throw notFound();
  return await transactionWithEvents(ctx, async (tx, outbox) => {
    const [location] = await tx.select({ id: storageSpaces.id, label: storageSpaces.label }).from(
      storageSpaces,
    )
      .where(eq(storageSpaces.id, locationId));
    if (!location) throw notFound();
    if (destinationLocationId !== undefined) {
      const [target] = await tx.select({ id: storageSpaces.id }).from(storageSpaces)
        .where(eq(storageSpaces.id, destinationLocationId));
      if (!target) {
        throw new AppError("validation.failed", {
          fields: { destinationLocationId: ["validation.invalidValue"] },
        });
      }
    }
    const lines = await tx.select().from(stockLines).where(eq(stockLines.locationId, locationId))
      .orderBy(stockLines.productId, stockLines.id);
    if (lines.length === 0) {
      throw new AppError("document.validation", {
        issues: [issue(null, "locationEmpty", { location: location.label })],
      });
    }
    const doc = await createWorkingCopy(
      tx,
      outbox,
      ctx,
      {
        typeCode: destinationLocationId === undefined ? "IOU" : "ARL",
        sourceLocationId: locationId,
        destinationLocationId: destinationLocationId ?? null,
        generated: true,
        systemComments: `ReleaseStorageSpace ${location.label}`,
      },
      lines.map((l) => ({
        productId: l.productId,
        quantity: l.quantity,
        quantityLeft: l.quantity,
        // Each position names its own places, so an edit of the document's header does not change them.
        sourceLocationId: locationId,
        sourceContainerId: l.containerId,
        destinationLocationId: destinationLocationId ?? null,
        expiryDate: l.expiryDate,
        productionDate: l.productionDate,
        serialNumber: l.serialNumber,
      })),
    );
    return await documentDto(tx, doc);
  });
}
