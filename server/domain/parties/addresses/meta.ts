// Address metadata for the generic list and dialogs (plain data, imported by the client).
import { type FieldMeta, type ResourceMeta, timestampFields } from "../../../kernel/resource_meta.ts";

const text = (name: string, maxLength: number, uppercase = false): FieldMeta => ({
  name,
  kind: "text",
  labelKey: `field.address.${name}`,
  list: { sortable: true, filterable: true, searchable: true, visible: true },
  form: { add: true, edit: true, maxLength, ...(uppercase ? { uppercase } : {}) },
});

export const addressMeta: ResourceMeta = {
  resource: "Address",
  path: "/Address",
  nameKey: "resource.address",
  addKey: "resource.address.add",
  titleFields: ["city", "street"],
  defaultSort: { column: "city", descending: false },
  writers: "manager",
  fields: [
    { name: "id", kind: "number", labelKey: "field.common.id", list: { sortable: true, filterable: true } },
    text("street", 200),
    {
      name: "number",
      kind: "text",
      labelKey: "field.address.number",
      list: { visible: true },
      form: { add: true, edit: true, maxLength: 50 },
    },
    {
      name: "city",
      kind: "text",
      labelKey: "field.address.city",
      list: { sortable: true, filterable: true, searchable: true, visible: true },
      form: { add: true, edit: true, required: "always", maxLength: 100 },
    },
    text("postalCode", 20, true),
    text("province", 100),
    text("country", 100, true),
    {
      name: "comment",
      kind: "textarea",
      labelKey: "field.address.comment",
      list: { searchable: true },
      form: { add: true, edit: true, maxLength: 2000 },
    },
    {
      name: "coordinates",
      kind: "latlng",
      labelKey: "field.address.coordinates",
      form: { add: true, edit: true },
    },
    ...timestampFields,
  ],
};
