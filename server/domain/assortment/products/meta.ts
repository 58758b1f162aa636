// Product metadata for the generic list and dialogs (plain data, imported by the client). The custom fields
// ({code, name, type, printId}) are a "rows" field: the form edits them as a table.
import { type FieldMeta, type ResourceMeta, timestampFields } from "../../../kernel/resource_meta.ts";

/** The kinds of value a custom field holds (the schema in contract.ts allows exactly these). */
export const customFieldTypes = ["text", "number", "date", "boolean"] as const;
export const MAX_CUSTOM_FIELDS = 50;

const editable = { add: true, edit: true } as const;

function text(name: string, groupKey: string, maxLength: number, list?: FieldMeta["list"]): FieldMeta {
  return {
    name,
    kind: "text",
    labelKey: `field.product.${name}`,
    groupKey,
    list,
    form: { ...editable, maxLength },
  };
}

function comment(name: string): FieldMeta {
  return {
    name,
    kind: "textarea",
    labelKey: `field.product.${name}`,
    groupKey: "group.product.comments",
    form: { ...editable, maxLength: 2000 },
  };
}

/** A number; `listed` ones are list columns (each has an index in table.ts), the others are form-only. */
function amount(name: string, groupKey: string, listed: boolean, unit?: string, min = 0): FieldMeta {
  return {
    name,
    kind: "number",
    labelKey: `field.product.${name}`,
    groupKey,
    unit,
    list: listed ? { sortable: true, filterable: true } : undefined,
    form: { ...editable, min },
  };
}

function flag(name: string, filterable = false): FieldMeta {
  return {
    name,
    kind: "boolean",
    labelKey: `field.product.${name}`,
    groupKey: "group.product.flags",
    list: filterable ? { filterable: true } : undefined,
    form: { ...editable, default: false },
  };
}

const general = "group.product.general";
const measures = "group.product.measures";
const storage = "group.product.storage";

export const productMeta: ResourceMeta = {
  resource: "Product",
  path: "/Product",
  nameKey: "resource.product",
  addKey: "resource.product.add",
  titleFields: ["index", "name"],
  defaultSort: { column: "index", descending: false },
  writers: "manager",
  fields: [
    { name: "id", kind: "number", labelKey: "field.common.id", list: { sortable: true, filterable: true } },
    {
      name: "index",
      kind: "text",
      labelKey: "field.product.index",
      groupKey: general,
      list: { sortable: true, filterable: true, searchable: true, visible: true },
      form: { ...editable, required: "always", maxLength: 64, uppercase: true },
    },
    {
      name: "name",
      kind: "text",
      labelKey: "field.product.name",
      groupKey: general,
      list: { sortable: true, filterable: true, searchable: true, visible: true },
      form: { ...editable, required: "always", maxLength: 200 },
    },
    {
      name: "barcodes",
      kind: "strings",
      labelKey: "field.product.barcodes",
      groupKey: general,
      list: { filterable: true, searchable: true, visible: true },
      form: { ...editable, maxLength: 64 },
      // EAN-13 values too: the spec names CODE128 as the preview format, and it carries the same digits.
      barcodePreview: "code128",
    },
    text("sapId", general, 64, { sortable: true, filterable: true, searchable: true }),
    {
      name: "description",
      kind: "textarea",
      labelKey: "field.common.description",
      groupKey: general,
      form: { ...editable, maxLength: 4000 },
    },
    {
      name: "mainGroupId",
      kind: "reference",
      labelKey: "field.product.mainGroupId",
      groupKey: general,
      reference: {
        resource: "ProductGroup",
        path: "/ProductGroup",
        titleFields: ["name"],
        displayField: "mainGroupName",
      },
      list: { filterable: true, visible: true },
      form: editable,
    },
    {
      name: "groupIds",
      kind: "references",
      labelKey: "field.product.groupIds",
      groupKey: general,
      reference: { resource: "ProductGroup", path: "/ProductGroup", titleFields: ["name"] },
      form: editable,
    },
    {
      name: "contractorId",
      kind: "reference",
      labelKey: "field.product.contractorId",
      groupKey: general,
      reference: {
        resource: "Company",
        path: "/Company",
        titleFields: ["shortName"],
        displayField: "contractorName",
        filters: [{ field: "keyRole", operator: "eq", value: "contractor" }],
      },
      list: { filterable: true, visible: true },
      form: editable,
    },
    {
      name: "imageUrl",
      kind: "text",
      labelKey: "field.product.imageUrl",
      groupKey: general,
      form: { ...editable, maxLength: 2000 },
    },
    text("unit", measures, 20, { sortable: true, filterable: true, visible: true }),
    amount("weight", measures, true, "kg"),
    amount("dimensionX", measures, false, "cm"),
    amount("dimensionY", measures, false, "cm"),
    amount("dimensionZ", measures, false, "cm"),
    { ...amount("cashValue", measures, true), kind: "money" },
    amount("palQuantity", measures, false),
    {
      name: "defaultLocationId",
      kind: "reference",
      labelKey: "field.product.defaultLocationId",
      groupKey: storage,
      reference: { resource: "StorageSpace", path: "/StorageSpace", titleFields: ["label"] },
      list: { filterable: true },
      form: editable,
    },
    amount("warningStock", storage, true),
    amount("criticalStock", storage, true),
    amount("minTemperature", storage, false, "°C", -273.15),
    amount("maxTemperature", storage, false, "°C", -273.15),
    { ...amount("minimalExpDays", storage, false), form: { ...editable, min: 0, max: 100_000 } },
    {
      name: "customFields",
      kind: "rows",
      labelKey: "field.product.customFields",
      groupKey: "group.product.extra",
      rows: {
        maxRows: MAX_CUSTOM_FIELDS,
        columns: [
          { name: "code", kind: "text", labelKey: "field.customField.code", required: true, maxLength: 50 },
          { name: "name", kind: "text", labelKey: "field.customField.name", required: true, maxLength: 100 },
          {
            name: "type",
            kind: "enum",
            labelKey: "field.customField.type",
            required: true,
            options: customFieldTypes,
          },
          { name: "printId", kind: "text", labelKey: "field.customField.printId", maxLength: 50 },
        ],
      },
      form: editable,
    },
    comment("receiptComment"),
    comment("releaseComment"),
    comment("internalComment"),
    comment("contractorPortalComment"),
    flag("fragile", true),
    flag("disabled", true),
    flag("contractorPortalHide", true),
    flag("lockIn"),
    flag("lockOut"),
    flag("lockRelocate"),
    flag("expiryDateVisible"),
    flag("expiryDateRequired"),
    flag("productionDateVisible"),
    flag("productionDateRequired"),
    flag("serialNumberVisible"),
    flag("serialNumberRequired"),
    ...timestampFields,
  ],
};
