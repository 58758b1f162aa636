// Company metadata for the generic list and dialogs (plain data, imported by the client).
import { type FieldMeta, type ResourceMeta, timestampFields } from "../../../kernel/resource_meta.ts";
import { COMPANY_GROUP } from "../../records/dictionaries/meta.ts";

/** carrier covers "carrier or transport". */
export const companyKeyRoles = ["contractor", "supplier", "recipient", "carrier", "other"] as const;

/** An optional text of the form, shown in the list on demand. */
const text = (name: string, maxLength: number, extra: Partial<FieldMeta> = {}): FieldMeta => ({
  name,
  kind: "text",
  labelKey: `field.company.${name}`,
  form: { add: true, edit: true, maxLength },
  ...extra,
});

const filterable = { sortable: true, filterable: true, searchable: true };

export const companyMeta: ResourceMeta = {
  resource: "Company",
  path: "/Company",
  nameKey: "resource.company",
  addKey: "resource.company.add",
  titleFields: ["shortName"],
  defaultSort: { column: "shortName", descending: false },
  writers: "manager",
  fields: [
    { name: "id", kind: "number", labelKey: "field.common.id", list: { sortable: true, filterable: true } },
    text("shortName", 100, {
      list: { ...filterable, visible: true },
      form: { add: true, edit: true, required: "always", maxLength: 100, uppercase: true },
    }),
    text("fullName", 255, { list: { ...filterable, visible: true } }),
    text("taxId", 50, {
      list: { ...filterable, visible: true },
      form: { add: true, edit: true, maxLength: 50, uppercase: true },
    }),
    text("taxCountry", 50, {
      list: { sortable: true, filterable: true },
      form: { add: true, edit: true, maxLength: 50, uppercase: true },
    }),
    {
      name: "keyRole",
      kind: "enum",
      labelKey: "field.company.keyRole",
      options: companyKeyRoles,
      list: { sortable: true, filterable: true, visible: true },
      form: { add: true, edit: true, required: "always", default: "contractor" },
    },
    {
      name: "parentId",
      kind: "reference",
      labelKey: "field.company.parentId",
      reference: {
        resource: "Company",
        path: "/Company",
        titleFields: ["shortName"],
        displayField: "parentName",
      },
      list: { filterable: true },
      form: { add: true, edit: true },
    },
    {
      name: "addressId",
      kind: "reference",
      labelKey: "field.company.addressId",
      reference: {
        resource: "Address",
        path: "/Address",
        titleFields: ["text", "city"],
        displayField: "addressText",
      },
      list: { filterable: true, visible: true },
      form: { add: true, edit: true },
    },
    {
      name: "officeMail",
      kind: "email",
      labelKey: "field.company.officeMail",
      list: { ...filterable, visible: true },
      form: { add: true, edit: true, maxLength: 254 },
    },
    {
      name: "officePhoneNumber",
      kind: "phone",
      labelKey: "field.company.officePhoneNumber",
      list: { ...filterable, visible: true },
      form: { add: true, edit: true, maxLength: 32 },
    },
    text("websiteUrl", 2048, { list: {} }),
    text("logoUrl", 2048),
    text("bankName", 100, { groupKey: "group.company.bank" }),
    text("bankAccountNumber", 64, {
      groupKey: "group.company.bank",
      form: { add: true, edit: true, maxLength: 64, uppercase: true },
    }),
    text("swift", 11, {
      groupKey: "group.company.bank",
      form: { add: true, edit: true, maxLength: 11, uppercase: true },
    }),
    text("paymentMethod", 100, { groupKey: "group.company.bank" }),
    {
      name: "tagIds",
      kind: "references",
      labelKey: "field.company.tagIds",
      reference: { resource: "Tags", path: "/Tags", titleFields: ["name"] },
      list: {},
      form: { add: true, edit: true },
    },
    {
      name: "groupIds",
      kind: "references",
      labelKey: "field.company.groupIds",
      reference: {
        resource: "Dictionary",
        path: "/Dictionary",
        titleFields: ["value", "code"],
        filters: [{ field: "group", operator: "eq", value: COMPANY_GROUP }],
      },
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
