// The next number a numbering schema gives, without taking it (issue 17: the logistics configuration's live
// preview): the counter's current value for today's period plus one, formatted by the schema being edited
// (or the one in force). For orders and containers, whose numbers skip those a record already holds, the
// first such number not held; a document takes the next one as it is confirmed.
import { and, eq, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../../db/connection.ts";
import type { TenantContext } from "../../../kernel/context.ts";
import { fieldError } from "../../../kernel/errors.ts";
import {
  defaultLogisticsConfig,
  documentTypeCodes,
  type LogisticsConfigData,
  NumberingSchema,
  orderTypeCodes,
  productionNumbering,
} from "../../../../shared/config/contract.ts";
import { readLogisticsConfig } from "../config.ts";
import { formatNumber, type NumberingSchemaValue, periodOf } from "../../../../shared/numbering/format.ts";
import { numberingCounters } from "./table.ts";

export const NumberingPreviewRequest = z.object({
  /** Whose numbers: a document type's, an order type's (PRD: productions'), or the containers'. */
  kind: z.enum(["document", "order", "container"]),
  typeCode: z.string().max(10).nullish(),
  /** A schema being edited and not saved yet; without it, the one in force. */
  schema: NumberingSchema.nullish(),
});

export const NumberingPreview = z.object({ number: z.string(), period: z.string() });

/** Several previews at once: the configuration screen's every schema in one call, not one call each. */
export const NumberingPreviewsRequest = z.object({ items: z.array(NumberingPreviewRequest).min(1).max(30) });
export const NumberingPreviews = z.object({ numbers: z.array(NumberingPreview) });

/** Whether a record already holds `number` (orders and containers skip such numbers). */
function heldBy(table: "wms_orders" | "containers") {
  const column = table === "wms_orders" ? "order_number" : "number";
  return async (db: Db, number: string) =>
    (await db.all(
      sql`SELECT 1 FROM ${sql.identifier(table)} WHERE ${sql.identifier(column)} = ${number} LIMIT 1`,
    ))
      .length > 0;
}

export function previewNumber(ctx: TenantContext, req: z.output<typeof NumberingPreviewRequest>) {
  return previewOne(ctx.conn.db, null, req, "");
}

/** Each item's next number, in their order, the configuration read once; a bad item's field named by index. */
export async function previewNumbers(ctx: TenantContext, req: z.output<typeof NumberingPreviewsRequest>) {
  const db = ctx.conn.db;
  const config = await readLogisticsConfig(db);
  const numbers = [];
  for (const [i, item] of req.items.entries()) {
    numbers.push(await previewOne(db, config, item, `items.${i}.`));
  }
  return { numbers };
}

async function previewOne(
  db: Db,
  known: LogisticsConfigData | null,
  req: z.output<typeof NumberingPreviewRequest>,
  at: string,
) {
  const config = known ?? await readLogisticsConfig(db);
  let scope: string;
  let schema: NumberingSchemaValue | undefined;
  let held: ((db: Db, n: string) => Promise<boolean>) | undefined;
  if (req.kind === "document") {
    const type = documentTypeCodes.find((c) => c === req.typeCode);
    if (!type) throw fieldError({ [`${at}typeCode`]: ["validation.invalidValue"] });
    scope = `document:${type}`;
    schema = config.numbering.documents[type] ?? defaultLogisticsConfig().numbering.documents[type];
  } else if (req.kind === "order") {
    const type = [...orderTypeCodes, "PRD"].find((c) => c === req.typeCode);
    if (!type) throw fieldError({ [`${at}typeCode`]: ["validation.invalidValue"] });
    scope = `order:${type}`;
    schema = type === "PRD"
      ? config.production.numbering ?? productionNumbering()
      : config.numbering.orders[type as (typeof orderTypeCodes)[number]];
    held = heldBy("wms_orders");
  } else {
    scope = "container";
    schema = config.numbering.container;
    held = heldBy("containers");
  }
  const used = req.schema ?? schema!;
  const now = new Date();
  const period = periodOf(used, now);
  const [row] = await db.select({ value: numberingCounters.value }).from(numberingCounters)
    .where(and(eq(numberingCounters.scope, scope), eq(numberingCounters.period, period)));
  let counter = (row?.value ?? 0) + 1;
  let number = formatNumber(used, counter, now);
  for (let i = 0; held && i < 1000 && await held(db, number); i++) {
    number = formatNumber(used, ++counter, now);
  }
  return { number, period };
}
