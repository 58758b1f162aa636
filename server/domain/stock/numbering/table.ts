import { integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";

/**
 * Numbering counters: the last number given out per scope (`document:DIN`, `order:OIN`, `container`,
 * `draft`) and period (`2026`, `2026-11`, or "" for a schema that never resets). Only ever increased: a
 * reverted or deleted document does not give its number back.
 */
export const numberingCounters = sqliteTable("numbering_counters", {
  scope: text("scope").notNull(),
  period: text("period").notNull(),
  value: integer("value").notNull(),
}, (t) => [primaryKey({ columns: [t.scope, t.period] })]);
