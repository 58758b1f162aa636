// Numbers from a numbering schema of ClientLogisticsConfig: the parts joined in order. Pure, so the
// formats are tested without a database.
import type { z } from "zod";
import type { NumberingSchema } from "../config/contract.ts";

export type NumberingSchemaValue = z.output<typeof NumberingSchema>;

/** The counter's period for a date (UTC): one per year, per month, or one for ever. */
export function periodOf(schema: NumberingSchemaValue, at: Date): string {
  const year = String(at.getUTCFullYear());
  const month = String(at.getUTCMonth() + 1).padStart(2, "0");
  if (schema.reset === "monthly") return `${year}-${month}`;
  if (schema.reset === "yearly") return year;
  return "";
}

/** The number for counter value `counter` at date `at`, e.g. DIN/2026/11/000042. */
export function formatNumber(schema: NumberingSchemaValue, counter: number, at: Date): string {
  return schema.parts.map((part) => {
    switch (part.type) {
      case "counter":
        return String(counter).padStart(part.digits, "0");
      case "year": {
        const year = String(at.getUTCFullYear());
        return part.digits === 2 ? year.slice(-2) : year;
      }
      case "month":
        return String(at.getUTCMonth() + 1).padStart(2, "0");
      case "text":
      case "separator":
        return part.value;
    }
  }).join("");
}
