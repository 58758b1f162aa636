// Every unique rule of every resource is checked by the engine on each add and edit (engine.ts, #check): one
// `SELECT id … WHERE <columns> = ? [COLLATE NOCASE] LIMIT 1`. Without an index that SQLite can use for that
// comparison the check reads the whole table on every write: a case-insensitive rule (`nocase`) cannot use
// an index of the column's own (BINARY) collation, so until migration 0048 adding a tag at 3,000 tags took
// 66 µs for that statement alone, and adding or renaming a location read every location's label. Derived
// from the declarations: a rule added later is covered without a new line here.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
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
const rules = resources.flatMap((resource) =>
  resource.uniqueRules.map((rule) => ({
    name: `${resource.def.resource} (${rule.columns.map((c) => c.name).join(", ")}` +
      `${rule.caseInsensitive ? ", nocase" : ""})`,
    resource,
    rule,
  }))
);

let conn: LocalConnection;
beforeAll(async () => {
  conn = new LocalConnection(":memory:");
  await migrate(conn, "tenant");
});
afterAll(() => conn.close());

/** SQLite's plan for the engine's own check of a rule (Resource.uniqueCheck), one step after another. */
async function planOf({ resource, rule }: (typeof rules)[number], edit: boolean): Promise<string> {
  const { sql, params } = resource.uniqueCheck(conn.db, rule, edit).toSQL();
  // The placeholders bound to any value: the plan does not depend on it.
  const rows = await conn.query(`EXPLAIN QUERY PLAN ${sql}`, params.map(() => 1));
  return rows.map((r) => String(r.detail)).join("; ");
}

describe("unique rules", () => {
  it("are declared (the check below has something to check)", () => {
    expect(rules.filter((r) => r.rule.caseInsensitive).length).toBeGreaterThan(5);
    expect(rules.filter((r) => !r.rule.caseInsensitive).length).toBeGreaterThan(2);
  });

  it.each(rules.map((r) => [r.name, r] as const))(
    "%s: its check searches an index, on add and on edit",
    async (_name, rule) => {
      for (const edit of [false, true]) {
        expect(await planOf(rule, edit)).toMatch(/^SEARCH \S+ USING (COVERING )?INDEX/);
      }
    },
  );
});
