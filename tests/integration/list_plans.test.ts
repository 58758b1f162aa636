// The query plans behind lists at size, read with EXPLAIN QUERY PLAN on a migrated tenant database: every
// sortable column of products, companies and storage spaces pages from an index (no temporary B-tree for
// the ORDER BY), and a contractor's products sorted by name (the bench's filtered and sorted page) take
// both the filter and the order from one index. The statements are the ones the engine runs, captured.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mkdirSync, rmSync } from "node:fs";
import { join, resolve } from "node:path";
import { LocalConnection } from "../../server/db/local.ts";
import { migrate } from "../../server/db/migrate.ts";
import { capturePage } from "../fixtures/list_page.ts";
import type { Resource } from "../../server/engine/engine.ts";
import { product as productResource } from "../../server/domain/assortment/products/entity.ts";
import { company as companyResource } from "../../server/domain/parties/companies/entity.ts";
import { storageSpace as storageSpaceResource } from "../../server/domain/storage/locations/entity.ts";
import { mapChoices } from "../../server/domain/storage/maps/occupancy.ts";
import { drizzle } from "drizzle-orm/sqlite-proxy";
import type { Db } from "../../server/db/connection.ts";
import type { TenantContext } from "../../server/kernel/context.ts";

let dir: string;
let conn: LocalConnection;

beforeAll(async () => {
  dir = resolve(".test-data", `plans-${crypto.randomUUID()}`);
  mkdirSync(dir, { recursive: true });
  conn = new LocalConnection(`file:${join(dir, "tenant.db")}`);
  await migrate(conn, "tenant");
});
afterAll(async () => {
  await conn.close();
  rmSync(dir, { recursive: true, force: true });
});

/** The id-page statement a list call runs (the one ordering by the sort column), with its plan. */
async function pagePlan(
  // deno-lint-ignore no-explicit-any
  resource: Resource<any, any, any>,
  query: Record<string, string>,
): Promise<{ sql: string; plan: string[] }> {
  const page = await capturePage((ctx, q) => resource.list(ctx, q), query);
  const plan = (await conn.query(`EXPLAIN QUERY PLAN ${page.sql}`, page.params)).map((r) => String(r.detail));
  return { sql: page.sql, plan };
}

describe("list plans", () => {
  const resources = [productResource, companyResource, storageSpaceResource];
  for (const resource of resources) {
    const sortable = Object.entries(resource.listFields).filter(([, f]) => f.sortable).map(([n]) => n);
    it.each(sortable)(`${resource.meta.resource}: sorting by %s pages from an index`, async (field) => {
      for (const sortDescending of ["false", "true"]) {
        const { sql, plan } = await pagePlan(resource, { sortColumn: field, sortDescending });
        expect(plan.join(" / "), sql).not.toMatch(/TEMP B-TREE/);
      }
    });
  }

  it("a contractor's products sorted by name: filter and order from products_contractor_name", async () => {
    const { sql, plan } = await pagePlan(productResource, {
      sortColumn: "name",
      BasicFiltersSerialized: JSON.stringify([{ field: "contractorId", operator: "eq", value: 3 }]),
    });
    expect(plan.join(" / "), sql).toMatch(/COVERING INDEX products_contractor_name/);
    expect(plan.join(" / "), sql).not.toMatch(/TEMP B-TREE/);
  });

  it("the map's choices: zones, the locations in them and the maps by index, each location by its id", async () => {
    const seen: { sql: string; params: unknown[] }[] = [];
    const db = drizzle((sql, params) => {
      seen.push({ sql, params });
      return Promise.resolve({ rows: [] });
    }) as unknown as Db;
    await mapChoices({ conn: { db } } as unknown as TenantContext);
    const [statement] = seen;
    const plan = (await conn.query(`EXPLAIN QUERY PLAN ${statement.sql}`, statement.params))
      .map((r) => String(r.detail)).join(" / ");
    // Never a walk of every location (a million bins): the chosen ids lead, each read by its key.
    expect(plan, statement.sql).not.toMatch(/SCAN (s|storage_spaces)\b/);
    expect(plan, statement.sql).toMatch(/SEARCH s USING INTEGER PRIMARY KEY/);
    expect(plan, statement.sql).toMatch(/storage_spaces_parent_path \(parent_id=\?\)/);
  });
});
