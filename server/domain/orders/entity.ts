// Warehouse orders (api-contract.md, Orders): the plan a warehouse works to — a receipt a supplier
// announced (OIN), a release a customer asked for (OOU), a picking wave (OPI), a stock count (VER-A all
// stock, VER-P some products, VER-C a contractor's goods, VER-L a location and everything under it).
// Logistics staff create and edit working copies; every staff user reads; a contractor user reads only
// their contractor's orders (another's is 404). Only a working copy is edited or deleted; its positions go
// with it. A working copy carries a draft number of its own counter; confirming it (a later step) gives it
// the number of its type's numbering schema. The position count and quantity sum are kept by every
// position change, so lists show them without a join.
import { eq, sql } from "drizzle-orm";
import { index, integer, primaryKey, real, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { z } from "zod";
import type { Db } from "../../db/connection.ts";
import { AppError, fieldError } from "../../kernel/errors.ts";
import { bounds } from "../../../shared/limits.ts";
import { companies } from "../parties/companies/entity.ts";
import { users } from "../access/users/entity.ts";
import { products } from "../assortment/products/entity.ts";
import { storageSpaces } from "../storage/locations/entity.ts";
import { orderTypeCodes } from "../../../shared/config/contract.ts";
import {
  orderPriorities,
  orderProcessStatuses,
  orderStatuses,
  orderVerificationStatuses,
  wmsOrderDefinitions,
} from "../config/definitions.ts";
import { Resource } from "../../engine/engine.ts";
import { optDate } from "../../engine/fields.ts";
import { readLogisticsConfig } from "../stock/config.ts";
import { milli } from "../stock/quantity.ts";
import { takeFreeNumber } from "../stock/numbering/service.ts";
import { documentsReferToOrders } from "../stock/documents/table.ts";

/** A production order's type: not one a user makes with POST WmsOrder (api-contract.md, Orders). */
export const productionTypeCode = "PRD" as const;

/** The states of a sell offer. */
export const offerStatuses = ["active", "accepted", "rejected", "expired"] as const;

/** Where an order came from. */
export const orderSources = ["manual", "portal", "supply", "production", "clone"] as const;

export const wmsOrders = sqliteTable("wms_orders", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  orderNumber: text("order_number").notNull(),
  typeCode: text("type_code", { enum: [...orderTypeCodes, productionTypeCode] }).notNull(),
  statusCode: text("status_code", { enum: orderStatuses }).notNull(),
  processStatusCode: text("process_status_code", { enum: orderProcessStatuses }).notNull(),
  /** Verification orders only; null on the others. */
  verificationStatusCode: text("verification_status_code", { enum: orderVerificationStatuses }),
  priority: text("priority", { enum: orderPriorities }).notNull().default("normal"),
  /** The contractor the order is for (a VER-C count's scope: the goods of this contractor). */
  contractorId: integer("contractor_id").references(() => companies.id, { onDelete: "restrict" }),
  /** A VER-L count's scope: this location and everything under it. */
  scopeLocationId: integer("scope_location_id").references(() => storageSpaces.id, { onDelete: "restrict" }),
  sourceLocationId: integer("source_location_id").references(() => storageSpaces.id, {
    onDelete: "restrict",
  }),
  destinationLocationId: integer("destination_location_id").references(() => storageSpaces.id, {
    onDelete: "restrict",
  }),
  plannedDate: text("planned_date"),
  deadline: text("deadline"),
  packBy: text("pack_by"),
  unpackBy: text("unpack_by"),
  assignedUserId: integer("assigned_user_id").references(() => users.id, { onDelete: "set null" }),
  closedManuallyReason: text("closed_manually_reason"),
  comment: text("comment"),
  sourceType: text("source_type", { enum: orderSources }).notNull().default("manual"),
  summaryValue: real("summary_value"),
  /** A sell offer (a release order offered to a customer): active, accepted, rejected or expired. */
  offerStatus: text("offer_status", { enum: offerStatuses }),
  /** The last day a sell offer may be accepted (a day); past it the offer is expired. */
  offerValidUntil: text("offer_valid_until"),
  deliveryTerms: text("delivery_terms"),
  paymentTerms: text("payment_terms"),
  positionsCount: integer("positions_count").notNull().default(0),
  /** Thousandths. */
  quantitySum: integer("quantity_sum").notNull().default(0),
  /** Positions done: of a receipt, release or picking, wholly confirmed on documents; of a count, counted. */
  positionsDoneCount: integer("positions_done_count").notNull().default(0),
  /** Thousandths confirmed on the order's documents (receipts, releases, picking). */
  quantityDoneSum: integer("quantity_done_sum").notNull().default(0),
  /** Done of the whole, 0–100: by quantity for receipts, releases and picking; by positions for counts. */
  progressPercent: integer("progress_percent").notNull().default(0),
  /** A production (PRD): the product it makes, how much (thousandths), and how much is made so far. */
  productionProductId: integer("production_product_id").references(() => products.id, {
    onDelete: "restrict",
  }),
  productionQuantity: integer("production_quantity"),
  producedQuantity: integer("produced_quantity"),
  /** A count: the ledger's highest movement id when counting started (decision 0008). */
  countMark: integer("count_mark"),
  /**
   * A count whose positions are still being made from its scope, in slices: the last stock line read, by its
   * key for a count of all stock (read in key order: product, then place, so that the positions' indexes grow
   * at their ends), else by its id (counts.ts, prepareSlice).
   */
  countCursor: text("count_cursor_key"),
  /** A count's positions are still being made from its scope (its progress: positionsCount so far). */
  countPreparing: integer("count_preparing", { mode: "boolean" }).notNull().default(false),
  /** Stock lines in a count's scope when counting started (what preparing works through). */
  countLinesTotal: integer("count_lines_total"),
  createdByUserId: integer("created_by_user_id"),
  createdAt: text("created_at").notNull(),
  updatedAt: text("updated_at").notNull(),
  version: integer("version").notNull().default(1),
}, (t) => [
  uniqueIndex("wms_orders_number").on(t.orderNumber),
  index("wms_orders_type").on(t.typeCode, t.id),
  index("wms_orders_status").on(t.statusCode, t.id),
  index("wms_orders_process_status").on(t.processStatusCode, t.id),
  index("wms_orders_verification_status").on(t.verificationStatusCode, t.id),
  index("wms_orders_pack_by").on(t.packBy, t.id),
  index("wms_orders_unpack_by").on(t.unpackBy, t.id),
  index("wms_orders_positions_count").on(t.positionsCount, t.id),
  index("wms_orders_progress").on(t.progressPercent, t.id),
  index("wms_orders_priority").on(t.priority, t.id),
  // What a process's start and a tenant's first opening look for: the counts left preparing (issue 33).
  index("wms_orders_count_preparing").on(t.id).where(sql`${t.countPreparing} = 1`),
  index("wms_orders_contractor").on(t.contractorId, t.id),
  index("wms_orders_scope_location").on(t.scopeLocationId, t.id),
  index("wms_orders_source_location").on(t.sourceLocationId, t.id),
  index("wms_orders_destination_location").on(t.destinationLocationId, t.id),
  index("wms_orders_planned_date").on(t.plannedDate, t.id),
  index("wms_orders_deadline").on(t.deadline, t.id),
  index("wms_orders_assigned_user").on(t.assignedUserId, t.id),
  index("wms_orders_production_product").on(t.productionProductId, t.id),
  index("wms_orders_offer_status").on(t.offerStatus, t.id),
  index("wms_orders_created_at").on(t.createdAt, t.id),
  index("wms_orders_updated_at").on(t.updatedAt, t.id),
]);

// A document's orderId refers to an order: said from this side, stock importing nothing of orders.
documentsReferToOrders(wmsOrders.id);

/** A VER-P count's scope: the products it counts. */
export const wmsOrderScopeProducts = sqliteTable("wms_order_scope_products", {
  orderId: integer("order_id").notNull().references(() => wmsOrders.id, { onDelete: "cascade" }),
  productId: integer("product_id").notNull().references(() => products.id, { onDelete: "restrict" }),
}, (t) => [
  primaryKey({ columns: [t.orderId, t.productId] }),
  index("wms_order_scope_products_product").on(t.productId, t.orderId),
]);

const kindOf = (typeCode: string) => wmsOrderDefinitions.find((d) => d.typeCode === typeCode)!;

/** A working copy's draft number: the draft prefix, "Z" and its own counter (Z for zlecenie, an order). */
async function takeOrderDraftNumber(tx: Db): Promise<string> {
  const config = await readLogisticsConfig(tx);
  const prefix = `${config.numbering.draftPrefix}Z`;
  const schema = { parts: [{ type: "counter" as const, digits: 5 }], reset: "never" as const };
  const n = await takeFreeNumber(tx, "orderDraft", schema, new Date(), async (n) => {
    const [hit] = await tx.select({ id: wmsOrders.id }).from(wmsOrders)
      .where(eq(wmsOrders.orderNumber, `${prefix}${Number(n)}`));
    return hit !== undefined;
  });
  return `${prefix}${Number(n)}`;
}

/** The scope fields a type takes; the others must be empty (checked with the input, links included). */
function checkScope(values: Record<string, unknown>, ctx: z.RefinementCtx): void {
  const def = wmsOrderDefinitions.find((d) => d.typeCode === values.typeCode);
  if (!def) return; // the type itself is refused by its own field
  const scope = "scope" in def ? def.scope : undefined;
  const products = (values.scopeProductIds as number[] | undefined) ?? [];
  const refuse = (field: string, code: "validation.required" | "validation.invalidValue") =>
    ctx.addIssue({ code: "custom", path: [field], message: code, params: { code } });
  if (scope === "location" && values.scopeLocationId == null) {
    refuse("scopeLocationId", "validation.required");
  }
  if (scope !== "location" && values.scopeLocationId != null) {
    refuse("scopeLocationId", "validation.invalidValue");
  }
  if (scope === "product" && products.length === 0) refuse("scopeProductIds", "validation.required");
  if (scope !== "product" && products.length > 0) refuse("scopeProductIds", "validation.invalidValue");
  if (scope === "contractor" && values.contractorId == null) refuse("contractorId", "validation.required");
}

type OrderRow = typeof wmsOrders.$inferSelect;

/** Process statuses of an order that is still to be carried out. */
export const openProcessStatuses = ["pending", "waitingToProcess", "inProgress", "doneUnconfirmed"] as const;

/** Whole days an open order is past its expected date (deadline, else planned date); null when it is not. */
export function delayOf(
  row: Pick<OrderRow, "deadline" | "plannedDate" | "statusCode" | "processStatusCode">,
) {
  const expected = row.deadline ?? row.plannedDate;
  if (!expected || row.statusCode !== "confirmed") return null;
  if (!(openProcessStatuses as readonly string[]).includes(row.processStatusCode)) return null;
  const days = Math.floor((Date.now() - Date.parse(`${expected.slice(0, 10)}T00:00:00Z`)) / 86_400_000);
  return days > 0 ? days : null;
}

/** A sell offer's status as the API shows it: an active one past its last day is expired. */
export function offerStatusOf(row: Pick<OrderRow, "offerStatus" | "offerValidUntil">, today = new Date()) {
  if (row.offerStatus !== "active" || !row.offerValidUntil) return row.offerStatus;
  return row.offerValidUntil < today.toISOString().slice(0, 10) ? "expired" : "active";
}

const listed = "sort filter show";
/** Kept off the screens' metadata: the API takes or answers it, no generic screen shows it. */
const apiOnly = { meta: false } as const;

export const wmsOrder = new Resource({
  resource: "WmsOrder",
  table: wmsOrders,
  title: ["orderNumber"],
  sort: "-createdAt",
  keyColumns: ["orderNumber", "typeCode", "statusCode", "progressPercent"],
  fields: {
    orderNumber: { input: false, list: "sort filter search show" },
    // A production (PRD) is made by GenerateProduction, never by hand.
    typeCode: { input: "add", schema: z.enum(orderTypeCodes), list: listed },
    statusCode: { input: false, list: listed },
    processStatusCode: { input: false, list: listed },
    verificationStatusCode: { input: false, list: listed },
    priority: { schema: z.enum(orderPriorities).default("normal"), formDefault: "normal", list: listed },
    contractorId: { display: "contractorName", only: { keyRole: "contractor" }, list: listed },
    // A count's scope is set when it is made (and checked with its type then), never changed after.
    scopeLocationId: { input: "add", display: "scopeLocationLabel", list: "filter" },
    scopeProductIds: { input: "add", link: { table: wmsOrderScopeProducts } },
    sourceLocationId: { display: "sourceLocationLabel", list: "filter" },
    destinationLocationId: { display: "destinationLocationLabel", list: "filter" },
    plannedDate: { kind: "date", list: listed },
    deadline: { kind: "date", list: listed },
    packBy: { kind: "date", list: "sort filter" },
    unpackBy: { kind: "date", list: "sort filter" },
    assignedUserId: { list: "filter" },
    comment: { kind: "textarea", max: 4000, list: "search" },
    positionsCount: { input: false, list: "sort show" },
    progressPercent: { input: false, unit: "%", list: "sort filter show" },
    // Days past the expected date (the deadline, else the planned date) of an order still open; else null.
    delayDays: { output: z.number().nullable(), input: false, ...apiOnly },
    positionsDoneCount: { input: false, ...apiOnly },
    quantityDoneSum: { input: false, output: z.number(), codec: milli, ...apiOnly },
    createdAt: { list: "sort filter" },
    updatedAt: { list: "sort filter" },
    closedManuallyReason: { input: false, ...apiOnly },
    sourceType: { input: false, ...apiOnly },
    summaryValue: { kind: "money", ...bounds("orderValue"), ...apiOnly },
    offerStatus: {
      schema: z.enum(offerStatuses).nullish().transform((v) => v ?? null),
      output: z.enum(offerStatuses).nullable(),
      list: "filter",
    },
    offerValidUntil: { kind: "date", day: true, schema: optDate, list: "show" },
    deliveryTerms: { max: 1000, ...apiOnly },
    paymentTerms: { max: 1000, ...apiOnly },
    quantitySum: { input: false, output: z.number(), codec: milli, ...apiOnly },
    createdByUserId: { input: false, output: false, ...apiOnly },
    productionProductId: { input: false, display: "productionProductIndex", ...apiOnly },
    productionQuantity: { input: false, output: z.number().nullable(), codec: milli, ...apiOnly },
    producedQuantity: { input: false, output: z.number().nullable(), codec: milli, ...apiOnly },
    countMark: { input: false, output: false, ...apiOnly },
    countCursor: { input: false, output: false, ...apiOnly },
    countPreparing: { input: false, ...apiOnly },
    countLinesTotal: { input: false, ...apiOnly },
  },
  readAccess: "user",
  writeAccess: "logistics",
  toRecord: (row, record) => ({
    ...record,
    delayDays: delayOf(row as OrderRow),
    // An active offer past its last day is expired, whatever is stored.
    offerStatus: offerStatusOf(row as OrderRow),
  }),
  refine: checkScope,
  scope: (
    actor,
  ) => (actor.contractorId === null ? undefined : eq(wmsOrders.contractorId, actor.contractorId)),
  toRow: (input, row, ctx, old) => {
    if (old) return row;
    const verification = kindOf(input.typeCode as string).kind === "verification";
    return {
      ...row,
      statusCode: "workingCopy",
      processStatusCode: "pending",
      verificationStatusCode: verification ? "notStarted" : null,
      sourceType: "manual",
      createdByUserId: ctx.actor.userId,
    };
  },
  validate: async (tx, _ctx, values, old) => {
    if (old && old.statusCode !== "workingCopy") throw new AppError("order.statusChangeNotAllowed");
    // An order a contractor placed through the portal stays that contractor's (server/domain/portal/).
    if (old && values.contractorId !== old.contractorId) {
      const linked = await tx.all(sql`SELECT 1 FROM external_orders WHERE wms_order_id = ${old.id} LIMIT 1`);
      if (linked.length) throw fieldError({ contractorId: ["validation.invalidValue"] });
    }
    // An edit names no type (it is set once): a VER-C count keeps a contractor.
    if (old?.typeCode === "VER-C" && values.contractorId == null) {
      throw fieldError({ contractorId: ["validation.required"] });
    }
    if (!old) {
      const config = await readLogisticsConfig(tx);
      if (config.orderTypesEnabled[values.typeCode as (typeof orderTypeCodes)[number]] === false) {
        throw fieldError({ typeCode: ["validation.invalidValue"] });
      }
    }
  },
  derive: async (tx, _values, old) => (old ? {} : { orderNumber: await takeOrderDraftNumber(tx) }),
  beforeDelete: (_tx, _ctx, old) => {
    if (old.statusCode !== "workingCopy") throw new AppError("record.statusForbidsDelete");
    return Promise.resolve();
  },
});

export const wmsOrderMeta = wmsOrder.meta;
