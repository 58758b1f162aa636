// The stock resources' metadata against what it describes: form fields exist in the schemas, every key it
// names is in the client catalogue, and every column a list sorts or filters by leads an index.
import { describe, expect, it } from "vitest";
import { getTableConfig, type SQLiteTable } from "drizzle-orm/sqlite-core";
import { container as containerResource } from "../../../server/domain/stock/containers/entity.ts";
import { wmsDocument as wmsDocumentResource } from "../../../server/domain/stock/documents/entity.ts";
import { wmsDocumentPosition as wmsDocumentPositionResource } from "../../../server/domain/stock/positions/entity.ts";
import { stockMessages } from "../../../shared/i18n/areas/stock.ts";
import { enUs } from "../../../shared/i18n/en_us.ts";

const resources = [
  [containerResource, containerResource.entity.create],
  [wmsDocumentResource, wmsDocumentResource.entity.create],
  [wmsDocumentPositionResource, wmsDocumentPositionResource.entity.create],
] as const;

describe.each(resources.map(([r, schema]) => [r.meta.resource, r, schema] as const))(
  "%s metadata",
  (_name, resource, schema) => {
    const { meta } = resource;

    it("has form fields only for fields of the add schema", () => {
      const shape = Object.keys(schema.shape);
      const formFields = meta.fields.filter((f) => f.form?.add).map((f) => f.name);
      expect(formFields.filter((f) => !shape.includes(f))).toEqual([]);
    });

    it("names only catalogue keys", () => {
      const keys = [meta.nameKey, meta.addKey!];
      for (const f of meta.fields) {
        keys.push(f.labelKey);
        for (const o of f.options ?? []) keys.push(`option.${f.name}.${o}`);
      }
      const catalogue = new Set(Object.keys(enUs));
      expect(keys.filter((k) => !catalogue.has(k))).toEqual([]);
      for (const [lang, messages] of Object.entries(stockMessages)) {
        expect(Object.keys(messages).sort(), lang).toEqual(Object.keys(stockMessages["en-us"]).sort());
      }
    });

    it("has an index led by every column its list sorts or filters by", () => {
      const table = resource.def.table as SQLiteTable;
      const leading = new Set(
        getTableConfig(table).indexes.map((i) => (i.config.columns[0] as { name: string }).name),
      );
      // A field kept in another table is found through this table's link column (a position's product
      // for the product's barcodes), which needs the index; one found another step further (`via`: a
      // document by its positions' products) through the other table's.
      const missing = Object.entries(resource.listFields)
        .filter(([name, f]) => name !== "id" && (f.sortable || f.filterable) && !f.via)
        .map(([, f]) => (f.through ? f.through.id : f.column).name)
        .filter((c) => !leading.has(c));
      expect(missing).toEqual([]);
    });
  },
);
