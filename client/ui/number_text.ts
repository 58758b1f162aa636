// A typed number read in the interface language's way, the one rule of every number field, raw quantity
// inputs (counting, the terminal) included: groups of three or refused with what was likely meant
// (shared/i18n/number_text.ts). The message is the field's to show beside it.
import { useMemo } from "react";
import type { Translator } from "../../shared/i18n/mod.ts";
import { type NumberMarks, numberMarks, readNumberText } from "../../shared/i18n/number_text.ts";

export type TypedNumber = { value: number; problem?: undefined } | { value: null; problem: string };

/** What is wrong with a reading, in the user's words. */
function problemOf(t: Translator, code: string, suggestions: string[] = []): string {
  if (code === "number.ambiguous" && suggestions.length === 1) {
    return t.t("number.didYouMean", { suggestion: suggestions[0] });
  }
  if (code === "number.ambiguous" && suggestions.length > 1) {
    return t.t("number.didYouMeanEither", { first: suggestions[0], second: suggestions[1] });
  }
  return t.t("number.invalid");
}

/** Reads `text` (not empty) by `marks`; the problem in the user's words. */
export function readTyped(t: Translator, text: string, marks: NumberMarks): TypedNumber {
  const r = readNumberText(text, marks);
  return r.ok ? { value: r.value } : { value: null, problem: problemOf(t, r.code, r.suggestions) };
}

/** The marks of a language (and a currency's sign, for money fields), kept while they hold. */
export function useNumberMarks(locale: string, currency?: string): NumberMarks {
  return useMemo(() => numberMarks(locale, currency), [locale, currency]);
}
