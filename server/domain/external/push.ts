// Our free stock pushed to a shop (decision 0014), as a job: each linked product's, a page of products a call.
import { and, asc, eq, gt, isNotNull, sql } from "drizzle-orm";
import type { Connection } from "../../db/connection.ts";
import type { TenantContext } from "../../kernel/context.ts";
import { nowIso } from "../../kernel/time.ts";
import { freeStockOf } from "../orders/free_stock.ts";
import { productExternals } from "./table.ts";
import { startJob } from "./jobs.ts";
import * as woo from "./woocommerce.ts";

/**
 * POST ProductExternal/push/{id}: the free stock of each linked product (on hand less what is reserved or
 * promised) set in the shop, 100 products a call; the shop's refusals are counted, not fatal.
 */
export function pushShopStock(ctx: TenantContext, id: number) {
  return startJob(ctx, id, "push", async (c, shop, beat) => {
    const use = <T>(fn: (conn: Connection) => Promise<T>) => c.services.pool.use(c.tenant.dbUrl, fn);
    const [{ n }] = await use((conn) =>
      conn.db.select({ n: sql<number>`count(*)` }).from(productExternals).where(and(
        eq(productExternals.credentialsId, id),
        isNotNull(productExternals.productId),
      ))
    );
    let after = 0, pushed = 0, refused = 0;
    for (;;) {
      const rows = await use((conn) =>
        conn.db.select({
          id: productExternals.id,
          externalId: productExternals.externalId,
          productId: productExternals.productId,
        })
          .from(productExternals).where(and(
            eq(productExternals.credentialsId, id),
            isNotNull(productExternals.productId),
            gt(productExternals.id, after),
          )).orderBy(asc(productExternals.id)).limit(woo.PAGE_SIZE)
      );
      if (rows.length === 0) break;
      after = rows[rows.length - 1].id;
      const free = await use((conn) => freeStockOf(conn.db, [...new Set(rows.map((r) => r.productId!))]));
      // Whole units (WooCommerce keeps stock as an integer), from thousandths: what is sent is what is kept.
      const stock = new Map(
        rows.map((r) => [r.externalId, Math.floor((free.get(r.productId!) ?? 0) / 1000)]),
      );
      const result = await woo.pushStock(
        shop,
        rows.map((r) => ({ externalId: r.externalId, stock: stock.get(r.externalId)! })),
      );
      const now = nowIso();
      await use((conn) =>
        conn.transaction(async (tx) => {
          for (const externalId of result.updated) {
            await tx.update(productExternals).set({
              pushedStock: stock.get(externalId),
              pushedAt: now,
            })
              .where(
                and(eq(productExternals.credentialsId, id), eq(productExternals.externalId, externalId)),
              );
          }
        })
      );
      pushed += result.updated.length;
      refused += result.failed.length;
      await beat(pushed + refused, n);
    }
    return { pushed, refused };
  });
}
