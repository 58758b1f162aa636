// Tags metadata for the generic list and dialogs (plain data, imported by the client).
import { type ResourceMeta, timestampFields } from "../../../kernel/resource_meta.ts";

export const tagMeta: ResourceMeta = {
  resource: "Tags",
  path: "/Tags",
  nameKey: "resource.tag",
  addKey: "resource.tag.add",
  titleFields: ["name"],
  defaultSort: { column: "name", descending: false },
  writers: "manager",
  fields: [
    { name: "id", kind: "number", labelKey: "field.common.id", list: { sortable: true, filterable: true } },
    {
      name: "name",
      kind: "text",
      labelKey: "field.tag.name",
      list: { sortable: true, filterable: true, searchable: true, visible: true },
      form: { add: true, edit: true, required: "always", maxLength: 50, uppercase: true },
    },
    {
      name: "colour",
      kind: "colour",
      labelKey: "field.common.colour",
      list: { visible: true },
      form: { add: true, edit: true },
    },
    {
      name: "description",
      kind: "textarea",
      labelKey: "field.common.description",
      list: { searchable: true, visible: true },
      form: { add: true, edit: true, maxLength: 2000 },
    },
    ...timestampFields,
  ],
};
