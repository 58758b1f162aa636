// The inventory reports' list metadata against the endpoints it describes: every column the client
// sorts, filters or searches by is one the server sorts, filters or searches by, and every key it names is
// in the client catalogue.
import { describe, expect, it } from "vitest";
import type { ListField } from "../../../server/kernel/list.ts";
import type { ResourceMeta } from "../../../shared/resources/meta.ts";
import {
  inventoryMeta,
  productMovementsMeta,
  productStockAllMeta,
  productStockMeta,
} from "../../../shared/resources/inventory.ts";
import { inventoryFields } from "../../../server/domain/stock/inventory/lines.ts";
import { allProductFields, productStockFields } from "../../../server/domain/stock/inventory/totals.ts";
import { movementFields } from "../../../server/domain/stock/inventory/movements.ts";
import { inventoryMessages } from "../../../shared/i18n/areas/inventory.ts";
import { enUs } from "../../../shared/i18n/en_us.ts";

const cases: [string, ResourceMeta, Record<string, ListField>][] = [
  ["productStock", productStockMeta, productStockFields],
  ["productStock with includeZero", productStockAllMeta, allProductFields],
  ["inventory", inventoryMeta, inventoryFields],
  ["productMovements", productMovementsMeta, movementFields],
];

describe.each(cases)("%s metadata", (_name, meta, server) => {
  it("sorts, filters and searches only by what the endpoint does", () => {
    const wrong: string[] = [];
    for (const f of meta.fields) {
      for (const flag of ["sortable", "filterable", "searchable"] as const) {
        if (f.list?.[flag] && !server[f.name]?.[flag]) wrong.push(`${f.name} ${flag}`);
      }
    }
    expect(wrong).toEqual([]);
    expect(server[meta.defaultSort.column]?.sortable).toBe(true);
  });

  it("names only catalogue keys", () => {
    const catalogue = new Set(Object.keys(enUs));
    const keys = [meta.nameKey, ...meta.fields.map((f) => f.labelKey)];
    expect(keys.filter((k) => !catalogue.has(k))).toEqual([]);
  });
});

it("the stock screens' messages exist in every language", () => {
  for (const [lang, messages] of Object.entries(inventoryMessages)) {
    expect(Object.keys(messages).sort(), lang).toEqual(Object.keys(inventoryMessages["en-us"]).sort());
    expect(Object.values(messages).filter((v) => !v.trim()), lang).toEqual([]);
  }
});
