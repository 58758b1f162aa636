// WmsDocument metadata for the generic list (plain data, imported by the client).
import { type ResourceMeta, timestampFields } from "../../../kernel/resource_meta.ts";

/** A location picked from the StorageSpace list, named in lists by the row's `display` field. */
export const locationField = (name: string, labelKey: string, display: string) => ({
  name,
  kind: "reference" as const,
  labelKey,
  reference: {
    resource: "StorageSpace",
    path: "/StorageSpace",
    titleFields: ["label"],
    displayField: display,
  },
  list: { sortable: true, filterable: true, visible: true },
  form: { add: true, edit: true },
});

const location = (name: string, display: string) => locationField(name, `field.wmsDocument.${name}`, display);

export const wmsDocumentMeta: ResourceMeta = {
  resource: "WmsDocument",
  path: "/WmsDocument",
  nameKey: "resource.wmsDocument",
  addKey: "resource.wmsDocument.add",
  titleFields: ["documentNumber"],
  defaultSort: { column: "createdAt", descending: true },
  fields: [
    { name: "id", kind: "number", labelKey: "field.common.id", list: { sortable: true, filterable: true } },
    {
      name: "documentNumber",
      kind: "text",
      labelKey: "field.wmsDocument.documentNumber",
      list: { sortable: true, filterable: true, searchable: true, visible: true },
    },
    {
      name: "typeCode",
      kind: "enum",
      options: ["DIN", "DOU", "IIN", "IOU", "OIN", "OOU", "CRL", "ARL", "PRL"],
      labelKey: "field.wmsDocument.typeCode",
      list: { sortable: true, filterable: true, visible: true },
      form: { add: true, required: "always" },
    },
    {
      name: "statusCode",
      kind: "enum",
      options: ["workingCopy", "confirmed", "reverted"],
      labelKey: "field.wmsDocument.statusCode",
      list: { sortable: true, filterable: true, visible: true },
    },
    {
      name: "contractorId",
      kind: "reference",
      labelKey: "field.wmsDocument.contractorId",
      reference: {
        resource: "Company",
        path: "/Company",
        titleFields: ["shortName"],
        displayField: "contractorName",
        filters: [{ field: "keyRole", operator: "eq", value: "contractor" }],
      },
      list: { sortable: true, filterable: true, visible: true },
      form: { add: true, edit: true },
    },
    {
      name: "plannedDate",
      kind: "date",
      labelKey: "field.wmsDocument.plannedDate",
      list: { sortable: true, filterable: true, visible: true },
      form: { add: true, edit: true },
    },
    {
      name: "executedAt",
      kind: "date",
      labelKey: "field.wmsDocument.executedAt",
      list: { sortable: true, filterable: true, visible: true },
    },
    {
      name: "deadline",
      kind: "date",
      labelKey: "field.wmsDocument.deadline",
      list: { sortable: true, filterable: true },
      form: { add: true, edit: true },
    },
    location("sourceLocationId", "sourceLocationLabel"),
    location("destinationLocationId", "destinationLocationLabel"),
    {
      name: "precedingDocumentId",
      kind: "reference",
      labelKey: "field.wmsDocument.precedingDocumentId",
      reference: {
        resource: "WmsDocument",
        path: "/WmsDocument",
        titleFields: ["documentNumber"],
        displayField: "precedingDocumentNumber",
      },
      list: { filterable: true },
    },
    {
      name: "assignedUserId",
      kind: "reference",
      labelKey: "field.wmsDocument.assignedUserId",
      reference: { resource: "User", path: "/User", titleFields: ["visibleName", "username"] },
      list: { filterable: true },
      form: { add: true, edit: true },
    },
    {
      name: "comment",
      kind: "textarea",
      labelKey: "field.wmsDocument.comment",
      list: { searchable: true },
      form: { add: true, edit: true, maxLength: 4000 },
    },
    {
      name: "progressPercent",
      kind: "number",
      labelKey: "field.wmsDocument.progressPercent",
      unit: "%",
      list: { sortable: true, filterable: true, visible: true },
    },
    ...timestampFields,
  ],
};
