// The StorageSpaceType resource: business managers and administrators keep the location types, all staff
// read them. A type in use by a location, or with child types, cannot be deleted.
import { inArray } from "drizzle-orm";
import type { Hono } from "hono";
import type { Platform } from "../../../platform.ts";
import type { Env } from "../../../http/types.ts";
import { Resource } from "../../resource/engine.ts";
import { resourceRoutes } from "../../resource/routes.ts";
import { storageSpaces } from "../locations/table.ts";
import { checkParent } from "../tree.ts";
import { storageSpaceTypes } from "./table.ts";
import { storageSpaceTypeMeta } from "./meta.ts";
import { StorageSpaceType, StorageSpaceTypeCreate, StorageSpaceTypeUpdate } from "./contract.ts";

export const storageSpaceTypeResource = new Resource<
  StorageSpaceType,
  StorageSpaceTypeCreate,
  StorageSpaceTypeUpdate
>({
  meta: storageSpaceTypeMeta,
  hub: "StorageSpaceType",
  table: storageSpaceTypes,
  toDto: (row, _links, extra) => ({
    id: row.id,
    code: row.code,
    colour: row.colour,
    icon: row.icon,
    description: row.description,
    parentId: row.parentId,
    parentCode: (extra.parentCode as string | undefined) ?? null,
    handleStock: row.handleStock,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    version: row.version,
  }),
  toRow: (input) => ({
    code: input.code,
    colour: input.colour,
    icon: input.icon,
    description: input.description,
    parentId: input.parentId,
    handleStock: input.handleStock,
  }),
  unique: [{ columns: [storageSpaceTypes.code], fields: ["code"], caseInsensitive: true }],
  references: {
    parentId: { column: storageSpaceTypes.parentId, table: storageSpaceTypes, id: storageSpaceTypes.id },
  },
  dependents: [{ column: storageSpaces.typeId }, { column: storageSpaceTypes.parentId }],
  validate: (tx, _ctx, values, old) => checkParent(tx, storageSpaceTypes, old?.id, values.parentId),
  async readExtra(db, rows) {
    const ids = [...new Set(rows.map((r) => r.parentId).filter((v): v is number => v !== null))];
    const found = ids.length
      ? await db.select({ id: storageSpaceTypes.id, code: storageSpaceTypes.code }).from(storageSpaceTypes)
        .where(inArray(storageSpaceTypes.id, ids))
      : [];
    const codes = new Map(found.map((f) => [f.id, f.code]));
    return new Map(rows.map((r) => [r.id, { parentCode: codes.get(r.parentId) ?? null }]));
  },
});

export function storageSpaceTypeRoutes(app: Hono<Env>, platform: Platform): void {
  resourceRoutes(app, platform, storageSpaceTypeResource, {
    record: StorageSpaceType,
    create: StorageSpaceTypeCreate,
    update: StorageSpaceTypeUpdate,
  });
}
