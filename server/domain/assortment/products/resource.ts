// The Product resource: business managers and administrators keep the assortment, all staff read it, and a
// contractor user reads only their contractor's products that are not hidden from the portal.
import type { Hono } from "hono";
import { and, eq, inArray } from "drizzle-orm";
import type { Platform } from "../../../platform.ts";
import type { Env } from "../../../http/types.ts";
import { companies } from "../../parties/companies/table.ts";
import { Resource } from "../../resource/engine.ts";
import { resourceRoutes } from "../../resource/routes.ts";
import { storageSpaces } from "../../infrastructure/locations/table.ts";
import { productGroups } from "../product_groups/table.ts";
import { productBarcodes, productGroupLinks, products } from "./table.ts";
import { productMeta } from "./meta.ts";
import { stockLines } from "../../stock/ledger/table.ts";
import { wmsDocumentPositions } from "../../stock/positions/table.ts";
import { type CustomField, Product, ProductCreate, ProductUpdate } from "./contract.ts";

const copied = [
  "name",
  "index",
  "sapId",
  "description",
  "unit",
  "weight",
  "dimensionX",
  "dimensionY",
  "dimensionZ",
  "cashValue",
  "imageUrl",
  "mainGroupId",
  "contractorId",
  "defaultLocationId",
  "palQuantity",
  "warningStock",
  "criticalStock",
  "minTemperature",
  "maxTemperature",
  "minimalExpDays",
  "receiptComment",
  "releaseComment",
  "internalComment",
  "contractorPortalComment",
  "fragile",
  "disabled",
  "contractorPortalHide",
  "lockIn",
  "lockOut",
  "lockRelocate",
  "expiryDateVisible",
  "expiryDateRequired",
  "productionDateVisible",
  "productionDateRequired",
  "serialNumberVisible",
  "serialNumberRequired",
] as const;

export const productResource = new Resource<Product, ProductCreate, ProductUpdate>({
  meta: productMeta,
  hub: "Product",
  table: products,
  toDto: (row, links, extra, values) => ({
    id: row.id,
    ...Object.fromEntries(copied.map((k) => [k, row[k]])) as Pick<Product, (typeof copied)[number]>,
    barcodes: values.barcodes,
    groupIds: links.groupIds,
    mainGroupName: (extra.mainGroupName as string | undefined) ?? null,
    contractorName: (extra.contractorName as string | undefined) ?? null,
    customFields: JSON.parse(row.customFields) as CustomField[],
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    version: row.version,
  }),
  toRow: (input) => ({
    ...Object.fromEntries(copied.map((k) => [k, input[k]])),
    // A value that must be entered is shown too.
    expiryDateVisible: input.expiryDateVisible || input.expiryDateRequired,
    productionDateVisible: input.productionDateVisible || input.productionDateRequired,
    serialNumberVisible: input.serialNumberVisible || input.serialNumberRequired,
    customFields: JSON.stringify(input.customFields),
  }),
  // The index is saved in capitals, so a plain comparison is a case-insensitive one and uses the index.
  // Quick search through the FTS5 trigram index of migration 0009 (docs/decisions/0004-quick-search.md).
  search: { table: "products_search", fields: ["index", "name", "sapId", "barcodes"] },
  unique: [{ columns: [products.index], fields: ["index"] }],
  // A product with stock or on a document is kept (its history stays readable).
  dependents: [{ column: stockLines.productId }, { column: wmsDocumentPositions.productId }],
  references: {
    mainGroupId: { column: products.mainGroupId, table: productGroups, id: productGroups.id },
    defaultLocationId: { column: products.defaultLocationId, table: storageSpaces, id: storageSpaces.id },
    contractorId: {
      column: products.contractorId,
      table: companies,
      id: companies.id,
      where: eq(companies.keyRole, "contractor"),
    },
  },
  links: {
    groupIds: {
      table: productGroupLinks,
      owner: productGroupLinks.productId,
      target: productGroupLinks.groupId,
      targetTable: productGroups,
      targetId: productGroups.id,
    },
  },
  values: {
    barcodes: {
      table: productBarcodes,
      owner: productBarcodes.productId,
      value: productBarcodes.barcode,
      unique: true,
    },
  },
  canRead: () => true,
  scope: (actor) =>
    actor.contractorId === null
      ? undefined
      : and(eq(products.contractorId, actor.contractorId), eq(products.contractorPortalHide, false)),
  readExtra: async (db, rows) => {
    const groupIds = [...new Set(rows.map((r) => r.mainGroupId).filter((id) => id !== null))];
    const contractorIds = [...new Set(rows.map((r) => r.contractorId).filter((id) => id !== null))];
    const groups = groupIds.length
      ? await db.select({ id: productGroups.id, name: productGroups.name }).from(productGroups)
        .where(inArray(productGroups.id, groupIds))
      : [];
    const contractors = contractorIds.length
      ? await db.select({ id: companies.id, name: companies.shortName }).from(companies)
        .where(inArray(companies.id, contractorIds))
      : [];
    const groupName = new Map(groups.map((g) => [g.id, g.name]));
    const contractorName = new Map(contractors.map((c) => [c.id, c.name]));
    return new Map(rows.map((r) => [r.id, {
      mainGroupName: groupName.get(r.mainGroupId) ?? null,
      contractorName: contractorName.get(r.contractorId) ?? null,
    }]));
  },
});

export function productRoutes(app: Hono<Env>, platform: Platform): void {
  resourceRoutes(app, platform, productResource, {
    record: Product,
    create: ProductCreate,
    update: ProductUpdate,
  });
}
