// StorageSpaceType metadata for the generic list and dialogs (plain data, imported by the client).
import { type ResourceMeta, timestampFields } from "../../../kernel/resource_meta.ts";

export const storageSpaceTypeMeta: ResourceMeta = {
  resource: "StorageSpaceType",
  path: "/StorageSpaceType",
  nameKey: "resource.storageSpaceType",
  addKey: "resource.storageSpaceType.add",
  titleFields: ["code"],
  defaultSort: { column: "code", descending: false },
  writers: "manager",
  fields: [
    { name: "id", kind: "number", labelKey: "field.common.id", list: { sortable: true, filterable: true } },
    {
      name: "code",
      kind: "text",
      labelKey: "field.storageSpaceType.code",
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
      name: "icon",
      kind: "text",
      labelKey: "field.common.icon",
      list: {},
      form: { add: true, edit: true, maxLength: 50 },
    },
    {
      name: "description",
      kind: "textarea",
      labelKey: "field.common.description",
      list: { searchable: true, visible: true },
      form: { add: true, edit: true, maxLength: 1000 },
    },
    {
      name: "parentId",
      kind: "reference",
      labelKey: "field.storageSpaceType.parentId",
      reference: {
        resource: "StorageSpaceType",
        path: "/StorageSpaceType",
        titleFields: ["code"],
        displayField: "parentCode",
      },
      list: { filterable: true, visible: true },
      form: { add: true, edit: true },
    },
    {
      name: "handleStock",
      kind: "boolean",
      labelKey: "field.storageSpaceType.handleStock",
      list: { sortable: true, filterable: true, visible: true },
      form: { add: true, edit: true, default: true },
    },
    ...timestampFields,
  ],
};
