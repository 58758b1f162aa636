// Currencies and their rates against the company's base currency: `baseRate` is how many units of the base
// currency one unit of the currency is worth (1 PLN = 0.234 EUR against a EUR base), the price list divides
// by it. `currencySign` is the ISO 4217 code, which screens call the short name (EUR); `shortName` holds the
// sign (€). Business managers and administrators keep them, all staff read them; changing the base currency
// restates them (config/account/base_currency.ts).
import { LIMITS } from "../../../../shared/limits.ts";
import { index, integer, real, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { z } from "zod";
import { Resource } from "../../../engine/engine.ts";
import { fieldError } from "../../../kernel/errors.ts";
import { clientAccount } from "../../config/account/entity.ts";

export const exchangeRates = sqliteTable("exchange_rates", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  /** ISO 4217-style code, three capital letters ("EUR"). */
  currencySign: text("currency_sign").notNull(),
  shortName: text("short_name"),
  fullName: text("full_name"),
  /** How many units of the base currency one unit of this currency is worth. */
  baseRate: real("base_rate").notNull(),
  createdAt: text("created_at").notNull(),
  updatedAt: text("updated_at").notNull(),
  version: integer("version").notNull().default(1),
}, (t) => [
  uniqueIndex("exchange_rates_currency_sign").on(t.currencySign),
  index("exchange_rates_short_name").on(t.shortName, t.id),
  index("exchange_rates_full_name").on(t.fullName, t.id),
  index("exchange_rates_base_rate").on(t.baseRate, t.id),
  index("exchange_rates_created_at").on(t.createdAt, t.id),
  index("exchange_rates_updated_at").on(t.updatedAt, t.id),
]);

export const exchangeRate = new Resource({
  resource: "ExchangeRate",
  table: exchangeRates,
  title: ["currencySign"],
  sort: "currencySign",
  writers: "manager",
  // Signs are saved in capitals: a plain comparison is a case-insensitive one.
  unique: [{ fields: ["currencySign"] }],
  fields: {
    currencySign: {
      // Three letters, saved in capitals.
      schema: z.string().trim().length(3).regex(/^[A-Za-z]*$/).transform((v) => v.toUpperCase()),
      upper: true,
      list: "sort filter search show",
    },
    shortName: { max: 20, list: "sort filter search show" },
    fullName: { max: 100, list: "sort filter search show" },
    baseRate: { schema: z.number().positive().max(LIMITS.exchangeRate.max), list: "sort filter show" },
    createdAt: { list: "sort filter" },
    updatedAt: { list: "sort filter show" },
  },
  // Rates are against the account's base currency: a row of the base itself can only say 1.
  validate: async (tx, _ctx, values) => {
    const [account] = await tx.select({ base: clientAccount.baseCurrency }).from(clientAccount).limit(1);
    if (values.currencySign === (account?.base ?? "EUR") && values.baseRate !== 1) {
      throw fieldError({ baseRate: ["validation.baseCurrencyRate"] });
    }
  },
});

export const exchangeRateMeta = exchangeRate.meta;
