import { index, integer, real, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

/** Currencies and their rates against the company's base currency. */
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
