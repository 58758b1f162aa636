import {
  type AnySQLiteColumn,
  index,
  integer,
  sqliteTable,
  text,
  uniqueIndex,
} from "drizzle-orm/sqlite-core";
import { companies } from "../../parties/companies/table.ts";
import { users } from "../../access/users/table.ts";
import { storageSpaces } from "../../infrastructure/locations/table.ts";
import { documentStatuses } from "../../config/definitions.ts";
import { documentTypeCodes } from "../../config/contract.ts";
import { containers } from "../containers/table.ts";

/**
 * Warehouse documents. A working copy carries a draft number (draft prefix + the draft counter); the
 * confirmation gives it its number from the type's numbering schema. The position counts and sums
 * (thousandths) are kept by every position change, so lists show progress without a join.
 */
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
  index("wms_documents_assigned_user").on(t.assignedUserId, t.id),
  index("wms_documents_progress").on(t.progressPercent, t.id),
  index("wms_documents_created_at").on(t.createdAt, t.id),
  index("wms_documents_updated_at").on(t.updatedAt, t.id),
]);
