// Every unique rule of every resource is checked by the engine on each add and edit (engine.ts, #check): one
// `SELECT id … WHERE <columns> = ? [COLLATE NOCASE] LIMIT 1`. Without an index that SQLite can use for that
// comparison the check reads the whole table on every write: a case-insensitive rule (`nocase`) cannot use
// an index of the column's own (BINARY) collation, so until migration 0048 adding a tag at 3,000 tags took
// 66 µs for that statement alone, and adding or renaming a location read every location's label. Derived
// from the declarations: a rule added later is covered without a new line here.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getTableName } from "drizzle-orm";
import { LocalConnection } from "../../server/db/local.ts";
import { migrate } from "../../server/db/migrate.ts";
import { Resource } from "../../server/engine/engine.ts";
import { domainModules } from "../fixtures/contract_snapshot.ts";

const resources = [
  ...new Set(
    (await domainModules()).flatMap((m) => Object.values(m))
      .filter((v): v is Resource => v instanceof Resource),
  ),
];
const rules = resources.flatMap((r) =>
  r.uniqueRules.map((rule) => ({
    resource: r.def.resource,
    table: getTableName(r.def.table),
    columns: rule.columns.map((c) => c.name),
    nocase: !!rule.caseInsensitive,
  }))
);

let conn: LocalConnection;
beforeAll(async () => {
  conn = new LocalConnection(":memory:");
  await migrate(conn, "tenant");
});
afterAll(() => conn.close());

/** SQLite's plan for the engine's check of a rule, one line per step. */
async function planOf(rule: (typeof rules)[number], edit: boolean): Promise<string[]> {
  const where = rule.columns.map((c) => `"${c}" = ?${rule.nocase ? " COLLATE NOCASE" : ""}`);
  if (edit) where.push(`"id" <> ?`);
  const params = [...rule.columns.map(() => "x"), ...(edit ? [1] : [])];
  const rows = await conn.query(
    `EXPLAIN QUERY PLAN SELECT "id" FROM "${rule.table}" WHERE ${where.join(" AND ")} LIMIT 1`,
    params,
  );
  return rows.map((r) => String(r.detail));
}

describe("unique rules", () => {
  it("are declared (the check below has something to check)", () => {
    expect(rules.filter((r) => r.nocase).length).toBeGreaterThan(5);
    expect(rules.filter((r) => !r.nocase).length).toBeGreaterThan(2);
  });

  it.each(rules.map((r) => [`${r.resource} (${r.columns.join(", ")}${r.nocase ? ", nocase" : ""})`, r]))(
    "%s: its check searches an index, on add and on edit",
    async (_name, rule) => {
      for (const edit of [false, true]) {
        const plan = await planOf(rule, edit);
        expect(plan.join("; ")).toMatch(/^SEARCH \S+ USING (COVERING )?INDEX/);
      }
    },
  );
});
