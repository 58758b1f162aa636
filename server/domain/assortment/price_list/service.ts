// The price list (issue 17): products paged with their unit price (the product's cashValue, in the base
// currency of the company's account), the stock on hand from the per-product summary, its value, and the
// price and value in another currency through its exchange rate (one unit of it is worth baseRate of the base
// currency). A price is edited on its own, with the version check (PATCH Product/{id}/price).
import { eq, inArray } from "drizzle-orm";
import { z } from "zod";
import type { TenantContext } from "../../../kernel/context.ts";
import { fieldError } from "../../../kernel/errors.ts";
import { LIMITS } from "../../../../shared/limits.ts";
import { type ListField, listPage, listQuerySchema } from "../../../kernel/list.ts";
import { clientAccount } from "../../config/account/entity.ts";
import { fromMilli } from "../../stock/quantity.ts";
import { stockProductTotals } from "../../stock/ledger/table.ts";
import { productBarcodeField } from "../../stock/inventory/scope.ts";
import { exchangeRates } from "../exchange_rates/entity.ts";
import { product, products } from "../products/entity.ts";

export const priceListFields: Record<string, ListField> = {
  productId: { column: products.id, type: "number", sortable: true, filterable: true },
  productIndex: { column: products.index, type: "text", sortable: true, filterable: true, searchable: true },
  productName: { column: products.name, type: "text", sortable: true, filterable: true, searchable: true },
  unit: { column: products.unit, type: "text", sortable: true, filterable: true },
  cashValue: { column: products.cashValue, type: "number", sortable: true, filterable: true },
  // The price in another currency is the base price divided by one rate: it sorts as the base price does.
  price: { column: products.cashValue, type: "number", sortable: true },
  contractorId: { column: products.contractorId, type: "number", filterable: true },
  mainGroupId: { column: products.mainGroupId, type: "number", filterable: true },
  productBarcode: productBarcodeField(products.id),
};

export const PriceListQuery = listQuerySchema.extend({
  /** The other currency shown (an exchange rate's sign); left out, the base currency again. */
  currency: z.string().trim().regex(/^[A-Za-z]{3}$/).transform((v) => v.toUpperCase()).optional(),
});

export const PriceListRow = z.object({
  id: z.number(),
  productId: z.number(),
  productIndex: z.string(),
  productName: z.string(),
  unit: z.string().nullable(),
  cashValue: z.number().nullable(),
  quantity: z.number(),
  stockValue: z.number().nullable(),
  currency: z.string(),
  price: z.number().nullable(),
  value: z.number().nullable(),
  version: z.number(),
});
export const PriceListPage = z.object({
  results: z.array(PriceListRow),
  allFilteredRowCount: z.number(),
  baseCurrency: z.string(),
  currency: z.string(),
});

/** Money to the cent (a value of many units is summed before it is rounded). */
const cents = (v: number) => Math.round(v * 100) / 100;

export async function listPriceList(ctx: TenantContext, query: z.output<typeof PriceListQuery>) {
  const db = ctx.conn.db;
  const [account] = await db.select({ base: clientAccount.baseCurrency }).from(clientAccount).limit(1);
  const base = account?.base ?? "EUR";
  let rate = 1;
  const currency = query.currency ?? base;
  if (currency !== base) {
    const [found] = await db.select({ rate: exchangeRates.baseRate }).from(exchangeRates)
      .where(eq(exchangeRates.currencySign, currency));
    if (!found) throw fieldError({ currency: ["validation.invalidValue"] });
    rate = found.rate;
  }
  const page = await listPage(
    db,
    { table: products, id: products.id, fields: priceListFields, defaultSort: "productIndex", scope: [] },
    query,
    async (ids) => {
      const rows = await db.select().from(products).where(inArray(products.id, ids));
      const totals = await db.select().from(stockProductTotals).where(
        inArray(stockProductTotals.productId, ids),
      );
      const quantity = new Map(totals.map((t) => [t.productId, t.quantity]));
      const byId = new Map(rows.map((r) => [r.id, r]));
      return ids.map((id) => {
        const p = byId.get(id)!;
        const q = fromMilli(quantity.get(id) ?? 0);
        const value = p.cashValue === null ? null : p.cashValue * q;
        return {
          id,
          productId: id,
          productIndex: p.index,
          productName: p.name,
          unit: p.unit,
          cashValue: p.cashValue,
          quantity: q,
          stockValue: value === null ? null : cents(value),
          currency,
          price: p.cashValue === null ? null : cents(p.cashValue / rate),
          value: value === null ? null : cents(value / rate),
          version: p.version,
        };
      });
    },
  );
  return { ...page, baseCurrency: base, currency };
}

export const PriceChange = z.object({
  /** The unit price in the base currency; null clears it. */
  cashValue: z.number().min(LIMITS.price.min).max(LIMITS.price.max).nullable(),
  version: z.number().int().positive(),
});

/** PATCH Product/{id}/price: the unit price alone, with the version check, logged as a product edit. */
export async function changePrice(ctx: TenantContext, id: number, body: z.output<typeof PriceChange>) {
  return await product.patch(ctx, id, body.version, () => ({ cashValue: body.cashValue }));
}
