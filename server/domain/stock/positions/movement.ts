// Verbs that make documents from stock: a group movement (several quantities relocated to one place at
// once, an ARL document) and releasing a location (a generated working copy of everything stored there).
import { eq } from "drizzle-orm";
import type { TenantContext } from "../../../kernel/context.ts";
import { AppError, notFound } from "../../../kernel/errors.ts";
import { type Outbox, transactionWithEvents } from "../../../hub/outbox.ts";
import type { Db } from "../../../db/connection.ts";
import { containers } from "../containers/table.ts";
import { storageSpaces } from "../../storage/locations/entity.ts";
import { demand } from "../../../kernel/access.ts";
import { takeCounter } from "../numbering/service.ts";
import { stockLines } from "../ledger/table.ts";
import { confirmInTransaction } from "../documents/confirm.ts";
import { documentDto } from "../documents/dto.ts";
import { createWorkingCopy } from "../documents/working_copy.ts";
import type { WmsDocument } from "../documents/contract.ts";
import { issue } from "../validators/snapshot.ts";
import type { GroupMovement } from "./contract.ts";
import { rowById } from "../../../db/prepared.ts";

class Collision extends Error {
  constructor(readonly scope: string, readonly period: string) {
    super("document number collision");
  }
}

/**
 * Makes a working copy and, when `confirm`, confirms it in the same transaction (a refusal leaves nothing
 * behind); a number collision keeps the counter moved on, so that saving again takes the next number.
 */
async function makeAndConfirm(
  ctx: TenantContext,
  make: (tx: Db, outbox: Outbox) => Promise<Parameters<typeof documentDto>[1]>,
  confirm: boolean,
  acceptWarnings: boolean,
): Promise<WmsDocument> {
  try {
    return await transactionWithEvents(ctx, async (tx, outbox) => {
      const doc = await make(tx, outbox);
      if (!confirm) return await documentDto(tx, doc);
      const done = await confirmInTransaction(tx, outbox, ctx, doc, acceptWarnings);
      if (done.collision) throw new Collision(done.scope, done.period);
      return done.document;
    });
  } catch (err) {
    if (!(err instanceof Collision)) throw err;
    await ctx.conn.transaction((tx) => takeCounter(tx, err.scope, err.period));
    throw new AppError("document.numberCollision");
  }
}

/**
 * Relocates several quantities to one destination by one ARL document: created and, unless `confirm` is
 * false, confirmed in the same transaction (a refusal leaves nothing behind).
 */
export async function groupMovement(ctx: TenantContext, input: GroupMovement): Promise<WmsDocument> {
  demand("operations", ctx.actor);
  return await makeAndConfirm(
    ctx,
    (tx, outbox) =>
      createWorkingCopy(
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
      ),
    input.confirm,
    input.acceptWarnings,
  );
}

/**
 * POST Container/{id}/Relocate: moves a container with everything in it to another location, by one PRL
 * document made and confirmed in one transaction: a position per stock line in the container (its
 * product, lot and quantity), so the container goes whole, as the PRL validators require. An empty
 * container is 422 `containerEmpty`; a refusal of the confirmation leaves nothing behind.
 */
export async function relocateContainer(
  ctx: TenantContext,
  containerId: number,
  input: { destinationLocationId: number; acceptWarnings: boolean },
): Promise<WmsDocument> {
  demand("operations", ctx.actor);
  return await makeAndConfirm(
    ctx,
    async (tx, outbox) => {
      const box = await rowById(tx, containers, containerId);
      if (!box) throw notFound();
      const lines = await tx.select().from(stockLines).where(eq(stockLines.containerId, containerId))
        .orderBy(stockLines.id);
      if (!lines.length) {
        throw new AppError("document.validation", {
          issues: [issue(null, "containerEmpty", { container: box.number })],
        });
      }
      return await createWorkingCopy(
        tx,
        outbox,
        ctx,
        {
          typeCode: "PRL",
          sourceLocationId: box.locationId,
          destinationLocationId: input.destinationLocationId,
        },
        lines.map((l) => ({
          productId: l.productId,
          quantity: l.quantity,
          quantityLeft: l.quantity,
          sourceLocationId: l.locationId,
          sourceContainerId: containerId,
          expiryDate: l.expiryDate,
          productionDate: l.productionDate,
          serialNumber: l.serialNumber,
        })),
      );
    },
    true,
    input.acceptWarnings,
  );
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
  demand("operations", ctx.actor);
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
