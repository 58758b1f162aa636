// EmailAccount metadata for the generic list and dialogs (plain data, imported by the client). Only
// administrators see or keep the accounts; the password is write-only (the answer says only hasPassword).
import type { ResourceMeta } from "../../../kernel/resource_meta.ts";

export const emailAccountMeta: ResourceMeta = {
  resource: "EmailAccount",
  path: "/EmailAccount",
  nameKey: "resource.emailAccount",
  addKey: "resource.emailAccount.add",
  titleFields: ["address", "smtpServer"],
  defaultSort: { column: "address", descending: false },
  writers: "admin",
  readers: "admin",
  fields: [
    { name: "id", kind: "number", labelKey: "field.common.id", list: { sortable: true, filterable: true } },
    {
      name: "address",
      kind: "email",
      labelKey: "field.emailAccount.address",
      list: { sortable: true, filterable: true, searchable: true, visible: true },
      form: { add: true, edit: true, required: "always", maxLength: 254 },
    },
    {
      name: "smtpServer",
      kind: "text",
      labelKey: "field.emailAccount.smtpServer",
      list: { sortable: true, filterable: true, searchable: true, visible: true },
      form: { add: true, edit: true, required: "always", maxLength: 253 },
    },
    {
      name: "smtpPort",
      kind: "number",
      labelKey: "field.emailAccount.smtpPort",
      list: { visible: true },
      form: { add: true, edit: true, required: "always", min: 1, max: 65535, default: 587 },
    },
    {
      name: "useTls",
      kind: "boolean",
      labelKey: "field.emailAccount.useTls",
      list: { visible: true },
      form: { add: true, edit: true, default: true },
    },
    {
      name: "login",
      kind: "text",
      labelKey: "field.emailAccount.login",
      list: { sortable: true, filterable: true, searchable: true },
      form: { add: true, edit: true, maxLength: 254 },
    },
    {
      name: "password",
      kind: "password",
      labelKey: "field.emailAccount.password",
      // Empty on an edit keeps the stored password.
      form: { add: true, edit: true, maxLength: 256 },
      writeOnly: true,
    },
    { name: "hasPassword", kind: "boolean", labelKey: "field.emailAccount.hasPassword" },
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
