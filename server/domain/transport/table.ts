// Freight (docs/decisions/0013-freight.md): a shipment ticket the warehouse's dispatchers write and publish,
// the offers carriers make on a published ticket, and the messages between the warehouse and each carrier
// about a ticket. A carrier is a company whose key role is carrier; its users (tied to it, with the
// transport module) see published tickets and those assigned to their company, and only their own offers
// and conversations.
import { index, integer, real, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { users } from "../access/users/entity.ts";
import { companies } from "../parties/companies/entity.ts";

export const shipmentStatuses = ["workingCopy", "published", "assigned", "archived"] as const;
export const shipmentTickets = sqliteTable("shipment_tickets", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  /** Numbered when it is made (FT/yyyy/mm/00001), never reused. */
  shipmentNumber: text("shipment_number").notNull(),
  statusCode: text("status_code", { enum: shipmentStatuses }).notNull().default("workingCopy"),
  pickupPoint: text("pickup_point"),
  /** ISO 3166-1 alpha-2, in capitals. */
  pickupCountry: text("pickup_country"),
  /** An instant (ISO 8601, UTC). */
  pickupTime: text("pickup_time"),
  deliveryPoint: text("delivery_point"),
  deliveryCountry: text("delivery_country"),
  deliveryTime: text("delivery_time"),
  /** Kilograms. */
  loadWeight: real("load_weight"),
  loadPalCount: integer("load_pal_count"),
  loadTextInformation: text("load_text_information"),
  description: text("description"),
  /** The carrier whose offer was assigned, and that offer. */
  carrierId: integer("carrier_id").references(() => companies.id, { onDelete: "restrict" }),
  assignedOfferId: integer("assigned_offer_id"),
  /** Offers made on it (not withdrawn): kept by the offer verbs. */
  offersCount: integer("offers_count").notNull().default(0),
  publishedAt: text("published_at"),
  createdByUserId: integer("created_by_user_id").references(() => users.id, { onDelete: "set null" }),
  createdAt: text("created_at").notNull(),
  updatedAt: text("updated_at").notNull(),
  version: integer("version").notNull().default(1),
}, (t) => [
  uniqueIndex("shipment_tickets_number").on(t.shipmentNumber),
  index("shipment_tickets_status").on(t.statusCode, t.id),
  index("shipment_tickets_pickup_time").on(t.pickupTime, t.id),
  index("shipment_tickets_delivery_time").on(t.deliveryTime, t.id),
  index("shipment_tickets_pickup_country").on(t.pickupCountry, t.id),
  index("shipment_tickets_delivery_country").on(t.deliveryCountry, t.id),
  index("shipment_tickets_carrier").on(t.carrierId, t.id),
  index("shipment_tickets_created_at").on(t.createdAt, t.id),
  index("shipment_tickets_updated_at").on(t.updatedAt, t.id),
  index("shipment_tickets_published_at").on(t.publishedAt, t.id),
]);

export const offerStates = ["submitted", "accepted", "rejected", "withdrawn"] as const;
/** A carrier's offer on a published ticket: one per carrier and ticket, changed while the ticket is open. */
export const transportOffers = sqliteTable("transport_offers", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  ticketId: integer("ticket_id").notNull().references(() => shipmentTickets.id, { onDelete: "cascade" }),
  carrierId: integer("carrier_id").notNull().references(() => companies.id, { onDelete: "restrict" }),
  statusCode: text("status_code", { enum: offerStates }).notNull().default("submitted"),
  price: real("price").notNull(),
  /** ISO 4217, in capitals. */
  currency: text("currency").notNull(),
  pickupTime: text("pickup_time"),
  deliveryTime: text("delivery_time"),
  comment: text("comment"),
  createdByUserId: integer("created_by_user_id").references(() => users.id, { onDelete: "set null" }),
  createdByName: text("created_by_name"),
  createdAt: text("created_at").notNull(),
  updatedAt: text("updated_at").notNull(),
  version: integer("version").notNull().default(1),
}, (t) => [
  uniqueIndex("transport_offers_ticket_carrier").on(t.ticketId, t.carrierId),
  index("transport_offers_carrier").on(t.carrierId, t.id),
  index("transport_offers_status").on(t.statusCode, t.id),
  index("transport_offers_price").on(t.price, t.id),
  index("transport_offers_created_at").on(t.createdAt, t.id),
  index("transport_offers_updated_at").on(t.updatedAt, t.id),
]);

/** A message on a ticket between the warehouse and one carrier: each carrier's conversation is its own. */
export const transportMessages = sqliteTable("transport_messages", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  ticketId: integer("ticket_id").notNull().references(() => shipmentTickets.id, { onDelete: "cascade" }),
  carrierId: integer("carrier_id").notNull().references(() => companies.id, { onDelete: "restrict" }),
  /** Written by the warehouse's staff (else by the carrier's user). */
  fromWarehouse: integer("from_warehouse", { mode: "boolean" }).notNull(),
  userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
  authorName: text("author_name").notNull(),
  text: text("text").notNull(),
  createdAt: text("created_at").notNull(),
  updatedAt: text("updated_at").notNull(),
  version: integer("version").notNull().default(1),
}, (t) => [
  index("transport_messages_ticket").on(t.ticketId, t.carrierId, t.id),
  index("transport_messages_carrier").on(t.carrierId, t.id),
  index("transport_messages_created_at").on(t.createdAt, t.id),
]);
