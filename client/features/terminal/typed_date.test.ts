// The lot step's typed dates (issue 31, item 14): each language's own order, ISO and GS1's YYMMDD, and
// nothing guessed.
import { describe, expect, it } from "vitest";
import { readTypedDate } from "./typed_date.ts";
import { expectLinear } from "../../../tests/fixtures/linear.ts";

describe("readTypedDate", () => {
  const cases: [string, string, string | null][] = [
    ["en-us", "12/15/2026", "2026-12-15"],
    ["en-us", "1/5/2027", "2027-01-05"],
    ["en-us", "12/15/26", "2026-12-15"],
    ["en-us", "15/12/2026", null], // month 15: not guessed to be a day
    ["en-us", "13/45/2026", null],
    ["pl-pl", "15.12.2026", "2026-12-15"],
    ["pl-pl", "15.12.2026.", "2026-12-15"],
    ["de-de", "15.12.2026", "2026-12-15"],
    ["de-de", "12/15/2026", null],
    ["fr-fr", "15/12/2026", "2026-12-15"],
    ["es-es", "15-12-2026", "2026-12-15"],
    ["ru-ru", "15.12.26", "2026-12-15"],
    ["de-de", "29.02.2027", null],
    ["de-de", "29.02.2028", "2028-02-29"],
    ["de-de", "31.04.2027", null],
    ["en-us", "2026-12-15", "2026-12-15"], // ISO in any language
    ["de-de", "2026/12/15", "2026-12-15"],
    ["en-us", "261215", "2026-12-15"], // GS1 YYMMDD
    ["en-us", "270200", "2027-02-28"], // GS1: day 00 is the month's last day
    ["en-us", "271345", null],
    ["en-us", "12/15/202", null], // a three-digit year
    ["en-us", "123/15/2026", null],
    ["en-us", "lot 42", null],
    ["en-us", "", null],
    ["en-us", "12//15/2026", null],
  ];
  for (const [lang, text, want] of cases) {
    it(`${lang} "${text}" → ${want}`, () => expect(readTypedDate(text, lang)).toBe(want));
  }

  it("takes long input at once (no backtracking)", () => {
    // Its time (100 ms for this text) is bounded by `deno task bench parse_costs`; here the cost grows
    // with the text, not with its square (tests/fixtures/linear.ts).
    const long = "1".repeat(100_000) + "/";
    expect(readTypedDate(long, "en-us")).toBeNull();
    expectLinear((n) => readTypedDate("1".repeat(n) + "/", "en-us"), 10_000);
  });
});
