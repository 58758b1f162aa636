// Currencies and their rates against the company's base currency. Business managers and administrators keep
// them, all staff read them.
import { LIMITS } from "../../../kernel/limits.ts";
import { index, integer, real, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { z } from "zod";
import { Resource } from "../../resource/engine.ts";

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
});

export const exchangeRateMeta = exchangeRate.meta;
