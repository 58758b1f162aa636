// The PrintLayout resource: business managers and administrators keep the layouts, all staff read them
// (to print). Making a layout the default of its type takes the flag from the previous default in the
// same transaction.
import type { Hono } from "hono";
import { and, eq, ne, sql } from "drizzle-orm";
import type { Platform } from "../../../platform.ts";
import type { Env } from "../../../http/types.ts";
import { nowIso } from "../../../kernel/time.ts";
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
  async beforeSave(tx, _ctx, values, old) {
    if (values.isDefault !== true) return [];
    const cleared = await tx.update(printLayouts).set({
      isDefault: false,
      updatedAt: nowIso(),
      version: sql`${printLayouts.version} + 1`,
    }).where(and(
      eq(printLayouts.type, values.type as string),
      eq(printLayouts.isDefault, true),
      old ? ne(printLayouts.id, old.id) : undefined,
    )).returning({ id: printLayouts.id });
    return cleared.map((r) => r.id);
  },
});

export function printLayoutRoutes(app: Hono<Env>, platform: Platform): void {
  resourceRoutes(app, platform, printLayoutResource, {
    record: PrintLayout,
    create: PrintLayoutCreate,
    update: PrintLayoutUpdate,
  });
}
