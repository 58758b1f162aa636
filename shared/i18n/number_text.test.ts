// Numbers as people type them in each language: groups of three are read, anything else is refused with
// what was likely meant, never guessed (issue 31: "1,25" typed in English became 125).
import { describe, expect, it } from "vitest";
import { numberMarks, readNumberText } from "./number_text.ts";
import { expectLinear } from "../../tests/fixtures/linear.ts";

const value = (text: string, locale: string, currency?: string) => {
  const r = readNumberText(text, numberMarks(locale, currency));
  return r.ok ? r.value : r;
};

describe("readNumberText", () => {
  it.each([
    ["en-US", "1.25", 1.25],
    ["en-US", "1,250", 1250],
    ["en-US", "1,234,567.5", 1234567.5],
    ["en-US", "1 000", 1000],
    ["en-US", "-3", -3],
    ["en-US", "−3.5", -3.5],
    ["en-US", ".5", 0.5],
    ["en-US", "1e12", 1e12],
    ["en-US", "2.5E-3", 0.0025],
    ["de-DE", "1,5e3", 1500],
    ["en-US", "7.", 7],
    ["pl-PL", "1,25", 1.25],
    ["pl-PL", "1 000,5", 1000.5],
    ["pl-PL", "1\u00a0000", 1000],
    ["de-DE", "1.234,5", 1234.5],
    ["de-DE", "1,25", 1.25],
    ["de-DE", "1.000", 1000],
    ["fr-FR", "1\u202f234,5", 1234.5],
    ["es-ES", "12,5", 12.5],
    ["ru-RU", "0,75", 0.75],
  ])("%s reads %j as %d", (locale, text, expected) => {
    expect(value(text, locale)).toBe(expected);
  });

  it.each([
    ["en-US", "1,25", ["1.25"]],
    ["en-US", "12,5", ["12.5"]],
    ["de-DE", "1.25", ["1,25"]],
    ["es-ES", "3.5", ["3,5"]],
    ["pl-PL", "1.25", ["1,25"]],
    // A dot before three digits in Polish is either reading: both are offered.
    ["pl-PL", "1.000", ["1,000", "1 000"]],
    ["ru-RU", "-2.5", ["-2,5"]],
  ])("%s refuses %j as ambiguous, suggesting %j", (locale, text, suggestions) => {
    expect(value(text, locale)).toEqual({ ok: false, code: "number.ambiguous", suggestions });
  });

  it.each([
    ["en-US", "1,2,3"],
    ["en-US", "12,34,567"],
    ["en-US", "1 25"],
    ["en-US", "1.234,5"],
    ["de-DE", "1,234.5"],
    ["en-US", "1e"],
    ["en-US", "e5"],
    ["en-US", "1e5x"],
    ["en-US", "abc"],
    ["en-US", ""],
    ["en-US", "-"],
    ["en-US", "1..2"],
    ["pl-PL", "1.234.567"],
  ])("%s refuses %j", (locale, text) => {
    const r = value(text, locale);
    expect(typeof r).toBe("object");
    expect((r as { ok: boolean }).ok).toBe(false);
  });

  it("reads money with the currency's sign or code before or after", () => {
    expect(value("41,80 €", "pl-PL", "EUR")).toBe(41.8);
    expect(value("€41.80", "en-US", "EUR")).toBe(41.8);
    expect(value("EUR 5", "en-US", "EUR")).toBe(5);
    expect(value("-€5.50", "en-US", "EUR")).toBe(-5.5);
    expect(value("1 234,50 zł", "pl-PL", "PLN")).toBe(1234.5);
  });

  it("takes time in proportion to the text, not more (a long run of marks)", () => {
    // The time itself (a second for this text) is bounded by `deno task bench parse_costs`; here the
    // text is refused, and ten times the text costs about ten times as much, not a hundred (tests/fixtures/linear.ts).
    const long = "1" + ",1".repeat(200_000);
    expect((readNumberText(long, numberMarks("en-US")) as { ok: boolean }).ok).toBe(false);
    expectLinear((n) => readNumberText("1" + ",1".repeat(n), numberMarks("en-US")), 20_000);
  });
});
