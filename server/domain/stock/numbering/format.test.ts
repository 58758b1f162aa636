// Numbering formats, pure: counters of 5 to 8 digits, years of 2 or 4, months, texts and separators, and
// the counter's period per reset.
import { describe, expect, it } from "vitest";
import { NumberingSchema } from "../../../../shared/config/contract.ts";
import { formatNumber, periodOf } from "../../../../shared/numbering/format.ts";

const at = new Date("2026-03-07T23:30:00Z");
const schema = (parts: unknown[], reset = "yearly") => NumberingSchema.parse({ parts, reset });

describe("formatNumber", () => {
  const cases: [string, unknown[], number, string][] = [
    ["counter of 5", [{ type: "counter", digits: 5 }], 42, "00042"],
    ["counter of 8", [{ type: "counter", digits: 8 }], 42, "00000042"],
    ["a counter wider than its digits", [{ type: "counter", digits: 5 }], 1234567, "1234567"],
    [
      "year of 4, month, separators",
      [
        { type: "text", value: "DIN" },
        { type: "separator", value: "/" },
        { type: "year", digits: 4 },
        { type: "separator", value: "/" },
        { type: "month" },
        { type: "separator", value: "/" },
        { type: "counter", digits: 6 },
      ],
      1,
      "DIN/2026/03/000001",
    ],
    [
      "year of 2 and other separators",
      [
        { type: "year", digits: 2 },
        { type: "separator", value: "-" },
        { type: "counter", digits: 7 },
        { type: "separator", value: "." },
        { type: "text", value: "WZ" },
        { type: "separator", value: "_" },
        { type: "month" },
        { type: "separator", value: " " },
        { type: "text", value: "end" },
      ],
      9,
      "26-0000009.WZ_03 end",
    ],
  ];
  for (const [name, parts, counter, expected] of cases) {
    it(name, () => expect(formatNumber(schema(parts), counter, at)).toBe(expected));
  }

  it("refuses a schema without exactly one counter, or a counter outside 5 to 8 digits", () => {
    expect(NumberingSchema.safeParse({ parts: [{ type: "text", value: "X" }] }).success).toBe(false);
    expect(NumberingSchema.safeParse({ parts: [{ type: "counter", digits: 4 }] }).success).toBe(false);
    expect(NumberingSchema.safeParse({ parts: [{ type: "counter", digits: 9 }] }).success).toBe(false);
    expect(
      NumberingSchema.safeParse({ parts: [{ type: "counter", digits: 5 }, { type: "counter", digits: 5 }] })
        .success,
    ).toBe(false);
  });
});

describe("periodOf", () => {
  it("is the year, the month or nothing, in UTC", () => {
    const parts = [{ type: "counter", digits: 5 }];
    expect(periodOf(schema(parts, "yearly"), at)).toBe("2026");
    expect(periodOf(schema(parts, "monthly"), at)).toBe("2026-03");
    expect(periodOf(schema(parts, "never"), at)).toBe("");
    expect(periodOf(schema(parts, "monthly"), new Date("2026-12-31T23:59:59Z"))).toBe("2026-12");
  });
});
