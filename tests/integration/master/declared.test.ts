// What every declared resource must hold, present and future, found by walking server/domain: each list
// column that sorts or filters leads an index (lists stay fast at a million rows), every catalogue key its
// metadata names is in the client catalogue, and a quick search index holds exactly the searchable fields
// (making a field searchable needs a migration that rebuilds the index, decision 0004). A new entity is
// checked here without a new line.
import { describe, expect, it } from "vitest";
import { getTableConfig, type SQLiteColumn, type SQLiteTable } from "drizzle-orm/sqlite-core";
import { Resource } from "../../../server/engine/engine.ts";
import { enUs } from "../../../shared/i18n/en_us.ts";
import { domainModules } from "../../fixtures/contract_snapshot.ts";
import { openConnection } from "../../../server/db/open.ts";
import { migrate } from "../../../server/db/migrate.ts";

const resources = (await domainModules()).flatMap((m) => Object.values(m))
  .filter((v): v is Resource => v instanceof Resource);

function tableOf(column: SQLiteColumn): SQLiteTable {
  return (column as unknown as { table: SQLiteTable }).table;
}

/** The columns that lead an index of a table, its primary key included. */
function leading(table: SQLiteTable): Set<string> {
  const config = getTableConfig(table);
  return new Set([
    ...config.indexes.map((i) => (i.config.columns[0] as { name: string }).name),
    ...config.primaryKeys.map((k) => k.columns[0].name),
    ...config.columns.filter((c) => c.primary).map((c) => c.name),
  ]);
}

describe("every declared resource", () => {
  it("is found (the walk sees the resources the app serves)", () => {
    expect(resources.map((r) => r.meta.resource)).toEqual(
      expect.arrayContaining(["ProductGroup", "Product", "Company", "StorageSpace", "WmsDocument"]),
    );
  });

  it.each(resources.map((r) => [r.meta.resource, r] as const))(
    "%s: an index leads with every column its list sorts or filters by",
    (_name, resource) => {
      const missing = Object.entries(resource.listFields)
        .filter(([, f]) => f.sortable || f.filterable)
        .filter(([, f]) => !leading(tableOf(f.column)).has(f.column.name))
        .map(([name, f]) => `${name} (${getTableConfig(tableOf(f.column)).name}.${f.column.name})`);
      expect(missing).toEqual([]);
    },
  );

  it.each(resources.map((r) => [r.meta.resource, r] as const))(
    "%s: names only keys of the client catalogue",
    (_name, resource) => {
      const { meta } = resource;
      const keys = [meta.nameKey, ...(meta.addKey ? [meta.addKey] : [])];
      for (const f of meta.fields) {
        keys.push(f.labelKey);
        if (f.groupKey) keys.push(f.groupKey);
        for (const c of f.rows?.columns ?? []) keys.push(c.labelKey);
      }
      const catalogue = new Set(Object.keys(enUs));
      expect(keys.filter((k) => !catalogue.has(k))).toEqual([]);
    },
  );

  it("with a quick search index: the index's columns are the searchable fields, as the migration made it", async () => {
    const db = openConnection(":memory:");
    try {
      await migrate(db, "tenant");
      for (const r of resources.filter((r) => r.search)) {
        const indexed = (await db.query(`PRAGMA table_info(${r.search!.table})`)).map((c) => String(c.name));
        // An own column by its name; a value list (a product's barcodes) by the field's, in snake case.
        const searchable = Object.entries(r.listFields).filter(([, f]) => f.searchable)
          .map(([name, f]) =>
            f.through ? name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`) : f.column.name
          );
        expect(indexed.sort(), r.meta.resource).toEqual(searchable.sort());
      }
    } finally {
      await db.close();
    }
  });
});
