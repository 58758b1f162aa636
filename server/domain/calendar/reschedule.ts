// A drag on the calendar: the entry's record gets its new date (and, dropped on another row, its user or
// dock), with the version check of every edit (a stale drag: 409 record.changedByAnotherUser, and the
// client puts the entry back). An event is edited through the engine; a document or an order has only the
// planning fields changed, so a confirmed order can still be moved to another day (its content cannot).
import { and, eq, isNull } from "drizzle-orm";
import { z } from "zod";
import type { TenantContext } from "../../kernel/context.ts";
import { AppError, fieldError } from "../../kernel/errors.ts";
import { users } from "../access/users/entity.ts";
import { wmsDocumentDefinitions } from "../config/definitions.ts";
import { wmsOrder } from "../orders/entity.ts";
import { wmsDocument } from "../stock/documents/entity.ts";
import { calendarEvent } from "./entity.ts";
import { dockIds, documentDateFields, orderDateFields } from "./entries.ts";
import { instant, isRealDay } from "./time.ts";

/** A calendar day that exists (`2026-02-30` does not). */
const day = z.string().refine((v) => isRealDay(v), { params: { code: "validation.invalidValue" } });

export const RescheduleBody = z.object({
  kind: z.enum(["document", "order", "event"]),
  id: z.number().int().positive(),
  /** The date field of a document or order entry; ignored for an event. */
  field: z.enum(["plannedDate", "deadline", "packBy", "unpackBy"]).nullish(),
  version: z.number().int().positive(),
  /** The new start: an instant, or a day for an entry that names a day. */
  start: z.union([day, instant]),
  /** An event's new finish; left out, it keeps its length. */
  finish: instant.nullish(),
  /** Dropped on a user's row. */
  userId: z.number().int().positive().nullish(),
  /** Dropped on a dock's row. */
  locationId: z.number().int().positive().nullish(),
});
export type RescheduleBody = z.output<typeof RescheduleBody>;

const isDay = (v: string | null) => v !== null && /^\d{4}-\d{2}-\d{2}$/.test(v);

/**
 * The value to store: a day stays a day, an instant an instant; a bare day given for an instant keeps its time
 * of day in UTC (the calendar itself sends an instant for a timed entry, placed in the user's time zone).
 */
function newValue(old: string | null, start: string): string {
  if (isDay(start)) {
    if (old === null || isDay(old)) return start;
    // A time-of-day entry moved to another day in the month view keeps its time.
    const at = new Date(Date.parse(old.length === 16 || !/(Z|[+-]\d{2}:\d{2})$/.test(old) ? `${old}Z` : old));
    return `${start}${at.toISOString().slice(10)}`;
  }
  return start;
}

export async function reschedule(ctx: TenantContext, body: RescheduleBody) {
  if (body.kind === "event") return await moveEvent(ctx, body);
  return await moveRecord(ctx, body);
}

async function moveEvent(ctx: TenantContext, body: RescheduleBody) {
  const rec = await calendarEvent.get(ctx, body.id) as Record<string, unknown>;
  if (rec.version !== body.version) throw new AppError("record.changedByAnotherUser");
  const start = isDay(body.start) ? newValue(rec.startDate as string, body.start) : body.start;
  const length = Date.parse(rec.finishDate as string) - Date.parse(rec.startDate as string);
  const finish = body.finish ?? new Date(Date.parse(start) + length).toISOString();
  const row = body.userId
    ? { resourceSubType: "user", userId: body.userId, locationId: null }
    : body.locationId
    ? { resourceSubType: "dock", userId: null, locationId: body.locationId }
    : { resourceSubType: rec.resourceSubType, userId: rec.userId, locationId: rec.locationId };
  const input = calendarEvent.entity.update.parse({
    id: body.id,
    version: body.version,
    title: rec.title,
    description: rec.description,
    startDate: start,
    finishDate: finish,
    ...row,
  });
  return await calendarEvent.edit(ctx, input as typeof input & { id: number; version: number });
}

async function moveRecord(ctx: TenantContext, body: RescheduleBody) {
  const isDoc = body.kind === "document";
  const resource = isDoc ? wmsDocument : wmsOrder;
  const fields: readonly string[] = isDoc ? documentDateFields : orderDateFields;
  const field = body.field ?? "plannedDate";
  if (!fields.includes(field)) throw fieldError({ field: ["validation.invalidValue"] });
  return await resource.patch(ctx, body.id, body.version, async (old, tx) => {
    // A document's own rules for an edit: a working copy only; an order's generated ones by logistics staff.
    if (isDoc) await wmsDocument.def.validate?.(tx, ctx, old, old);
    if (!isDoc && old.statusCode !== "workingCopy" && old.statusCode !== "confirmed") {
      throw new AppError("order.statusChangeNotAllowed");
    }
    // A confirmed order's places are fixed with its documents and reservations: only its dates move.
    if (!isDoc && old.statusCode === "confirmed" && body.locationId) {
      throw new AppError("order.statusChangeNotAllowed");
    }
    const values: Record<string, unknown> = { [field]: newValue(old[field] as string | null, body.start) };
    if (body.userId) {
      // As the planner's rows: an active, unblocked staff user.
      const [user] = await tx.select({ id: users.id }).from(users).where(and(
        eq(users.id, body.userId),
        eq(users.active, true),
        eq(users.blocked, false),
        isNull(users.connectedContractorId),
      ));
      if (!user) throw fieldError({ userId: ["validation.invalidValue"] });
      values.assignedUserId = body.userId;
    }
    if (body.locationId) {
      // Dropped on another dock: the side of the record that is at a dock moves there.
      const docks = await dockIds(tx);
      if (!docks.has(body.locationId)) throw fieldError({ locationId: ["validation.invalidValue"] });
      const out = isDoc &&
        wmsDocumentDefinitions.find((d) => d.typeCode === old.typeCode)?.direction === "out";
      const side = isDoc
        ? (out ? "sourceLocationId" : "destinationLocationId")
        : ["destinationLocationId", "sourceLocationId"].find((s) => docks.has(old[s] as number));
      if (!side || (isDoc && !docks.has(old[side] as number))) {
        throw fieldError({ locationId: ["validation.invalidValue"] });
      }
      values[side] = body.locationId;
    }
    return values;
  });
}
