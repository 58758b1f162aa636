// Metadata of the price list's rows for the generic list (plain data, imported by the client): each product
// with its unit price in the base currency (edited in the list), the stock it has, that stock's value, and
// both again in a currency chosen from the exchange rates.
import type { FieldMeta, ResourceMeta } from "./meta.ts";

const field = (
  name: string,
  kind: FieldMeta["kind"],
  list: FieldMeta["list"],
  extra: Partial<FieldMeta> = {},
): FieldMeta => ({ name, kind, labelKey: `field.priceList.${name}`, list, ...extra });

/** GET Product/PriceList. */
export const priceListMeta: ResourceMeta = {
  resource: "Product.PriceList",
  path: "/Product/PriceList",
  nameKey: "resource.priceList",
  titleFields: ["productIndex"],
  defaultSort: { column: "productIndex", descending: false },
  readOnly: true,
  exportPath: "/Product/PriceList/export",
  fields: [
    field("productId", "number", { sortable: true, filterable: true }),
    field("productIndex", "text", {
      sortable: true,
      filterable: true,
      searchable: true,
      visible: true,
      key: 1,
    }),
    field("productName", "text", {
      sortable: true,
      filterable: true,
      searchable: true,
      visible: true,
      key: 2,
    }),
    field("unit", "text", { sortable: true, filterable: true, visible: true }),
    field("cashValue", "money", { sortable: true, filterable: true, visible: true, key: 3 }),
    field("quantity", "number", { visible: true, key: 4 }),
    field("stockValue", "money", { visible: true }),
    field("price", "money", { sortable: true, visible: true, key: 5 }),
    field("value", "money", { visible: true, key: 6 }),
  ],
};
