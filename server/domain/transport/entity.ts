// The ShipmentTicket resource (a freight ticket) and the offers and messages on it as read-only resources.
// Dispatchers (the `shipping` access) add and edit tickets; the states move by verbs of their own
// (service.ts): a working copy is published to carriers, one carrier's offer is assigned, the ticket is
// archived. A carrier's users read published tickets and those assigned to their company; anything else
// answers 404, as another tenant's would.
import { and, eq, inArray, or, sql } from "drizzle-orm";
import { z } from "zod";
import type { Actor } from "../../kernel/context.ts";
import { isCarrier } from "../../kernel/access.ts";
import { AppError, fieldError } from "../../kernel/errors.ts";
import { bounds } from "../../../shared/limits.ts";
import { instant } from "../calendar/time.ts";
import { shipmentNumbering } from "../../../shared/config/contract.ts";
import { Resource } from "../../engine/engine.ts";
import { takeFreeNumber } from "../stock/numbering/service.ts";
import {
  offerStates,
  shipmentStatuses,
  shipmentTickets,
  transportMessages,
  transportOffers,
} from "./table.ts";

export { offerStates, shipmentStatuses, shipmentTickets, transportMessages, transportOffers };

/** ISO 3166-1 alpha-2 (`PL`), saved in capitals. */
export const countryCode = z.string().trim()
  .refine((v) => /^[A-Za-z]{2}$/.test(v), { params: { code: "validation.invalidValue" } })
  .transform((v) => v.toUpperCase());
/** ISO 4217 (`EUR`), saved in capitals. */
export const currencyCode = z.string().trim()
  .refine((v) => /^[A-Za-z]{3}$/.test(v), { params: { code: "validation.invalidValue" } })
  .transform((v) => v.toUpperCase());

/** The states in which a dispatcher may still change a ticket's fields. */
export const editableStatuses = ["workingCopy", "published"] as const;

/** What a carrier's user sees: published tickets, and those assigned to their company (archived too). */
export function carrierScope(actor: Actor) {
  if (actor.contractorId === null) return undefined;
  if (!isCarrier(actor)) return sql`0`;
  return or(
    eq(shipmentTickets.statusCode, "published"),
    and(
      eq(shipmentTickets.carrierId, actor.contractorId),
      inArray(shipmentTickets.statusCode, ["assigned", "archived"]),
    ),
  );
}

/** The fields a carrier needs to offer: where and when from, where and when to. */
const ROUTE = [
  "pickupPoint",
  "pickupCountry",
  "pickupTime",
  "deliveryPoint",
  "deliveryCountry",
  "deliveryTime",
] as const;

/** A published ticket keeps its route whole: each missing part is validation.required on its field. */
export function assertRoute(values: Partial<Record<(typeof ROUTE)[number], unknown>>): void {
  const missing = ROUTE.filter((f) => values[f] === null || values[f] === undefined || values[f] === "");
  if (missing.length) throw fieldError(Object.fromEntries(missing.map((f) => [f, ["validation.required"]])));
}

/** Pickup before delivery. */
function checkTimes(v: Record<string, unknown>, ctx: z.RefinementCtx): void {
  if (
    typeof v.pickupTime === "string" && typeof v.deliveryTime === "string" && v.deliveryTime <= v.pickupTime
  ) {
    ctx.addIssue({
      code: "custom",
      path: ["deliveryTime"],
      params: { code: "validation.finishBeforeStart" },
    });
  }
}

const listed = "sort filter show" as const;
const route = "group.shipmentTicket.route";
const load = "group.shipmentTicket.load";

export const shipmentTicket = new Resource({
  resource: "ShipmentTicket",
  table: shipmentTickets,
  title: ["shipmentNumber"],
  sort: "-createdAt",
  fields: {
    shipmentNumber: { input: false, list: "sort filter search show" },
    statusCode: { options: shipmentStatuses, input: false, list: listed },
    pickupPoint: { max: 300, list: "search show", group: route },
    pickupCountry: { schema: countryCode.nullish(), max: 2, upper: true, list: listed, group: route },
    pickupTime: { kind: "date", schema: instant.nullish(), list: listed, group: route },
    deliveryPoint: { max: 300, list: "search show", group: route },
    deliveryCountry: { schema: countryCode.nullish(), max: 2, upper: true, list: listed, group: route },
    deliveryTime: { kind: "date", schema: instant.nullish(), list: listed, group: route },
    loadWeight: { kind: "number", ...bounds("loadWeight"), unit: "kg", list: "show", group: load },
    loadPalCount: { kind: "number", ...bounds("palCount"), list: "show", group: load },
    loadTextInformation: { kind: "textarea", max: 2000, group: load },
    description: { kind: "textarea", max: 4000, list: "search" },
    carrierId: { input: false, display: "carrierName", only: { keyRole: "carrier" }, list: "filter show" },
    // Null to a carrier's user (present below).
    offersCount: { input: false, output: z.number().nullable(), list: "show" },
    publishedAt: { kind: "date", input: false, list: "sort filter" },
    createdAt: { list: "sort filter" },
    updatedAt: { list: "sort filter" },
    assignedOfferId: { input: false, meta: false },
    createdByUserId: { input: false, output: false, meta: false },
  },
  readAccess: "transport",
  writeAccess: "shipping",
  refine: checkTimes,
  scope: carrierScope,
  // Carriers compete: how many others have offered is the warehouse's to know.
  present: (_db, ctx, records) =>
    Promise.resolve(
      ctx.actor.contractorId === null ? records : records.map((r) => ({ ...r, offersCount: null })),
    ),
  // Numbered when made; a ticket assigned or archived is no longer edited.
  derive: async (tx, _values, old) => {
    if (old) return {};
    const shipmentNumber = await takeFreeNumber(
      tx,
      "shipment",
      shipmentNumbering(),
      new Date(),
      async (n) =>
        (await tx.select({ id: shipmentTickets.id }).from(shipmentTickets)
          .where(eq(shipmentTickets.shipmentNumber, n))).length > 0,
    );
    return { shipmentNumber };
  },
  validate: (_tx, _ctx, values, old) => {
    if (old && !(editableStatuses as readonly string[]).includes(old.statusCode as string)) {
      throw new AppError("transport.statusChangeNotAllowed");
    }
    // Carriers offer on a published ticket's route: an edit may not empty it.
    if (old?.statusCode === "published") assertRoute(values);
    return Promise.resolve();
  },

  toRow: (_input, row, ctx, old) => (old ? row : { ...row, createdByUserId: ctx.actor.userId }),
  // Only a working copy goes: once published, carriers may have offered on it (archive it instead).
  beforeDelete: (_tx, _ctx, old) => {
    if (old.statusCode !== "workingCopy") throw new AppError("record.statusForbidsDelete");
    return Promise.resolve();
  },
});

export const shipmentTicketMeta = { ...shipmentTicket.meta };

/** What a carrier's user reads of offers: their company's own. */
function ownCarrier(column: typeof transportOffers.carrierId | typeof transportMessages.carrierId) {
  return (actor: Actor) => {
    if (actor.contractorId === null) return undefined;
    if (!isCarrier(actor)) return sql`0`;
    return eq(column, actor.contractorId);
  };
}

/** The offers carriers made (made, changed and withdrawn through the ticket's verbs). */
export const transportOffer = new Resource({
  resource: "TransportOffer",
  table: transportOffers,
  title: ["createdByName"],
  sort: "-createdAt",
  readOnly: true,
  fields: {
    ticketId: { display: "shipmentNumber", list: "filter show" },
    carrierId: { display: "carrierName", only: { keyRole: "carrier" }, list: "filter show" },
    statusCode: { options: offerStates, list: listed },
    price: { kind: "money", ...bounds("freightPrice"), list: "sort show" },
    currency: { max: 3, upper: true, list: "show" },
    pickupTime: { kind: "date", list: "show" },
    deliveryTime: { kind: "date", list: "show" },
    comment: { kind: "textarea", max: 2000 },
    createdByName: { list: "show" },
    createdAt: { list: "sort filter show" },
    updatedAt: { list: "sort filter" },
    createdByUserId: { output: false, meta: false },
  },
  readAccess: "transport",
  scope: ownCarrier(transportOffers.carrierId),
});

export const transportOfferMeta = transportOffer.meta;

/** The messages on tickets, each in the conversation between the warehouse and one carrier. */
export const transportMessage = new Resource({
  resource: "TransportMessage",
  table: transportMessages,
  title: ["authorName"],
  sort: "-createdAt",
  readOnly: true,
  fields: {
    ticketId: { display: "shipmentNumber", list: "filter show" },
    carrierId: { display: "carrierName", only: { keyRole: "carrier" }, list: "filter show" },
    fromWarehouse: { list: "show" },
    authorName: { list: "show" },
    text: { kind: "textarea", max: 4000, list: "search show" },
    createdAt: { list: "sort filter show" },
    updatedAt: { meta: false },
    userId: { output: false, meta: false },
  },
  readAccess: "transport",
  scope: ownCarrier(transportMessages.carrierId),
});

export const transportMessageMeta = transportMessage.meta;
