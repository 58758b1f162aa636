// ExchangeRate metadata for the generic list and dialogs (plain data, imported by the client).
import type { ResourceMeta } from "../../../kernel/resource_meta.ts";

export const exchangeRateMeta: ResourceMeta = {
  resource: "ExchangeRate",
  path: "/ExchangeRate",
  nameKey: "resource.exchangeRate",
  addKey: "resource.exchangeRate.add",
  titleFields: ["currencySign"],
  defaultSort: { column: "currencySign", descending: false },
  writers: "manager",
  fields: [
    { name: "id", kind: "number", labelKey: "field.common.id", list: { sortable: true, filterable: true } },
    {
      name: "currencySign",
      kind: "text",
      labelKey: "field.exchangeRate.currencySign",
      list: { sortable: true, filterable: true, searchable: true, visible: true },
      form: { add: true, edit: true, required: "always", minLength: 3, maxLength: 3, uppercase: true },
    },
    {
      name: "shortName",
      kind: "text",
      labelKey: "field.exchangeRate.shortName",
      list: { sortable: true, filterable: true, searchable: true, visible: true },
      form: { add: true, edit: true, maxLength: 20 },
    },
    {
      name: "fullName",
      kind: "text",
      labelKey: "field.exchangeRate.fullName",
      list: { sortable: true, filterable: true, searchable: true, visible: true },
      form: { add: true, edit: true, maxLength: 100 },
    },
    {
      name: "baseRate",
      kind: "number",
      labelKey: "field.exchangeRate.baseRate",
      list: { sortable: true, filterable: true, visible: true },
      form: { add: true, edit: true, required: "always", min: 0 },
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
