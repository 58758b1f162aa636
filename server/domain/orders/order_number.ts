// Order numbers: the next number of the order type's numbering schema (a production's own, or its default)
// that no order holds. Taken when an order is confirmed (verbs.ts) or a production is generated
// (production.ts).
import { eq } from "drizzle-orm";
import type { Db } from "../../db/connection.ts";
import { readLogisticsConfig } from "../stock/config.ts";
import { takeFreeNumber } from "../stock/numbering/service.ts";
import { productionNumbering } from "../../../shared/config/contract.ts";
import { wmsOrders } from "./entity.ts";

type OrderRow = typeof wmsOrders.$inferSelect;

/** The next number of the order type's numbering schema that no order holds. */
export async function takeOrderNumber(tx: Db, typeCode: OrderRow["typeCode"]): Promise<string> {
  const config = await readLogisticsConfig(tx);
  return await takeFreeNumber(
    tx,
    `order:${typeCode}`,
    typeCode === "PRD"
      ? config.production.numbering ?? productionNumbering()
      : config.numbering.orders[typeCode],
    new Date(),
    async (n) => {
      const [hit] = await tx.select({ id: wmsOrders.id }).from(wmsOrders).where(eq(wmsOrders.orderNumber, n));
      return hit !== undefined;
    },
  );
}
