// Numbers read from a query string or a form field, where they arrive as text: written plainly in decimal, or
// refused on their field (400 validation.invalidValue). Number() would read "0x1", "1e0", " 1", "+1" and "01"
// as 1 (and "" as 0), so that one record had many names and a check of the text and the use of the number could
// disagree; path ids are held to the same rule (server/engine/http/route.ts idParam). A text in plain digits becomes
// its number before the schema judges it; any other text stays text, which a number's schema refuses. The
// OpenAPI document shows the number's schema (type, bounds, default).
import { z } from "zod";

const ID = /^[1-9][0-9]{0,15}$/;
const WHOLE = /^(0|[1-9][0-9]{0,15})$/;
const DECIMAL = /^(0|[1-9][0-9]{0,15})(\.[0-9]{1,15})?$/;

/** A text written as `pattern` says, as its number; anything else as it came. */
const plain = (pattern: RegExp) => (v: unknown) => typeof v === "string" && pattern.test(v) ? Number(v) : v;

/** A record's id: a positive integer in plain digits ("12"), no sign, no leading zero. */
export const paramId = z.preprocess(plain(ID), z.number().int().positive().max(Number.MAX_SAFE_INTEGER));

/** A whole number in plain digits ("0", "25") within `min`..`max` (a page, a count, a limit); `fallback` when absent. */
export const paramInt = (min: number, max: number, fallback?: number) => {
  const n = z.number().int().min(min).max(max);
  return fallback === undefined
    ? z.preprocess(plain(WHOLE), n)
    : z.preprocess(plain(WHOLE), n.default(fallback));
};

/** A number in plain decimal notation ("12", "0.5"; no sign, exponent, hex or spaces) judged by `schema`. */
export const paramDecimal = <S extends z.ZodType>(schema: S) => z.preprocess(plain(DECIMAL), schema);

/** Whether a text is a number in plain decimal notation, a minus allowed ("-3.5"): a list filter's value. */
export const isPlainNumber = (v: string): boolean => /^-?(0|[1-9][0-9]{0,15})(\.[0-9]{1,15})?$/.test(v);
