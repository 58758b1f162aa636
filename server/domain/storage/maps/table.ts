// A location's map (StorageSpace/{id}/schema): the drawing as it was cleaned (sanitize.ts), one per location,
// kept beside the location so that lists of locations never read it. Deleting the location deletes its map.
import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { storageSpaces } from "../locations/entity.ts";

export const storageSpaceMaps = sqliteTable("storage_space_maps", {
  locationId: integer("location_id").primaryKey()
    .references(() => storageSpaces.id, { onDelete: "cascade" }),
  fileName: text("file_name").notNull(),
  /** The cleaned drawing (an SVG root element). */
  svg: text("svg").notNull(),
  viewBox: text("view_box"),
  /** Bytes of the file as it was uploaded. */
  sizeBytes: integer("size_bytes").notNull(),
  uploadedAt: text("uploaded_at").notNull(),
  uploadedByName: text("uploaded_by_name"),
  version: integer("version").notNull().default(1),
});
