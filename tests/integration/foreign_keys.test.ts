// Every refused delete is a 409, whatever links to the record: derived from the schema's foreign keys, so
// a table added later is covered without a new line. For every foreign key of the tenant schema that
// neither cascades nor empties itself, and whose target is a resource that deletes, a record is linked by a
// row of the referencing table (written directly, as any writer might), and its DELETE through the API must
// answer 409 record.foreignKey with the link's variant and leave both rows in place.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DatabaseSync } from "node:sqlite";
import { is } from "drizzle-orm";
import { getTableConfig, type SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import * as schema from "../../server/schema.ts";
import { filePathOf } from "../../server/db/local.ts";
import { Resource } from "../../server/engine/engine.ts";
import type { Tenant } from "../../server/tenancy/registry.ts";
import { domainModules } from "../fixtures/contract_snapshot.ts";
import { call, createTenant, signIn, startServer, type TestServer } from "../fixtures/harness.ts";

let s: TestServer;
let tenant: Tenant;
let admin: string;

beforeAll(async () => {
  s = await startServer();
  tenant = await createTenant(s, "fks");
  admin = (await signIn(s, "fks-admin")).token;
});
afterAll(() => s.close());

const tables = (Object.values(schema) as unknown[]).filter((t): t is SQLiteTable => is(t, SQLiteTable));
const resources = new Map(
  (await domainModules()).flatMap((m) => Object.values(m))
    .filter((v): v is Resource => v instanceof Resource && !v.meta.readOnly)
    .map((r) => [r.def.table as SQLiteTable, r]),
);

interface Link {
  from: SQLiteTable;
  column: SQLiteColumn;
  to: SQLiteTable;
  resource: Resource;
}

const links: Link[] = tables.flatMap((from) =>
  getTableConfig(from).foreignKeys.flatMap((fk): Link[] => {
    const rule = fk.onDelete ?? "no action";
    if (rule === "cascade" || rule === "set null" || rule === "set default") return [];
    const ref = fk.reference();
    const resource = resources.get(ref.foreignTable);
    return resource ? [{ from, column: ref.columns[0], to: ref.foreignTable, resource }] : [];
  })
);

let serial = 0;

/** Column values a parent needs so that nothing but the link refuses its delete. */
const deletable: Record<string, Record<string, unknown>> = {
  wms_orders: { status_code: "workingCopy" },
};

/** Inserts a row with a value for every column that must have one; foreign keys are not checked here. */
function insertRow(db: DatabaseSync, table: SQLiteTable, values: Record<string, unknown> = {}): number {
  const row: Record<string, unknown> = {};
  for (const c of getTableConfig(table).columns) {
    if (c.name in values) row[c.name] = values[c.name];
    else if (c.notNull && !c.hasDefault && !c.primary) {
      serial++;
      row[c.name] = c.columnType === "SQLiteText" ? `FK-${serial}` : serial;
    }
  }
  const names = Object.keys(row);
  const sql = `INSERT INTO "${getTableConfig(table).name}" (${names.map((n) => `"${n}"`).join(", ")}) ` +
    `VALUES (${names.map(() => "?").join(", ")})`;
  return Number(db.prepare(sql).run(...(Object.values(row) as (string | number | null)[])).lastInsertRowid);
}

describe("a delete that a foreign key forbids", () => {
  it("is found for every resource the schema's keys point at", () => {
    const targets = new Set(links.map((l) => l.resource.meta.resource));
    expect([...targets]).toEqual(expect.arrayContaining(["Company", "Product", "StorageSpace", "Tags"]));
  });

  it.each(links.map((l) => [`${getTableConfig(l.from).name}.${l.column.name}`, l] as const))(
    "%s: 409 record.foreignKey, and nothing is deleted",
    async (_name, link) => {
      const db = new DatabaseSync(filePathOf(tenant.dbUrl));
      let parentId: number;
      try {
        db.exec("PRAGMA foreign_keys = OFF");
        // A parent its own rules let go of but for the link: an order still a working copy.
        parentId = insertRow(db, link.to, deletable[getTableConfig(link.to).name] ?? {});
        insertRow(db, link.from, { [link.column.name]: parentId });
      } finally {
        db.close();
      }
      const r = await call(s, "DELETE", `/api${link.resource.meta.path}/${parentId}`, { token: admin });
      const variant = (await link.resource.dependents())
        .find((d) => d.column === link.column)?.variant ?? "general";
      expect([r.status, r.body?.error?.code, r.body?.error?.params]).toEqual([
        409,
        "record.foreignKey",
        { variant },
      ]);
      const still = await call(s, "GET", `/api${link.resource.meta.path}/${parentId}`, { token: admin });
      expect(still.status).toBe(200);
    },
  );
});
