// Every numbered status has its colours in both themes, readable: its text on its surface at least 4.5:1
// (WCAG AA for normal text).
import { describe, expect, it } from "vitest";
import { statusNumbers } from "../../shared/config/statuses.ts";
import { darkStatusPalette, lightStatusPalette } from "./status_palette.ts";

/** WCAG 2 contrast ratio of two "#rrggbb" colours (1 to 21). */
function contrastRatio(a: string, b: string): number {
  const luminance = (hex: string) => {
    const [r, g, bl] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255)
      .map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

describe("status colours", () => {
  it("the spec's numbers are 112, 122, 132 and 141 to 149", () => {
    expect([...statusNumbers].sort()).toEqual([112, 122, 132, 141, 142, 143, 144, 145, 146, 147, 148, 149]);
  });

  for (const [theme, palette] of [["light", lightStatusPalette], ["dark", darkStatusPalette]] as const) {
    it(`${theme}: each number's text is readable on its surface`, () => {
      expect(Object.keys(palette).map(Number).sort()).toEqual([...statusNumbers].sort());
      for (const n of statusNumbers) {
        expect(contrastRatio(palette[n].text, palette[n].surface), `${theme} ${n}`).toBeGreaterThanOrEqual(
          4.5,
        );
      }
    });
  }

  it("measures contrast as WCAG does", () => {
    expect(contrastRatio("#000000", "#ffffff")).toBeCloseTo(21, 5);
    expect(contrastRatio("#777777", "#ffffff")).toBeCloseTo(4.48, 2);
  });
});
