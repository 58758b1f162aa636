// Who sees which stock: staff see all of it; a contractor user only their contractor's products (another's
// product id answers 404, another's stock is simply absent from every list and total).
import { and, eq, type SQL, sql } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import type { Db } from "../../../db/connection.ts";
import { overIds, rowMapper } from "../../../db/prepared.ts";
import type { Actor } from "../../../kernel/context.ts";
import type { ListField } from "../../../kernel/list.ts";
import { notFound } from "../../../kernel/errors.ts";
import { fromMilli } from "../quantity.ts";
import { productBarcodes, products } from "../../assortment/products/entity.ts";
import { stockProductTotals } from "../ledger/table.ts";

/**
 * The condition on a product id column that keeps a contractor user to their products not hidden from the
 * portal (none for staff).
 */
export function productScope(actor: Actor, productId: SQLiteColumn | SQL): SQL | undefined {
  if (actor.contractorId === null) return undefined;
  return sql`${productId} IN (SELECT ${products.id} FROM ${products} WHERE ${products.contractorId} = ${actor.contractorId} AND ${products.contractorPortalHide} = 0)`;
}

/** The product, if the caller may see it; else 404 record.notFoundOrNoPermission. */
export async function visibleProduct(db: Db, actor: Actor, id: number) {
  const [row] = await db.select().from(products).where(and(
    eq(products.id, id),
    actor.contractorId === null
      ? undefined
      : and(eq(products.contractorId, actor.contractorId), eq(products.contractorPortalHide, false)),
  )).limit(1);
  if (!row) throw notFound();
  return row;
}

export interface ProductFacts {
  index: string;
  name: string;
  unit: string | null;
  cashValue: number | null;
  weight: number | null;
  warningStock: number | null;
  criticalStock: number | null;
  contractorId: number | null;
  mainGroupId: number | null;
  /** Total stock (thousandths) from the per-product summary. */
  total: number;
}

/** What readProductFacts selects: a product's fields, then its total (thousandths; 0 without a summary row). */
const FACTS = {
  id: products.id,
  index: products.index,
  name: products.name,
  unit: products.unit,
  cashValue: products.cashValue,
  weight: products.weight,
  warningStock: products.warningStock,
  criticalStock: products.criticalStock,
  contractorId: products.contractorId,
  mainGroupId: products.mainGroupId,
};
const factsOf = rowMapper({ ...FACTS, total: { mapFromDriverValue: Number } }) as unknown as (
  rows: unknown[][],
) => (ProductFacts & { id: number })[];

/**
 * The products' fields and totals (from the summary), one statement prepared once per connection, its rows
 * shaped by a mapper compiled once: a list page and every chunk of an export ask it (drizzle built a
 * statement over a 250-id list anew each time, and mapped each cell through its generic row mapper: together
 * a third of a CSV export's time).
 */
export async function readProductFacts(db: Db, ids: number[]): Promise<Map<number, ProductFacts>> {
  const unique = [...new Set(ids)];
  if (!unique.length) return new Map();
  const rows = factsOf(
    await overIds(
      db,
      "stock.productFacts",
      (on, list) =>
        on.select({ ...FACTS, total: sql`coalesce(${stockProductTotals.quantity}, 0)` }).from(products)
          .leftJoin(stockProductTotals, eq(stockProductTotals.productId, products.id))
          .where(sql`${products.id} IN ${list}`),
    ).values({ ids: JSON.stringify(unique) }),
  );
  return new Map(rows.map((r) => [r.id, r]));
}

/** At or below the product's warning and critical levels (a level not set never flags). */
export function stockFlags(total: number, p: { warningStock: number | null; criticalStock: number | null }) {
  const units = fromMilli(total);
  return {
    belowWarning: p.warningStock !== null && units <= p.warningStock,
    belowCritical: p.criticalStock !== null && units <= p.criticalStock,
  };
}

/** quantity × a per-unit figure (price, weight), rounded to 1/1000; null when the figure is unknown. */
export function times(milli: number, perUnit: number | null): number | null {
  if (perUnit === null) return null;
  return Math.round(milli * perUnit) / 1000;
}

/**
 * A product's barcodes as a filterable, quick-searched field of a row that names the product in
 * `productId` (a scanned 5901234000017 finds the product's rows); `via` goes one step further.
 */
export function productBarcodeField(productId: SQLiteColumn, via?: ListField["via"]): ListField {
  return {
    column: productBarcodes.barcode,
    type: "text",
    filterable: true,
    searchable: true,
    through: { owner: productBarcodes.productId, id: productId },
    ...(via ? { via } : {}),
  };
}

/**
 * The product's own text and links as filterable (not sortable) list fields of a row that names a product
 * in `productId`: index, name and barcodes also in the quick search, contractor and main group by id.
 */
export function productListFields(productId: SQLiteColumn): Record<string, ListField> {
  const through = { owner: products.id, id: productId };
  return {
    productIndex: { column: products.index, type: "text", filterable: true, searchable: true, through },
    productName: { column: products.name, type: "text", filterable: true, searchable: true, through },
    productBarcode: productBarcodeField(productId),
    contractorId: { column: products.contractorId, type: "number", filterable: true, through },
    mainGroupId: { column: products.mainGroupId, type: "number", filterable: true, through },
  };
}
