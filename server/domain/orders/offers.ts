// Sell offers made from stock (issue 19): a release order (OOU) offered to a customer until a last day, its
// positions no more than is free now (on hand, less what orders and documents reserve and portal orders ask
// for), its value from the products' unit prices. Accepting it confirms the order with its documents (the
// stock is then reserved: decision 0008); rejecting it leaves it a working copy in the archive; past its last
// day it is expired and may no longer be accepted.
import { eq, inArray } from "drizzle-orm";
import { z } from "zod";
import type { TenantContext } from "../../kernel/context.ts";
import { AppError, type FieldCode, fieldError, notFound } from "../../kernel/errors.ts";
import { bounds } from "../../../shared/limits.ts";
import { parseInput } from "../../kernel/validation.ts";
import { transactionWithEvents } from "../../hub/outbox.ts";
import { products } from "../assortment/products/entity.ts";
import { freeStockOf } from "./free_stock.ts";
import { optDate } from "../../engine/fields.ts";
import { demand } from "../../kernel/access.ts";
import { toMilli } from "../stock/quantity.ts";
import { offerStatusOf, wmsOrder, wmsOrders } from "./entity.ts";
import { wmsOrderPosition } from "./positions/entity.ts";
import { confirmOrder } from "./verbs.ts";

export const SellOfferInput = z.object({
  contractorId: z.number().int().positive(),
  /** The last day the customer may accept it. */
  validUntil: optDate.refine((v) => v !== null, { params: { code: "validation.required" } }),
  deliveryTerms: z.string().trim().max(1000).nullish().transform((v) => v || null),
  paymentTerms: z.string().trim().max(1000).nullish().transform((v) => v || null),
  comment: z.string().trim().max(2000).nullish().transform((v) => v || null),
  positions: z.array(z.object({
    productId: z.number().int().positive(),
    quantity: z.number().positive().max(bounds("quantity").max),
  })).min(1).max(500),
});

/** POST WmsOrder/Offers/Sell: a sell offer from what is free in stock now, in one transaction. */
export async function createSellOffer(ctx: TenantContext, input: z.output<typeof SellOfferInput>) {
  demand("logistics", ctx.actor);
  if (input.validUntil! < new Date().toISOString().slice(0, 10)) {
    throw fieldError({ validUntil: ["validation.tooSmall"] });
  }
  return await transactionWithEvents(ctx, async (tx, outbox) => {
    const ids = [...new Set(input.positions.map((p) => p.productId))];
    const free = await freeStockOf(tx, ids);
    const prices = new Map(
      (await tx.select({ id: products.id, price: products.cashValue }).from(products).where(
        inArray(products.id, ids),
      ))
        .map((p) => [p.id, p.price ?? 0]),
    );
    // What the offer asks of each product, against what is free of it.
    const asked = new Map<number, number>();
    const fields: Record<string, FieldCode[]> = {};
    input.positions.forEach((p, i) => {
      if (!prices.has(p.productId)) fields[`positions.${i}.productId`] = ["validation.invalidValue"];
      const milli = toMilli(p.quantity);
      if (milli === undefined) {
        fields[`positions.${i}.quantity`] = ["validation.invalidValue"];
        return;
      }
      asked.set(p.productId, (asked.get(p.productId) ?? 0) + milli);
      if (asked.get(p.productId)! > (free.get(p.productId) ?? 0)) {
        fields[`positions.${i}.quantity`] = ["validation.tooLarge"];
      }
    });
    if (Object.keys(fields).length) throw fieldError(fields);
    const value = input.positions.reduce((sum, p) => sum + p.quantity * (prices.get(p.productId) ?? 0), 0);
    // Parsed as the generic add's body would be (the codecs: quantities in thousandths).
    const order = await wmsOrder.addIn(
      tx,
      outbox,
      ctx,
      parseInput(wmsOrder.entity.create, {
        typeCode: "OOU",
        contractorId: input.contractorId,
        offerStatus: "active",
        offerValidUntil: input.validUntil,
        deliveryTerms: input.deliveryTerms,
        paymentTerms: input.paymentTerms,
        comment: input.comment,
        summaryValue: Math.round(value * 100) / 100,
      }),
    );
    for (const p of input.positions) {
      await wmsOrderPosition.addIn(
        tx,
        outbox,
        ctx,
        parseInput(wmsOrderPosition.entity.create, {
          orderId: order.id,
          productId: p.productId,
          quantity: p.quantity,
        }),
      );
    }
    return await wmsOrder.getIn(tx, ctx, order.id as number);
  });
}

/** The offer, while it may still be answered: active, within its last day, a working copy. */
async function openOffer(ctx: TenantContext, id: number) {
  demand("logistics", ctx.actor);
  const [row] = await ctx.conn.db.select().from(wmsOrders).where(eq(wmsOrders.id, id));
  if (!row) throw notFound();
  if (offerStatusOf(row) !== "active" || row.statusCode !== "workingCopy") {
    throw new AppError("order.statusChangeNotAllowed");
  }
  return row;
}

/** POST WmsOrder/{id}/offer/accept: the customer took it; the order is confirmed with its documents. */
export async function acceptOffer(ctx: TenantContext, id: number) {
  await openOffer(ctx, id);
  const confirmed = await confirmOrder(ctx, id, true);
  return await wmsOrder.patch(ctx, id, confirmed.version as number, () => ({ offerStatus: "accepted" }));
}

/** POST WmsOrder/{id}/offer/reject: the customer declined; the order stays a working copy, archived as offer. */
export async function rejectOffer(ctx: TenantContext, id: number) {
  const row = await openOffer(ctx, id);
  return await wmsOrder.patch(ctx, id, row.version, () => ({ offerStatus: "rejected" }));
}
