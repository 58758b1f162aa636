// Metadata of the inventory reports' rows for the generic list (plain data, imported by the client): the
// total stock per product (productStock), the detailed inventory (inventory) and the ledger rows
// (productMovements). Only the fields the endpoints sort and filter on say so (routes.ts, lines.ts,
// totals.ts, movements.ts).
import type { FieldMeta, ResourceMeta } from "./meta.ts";

const text = (name: string, labelKey: string, list: FieldMeta["list"]): FieldMeta => ({
  name,
  kind: "text",
  labelKey,
  list,
});

const number = (name: string, labelKey: string, list: FieldMeta["list"], unit?: string): FieldMeta => ({
  name,
  kind: "number",
  labelKey,
  list,
  ...(unit ? { unit } : {}),
});

const productId = number("productId", "field.inventory.productId", { sortable: true, filterable: true });
// Key columns (FieldMeta list.key): the product's index and name first in every report.
const productIndex = text("productIndex", "field.inventory.productIndex", {
  filterable: true,
  searchable: true,
  visible: true,
  key: 1,
});
const productName = text("productName", "field.inventory.productName", {
  filterable: true,
  searchable: true,
  visible: true,
  key: 2,
});

/** GET WmsInventory/productStock: one row per product with stock (quantity sorts and filters). */
export const productStockMeta: ResourceMeta = {
  resource: "WmsInventory.productStock",
  path: "/WmsInventory/productStock",
  nameKey: "resource.productStock",
  titleFields: ["productIndex"],
  defaultSort: { column: "productId", descending: false },
  readOnly: true,
  exportPath: "/WmsInventory/productStock/export",
  fields: [
    productId,
    productIndex,
    productName,
    text("unit", "field.inventory.unit", { filterable: true, visible: true, key: 4 }),
    number("quantity", "field.inventory.quantity", {
      sortable: true,
      filterable: true,
      visible: true,
      key: 3,
    }),
    {
      name: "stockLevel",
      kind: "text",
      labelKey: "field.inventory.stockLevel",
      list: { visible: true, key: 5 },
    },
    number("warningStock", "field.product.warningStock", {}),
    number("criticalStock", "field.product.criticalStock", {}),
    number("overallValue", "field.inventory.overallValue", { visible: true, key: 6 }),
    number("overallWeight", "field.inventory.overallWeight", { visible: true }, "kg"),
  ],
};

/**
 * productStock with includeZero: every product, paged over the products, so the product's fields sort
 * and the quantity neither sorts nor filters.
 */
export const productStockAllMeta: ResourceMeta = {
  ...productStockMeta,
  fields: productStockMeta.fields.map((f) =>
    f.name === "productIndex" || f.name === "productName" || f.name === "unit"
      ? { ...f, list: { ...f.list, sortable: true } }
      : f.name === "quantity"
      ? { ...f, list: { visible: true, key: f.list?.key } }
      : f
  ),
};

/** An expiry or production date: a calendar day, shown and filtered as the day it is. */
const day = (name: string, list: FieldMeta["list"]): FieldMeta => ({
  name,
  kind: "date",
  day: true,
  labelKey: `field.inventory.${name}`,
  list,
});

/** GET WmsInventory/inventory: one row per stock line. */
export const inventoryMeta: ResourceMeta = {
  resource: "WmsInventory.inventory",
  path: "/WmsInventory/inventory",
  nameKey: "resource.inventory",
  titleFields: ["productIndex"],
  defaultSort: { column: "id", descending: false },
  readOnly: true,
  exportPath: "/WmsInventory/inventory/export",
  fields: [
    number("id", "field.common.id", { sortable: true, filterable: true }),
    productId,
    productIndex,
    productName,
    text("locationLabel", "field.inventory.locationLabel", {
      filterable: true,
      searchable: true,
      visible: true,
      key: 3,
    }),
    text("containerNumber", "field.inventory.containerNumber", {
      filterable: true,
      searchable: true,
      visible: true,
    }),
    day("expiryDate", { sortable: true, filterable: true, visible: true }),
    day("productionDate", { sortable: true, filterable: true, visible: true }),
    text("serialNumber", "field.inventory.serialNumber", {
      sortable: true,
      filterable: true,
      searchable: true,
      visible: true,
    }),
    number("quantity", "field.inventory.quantity", {
      sortable: true,
      filterable: true,
      visible: true,
      key: 4,
    }),
    text("unit", "field.inventory.unit", { visible: true, key: 5 }),
    number("overallValue", "field.inventory.overallValue", { visible: true, key: 6 }),
    number("overallWeight", "field.inventory.overallWeight", { visible: true, key: 7 }, "kg"),
  ],
};

/** GET WmsInventory/productMovements: ledger rows, newest first. */
export const productMovementsMeta: ResourceMeta = {
  resource: "WmsInventory.productMovements",
  path: "/WmsInventory/productMovements",
  nameKey: "resource.productMovement",
  titleFields: ["documentNumber"],
  defaultSort: { column: "createdAt", descending: true },
  readOnly: true,
  exportPath: "/WmsInventory/productMovements/export",
  fields: [
    number("id", "field.common.id", { sortable: true, filterable: true }),
    { ...productId, list: { filterable: true } },
    {
      name: "createdAt",
      kind: "date",
      labelKey: "field.inventory.movedAt",
      list: { sortable: true, filterable: true, visible: true },
    },
    text("documentNumber", "field.inventory.documentNumber", {
      filterable: true,
      searchable: true,
      visible: true,
      key: 3,
    }),
    text("documentTypeCode", "field.inventory.documentTypeCode", { filterable: true, visible: true }),
    productIndex,
    productName,
    text("locationLabel", "field.inventory.locationLabel", {
      filterable: true,
      searchable: true,
      visible: true,
    }),
    text("containerNumber", "field.inventory.containerNumber", { visible: true }),
    day("expiryDate", { filterable: true, visible: true }),
    text("serialNumber", "field.inventory.serialNumber", {
      filterable: true,
      searchable: true,
      visible: true,
    }),
    number("quantityIn", "field.inventory.quantityIn", { visible: true, key: 4 }),
    number("quantityOut", "field.inventory.quantityOut", { visible: true, key: 5 }),
  ],
};
