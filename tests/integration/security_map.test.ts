// docs/security.md maps OWASP ASVS 5.0 level 2 onto the tests. This keeps the map honest: its coverage
// table and figure are the rows' statuses counted again, and every test it cites exists under that title.
import { existsSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

const map = readFileSync("docs/security.md", "utf8");
const STATUSES = ["tested", "partly", "missing", "n/a"] as const;
type Status = typeof STATUSES[number];

interface Row {
  id: string;
  chapter: string;
  status: Status;
  evidence: string;
}

function cells(line: string): string[] {
  return line.split("|").slice(1, -1).map((c) => c.trim());
}

const rows: Row[] = map.split("\n").filter((l) => /^\| \d+\.\d+\.\d+ \|/.test(l)).map((l) => {
  const [id, , , status, evidence] = cells(l);
  return { id, chapter: `V${id.split(".")[0]}`, status: status as Status, evidence };
});

/** The coverage table: chapter → its figures as written. */
const summary = new Map(
  map.split("\n").filter((l) => /^\| (\[V\d+|\*\*Total)/.test(l)).map((l) => {
    const c = cells(l).map((x) => x.replace(/\*\*/g, ""));
    const name = c[0].startsWith("Total") ? "Total" : /^\[(V\d+)/.exec(c[0])![1];
    const [all, na, applicable, tested, partly, missing] = c.slice(1, 7).map(Number);
    return [name, { all, na, applicable, tested, partly, missing, ratio: c[7] }];
  }),
);

function count(of: Row[]) {
  const by = (s: Status) => of.filter((r) => r.status === s).length;
  const applicable = of.length - by("n/a");
  return {
    all: of.length,
    na: by("n/a"),
    applicable,
    tested: by("tested"),
    partly: by("partly"),
    missing: by("missing"),
    ratio: applicable ? `${Math.round((100 * by("tested")) / applicable)} %` : "—",
  };
}

describe("the ASVS map (docs/security.md)", () => {
  it("has a status for each requirement, once, in all seventeen chapters", () => {
    expect(rows.length).toBe(253);
    expect(new Set(rows.map((r) => r.id)).size).toBe(rows.length);
    for (const r of rows) expect(STATUSES, r.id).toContain(r.status);
    expect(new Set(rows.map((r) => r.chapter)).size).toBe(17);
    for (const r of rows) expect(r.evidence.length, `${r.id} gives no evidence or reason`).toBeGreaterThan(3);
  });

  it("counts in its coverage table what its rows say, and states that figure", () => {
    for (const chapter of new Set(rows.map((r) => r.chapter))) {
      expect(summary.get(chapter), chapter).toEqual(count(rows.filter((r) => r.chapter === chapter)));
    }
    const total = count(rows);
    expect(summary.get("Total")).toEqual(total);
    const figure = ((100 * total.tested) / total.applicable).toFixed(1);
    expect(map).toContain(
      `**Coverage: ${total.tested} of ${total.applicable} applicable requirements are tested, ${figure} %.**`,
    );
  });

  it("cites only tests that exist, by their titles", () => {
    let cited = 0;
    for (const r of rows) {
      // `path` — "title"; "title" ... : each title belongs to the last path named before it.
      let file: string | undefined;
      for (const m of r.evidence.matchAll(/`([^`]+\.test\.tsx?)`|"([^"]+)"/g)) {
        if (m[1]) {
          file = m[1];
          expect(existsSync(file), `${r.id}: ${file}`).toBe(true);
        } else if (file) {
          const title = m[2].replace(/^\([^)]*\) /, ""); // a describe group in parentheses
          expect(readFileSync(file, "utf8"), `${r.id}: ${file} has no test "${title}"`).toContain(title);
          cited++;
        }
      }
      if (r.status === "tested") {
        expect(r.evidence, `${r.id} is tested by which test?`).toMatch(/\.test\.tsx?`/);
      }
    }
    expect(cited).toBeGreaterThan(100);
  });
});
