// Dictionary metadata for the generic list and dialogs (plain data, imported by the client).
import { type ResourceMeta, timestampFields } from "../../../kernel/resource_meta.ts";

/** The group whose entries are the company groups a company can belong to (Company.groupIds). */
export const COMPANY_GROUP = "companyGroup";

export const dictionaryMeta: ResourceMeta = {
  resource: "Dictionary",
  path: "/Dictionary",
  nameKey: "resource.dictionary",
  addKey: "resource.dictionary.add",
  titleFields: ["value", "code"],
  defaultSort: { column: "group", descending: false },
  writers: "manager",
  fields: [
    { name: "id", kind: "number", labelKey: "field.common.id", list: { sortable: true, filterable: true } },
    {
      name: "group",
      kind: "text",
      labelKey: "field.dictionary.group",
      list: { sortable: true, filterable: true, searchable: true, visible: true },
      form: { add: true, edit: true, required: "always", maxLength: 100 },
    },
    {
      name: "code",
      kind: "text",
      labelKey: "field.dictionary.code",
      list: { sortable: true, filterable: true, searchable: true, visible: true },
      form: { add: true, edit: true, required: "always", maxLength: 50, uppercase: true },
    },
    {
      name: "value",
      kind: "text",
      labelKey: "field.dictionary.value",
      list: { sortable: true, filterable: true, searchable: true, visible: true },
      form: { add: true, edit: true, required: "always", maxLength: 255 },
    },
    {
      name: "description",
      kind: "textarea",
      labelKey: "field.common.description",
      list: { searchable: true },
      form: { add: true, edit: true, maxLength: 2000 },
    },
    {
      name: "tagIds",
      kind: "references",
      labelKey: "field.dictionary.tagIds",
      reference: { resource: "Tags", path: "/Tags", titleFields: ["name"] },
      list: { visible: true },
      form: { add: true, edit: true },
    },
    ...timestampFields,
  ],
};
