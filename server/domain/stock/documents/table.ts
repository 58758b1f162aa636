// The documents table, apart from its resource (entity.ts): the positions, the draft numbers, the lifecycle
// hooks and the ledger's readers name it without loading the resource's rules, which read them back.
import {
  type AnySQLiteColumn,
  index,
  integer,
  sqliteTable,
  text,
  uniqueIndex,
} from "drizzle-orm/sqlite-core";
import { companies } from "../../parties/companies/entity.ts";
import { users } from "../../access/users/entity.ts";
import { storageSpaces } from "../../storage/locations/entity.ts";
import { documentStatuses } from "../../config/definitions.ts";
import { documentTypeCodes } from "../../../../shared/config/contract.ts";
import { containers } from "../containers/table.ts";

/**
 * The column a document's `orderId` refers to (wms_orders.id), named by orders/entity.ts as it loads: stock
 * sits below orders and imports nothing of it, while drizzle-kit and the engine still read the foreign key
 * (each reads references lazily, once every table is loaded). A fact of the schema, the same for every app
 * in the process, unlike the lifecycle hooks, which are each app's.
 */
let orderIdTarget: AnySQLiteColumn | undefined;

/** Names the column `wms_documents.order_id` refers to (orders/entity.ts, once). */
export function documentsReferToOrders(column: AnySQLiteColumn): void {
  orderIdTarget = column;
}

function orderIdReference(): AnySQLiteColumn {
  if (!orderIdTarget) {
    throw new Error("wms_documents.order_id: orders/entity.ts names its target as it loads");
  }
  return orderIdTarget;
}

export const wmsDocuments = sqliteTable("wms_documents", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  documentNumber: text("document_number").notNull(),
  typeCode: text("type_code", { enum: documentTypeCodes }).notNull(),
  statusCode: text("status_code", { enum: documentStatuses }).notNull(),
  contractorId: integer("contractor_id").references(() => companies.id, { onDelete: "restrict" }),
  plannedDate: text("planned_date"),
  /** When the confirmation ran (UTC, ISO 8601). */
  executedAt: text("executed_at"),
  reportedDate: text("reported_date"),
  deadline: text("deadline"),
  sourceLocationId: integer("source_location_id").references(() => storageSpaces.id, {
    onDelete: "restrict",
  }),
  sourceContainerId: integer("source_container_id").references(() => containers.id, {
    onDelete: "restrict",
  }),
  destinationLocationId: integer("destination_location_id").references(() => storageSpaces.id, {
    onDelete: "restrict",
  }),
  destinationContainerId: integer("destination_container_id").references(() => containers.id, {
    onDelete: "restrict",
  }),
  precedingDocumentId: integer("preceding_document_id").references((): AnySQLiteColumn => wmsDocuments.id, {
    onDelete: "set null",
  }),
  precedingDocumentNumber: text("preceding_document_number"),
  /** The warehouse order this document carries out (api-contract.md, Orders); null for the others. */
  orderId: integer("order_id").references(orderIdReference, { onDelete: "set null" }),
  transportDocumentId: integer("transport_document_id"),
  transportDocumentNumber: text("transport_document_number"),
  comment: text("comment"),
  systemComments: text("system_comments"),
  assignedUserId: integer("assigned_user_id").references(() => users.id, { onDelete: "set null" }),
  /** Made by the system from another record (an order, another document): its positions are fixed. */
  generated: integer("generated", { mode: "boolean" }).notNull().default(false),
  positionsCount: integer("positions_count").notNull().default(0),
  /** Positions whose real quantity reached the quantity. */
  confirmedPositionsCount: integer("confirmed_positions_count").notNull().default(0),
  /** Thousandths. */
  quantitySum: integer("quantity_sum").notNull().default(0),
  quantityRealSum: integer("quantity_real_sum").notNull().default(0),
  progressPercent: integer("progress_percent").notNull().default(0),
  createdByUserId: integer("created_by_user_id"),
  createdAt: text("created_at").notNull(),
  updatedAt: text("updated_at").notNull(),
  version: integer("version").notNull().default(1),
}, (t) => [
  uniqueIndex("wms_documents_number").on(t.documentNumber),
  index("wms_documents_type").on(t.typeCode, t.id),
  index("wms_documents_status").on(t.statusCode, t.id),
  index("wms_documents_contractor").on(t.contractorId, t.id),
  index("wms_documents_planned_date").on(t.plannedDate, t.id),
  index("wms_documents_executed_at").on(t.executedAt, t.id),
  index("wms_documents_deadline").on(t.deadline, t.id),
  index("wms_documents_source_location").on(t.sourceLocationId, t.id),
  index("wms_documents_destination_location").on(t.destinationLocationId, t.id),
  index("wms_documents_source_container").on(t.sourceContainerId, t.id),
  index("wms_documents_destination_container").on(t.destinationContainerId, t.id),
  index("wms_documents_preceding").on(t.precedingDocumentId, t.id),
  index("wms_documents_order").on(t.orderId, t.id),
  index("wms_documents_assigned_user").on(t.assignedUserId, t.id),
  index("wms_documents_progress").on(t.progressPercent, t.id),
  index("wms_documents_created_at").on(t.createdAt, t.id),
  index("wms_documents_updated_at").on(t.updatedAt, t.id),
]);

export type DocumentRow = typeof wmsDocuments.$inferSelect;
