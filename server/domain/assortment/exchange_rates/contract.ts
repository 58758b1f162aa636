// ExchangeRate shapes, shared by server validation and the OpenAPI document.
import { z } from "zod";
import { editBase, optText, recordBase } from "../../resource/fields.ts";

const fields = {
  /** Three letters, saved in capitals. */
  currencySign: z.string().trim().length(3).regex(/^[A-Za-z]*$/).transform((v) => v.toUpperCase()),
  shortName: optText(20),
  fullName: optText(100),
  baseRate: z.number().positive().max(1e9),
};

export const ExchangeRateCreate = z.object(fields);
export type ExchangeRateCreate = z.output<typeof ExchangeRateCreate>;
export const ExchangeRateUpdate = z.object({ ...editBase, ...fields });
export type ExchangeRateUpdate = z.output<typeof ExchangeRateUpdate>;

export const ExchangeRate = z.object({
  ...recordBase,
  currencySign: z.string(),
  shortName: z.string().nullable(),
  fullName: z.string().nullable(),
  baseRate: z.number(),
});
export type ExchangeRate = z.output<typeof ExchangeRate>;
