// One more confirmed document against the month's limit and budget, and how the month stands, by cases.
import { describe, expect, it } from "vitest";
import { monthOf, type MonthUsage, nextDocument, type Plan, usageState } from "./usage.ts";

const month = (documents: number, extraDocuments = 0, extraCost = 0): MonthUsage => ({
  documents,
  extraDocuments,
  extraCost,
});
const plan = (limit: number, price = 0.05, budget = 0): Plan => ({ limit, price, budget });

describe("nextDocument", () => {
  const cases: [string, Plan, MonthUsage, ReturnType<typeof nextDocument>][] = [
    ["no limit", plan(0), month(1_000_000), { extra: false, cost: 0 }],
    ["within the limit", plan(1000), month(999), { extra: false, cost: 0 }],
    ["at the limit, no budget", plan(1000), month(1000), "refused"],
    ["at the limit, budget for one", plan(1000, 0.05, 0.05), month(1000), { extra: true, cost: 0.05 }],
    ["budget spent", plan(1000, 0.05, 0.05), month(1001, 1, 0.05), "refused"],
    // 0.1 + 0.2 is 0.30000000000000004 in floating point: the budget of 0.3 still pays for the third.
    ["cents add up exactly", plan(1, 0.1, 0.3), month(3, 2, 0.2), { extra: true, cost: 0.1 }],
    ["free extras past the limit", plan(1, 0), month(50, 49, 0), { extra: true, cost: 0 }],
  ];
  for (const [name, p, m, expected] of cases) {
    it(name, () => expect(nextDocument(p, m)).toEqual(expected));
  }
});

describe("usageState", () => {
  const cases: [Plan, MonthUsage, ReturnType<typeof usageState>][] = [
    [plan(0), month(5000), "unlimited"],
    [plan(100), month(89), "ok"],
    [plan(100), month(90), "nearLimit"],
    [plan(100, 0.05, 1), month(100), "limitReached"],
    [plan(100, 0.05, 1), month(119, 19, 0.95), "limitReached"],
    [plan(100, 0.05, 1), month(120, 20, 1), "budgetSpent"],
    [plan(100), month(100), "budgetSpent"],
  ];
  for (const [p, m, expected] of cases) {
    it(`${m.documents} of ${p.limit}, ${m.extraCost} of ${p.budget} EUR: ${expected}`, () => {
      expect(usageState(p, m)).toBe(expected);
    });
  }
});

describe("monthOf", () => {
  it("is the calendar month in UTC", () => {
    expect(monthOf(new Date("2026-11-30T23:59:59.999Z"))).toBe("2026-11");
    expect(monthOf(new Date("2026-12-01T00:30:00+01:00"))).toBe("2026-11");
    expect(monthOf(new Date("2026-12-01T00:00:00Z"))).toBe("2026-12");
  });
});
