// What the warehouse map draws over a location's plan: its child locations with where they stand (the
// south-west corner and size in cm, coordinateX/Y and dimensionX/Y, on the parent's map whose bounds say
// which centimetres its drawing covers), how heavy their stock is against what they may carry (the weight
// from the maintained per-location summary, stock_location_loads: never the stock lines), their temperature
// and zones; the locations that have maps; and the planner's placements, saved in one transaction.
import { and, eq, inArray, sql } from "drizzle-orm";
import { z } from "zod";
import type { TenantContext } from "../../../kernel/context.ts";
import { fieldError } from "../../../kernel/errors.ts";
import { bounds } from "../../../../shared/limits.ts";
import { transactionWithEvents } from "../../../hub/outbox.ts";
import { storageSpace, storageSpaces } from "../locations/entity.ts";
import { storageSpaceMaps } from "./table.ts";

export const MapPlace = z.object({
  id: z.number(),
  label: z.string(),
  coordinateX: z.number().nullable(),
  coordinateY: z.number().nullable(),
  dimensionX: z.number().nullable(),
  dimensionY: z.number().nullable(),
  /** What it may carry: its own capacity, else the sum of those directly below it (null: none said). */
  capacityKg: z.number().nullable(),
  /** The weight of the stock at it and below it. */
  loadKg: z.number(),
  /** Load against capacity, in percent (null without a capacity). */
  fullPercent: z.number().nullable(),
  temperature: z.number().nullable(),
  cooled: z.boolean(),
  zoneReceipt: z.boolean(),
  zoneRelease: z.boolean(),
  zonePicking: z.boolean(),
  version: z.number(),
});
export const Occupancy = z.object({
  location: z.object({
    id: z.number(),
    label: z.string(),
    mapSouthWestX: z.number().nullable(),
    mapSouthWestY: z.number().nullable(),
    mapNorthEastX: z.number().nullable(),
    mapNorthEastY: z.number().nullable(),
    version: z.number(),
  }),
  map: z.object({ viewBox: z.string().nullable(), version: z.number() }).nullable(),
  places: z.array(MapPlace),
});

/** GET StorageSpace/Maps: the locations that have a map, by label. */
export async function locationsWithMaps(ctx: TenantContext) {
  return await ctx.conn.db.select({
    locationId: storageSpaces.id,
    label: storageSpaces.label,
    fileName: storageSpaceMaps.fileName,
    version: storageSpaceMaps.version,
  }).from(storageSpaceMaps).innerJoin(storageSpaces, eq(storageSpaces.id, storageSpaceMaps.locationId))
    .orderBy(storageSpaces.label);
}

export const MapChoice = z.object({
  id: z.number(),
  label: z.string(),
  /** The labels from the zone down, joined with " / ": the tree's order. */
  path: z.string(),
  parentId: z.number().nullable(),
  /** Its map's version; null: no map yet. */
  mapVersion: z.number().nullable(),
});

/** At most so many zones, and locations in them, are offered at once; the rest are found by typing. */
const CHOICES_MAX = 2000;

/**
 * GET StorageSpace/MapChoices: what the map's location picker offers before anything is typed: every zone
 * (a location at the top), every location directly in one, and every location with a map, in the tree's
 * order, each with its map's version or none. Three indexed reads joined, not a scan of every location.
 */
export async function mapChoices(ctx: TenantContext) {
  // CROSS JOIN keeps the chosen ids the outer loop (each location then read by its id): left to itself the
  // planner walks every location in path order to spare the sort of a few thousand rows.
  const rows = await ctx.conn.db.all<[number, string, string, number | null, number | null]>(sql`
    WITH chosen(id) AS (
      SELECT id FROM (SELECT id FROM storage_spaces WHERE parent_id IS NULL ORDER BY path LIMIT ${CHOICES_MAX})
      UNION
      SELECT id FROM (
        SELECT s.id FROM storage_spaces s
        WHERE s.parent_id IN (SELECT id FROM storage_spaces WHERE parent_id IS NULL)
        ORDER BY s.path LIMIT ${CHOICES_MAX})
      UNION
      SELECT location_id FROM storage_space_maps
    )
    SELECT s.id, s.label, s.path, s.parent_id, m.version
    FROM chosen c CROSS JOIN storage_spaces s ON s.id = c.id
    LEFT JOIN storage_space_maps m ON m.location_id = s.id
    ORDER BY s.path, s.id`);
  return rows.map(([id, label, path, parentId, mapVersion]) => ({
    id: Number(id),
    label: String(label),
    path: String(path),
    parentId: parentId === null ? null : Number(parentId),
    mapVersion: mapVersion === null ? null : Number(mapVersion),
  }));
}

/** GET StorageSpace/{id}/occupancy: the location, its map, and each child with its place and load. */
export async function occupancy(ctx: TenantContext, id: number) {
  const db = ctx.conn.db;
  const location = await storageSpace.get(ctx, id);
  const [map] = await db.select({ viewBox: storageSpaceMaps.viewBox, version: storageSpaceMaps.version })
    .from(storageSpaceMaps).where(eq(storageSpaceMaps.locationId, id));
  // Each child's subtree once (every location under the parent is visited once), with the loads and the
  // capacities of the locations directly below it (a rack's shelves, not their bins as well).
  const sums = await db.values<[number, number | null, number | null]>(sql`
    WITH RECURSIVE sub(id, top, depth) AS (
      SELECT id, id, 0 FROM storage_spaces WHERE parent_id = ${id}
      UNION ALL
      SELECT s.id, sub.top, sub.depth + 1 FROM storage_spaces s JOIN sub ON s.parent_id = sub.id
    )
    SELECT sub.top AS top, sum(l.weight_g) AS load,
      sum(CASE WHEN sub.depth = 1 THEN s.capacity_kg END) AS below
    FROM sub JOIN storage_spaces s ON s.id = sub.id
    LEFT JOIN stock_location_loads l ON l.location_id = sub.id
    GROUP BY sub.top`);
  const byTop = new Map(sums.map(([top, load, below]) => [Number(top), { load, below }]));
  const children = await db.select().from(storageSpaces).where(eq(storageSpaces.parentId, id))
    .orderBy(storageSpaces.label);
  const places = children.map((c) => {
    const sum = byTop.get(c.id);
    const loadKg = Number(sum?.load ?? 0) / 1000;
    const capacityKg = c.capacityKg ?? (sum?.below != null ? Number(sum.below) : null);
    return {
      id: c.id,
      label: c.label,
      coordinateX: c.coordinateX,
      coordinateY: c.coordinateY,
      dimensionX: c.dimensionX,
      dimensionY: c.dimensionY,
      capacityKg,
      loadKg,
      fullPercent: capacityKg ? Math.round((loadKg / capacityKg) * 1000) / 10 : null,
      temperature: c.temperature,
      cooled: c.cooled,
      zoneReceipt: c.zoneReceipt,
      zoneRelease: c.zoneRelease,
      zonePicking: c.zonePicking,
      version: c.version,
    };
  });
  const l = location as Record<string, unknown>;
  return {
    location: {
      id,
      label: String(l.label),
      mapSouthWestX: l.mapSouthWestX as number | null,
      mapSouthWestY: l.mapSouthWestY as number | null,
      mapNorthEastX: l.mapNorthEastX as number | null,
      mapNorthEastY: l.mapNorthEastY as number | null,
      version: l.version as number,
    },
    map: map ?? null,
    places,
  };
}

const coordinate = z.number().min(bounds("coordinate").min).max(bounds("coordinate").max);
const size = z.number().min(1).max(bounds("locationSize").max);
export const Placements = z.object({
  placements: z.array(z.object({
    id: z.number().int().positive(),
    version: z.number().int().positive(),
    coordinateX: coordinate,
    coordinateY: coordinate,
    dimensionX: size,
    dimensionY: size,
  })).min(1).max(5_000),
});

/**
 * PUT StorageSpace/{id}/placements: the planner's rectangles, each a child of the location, saved together
 * (one transaction: all or none) with each location's version check and history.
 */
export async function savePlacements(ctx: TenantContext, id: number, body: z.output<typeof Placements>) {
  await storageSpace.get(ctx, id);
  const ids = body.placements.map((p) => p.id);
  if (new Set(ids).size !== ids.length) throw fieldError({ placements: ["validation.mustBeUnique"] });
  await transactionWithEvents(ctx, async (tx, outbox) => {
    const mine = await tx.select({ id: storageSpaces.id }).from(storageSpaces)
      .where(and(eq(storageSpaces.parentId, id), inArray(storageSpaces.id, ids)));
    if (mine.length !== ids.length) throw fieldError({ placements: ["validation.invalidValue"] });
    for (const p of body.placements) {
      await storageSpace.patchIn(tx, outbox, ctx, p.id, p.version, () => ({
        coordinateX: p.coordinateX,
        coordinateY: p.coordinateY,
        dimensionX: p.dimensionX,
        dimensionY: p.dimensionY,
      }));
    }
  });
  return await occupancy(ctx, id);
}
