// The columns of a stock file and what its quantities mean (plain data: the import wizard reads it too).
import type { FieldMeta } from "../resources/meta.ts";

export const stockModes = ["openingBalance", "count"] as const;
export type StockMode = typeof stockModes[number];

const required = { add: true, required: "always" as const };
/** The columns of a stock file (their names are the template's header). */
export const stockFields: FieldMeta[] = [
  { name: "product", kind: "text", labelKey: "field.inventory.productIndex", form: required },
  { name: "location", kind: "text", labelKey: "field.inventory.locationLabel", form: required },
  { name: "quantity", kind: "number", labelKey: "field.inventory.quantity", form: required },
  {
    name: "expiryDate",
    kind: "date",
    day: true,
    labelKey: "field.inventory.expiryDate",
    form: { add: true },
  },
  {
    name: "productionDate",
    kind: "date",
    day: true,
    labelKey: "field.inventory.productionDate",
    form: { add: true },
  },
  { name: "serialNumber", kind: "text", labelKey: "field.inventory.serialNumber", form: { add: true } },
];
