// WmsDocumentPosition metadata for the generic list (plain data, imported by the client).
import type { ResourceMeta } from "../../../kernel/resource_meta.ts";
import { locationField } from "../documents/meta.ts";

const location = (name: string, display: string) =>
  locationField(name, `field.wmsDocumentPosition.${name}`, display);

export const wmsDocumentPositionMeta: ResourceMeta = {
  resource: "WmsDocumentPosition",
  path: "/WmsDocumentPosition",
  nameKey: "resource.wmsDocumentPosition",
  addKey: "resource.wmsDocumentPosition.add",
  titleFields: ["productIndex", "productName"],
  defaultSort: { column: "id", descending: false },
  fields: [
    { name: "id", kind: "number", labelKey: "field.common.id", list: { sortable: true, filterable: true } },
    {
      name: "documentId",
      kind: "reference",
      labelKey: "field.wmsDocumentPosition.documentId",
      reference: {
        resource: "WmsDocument",
        path: "/WmsDocument",
        titleFields: ["documentNumber"],
        displayField: "documentNumber",
      },
      list: { sortable: true, filterable: true, visible: true },
      form: { add: true, required: "always" },
    },
    {
      name: "productId",
      kind: "reference",
      labelKey: "field.wmsDocumentPosition.productId",
      reference: {
        resource: "Product",
        path: "/Product",
        titleFields: ["index", "name"],
        displayField: "productName",
      },
      list: { sortable: true, filterable: true, visible: true },
      form: { add: true, edit: true },
    },
    {
      name: "quantity",
      kind: "number",
      labelKey: "field.wmsDocumentPosition.quantity",
      list: { visible: true },
      form: { add: true, edit: true, required: "always", min: 0 },
    },
    {
      name: "quantityReal",
      kind: "number",
      labelKey: "field.wmsDocumentPosition.quantityReal",
      list: { visible: true },
      form: { add: true, edit: true, min: 0 },
    },
    { name: "quantityLeft", kind: "number", labelKey: "field.wmsDocumentPosition.quantityLeft", list: {} },
    {
      name: "unitPrice",
      kind: "money",
      labelKey: "field.wmsDocumentPosition.unitPrice",
      list: {},
      form: { add: true, edit: true, min: 0 },
    },
    { name: "value", kind: "money", labelKey: "field.wmsDocumentPosition.value", list: {} },
    {
      name: "expiryDate",
      kind: "date",
      day: true,
      labelKey: "field.wmsDocumentPosition.expiryDate",
      list: { visible: true },
      form: { add: true, edit: true },
    },
    {
      name: "productionDate",
      kind: "date",
      day: true,
      labelKey: "field.wmsDocumentPosition.productionDate",
      list: {},
      form: { add: true, edit: true },
    },
    {
      name: "serialNumber",
      kind: "text",
      labelKey: "field.wmsDocumentPosition.serialNumber",
      list: { visible: true },
      form: { add: true, edit: true, maxLength: 100 },
    },
    location("sourceLocationId", "sourceLocationLabel"),
    location("destinationLocationId", "destinationLocationLabel"),
    {
      name: "productComment",
      kind: "textarea",
      labelKey: "field.wmsDocumentPosition.productComment",
      form: { add: true, edit: true, maxLength: 2000 },
    },
    {
      name: "createdAt",
      kind: "date",
      labelKey: "field.common.createdAt",
      list: { sortable: true, filterable: true },
    },
  ],
};
