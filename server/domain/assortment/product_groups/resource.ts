// The ProductGroup resource: business managers and administrators keep the groups, all staff read them.
import type { Hono } from "hono";
import type { Platform } from "../../../platform.ts";
import type { Env } from "../../../http/types.ts";
import { users } from "../../access/users/table.ts";
import { Resource } from "../../resource/engine.ts";
import { resourceRoutes } from "../../resource/routes.ts";
import { productGroupLinks, products } from "../products/table.ts";
import { productGroups } from "./table.ts";
import { productGroupMeta } from "./meta.ts";
import { ProductGroup, ProductGroupCreate, ProductGroupUpdate } from "./contract.ts";

export const productGroupResource = new Resource<ProductGroup, ProductGroupCreate, ProductGroupUpdate>({
  meta: productGroupMeta,
  hub: "ProductGroup",
  table: productGroups,
  toDto: (row) => ({
    id: row.id,
    name: row.name,
    colour: row.colour,
    icon: row.icon,
    assignedUserId: row.assignedUserId,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    version: row.version,
  }),
  toRow: (input) => ({
    name: input.name,
    colour: input.colour,
    icon: input.icon,
    assignedUserId: input.assignedUserId,
  }),
  unique: [{ columns: [productGroups.name], fields: ["name"], caseInsensitive: true }],
  references: { assignedUserId: { column: productGroups.assignedUserId, table: users, id: users.id } },
  dependents: [{ column: products.mainGroupId }, { column: productGroupLinks.groupId }],
});

export function productGroupRoutes(app: Hono<Env>, platform: Platform): void {
  resourceRoutes(app, platform, productGroupResource, {
    record: ProductGroup,
    create: ProductGroupCreate,
    update: ProductGroupUpdate,
  });
}
