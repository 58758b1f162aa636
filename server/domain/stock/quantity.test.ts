// Quantities in thousandths: exact sums, at most three decimals, nothing rounded silently.
import { describe, expect, it } from "vitest";
import { fromMilli, quantityMilli, toMilli } from "./quantity.ts";

describe("toMilli", () => {
  const cases: [number, number | undefined][] = [
    [0, 0],
    [-0, 0],
    [1, 1000],
    [0.001, 1],
    [1.001, 1001],
    [0.1 + 0.2, 300],
    [2.675, 2675],
    [-3.5, -3500],
    [123456789.123, 123456789123],
    [1.0005, undefined],
    [0.0001, undefined],
    [1e-7, undefined],
  ];
  for (const [units, milli] of cases) it(`${units} → ${milli}`, () => expect(toMilli(units)).toBe(milli));

  it("round-trips every thousandth from 0 to 10", () => {
    for (let m = 0; m <= 10_000; m++) expect(toMilli(fromMilli(m))).toBe(m);
  });
});

describe("quantityMilli", () => {
  it("parses to thousandths and refuses more decimals or an absurd size", () => {
    expect(quantityMilli.parse(12.5)).toBe(12500);
    expect(quantityMilli.safeParse(12.0001).success).toBe(false);
    expect(quantityMilli.safeParse(1e13).success).toBe(false);
    expect(quantityMilli.safeParse("1").success).toBe(false);
  });
});
