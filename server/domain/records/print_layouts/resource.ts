// The PrintLayout resource: business managers and administrators keep the layouts, all staff read them
// (to print). Making a layout the default of its type takes the flag from the previous default in the
// same transaction.
import type { Hono } from "hono";
import { sql } from "drizzle-orm";
import type { Platform } from "../../../platform.ts";
import type { Env } from "../../../http/types.ts";
import { Resource } from "../../resource/engine.ts";
import { resourceRoutes } from "../../resource/routes.ts";
import { printLayouts } from "./table.ts";
import { printLayoutMeta } from "./meta.ts";
import { PrintLayout, PrintLayoutCreate, PrintLayoutUpdate } from "./contract.ts";

export const printLayoutResource = new Resource<PrintLayout, PrintLayoutCreate, PrintLayoutUpdate>({
  meta: printLayoutMeta,
  hub: "PrintLayout",
  table: printLayouts,
  toDto: (row) => ({
    id: row.id,
    name: row.name,
    type: row.type,
    content: row.content,
    isDefault: row.isDefault,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    version: row.version,
  }),
  toRow: (input) => ({
    name: input.name,
    type: input.type,
    content: input.content,
    isDefault: input.isDefault,
  }),
  unique: [{ columns: [printLayouts.type, printLayouts.name], fields: ["name"], caseInsensitive: true }],
  alsoChanges: (values) =>
    values.isDefault === true
      ? {
        where: sql`${printLayouts.type} = ${values.type} AND ${printLayouts.isDefault} = 1`,
        set: { isDefault: false },
      }
      : undefined,
});

export function printLayoutRoutes(app: Hono<Env>, platform: Platform): void {
  resourceRoutes(app, platform, printLayoutResource, {
    record: PrintLayout,
    create: PrintLayoutCreate,
    update: PrintLayoutUpdate,
  });
}
