// EmailTemplate metadata for the generic list and dialogs (plain data, imported by the client).
import { languages } from "../../../kernel/i18n/contract.ts";
import type { ResourceMeta } from "../../../kernel/resource_meta.ts";

/** Characters a template's body may hold. */
export const EMAIL_BODY_MAX = 200_000;

export const emailTemplateMeta: ResourceMeta = {
  resource: "EmailTemplate",
  path: "/EmailTemplate",
  nameKey: "resource.emailTemplate",
  addKey: "resource.emailTemplate.add",
  titleFields: ["name", "code"],
  defaultSort: { column: "code", descending: false },
  writers: "manager",
  fields: [
    { name: "id", kind: "number", labelKey: "field.common.id", list: { sortable: true, filterable: true } },
    {
      name: "code",
      kind: "text",
      labelKey: "field.emailTemplate.code",
      list: { sortable: true, filterable: true, searchable: true, visible: true },
      form: { add: true, edit: true, required: "always", maxLength: 50, uppercase: true },
    },
    {
      name: "name",
      kind: "text",
      labelKey: "field.emailTemplate.name",
      list: { sortable: true, filterable: true, searchable: true, visible: true },
      form: { add: true, edit: true, required: "always", maxLength: 100 },
    },
    {
      name: "language",
      kind: "enum",
      options: languages,
      labelKey: "field.emailTemplate.language",
      list: { sortable: true, filterable: true, visible: true },
      form: { add: true, edit: true, required: "always" },
    },
    {
      name: "subject",
      kind: "text",
      labelKey: "field.emailTemplate.subject",
      list: { sortable: true, filterable: true, searchable: true, visible: true },
      form: { add: true, edit: true, required: "always", maxLength: 250 },
    },
    {
      name: "body",
      kind: "textarea",
      labelKey: "field.emailTemplate.body",
      form: { add: true, edit: true, required: "always", maxLength: EMAIL_BODY_MAX },
    },
    {
      name: "description",
      kind: "textarea",
      labelKey: "field.common.description",
      form: { add: true, edit: true, maxLength: 500 },
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
