// Quantities are stored as INTEGER thousandths (docs/decisions/0003-stock-quantities.md): sums and
// comparisons are exact, and a JSON number with more than three decimals is refused, not rounded.
import { LIMITS } from "../../../shared/limits.ts";
import { z } from "zod";

export const QUANTITY_SCALE = 1000;
/** The largest quantity one position, count or request may say (units): shared/limits.ts. */
export const MAX_QUANTITY = LIMITS.quantity.max;
/** The most a stock line or a product's total may hold (units), far inside 2^53 thousandths. */
export const MAX_STOCK = LIMITS.stock.max;

/** Thousandths of `units`, or undefined when `units` has more than three decimals. */
export function toMilli(units: number): number | undefined {
  const scaled = units * QUANTITY_SCALE;
  const rounded = Math.round(scaled);
  // 0.1 * 1000 is 100.00000000000001 in binary floating point: tolerate that much, refuse 0.0005.
  if (Math.abs(scaled - rounded) > 1e-6 * Math.max(1, Math.abs(scaled))) return undefined;
  return rounded === 0 ? 0 : rounded;
}

/** Units of `milli` thousandths, as the API answers them. */
export function fromMilli(milli: number): number {
  return milli / QUANTITY_SCALE;
}

/** A JSON quantity of at most three decimals, parsed to thousandths. */
export const quantityMilli = z.number().min(LIMITS.quantity.min).max(MAX_QUANTITY).transform((v, ctx) => {
  const milli = toMilli(v);
  if (milli === undefined) {
    ctx.addIssue({ code: "custom", params: { code: "validation.invalidValue" } });
    return z.NEVER;
  }
  return milli;
});

/**
 * An optional quantity kept in units (a product's warning and critical stock, a pallet's quantity): the same
 * rule as every quantity, at most three decimals, refused (not rounded) beyond; null when absent.
 */
export const optQuantityUnits = (min: number, max: number) =>
  z.number().min(min).max(max)
    .refine((v) => toMilli(v) !== undefined, { params: { code: "validation.invalidValue" } })
    .nullish().transform((v) => v ?? null);

/** An optional quantity (null when absent). */
export const optQuantityMilli = quantityMilli.nullish().transform((v) => v ?? null);

/** A quantity column: thousandths in the row, units in the record (the input is parsed to thousandths). */
export const milli = {
  toRecord: (v: unknown) => (v === null || v === undefined ? null : fromMilli(v as number)),
  toRow: (v: unknown) => v,
};
