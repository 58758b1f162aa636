// The verbs of a freight ticket beside the resource's five: publish it to carriers (and take it back while
// nobody has offered), assign one carrier's offer (the others are rejected), archive it; a carrier's offer
// (one per carrier and ticket, changed or withdrawn while the ticket is published); and the messages on a
// ticket between the warehouse and one carrier. Each is one transaction with its RecordLog entry and its
// real-time event; a state that does not allow the change is 409 transport.statusChangeNotAllowed.
import { and, asc, count, eq, gt, ne, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../db/connection.ts";
import { demand } from "../../kernel/access.ts";
import type { TenantContext } from "../../kernel/context.ts";
import { AppError, fieldError, notFound } from "../../kernel/errors.ts";
import { bounds } from "../../../shared/limits.ts";
import type { ListQuery } from "../../kernel/list.ts";
import { nowIso } from "../../kernel/time.ts";
import { type Outbox, transactionWithEvents } from "../../hub/outbox.ts";
import { instant } from "../calendar/time.ts";
import { companies } from "../parties/companies/entity.ts";
import { users } from "../access/users/entity.ts";
import {
  assertRoute,
  currencyCode,
  type shipmentStatuses,
  shipmentTicket,
  shipmentTickets,
  transportMessages,
  transportOffer,
  transportOffers,
} from "./entity.ts";
import { rowById } from "../../db/prepared.ts";

type TicketRow = typeof shipmentTickets.$inferSelect;
type Status = (typeof shipmentStatuses)[number];

/** Most characters of a message on a ticket, and most messages one read answers. */
export const TRANSPORT_TEXT_MAX = 4000;
export const TRANSPORT_MESSAGES_PAGE = 200;

export const OfferInput = z.object({
  price: z.number().min(bounds("freightPrice").min).max(bounds("freightPrice").max),
  currency: currencyCode,
  pickupTime: instant.nullish().transform((v) => v ?? null),
  deliveryTime: instant.nullish().transform((v) => v ?? null),
  comment: z.string().trim().max(2000).nullish().transform((v) => v || null),
}).superRefine((v, c) => {
  if (v.pickupTime && v.deliveryTime && v.deliveryTime <= v.pickupTime) {
    c.addIssue({ code: "custom", path: ["deliveryTime"], params: { code: "validation.finishBeforeStart" } });
  }
});
export type OfferInput = z.output<typeof OfferInput>;

export const MessageInput = z.object({
  text: z.string().trim().min(1).max(TRANSPORT_TEXT_MAX),
  /** The carrier the warehouse writes to (a carrier's user writes to the warehouse and leaves it out). */
  carrierId: z.number().int().positive().nullish(),
});

export const TransportMessageOut = z.object({
  id: z.number(),
  ticketId: z.number(),
  carrierId: z.number(),
  fromWarehouse: z.boolean(),
  authorName: z.string(),
  text: z.string(),
  createdAt: z.string(),
});

/**
 * Changes one ticket whose state is one of `from`: `change` gives the new values (after its own checks). The
 * engine's patch does the rest as for an edit: dispatchers only, the scope, the version, the record log and
 * the event. Answers the ticket as the API shows it.
 */
async function changeTicket(
  ctx: TenantContext,
  id: number,
  from: readonly Status[],
  change: (tx: Db, row: TicketRow, outbox: Outbox) => Promise<Partial<TicketRow>>,
) {
  return await transactionWithEvents(ctx, async (tx, outbox) => {
    const [current] = await tx.select({ version: shipmentTickets.version }).from(shipmentTickets)
      .where(eq(shipmentTickets.id, id));
    if (!current) throw notFound();
    return await shipmentTicket.patchIn(tx, outbox, ctx, id, current.version, async (old) => {
      const row = old as TicketRow;
      if (!from.includes(row.statusCode)) throw new AppError("transport.statusChangeNotAllowed");
      return await change(tx, row, outbox);
    });
  });
}

/** POST ShipmentTicket/{id}/publish: a working copy is shown to every carrier. */
export function publishTicket(ctx: TenantContext, id: number) {
  return changeTicket(ctx, id, ["workingCopy"], (_tx, row) => {
    assertRoute(row);
    return Promise.resolve({ statusCode: "published", publishedAt: nowIso() });
  });
}

/** POST ShipmentTicket/{id}/unpublish: back to a working copy, while no carrier has an offer on it. */
export function unpublishTicket(ctx: TenantContext, id: number) {
  return changeTicket(ctx, id, ["published"], async (tx) => {
    const [offered] = await tx.select({ id: transportOffers.id }).from(transportOffers)
      .where(and(eq(transportOffers.ticketId, id), eq(transportOffers.statusCode, "submitted"))).limit(1);
    if (offered) throw new AppError("transport.statusChangeNotAllowed");
    return { statusCode: "workingCopy", publishedAt: null };
  });
}

/**
 * POST ShipmentTicket/{id}/assign/{offerId}: the carrier of a submitted offer gets the ticket; the other
 * carriers' offers are rejected. The offer's times, where given, become the ticket's.
 */
export function assignOffer(ctx: TenantContext, id: number, offerId: number) {
  return changeTicket(ctx, id, ["published"], async (tx, row, outbox) => {
    const [offer] = await tx.select().from(transportOffers)
      .where(and(eq(transportOffers.id, offerId), eq(transportOffers.ticketId, id)));
    if (!offer) throw notFound();
    if (offer.statusCode !== "submitted") throw new AppError("transport.statusChangeNotAllowed");
    const now = nowIso();
    await tx.update(transportOffers).set({
      statusCode: "accepted",
      updatedAt: now,
      version: offer.version + 1,
    })
      .where(eq(transportOffers.id, offerId));
    outbox.add("TransportOffer", "changed", offerId, offer.carrierId);
    const others = await tx.update(transportOffers).set({
      statusCode: "rejected",
      updatedAt: now,
      version: sql`${transportOffers.version} + 1`,
    })
      .where(and(
        eq(transportOffers.ticketId, id),
        ne(transportOffers.id, offerId),
        eq(transportOffers.statusCode, "submitted"),
      ))
      .returning({ id: transportOffers.id, carrierId: transportOffers.carrierId });
    for (const o of others) outbox.add("TransportOffer", "changed", o.id, o.carrierId);
    // The offer's times, where it gives them, in place of the ticket's: still pickup before delivery.
    const pickupTime = offer.pickupTime ?? row.pickupTime,
      deliveryTime = offer.deliveryTime ?? row.deliveryTime;
    if (pickupTime && deliveryTime && deliveryTime <= pickupTime) {
      throw fieldError({ deliveryTime: ["validation.finishBeforeStart"] });
    }
    return {
      statusCode: "assigned",
      carrierId: offer.carrierId,
      assignedOfferId: offer.id,
      ...(offer.pickupTime ? { pickupTime: offer.pickupTime } : {}),
      ...(offer.deliveryTime ? { deliveryTime: offer.deliveryTime } : {}),
    };
  });
}

/** POST ShipmentTicket/{id}/archive: a published or assigned ticket is done with; open offers are rejected. */
export function archiveTicket(ctx: TenantContext, id: number) {
  return changeTicket(ctx, id, ["published", "assigned"], async (tx, _row, outbox) => {
    const open = await tx.update(transportOffers).set({
      statusCode: "rejected",
      updatedAt: nowIso(),
      version: sql`${transportOffers.version} + 1`,
    })
      .where(and(eq(transportOffers.ticketId, id), eq(transportOffers.statusCode, "submitted")))
      .returning({ id: transportOffers.id, carrierId: transportOffers.carrierId });
    for (const o of open) outbox.add("TransportOffer", "changed", o.id, o.carrierId);
    return { statusCode: "archived" };
  });
}

/** The ticket as its reader may see it, or 404 (a carrier's user sees published and their own). */
async function readableTicket(tx: Db, ctx: TenantContext, id: number): Promise<TicketRow> {
  await shipmentTicket.getIn(tx, ctx, id);
  const row = await rowById(tx, shipmentTickets, id);
  if (!row) throw notFound();
  return row;
}

async function offerCount(tx: Db, ticketId: number): Promise<number> {
  const [{ n }] = await tx.select({ n: count() }).from(transportOffers)
    .where(and(eq(transportOffers.ticketId, ticketId), ne(transportOffers.statusCode, "withdrawn")));
  return n;
}

/**
 * POST ShipmentTicket/{id}/offer: a carrier's user makes their company's offer on a published ticket, or
 * changes it (one offer per carrier and ticket; a withdrawn one is made again).
 */
export async function makeOffer(ctx: TenantContext, ticketId: number, input: OfferInput) {
  const carrierId = carrierOf(ctx);
  const id = await transactionWithEvents(ctx, async (tx, outbox) => {
    const ticket = await readableTicket(tx, ctx, ticketId);
    if (ticket.statusCode !== "published") throw new AppError("transport.statusChangeNotAllowed");
    const now = nowIso();
    const [old] = await tx.select().from(transportOffers)
      .where(and(eq(transportOffers.ticketId, ticketId), eq(transportOffers.carrierId, carrierId)));
    let id: number;
    if (old) {
      await tx.update(transportOffers).set({
        ...input,
        statusCode: "submitted",
        createdByUserId: ctx.actor.userId,
        createdByName: await authorName(tx, ctx),
        updatedAt: now,
        version: old.version + 1,
      }).where(eq(transportOffers.id, old.id));
      id = old.id;
    } else {
      [{ id }] = await tx.insert(transportOffers).values({
        ...input,
        ticketId,
        carrierId,
        createdByUserId: ctx.actor.userId,
        createdByName: await authorName(tx, ctx),
        createdAt: now,
        updatedAt: now,
      }).returning({ id: transportOffers.id });
    }
    await tx.update(shipmentTickets).set({ offersCount: await offerCount(tx, ticketId) })
      .where(eq(shipmentTickets.id, ticketId));
    outbox.add("TransportOffer", old ? "changed" : "created", id, carrierId);
    outbox.add("ShipmentTicket", "changed", ticketId);
    return id;
  });
  return await transportOffer.get(ctx, id);
}

/** DELETE ShipmentTicket/{id}/offer: a carrier withdraws their offer while the ticket is still open. */
export async function withdrawOffer(ctx: TenantContext, ticketId: number) {
  const carrierId = carrierOf(ctx);
  const id = await transactionWithEvents(ctx, async (tx, outbox) => {
    const ticket = await readableTicket(tx, ctx, ticketId);
    const [offer] = await tx.select().from(transportOffers)
      .where(and(eq(transportOffers.ticketId, ticketId), eq(transportOffers.carrierId, carrierId)));
    if (!offer || offer.statusCode === "withdrawn") throw notFound();
    if (ticket.statusCode !== "published" || offer.statusCode !== "submitted") {
      throw new AppError("transport.statusChangeNotAllowed");
    }
    await tx.update(transportOffers).set({
      statusCode: "withdrawn",
      updatedAt: nowIso(),
      version: offer.version + 1,
    })
      .where(eq(transportOffers.id, offer.id));
    await tx.update(shipmentTickets).set({ offersCount: await offerCount(tx, ticketId) })
      .where(eq(shipmentTickets.id, ticketId));
    outbox.add("TransportOffer", "changed", offer.id, carrierId);
    outbox.add("ShipmentTicket", "changed", ticketId);
    return offer.id;
  });
  return await transportOffer.get(ctx, id);
}

/** GET ShipmentTicket/{id}/offers: every offer to the warehouse, a carrier's user only their own. */
export async function offersOf(ctx: TenantContext, ticketId: number, query: ListQuery) {
  await readableTicket(ctx.conn.db, ctx, ticketId);
  return await transportOffer.list(ctx, query, eq(transportOffers.ticketId, ticketId));
}

/** The name the other side reads: the user's visible name, else their username. */
async function authorName(tx: Db, ctx: TenantContext): Promise<string> {
  const [u] = await tx.select({ name: users.visibleName }).from(users).where(eq(users.id, ctx.actor.userId));
  return u?.name || ctx.actor.username;
}

/** The carrier company of the calling carrier's user. */
function carrierOf(ctx: TenantContext): number {
  demand("carrier", ctx.actor);
  return ctx.actor.contractorId!;
}

/**
 * The conversation a message belongs to: a carrier's user writes in their company's; the warehouse names
 * the carrier it writes to (any carrier: a published ticket is open to all of them).
 */
async function conversationOf(tx: Db, ctx: TenantContext, carrierId: number | null | undefined) {
  if (ctx.actor.contractorId !== null) return { carrierId: carrierOf(ctx), fromWarehouse: false };
  if (!carrierId) throw fieldError({ carrierId: ["validation.required"] });
  const [carrier] = await tx.select({ role: companies.keyRole }).from(companies).where(
    eq(companies.id, carrierId),
  );
  if (carrier?.role !== "carrier") throw fieldError({ carrierId: ["validation.invalidValue"] });
  return { carrierId, fromWarehouse: true };
}

/**
 * GET ShipmentTicket/{id}/messages/{lastMessageId}?carrierId=: a conversation's messages after the one given
 * (0: from the first), oldest first.
 */
export async function messagesOf(
  ctx: TenantContext,
  ticketId: number,
  lastId: number,
  carrierId?: number | null,
) {
  const db = ctx.conn.db;
  await readableTicket(db, ctx, ticketId);
  const c = await conversationOf(db, ctx, carrierId);
  return await db.select({
    id: transportMessages.id,
    ticketId: transportMessages.ticketId,
    carrierId: transportMessages.carrierId,
    fromWarehouse: transportMessages.fromWarehouse,
    authorName: transportMessages.authorName,
    text: transportMessages.text,
    createdAt: transportMessages.createdAt,
  }).from(transportMessages)
    .where(and(
      eq(transportMessages.ticketId, ticketId),
      eq(transportMessages.carrierId, c.carrierId),
      gt(transportMessages.id, lastId),
    ))
    .orderBy(asc(transportMessages.id)).limit(TRANSPORT_MESSAGES_PAGE);
}

/** POST ShipmentTicket/{id}/message: a message in the conversation between the warehouse and one carrier. */
export async function postMessage(
  ctx: TenantContext,
  ticketId: number,
  input: z.output<typeof MessageInput>,
) {
  return await transactionWithEvents(ctx, async (tx, outbox) => {
    const ticket = await readableTicket(tx, ctx, ticketId);
    // An archived ticket's conversations are closed; a working copy has none (no carrier sees it).
    if (ticket.statusCode === "archived" || ticket.statusCode === "workingCopy") {
      throw new AppError("transport.statusChangeNotAllowed");
    }
    const c = await conversationOf(tx, ctx, input.carrierId);
    // Once assigned, the ticket is one carrier's: the warehouse writes to that carrier alone.
    if (ticket.statusCode === "assigned" && c.carrierId !== ticket.carrierId) {
      throw fieldError({ carrierId: ["validation.invalidValue"] });
    }
    const now = nowIso();
    const [row] = await tx.insert(transportMessages).values({
      ticketId,
      carrierId: c.carrierId,
      fromWarehouse: c.fromWarehouse,
      userId: ctx.actor.userId,
      authorName: await authorName(tx, ctx),
      text: input.text,
      createdAt: now,
      updatedAt: now,
    }).returning();
    outbox.add("TransportMessage", "created", row.id, c.carrierId);
    const { userId: _u, updatedAt: _up, version: _v, ...message } = row;
    return message;
  });
}
