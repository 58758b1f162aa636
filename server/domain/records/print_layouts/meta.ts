// PrintLayout metadata for the generic list and dialogs (plain data, imported by the client).
import type { ResourceMeta } from "../../../kernel/resource_meta.ts";

/** The records that print, each with its layouts. */
export const printLayoutTypes = [
  "product",
  "storageSpace",
  "wmsDocument",
  "wmsOrder",
  "container",
  "shipmentTicket",
] as const;

/** Characters a layout may hold (1 MB of text). */
export const PRINT_LAYOUT_MAX = 1_000_000;

export const printLayoutMeta: ResourceMeta = {
  resource: "PrintLayout",
  path: "/PrintLayout",
  nameKey: "resource.printLayout",
  addKey: "resource.printLayout.add",
  titleFields: ["name"],
  defaultSort: { column: "name", descending: false },
  writers: "manager",
  fields: [
    { name: "id", kind: "number", labelKey: "field.common.id", list: { sortable: true, filterable: true } },
    {
      name: "name",
      kind: "text",
      labelKey: "field.printLayout.name",
      list: { sortable: true, filterable: true, searchable: true, visible: true },
      form: { add: true, edit: true, required: "always", maxLength: 100 },
    },
    {
      name: "type",
      kind: "enum",
      options: printLayoutTypes,
      labelKey: "field.printLayout.type",
      list: { sortable: true, filterable: true, visible: true },
      form: { add: true, edit: true, required: "always" },
    },
    {
      name: "isDefault",
      kind: "boolean",
      labelKey: "field.printLayout.isDefault",
      list: { filterable: true, visible: true },
      form: { add: true, edit: true, default: false },
    },
    {
      name: "content",
      kind: "textarea",
      labelKey: "field.printLayout.content",
      form: { add: true, edit: true, required: "always", maxLength: PRINT_LAYOUT_MAX },
    },
    {
      name: "createdAt",
      kind: "date",
      labelKey: "field.common.createdAt",
      list: { sortable: true, filterable: true },
    },
    {
      name: "updatedAt",
      kind: "date",
      labelKey: "field.common.updatedAt",
      list: { sortable: true, filterable: true, visible: true },
    },
  ],
};
