// ProductGroup metadata for the generic list and dialogs (plain data, imported by the client).
import type { ResourceMeta } from "../../../kernel/resource_meta.ts";

export const productGroupMeta: ResourceMeta = {
  resource: "ProductGroup",
  path: "/ProductGroup",
  nameKey: "resource.productGroup",
  addKey: "resource.productGroup.add",
  titleFields: ["name"],
  defaultSort: { column: "name", descending: false },
  writers: "manager",
  fields: [
    { name: "id", kind: "number", labelKey: "field.common.id", list: { sortable: true, filterable: true } },
    {
      name: "name",
      kind: "text",
      labelKey: "field.productGroup.name",
      list: { sortable: true, filterable: true, searchable: true, visible: true },
      form: { add: true, edit: true, required: "always", maxLength: 100 },
    },
    {
      name: "colour",
      kind: "colour",
      labelKey: "field.common.colour",
      list: { filterable: true, visible: true },
      form: { add: true, edit: true },
    },
    {
      name: "icon",
      kind: "text",
      labelKey: "field.common.icon",
      list: { filterable: true },
      form: { add: true, edit: true, maxLength: 50 },
    },
    {
      name: "assignedUserId",
      kind: "reference",
      labelKey: "field.productGroup.assignedUserId",
      reference: { resource: "User", path: "/User", titleFields: ["visibleName", "username"] },
      list: { filterable: true },
      form: { add: true, edit: true },
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
