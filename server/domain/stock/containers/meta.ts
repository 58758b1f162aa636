// Container metadata for the generic list and dialogs (plain data, imported by the client).
import { type ResourceMeta, timestampFields } from "../../../kernel/resource_meta.ts";

export const containerMeta: ResourceMeta = {
  resource: "Container",
  path: "/Container",
  nameKey: "resource.container",
  addKey: "resource.container.add",
  titleFields: ["number"],
  defaultSort: { column: "number", descending: false },
  fields: [
    { name: "id", kind: "number", labelKey: "field.common.id", list: { sortable: true, filterable: true } },
    {
      name: "number",
      kind: "text",
      labelKey: "field.container.number",
      list: { sortable: true, filterable: true, searchable: true, visible: true },
      barcodePreview: "code128",
    },
    {
      name: "kind",
      kind: "enum",
      options: ["bin", "pallet"],
      labelKey: "field.container.kind",
      list: { sortable: true, filterable: true, visible: true },
      form: { add: true, edit: true, required: "always", default: "pallet" },
    },
    {
      name: "locationId",
      kind: "reference",
      labelKey: "field.container.locationId",
      reference: {
        resource: "StorageSpace",
        path: "/StorageSpace",
        titleFields: ["label"],
        displayField: "locationLabel",
      },
      list: { sortable: true, filterable: true, visible: true },
      form: { add: true, edit: true, required: "always" },
    },
    {
      name: "description",
      kind: "textarea",
      labelKey: "field.common.description",
      list: { searchable: true },
      form: { add: true, edit: true, maxLength: 1000 },
    },
    {
      name: "lockedIn",
      kind: "boolean",
      labelKey: "field.container.lockedIn",
      list: { sortable: true, filterable: true, visible: true },
      form: { add: true, edit: true, default: false },
    },
    {
      name: "lockedOut",
      kind: "boolean",
      labelKey: "field.container.lockedOut",
      list: { sortable: true, filterable: true, visible: true },
      form: { add: true, edit: true, default: false },
    },
    ...timestampFields,
  ],
};
