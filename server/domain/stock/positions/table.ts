import { index, integer, real, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { products } from "../../assortment/products/table.ts";
import { storageSpaces } from "../../infrastructure/locations/table.ts";
import { containers } from "../containers/table.ts";
import { wmsDocuments } from "../documents/table.ts";

/**
 * Positions of a warehouse document. Quantities are thousandths; a location or container left empty
 * takes the document's. Deleting a (working-copy) document deletes its positions.
 */
export const wmsDocumentPositions = sqliteTable("wms_document_positions", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  documentId: integer("document_id").notNull().references(() => wmsDocuments.id, { onDelete: "cascade" }),
  productId: integer("product_id").notNull().references(() => products.id, { onDelete: "restrict" }),
  quantity: integer("quantity").notNull(),
  /** What was really counted or moved (terminal, confirmation); null until then. */
  quantityReal: integer("quantity_real"),
  /** quantity - quantityReal, never below 0. */
  quantityLeft: integer("quantity_left").notNull(),
  unitPrice: real("unit_price"),
  /** unitPrice x quantity, rounded to cents. */
  value: real("value"),
  expiryDate: text("expiry_date"),
  productionDate: text("production_date"),
  serialNumber: text("serial_number"),
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
  productComment: text("product_comment"),
  createdAt: text("created_at").notNull(),
  updatedAt: text("updated_at").notNull(),
  version: integer("version").notNull().default(1),
}, (t) => [
  index("wms_document_positions_document").on(t.documentId, t.id),
  index("wms_document_positions_product").on(t.productId, t.id),
  index("wms_document_positions_source_location").on(t.sourceLocationId, t.id),
  index("wms_document_positions_destination_location").on(t.destinationLocationId, t.id),
  index("wms_document_positions_source_container").on(t.sourceContainerId, t.id),
  index("wms_document_positions_destination_container").on(t.destinationContainerId, t.id),
  index("wms_document_positions_created_at").on(t.createdAt, t.id),
]);
