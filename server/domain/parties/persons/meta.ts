// Person (contact) metadata for the generic list and dialogs (plain data, imported by the client).
import { type ResourceMeta, timestampFields } from "../../../kernel/resource_meta.ts";

const listed = { sortable: true, filterable: true, searchable: true, visible: true };

export const personMeta: ResourceMeta = {
  resource: "Person",
  path: "/Person",
  nameKey: "resource.person",
  addKey: "resource.person.add",
  titleFields: ["lastName", "firstName"],
  defaultSort: { column: "lastName", descending: false },
  writers: "manager",
  fields: [
    { name: "id", kind: "number", labelKey: "field.common.id", list: { sortable: true, filterable: true } },
    {
      name: "firstName",
      kind: "text",
      labelKey: "field.person.firstName",
      list: listed,
      form: { add: true, edit: true, required: "always", maxLength: 100 },
    },
    {
      name: "lastName",
      kind: "text",
      labelKey: "field.person.lastName",
      list: listed,
      form: { add: true, edit: true, required: "always", maxLength: 100 },
    },
    {
      name: "email",
      kind: "email",
      labelKey: "field.person.email",
      list: listed,
      form: { add: true, edit: true, maxLength: 254 },
    },
    {
      name: "phoneNumber",
      kind: "phone",
      labelKey: "field.person.phoneNumber",
      list: listed,
      form: { add: true, edit: true, maxLength: 32 },
    },
    {
      name: "position",
      kind: "text",
      labelKey: "field.person.position",
      list: listed,
      form: { add: true, edit: true, maxLength: 100 },
    },
    {
      name: "companyId",
      kind: "reference",
      labelKey: "field.person.companyId",
      reference: {
        resource: "Company",
        path: "/Company",
        titleFields: ["shortName"],
        displayField: "companyName",
      },
      list: { filterable: true, visible: true },
      form: { add: true, edit: true },
    },
    {
      name: "skype",
      kind: "text",
      labelKey: "field.person.skype",
      list: { searchable: true },
      form: { add: true, edit: true, maxLength: 100 },
    },
    {
      name: "url",
      kind: "text",
      labelKey: "field.person.url",
      list: {},
      form: { add: true, edit: true, maxLength: 2048 },
    },
    {
      name: "tagIds",
      kind: "references",
      labelKey: "field.person.tagIds",
      reference: { resource: "Tags", path: "/Tags", titleFields: ["name"] },
      list: {},
      form: { add: true, edit: true },
    },
    {
      name: "description",
      kind: "textarea",
      labelKey: "field.common.description",
      list: { searchable: true },
      form: { add: true, edit: true, maxLength: 2000 },
    },
    ...timestampFields,
  ],
};
