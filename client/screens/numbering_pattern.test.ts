import { describe, expect, it } from "vitest";
import { partsToPattern, patternToParts } from "./numbering_pattern.ts";
import { NumberingSchema } from "../../shared/config/contract.ts";
import { defaultLogisticsConfig } from "../../shared/config/contract.ts";
import { formatNumber } from "../../shared/numbering/format.ts";

describe("a numbering pattern", () => {
  it("reads text, separators, the year, the month and the counter", () => {
    expect(patternToParts("DIN/{yyyy}/{mm}/{counter:6}")).toEqual([
      { type: "text", value: "DIN" },
      { type: "separator", value: "/" },
      { type: "year", digits: 4 },
      { type: "separator", value: "/" },
      { type: "month" },
      { type: "separator", value: "/" },
      { type: "counter", digits: 6 },
    ]);
    expect(patternToParts("IN-{yy}-{counter:5}")?.map((p) => p.type)).toEqual([
      "text",
      "separator",
      "year",
      "separator",
      "counter",
    ]);
  });

  it("refuses what is no schema: no counter, two, digits out of 5 to 8, a long text, a stray brace", () => {
    for (
      const bad of [
        "DIN/{yyyy}",
        "{counter:6}{counter:6}",
        "{counter:4}",
        "{counter:9}",
        "X".repeat(21) + "{counter:5}",
        "A{b}{counter:5}",
        "{counter:6",
      ]
    ) {
      expect(patternToParts(bad), bad).toBeNull();
    }
  });

  it("writes every schema of the default configuration as a line that reads back to the same numbers", () => {
    const config = defaultLogisticsConfig();
    const schemas = [
      ...Object.values(config.numbering.documents),
      ...Object.values(config.numbering.orders),
      config.numbering.container,
    ];
    for (const schema of schemas) {
      const pattern = partsToPattern(schema!.parts);
      const parts = patternToParts(pattern)!;
      // The same numbers (a text with a dash reads back as text, separator, text) and the same line.
      const at = new Date(Date.UTC(2026, 10, 26));
      expect(formatNumber({ parts, reset: schema!.reset }, 42, at), pattern).toBe(
        formatNumber(schema!, 42, at),
      );
      expect(partsToPattern(parts)).toBe(pattern);
      expect(NumberingSchema.safeParse({ parts, reset: schema!.reset }).success, pattern).toBe(true);
    }
  });
});
