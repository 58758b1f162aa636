// The StorageSpace resource: business managers and administrators keep the locations, all staff read
// them. Each row stores its path (the labels from the root); a change of a label or a parent rewrites the
// paths below it in the same transaction. A location with children cannot be deleted.
import { eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../../db/connection.ts";
import { Resource } from "../../resource/engine.ts";
import { storageSpaceTypes } from "../location_types/table.ts";
import { checkParent } from "../tree.ts";
import { storageSpaces } from "./table.ts";
import { products } from "../../assortment/products/table.ts";
import { storageSpaceMeta } from "./meta.ts";
import type { StorageSpace, StorageSpaceCreate, StorageSpaceUpdate } from "./contract.ts";
import { stockLines } from "../../stock/ledger/table.ts";
import { containers } from "../../stock/containers/table.ts";
import { wmsDocuments } from "../../stock/documents/table.ts";
import { wmsDocumentPositions } from "../../stock/positions/table.ts";

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

export const storageSpaceResource = new Resource<StorageSpace, StorageSpaceCreate, StorageSpaceUpdate>({
  meta: storageSpaceMeta,
  hub: "StorageSpace",
  table: storageSpaces,
  toDto: (row, _links, extra) => ({
    id: row.id,
    label: row.label,
    barcode: row.barcode,
    description: row.description,
    parentId: row.parentId,
    parentLabel: (extra.parentLabel as string | undefined) ?? null,
    path: row.path,
    typeId: row.typeId,
    typeCode: (extra.typeCode as string | undefined) ?? null,
    capacityKg: row.capacityKg,
    temperature: row.temperature,
    coordinateX: row.coordinateX,
    coordinateY: row.coordinateY,
    coordinateZ: row.coordinateZ,
    dimensionX: row.dimensionX,
    dimensionY: row.dimensionY,
    dimensionZ: row.dimensionZ,
    pickupOrder: row.pickupOrder,
    mapSouthWestX: row.mapSouthWestX,
    mapSouthWestY: row.mapSouthWestY,
    mapNorthEastX: row.mapNorthEastX,
    mapNorthEastY: row.mapNorthEastY,
    cooled: row.cooled,
    outside: row.outside,
    protected: row.protected,
    defaultLocation: row.defaultLocation,
    lockedIn: row.lockedIn,
    lockedOut: row.lockedOut,
    zoneReceipt: row.zoneReceipt,
    zoneRelease: row.zoneRelease,
    zonePicking: row.zonePicking,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    version: row.version,
  }),
  toRow: ({ id: _id, version: _version, barcode, ...input }: Partial<StorageSpaceUpdate>) => ({
    ...input,
    barcode: barcode ?? input.label,
  }),
  // Quick search through the FTS5 trigram index of migration 0009 (docs/decisions/0004-quick-search.md).
  search: { table: "storage_spaces_search", fields: ["label", "barcode", "path", "description"] },
  unique: [
    { columns: [storageSpaces.label], fields: ["label"], caseInsensitive: true },
    { columns: [storageSpaces.barcode], fields: ["barcode"] },
  ],
  references: {
    parentId: { column: storageSpaces.parentId, table: storageSpaces, id: storageSpaces.id },
    typeId: { column: storageSpaces.typeId, table: storageSpaceTypes, id: storageSpaceTypes.id },
  },
  dependents: [
    { column: storageSpaces.parentId },
    { column: products.defaultLocationId },
    // Stock, containers and documents at a location keep it.
    { column: stockLines.locationId },
    { column: containers.locationId },
    { column: wmsDocuments.sourceLocationId },
    { column: wmsDocuments.destinationLocationId },
    { column: wmsDocumentPositions.sourceLocationId },
    { column: wmsDocumentPositions.destinationLocationId },
  ],
  validate: (tx, _ctx, values, old) => checkParent(tx, storageSpaces, old?.id, values.parentId),
  derive: async (tx, values) => ({
    path: await pathUnder(tx, values.parentId as number | null, values.label as string),
  }),
  afterWrite: async (tx, row, old) => {
    if (old && old.path !== row.path) await repathDescendants(tx, row.id, old.path, row.path);
  },
  async readExtra(db, rows) {
    const parentIds = [...new Set(rows.map((r) => r.parentId).filter((v): v is number => v !== null))];
    const typeIds = [...new Set(rows.map((r) => r.typeId).filter((v): v is number => v !== null))];
    const parents = parentIds.length
      ? await db.select({ id: storageSpaces.id, label: storageSpaces.label }).from(storageSpaces)
        .where(inArray(storageSpaces.id, parentIds))
      : [];
    const types = typeIds.length
      ? await db.select({ id: storageSpaceTypes.id, code: storageSpaceTypes.code }).from(storageSpaceTypes)
        .where(inArray(storageSpaceTypes.id, typeIds))
      : [];
    const labels = new Map(parents.map((p) => [p.id, p.label]));
    const codes = new Map(types.map((t) => [t.id, t.code]));
    return new Map(rows.map((r) => [r.id, {
      parentLabel: labels.get(r.parentId) ?? null,
      typeCode: codes.get(r.typeId) ?? null,
    }]));
  },
});
