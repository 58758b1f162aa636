// Storage locations (StorageSpace), nested under a parent location. Business managers and administrators
// keep them, all staff read them. Each row stores its path (the labels from the root joined with " / ") so
// the tree sorts by it; a change of a label or a parent rewrites the paths below it in the same
// transaction. A location with children, stock, containers or documents cannot be deleted.
import { bounds } from "../../../../shared/limits.ts";
import { eq, sql } from "drizzle-orm";
import {
  type AnySQLiteColumn,
  index,
  integer,
  real,
  sqliteTable,
  text,
  uniqueIndex,
} from "drizzle-orm/sqlite-core";
import type { Db } from "../../../db/connection.ts";
import { Resource } from "../../../engine/engine.ts";
import { storageSpaceTypes } from "../location_types/entity.ts";
import { checkParent } from "../tree.ts";

/** Longest label and barcode. */
export const LABEL_MAX = 100;

export const storageSpaces = sqliteTable("storage_spaces", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  label: text("label").notNull(),
  barcode: text("barcode").notNull(),
  description: text("description"),
  parentId: integer("parent_id").references((): AnySQLiteColumn => storageSpaces.id, {
    onDelete: "restrict",
  }),
  path: text("path").notNull(),
  typeId: integer("type_id").references(() => storageSpaceTypes.id, { onDelete: "restrict" }),
  capacityKg: real("capacity_kg"),
  /** Celsius. */
  temperature: real("temperature"),
  coordinateX: real("coordinate_x"),
  coordinateY: real("coordinate_y"),
  coordinateZ: real("coordinate_z"),
  dimensionX: real("dimension_x"),
  dimensionY: real("dimension_y"),
  dimensionZ: real("dimension_z"),
  pickupOrder: integer("pickup_order"),
  mapSouthWestX: real("map_south_west_x"),
  mapSouthWestY: real("map_south_west_y"),
  mapNorthEastX: real("map_north_east_x"),
  mapNorthEastY: real("map_north_east_y"),
  cooled: integer("cooled", { mode: "boolean" }).notNull().default(false),
  outside: integer("outside", { mode: "boolean" }).notNull().default(false),
  protected: integer("protected", { mode: "boolean" }).notNull().default(false),
  defaultLocation: integer("default_location", { mode: "boolean" }).notNull().default(false),
  lockedIn: integer("locked_in", { mode: "boolean" }).notNull().default(false),
  lockedOut: integer("locked_out", { mode: "boolean" }).notNull().default(false),
  zoneReceipt: integer("zone_receipt", { mode: "boolean" }).notNull().default(false),
  zoneRelease: integer("zone_release", { mode: "boolean" }).notNull().default(false),
  zonePicking: integer("zone_picking", { mode: "boolean" }).notNull().default(false),
  createdAt: text("created_at").notNull(),
  updatedAt: text("updated_at").notNull(),
  version: integer("version").notNull().default(1),
}, (t) => [
  index("storage_spaces_label_nocase").on(sql`${t.label} COLLATE NOCASE`),
  uniqueIndex("storage_spaces_label").on(t.label),
  uniqueIndex("storage_spaces_barcode").on(t.barcode),
  index("storage_spaces_path").on(t.path, t.id),
  index("storage_spaces_parent").on(t.parentId, t.id),
  index("storage_spaces_parent_path").on(t.parentId, t.path),
  index("storage_spaces_type").on(t.typeId, t.id),
  index("storage_spaces_pickup_order").on(t.pickupOrder, t.id),
  index("storage_spaces_cooled").on(t.cooled, t.id),
  index("storage_spaces_outside").on(t.outside, t.id),
  index("storage_spaces_protected").on(t.protected, t.id),
  index("storage_spaces_default_location").on(t.defaultLocation, t.id),
  index("storage_spaces_locked_in").on(t.lockedIn, t.id),
  index("storage_spaces_locked_out").on(t.lockedOut, t.id),
  index("storage_spaces_zone_receipt").on(t.zoneReceipt, t.id),
  index("storage_spaces_zone_release").on(t.zoneRelease, t.id),
  index("storage_spaces_zone_picking").on(t.zonePicking, t.id),
  index("storage_spaces_created_at").on(t.createdAt, t.id),
  index("storage_spaces_updated_at").on(t.updatedAt, t.id),
]);

/** Joins the labels of a path. */
export const PATH_SEPARATOR = " / ";

/** The path of a location under `parentId` (null: a root). */
export async function pathUnder(tx: Db, parentId: number | null, label: string): Promise<string> {
  if (parentId === null) return label;
  const [parent] = await tx.select({ path: storageSpaces.path }).from(storageSpaces)
    .where(eq(storageSpaces.id, parentId));
  return parent.path + PATH_SEPARATOR + label;
}

/** Rewrites the paths of every location below `id` after its own path went from `oldPath` to `newPath`. */
async function repathDescendants(tx: Db, id: number, oldPath: string, newPath: string): Promise<void> {
  await tx.run(sql`
    WITH RECURSIVE below(id) AS (
      SELECT id FROM storage_spaces WHERE parent_id = ${id}
      UNION
      SELECT s.id FROM storage_spaces s JOIN below ON s.parent_id = below.id
    )
    UPDATE storage_spaces SET path = ${newPath} || substr(path, ${oldPath.length + 1})
    WHERE id IN (SELECT id FROM below)`);
}

const position = "group.storageSpace.position";
const map = "group.storageSpace.map";
const flags = "group.storageSpace.flags";
const zones = "group.storageSpace.zones";
const coordinate = bounds("coordinate");
const size = bounds("locationSize");

export const storageSpace = new Resource({
  resource: "StorageSpace",
  table: storageSpaces,
  title: ["label"],
  sort: "path",
  keyColumns: ["label", "path", "typeId"],
  writers: "manager",
  unique: [{ fields: ["label"], nocase: true }, { fields: ["barcode"] }],
  // Quick search through the FTS5 trigram index of migration 0009 (docs/decisions/0004-quick-search.md).
  search: "storage_spaces_search",
  fields: {
    label: { max: LABEL_MAX, upper: true, list: "sort filter search show" },
    // Unique; an empty barcode becomes the label.
    barcode: { max: LABEL_MAX, optional: true, list: "sort filter search", barcode: "code128" },
    path: { input: false, list: "sort filter search show" },
    description: { kind: "textarea", max: 1000, list: "search" },
    parentId: { display: "parentLabel", list: "filter" },
    typeId: { display: "typeCode", list: "filter show" },
    capacityKg: { ...bounds("capacity"), unit: "kg", list: "show" },
    temperature: { ...bounds("temperature"), unit: "°C", list: true },
    coordinateX: { ...coordinate, group: position },
    coordinateY: { ...coordinate, group: position },
    coordinateZ: { ...coordinate, group: position },
    dimensionX: { ...size, group: position },
    dimensionY: { ...size, group: position },
    dimensionZ: { ...size, group: position },
    pickupOrder: { ...bounds("pickupOrder"), list: "sort filter", group: position },
    mapSouthWestX: { ...coordinate, group: map },
    mapSouthWestY: { ...coordinate, group: map },
    mapNorthEastX: { ...coordinate, group: map },
    mapNorthEastY: { ...coordinate, group: map },
    cooled: { list: "filter", group: flags },
    outside: { list: "filter", group: flags },
    protected: { list: "filter", group: flags },
    defaultLocation: { list: "filter", group: flags },
    lockedIn: { list: "filter", group: flags },
    lockedOut: { list: "filter", group: flags },
    zoneReceipt: { list: "filter", group: zones },
    zoneRelease: { list: "filter", group: zones },
    zonePicking: { list: "filter", group: zones },
  },
  toRow: (input, row) => ({ ...row, barcode: input.barcode ?? input.label }),
  validate: (tx, _ctx, values, old) => checkParent(tx, storageSpaces, old?.id, values.parentId),
  derive: async (tx, values) => ({
    path: await pathUnder(tx, values.parentId as number | null, values.label as string),
  }),
  afterWrite: async (tx, row, old) => {
    if (old && old.path !== row.path) await repathDescendants(tx, row.id, old.path, row.path);
  },
});

export const storageSpaceMeta = storageSpace.meta;
