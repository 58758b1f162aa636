// The business and records resources' metadata against what it describes: the form fields are the
// schemas' fields, every key it names is in the client catalogue, and every column a list sorts or
// filters by leads an index, so lists stay fast on big tables.
import { describe, expect, it } from "vitest";
import { getTableConfig, type SQLiteTable } from "drizzle-orm/sqlite-core";
import { address as addressResource } from "../../../server/domain/parties/addresses/entity.ts";
import { company as companyResource } from "../../../server/domain/parties/companies/entity.ts";
import { person as personResource } from "../../../server/domain/parties/persons/entity.ts";
import { tag as tagResource } from "../../../server/domain/reference/tags/entity.ts";
import { dictionary as dictionaryResource } from "../../../server/domain/reference/dictionaries/entity.ts";
import { businessMessages } from "../../../shared/i18n/areas/business.ts";
import { enUs } from "../../../shared/i18n/en_us.ts";

const resources = [
  [addressResource, addressResource.entity.create],
  [companyResource, companyResource.entity.create],
  [personResource, personResource.entity.create],
  [tagResource, tagResource.entity.create],
  [dictionaryResource, dictionaryResource.entity.create],
] as const;

describe.each(resources.map(([r, schema]) => [r.meta.resource, r, schema] as const))(
  "%s metadata",
  (_name, resource, schema) => {
    const { meta } = resource;

    it("has a form field for each field of the add schema, and no other", () => {
      const formFields = meta.fields.filter((f) => f.form?.add).map((f) => f.name).sort();
      expect(formFields).toEqual(Object.keys(schema.shape).sort());
    });

    it("names only catalogue keys (the shared field.common ones come from the client's area)", () => {
      const keys = [meta.nameKey, meta.addKey!];
      for (const f of meta.fields) {
        keys.push(f.labelKey);
        if (f.groupKey) keys.push(f.groupKey);
        for (const o of f.options ?? []) keys.push(`option.${f.name}.${o}`);
      }
      const own = keys.filter((k) => !k.startsWith("field.common."));
      const catalogue = new Set(Object.keys(enUs));
      expect(own.filter((k) => !catalogue.has(k))).toEqual([]);
      for (const [lang, messages] of Object.entries(businessMessages)) {
        expect(Object.keys(messages).sort(), lang).toEqual(Object.keys(businessMessages["en-us"]).sort());
      }
    });

    it("has an index led by every column its list sorts or filters by", () => {
      const table = resource.def.table as SQLiteTable;
      const leading = new Set(
        getTableConfig(table).indexes.map((i) => (i.config.columns[0] as { name: string }).name),
      );
      const missing = Object.entries(resource.listFields)
        .filter(([name, f]) => name !== "id" && (f.sortable || f.filterable))
        .map(([, f]) => f.column.name)
        .filter((column) => !leading.has(column));
      expect(missing).toEqual([]);
    });
  },
);
