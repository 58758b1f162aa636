// The contractor portal's orders (api-contract.md, Contractor portal; docs/decisions/0011): what a
// contractor user orders out of the warehouse (OOU) or announces into it (OIN). While a user fills it, an
// external order is their cart (one per user and direction, statusCode `cart`, no warehouse order yet);
// confirming it makes the warehouse order staff work to, and from then on its statusCode follows that
// order (a trigger on wms_orders, migrations/tenant/0020_contractor_portal.sql): submitted while staff have
// not confirmed it, sent, in progress, partially and fully received as its documents are confirmed; its
// number is the warehouse order's.
import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { companies } from "../parties/companies/entity.ts";
import { products } from "../assortment/products/entity.ts";
import { wmsOrders } from "../orders/entity.ts";
import { wmsOrderPositions } from "../orders/positions/entity.ts";

export const externalOrderStatuses = [
  "cart",
  "submitted",
  "sent",
  "inProgress",
  "partiallyReceived",
  "fullyReceived",
] as const;
/** Goods out of the warehouse to the contractor (OOU) or announced into it by the contractor (OIN). */
export const externalOrderTypes = ["OOU", "OIN"] as const;
export type ExternalOrderType = (typeof externalOrderTypes)[number];

export const externalOrders = sqliteTable("external_orders", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  contractorId: integer("contractor_id").notNull().references(() => companies.id, { onDelete: "restrict" }),
  typeCode: text("type_code", { enum: externalOrderTypes }).notNull(),
  /** The warehouse order's number (its draft number until staff confirm it), kept by the same trigger. */
  orderNumber: text("order_number"),
  statusCode: text("status_code", { enum: externalOrderStatuses }).notNull(),
  deliveryDate: text("delivery_date"),
  comment: text("comment"),
  /** The warehouse order it became; null while it is a cart. Staff close such an order, never delete it. */
  wmsOrderId: integer("wms_order_id").references(() => wmsOrders.id, { onDelete: "restrict" }),
  positionsCount: integer("positions_count").notNull().default(0),
  /** Thousandths. */
  quantitySum: integer("quantity_sum").notNull().default(0),
  createdByUserId: integer("created_by_user_id").notNull(),
  createdByName: text("created_by_name"),
  submittedAt: text("submitted_at"),
  createdAt: text("created_at").notNull(),
  updatedAt: text("updated_at").notNull(),
  version: integer("version").notNull().default(1),
}, (t) => [
  // One cart per user and direction.
  uniqueIndex("external_orders_cart").on(t.createdByUserId, t.typeCode).where(sql`${t.statusCode} = 'cart'`),
  uniqueIndex("external_orders_wms_order").on(t.wmsOrderId),
  index("external_orders_contractor").on(t.contractorId, t.id),
  index("external_orders_number").on(t.orderNumber, t.id),
  index("external_orders_status").on(t.statusCode, t.id),
  index("external_orders_type").on(t.typeCode, t.id),
  index("external_orders_delivery_date").on(t.deliveryDate, t.id),
  index("external_orders_submitted_at").on(t.submittedAt, t.id),
  index("external_orders_created_at").on(t.createdAt, t.id),
  index("external_orders_updated_at").on(t.updatedAt, t.id),
  index("external_orders_positions_count").on(t.positionsCount, t.id),
]);

export const externalOrderPositions = sqliteTable("external_order_positions", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  externalOrderId: integer("external_order_id").notNull()
    .references(() => externalOrders.id, { onDelete: "cascade" }),
  productId: integer("product_id").notNull().references(() => products.id, { onDelete: "restrict" }),
  /** Thousandths. */
  quantity: integer("quantity").notNull(),
  /** What the contractor says reached them (thousandths; quantityRecieved of the contract); null: not said. */
  quantityReceived: integer("quantity_received"),
  receivedAt: text("received_at"),
  wmsOrderPositionId: integer("wms_order_position_id")
    .references(() => wmsOrderPositions.id, { onDelete: "set null" }),
  createdAt: text("created_at").notNull(),
  updatedAt: text("updated_at").notNull(),
  version: integer("version").notNull().default(1),
}, (t) => [
  uniqueIndex("external_order_positions_product").on(t.externalOrderId, t.productId),
  index("external_order_positions_order").on(t.externalOrderId, t.id),
  index("external_order_positions_product_id").on(t.productId, t.id),
  index("external_order_positions_wms").on(t.wmsOrderPositionId),
  index("external_order_positions_created_at").on(t.createdAt, t.id),
  index("external_order_positions_updated_at").on(t.updatedAt, t.id),
  index("external_order_positions_quantity").on(t.quantity, t.id),
]);
