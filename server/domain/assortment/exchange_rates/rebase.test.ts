// Rates restated against another base currency: the demo's old PLN-based rates moved to EUR, a base row of
// the old currency already there, no row of the new base (nothing to restate from), and there and back.
import { describe, expect, it } from "vitest";
import { currencyNames, type RateChange, type RateRow, rebaseRates } from "./rebase.ts";

const plnBased: RateRow[] = [
  { id: 1, currencySign: "EUR", shortName: "€", fullName: "Euro", baseRate: 4.2735 },
  { id: 2, currencySign: "USD", shortName: "$", fullName: "US dollar", baseRate: 3.9812 },
  { id: 3, currencySign: "GBP", shortName: "£", fullName: "Pound sterling", baseRate: 5.0427 },
  { id: 4, currencySign: "CZK", shortName: "Kč", fullName: "Czech koruna", baseRate: 0.1702 },
];

/** The rows after the changes. */
function applied(rows: RateRow[], changes: RateChange[]): RateRow[] {
  const out = new Map(rows.map((r) => [r.id, { ...r }]));
  for (const c of changes) {
    if (c.kind === "delete") out.delete(c.id);
    else Object.assign(out.get(c.id)!, c.set);
  }
  return [...out.values()];
}

const pln = { shortName: "zł", fullName: "Polish złoty" };

describe("rebaseRates", () => {
  it("restates PLN-based rates against the euro; the euro's row becomes the złoty's", () => {
    const rows = applied(plnBased, rebaseRates(plnBased, "PLN", "EUR", pln)!);
    const rate = (sign: string) => rows.find((r) => r.currencySign === sign)!.baseRate;
    expect(rows.map((r) => r.currencySign).sort()).toEqual(["CZK", "GBP", "PLN", "USD"]);
    // 1 PLN = 1 / 4.2735 EUR; 1 USD = 3.9812 / 4.2735 EUR, and so on.
    expect(rate("PLN")).toBeCloseTo(0.234000234, 9);
    expect(rate("USD")).toBeCloseTo(0.9316017316, 9);
    expect(rate("GBP")).toBeCloseTo(1.17999298, 8);
    expect(rate("CZK")).toBeCloseTo(0.03982683982, 10);
    expect(rows.find((r) => r.currencySign === "PLN")).toMatchObject({ id: 1, shortName: "zł" });
  });

  it("gives an existing row of the old base its rate and drops the new base's own row", () => {
    const rows: RateRow[] = [...plnBased, {
      id: 5,
      currencySign: "PLN",
      shortName: "zł",
      fullName: null,
      baseRate: 1,
    }];
    const changes = rebaseRates(rows, "PLN", "EUR", pln)!;
    expect(changes).toContainEqual({ kind: "delete", id: 1 });
    expect(changes).toContainEqual({ kind: "update", id: 5, set: { baseRate: 0.234000234 } });
  });

  it("cannot restate without a rate of the new base, nor from a rate that is not above 0", () => {
    expect(rebaseRates(plnBased, "PLN", "CHF", pln)).toBeNull();
    expect(rebaseRates([{ ...plnBased[0], baseRate: 0 }], "PLN", "EUR", pln)).toBeNull();
  });

  it("comes back to the rates it started from", () => {
    const there = applied(plnBased, rebaseRates(plnBased, "PLN", "EUR", pln)!);
    const back = applied(there, rebaseRates(there, "EUR", "PLN", { shortName: "€", fullName: "Euro" })!);
    expect(back.map((r) => [r.currencySign, r.baseRate]).sort()).toEqual(
      plnBased.map((r) => [r.currencySign, r.baseRate]).sort(),
    );
  });
});

describe("currencyNames", () => {
  it("names a currency in the language, and leaves a code Intl does not know as it is", () => {
    expect(currencyNames("EUR", "de-de")).toEqual({ shortName: "€", fullName: "Euro" });
    expect(currencyNames("PLN", "pl-pl")).toEqual({ shortName: "zł", fullName: "złoty polski" });
    expect(currencyNames("XQQ", "en-us").shortName).toBe("XQQ");
  });
});
