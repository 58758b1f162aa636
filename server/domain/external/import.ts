// A shop's products imported (decision 0014), page by page as a job, each page in one transaction of its own
// and linked to our products by EAN.
import { eq, sql } from "drizzle-orm";
import { runEach } from "../../db/bulk.ts";
import type { Connection } from "../../db/connection.ts";
import type { TenantContext } from "../../kernel/context.ts";
import { notFound } from "../../kernel/errors.ts";
import { nowIso } from "../../kernel/time.ts";
import { productBarcodes } from "../assortment/products/entity.ts";
import { externalCredentials, productExternals } from "./table.ts";
import { startJob } from "./jobs.ts";
import * as woo from "./woocommerce.ts";

/**
 * GET ProductExternal/import/{id}: the shop's products, 100 a page, each page kept in one transaction of its
 * own: new ones added, known ones refreshed (their link kept); one not yet linked whose EAN is one of our
 * products' barcodes is linked to it.
 */
export function importShopProducts(ctx: TenantContext, id: number) {
  return startJob(ctx, id, "import", async (c, shop, beat) => {
    let page = 1, processed = 0, added = 0, linked = 0;
    let total: number | null = null;
    for (;;) {
      const got = await woo.productsPage(shop, page);
      total = got.total ?? total;
      if (got.products.length === 0) break;
      const r = await c.services.pool.use(c.tenant.dbUrl, (conn) => keepPage(conn, id, got.products));
      processed += got.products.length;
      added += r.added;
      linked += r.linked;
      await beat(processed, total);
      if (got.totalPages !== null && page >= got.totalPages) break;
      if (got.products.length < woo.PAGE_SIZE && got.totalPages === null) break;
      page++;
    }
    return { processed, added, linked };
  });
}

/**
 * One page of a shop's products, in one transaction: each row added or refreshed by one prepared statement
 * stepped per row (`runEach`: no query builder per row), then the page's links by EAN in one statement.
 */
async function keepPage(conn: Connection, credentialsId: number, page: woo.ShopProduct[]) {
  return await conn.transaction(async (tx) => {
    const [creds] = await tx.select({
      code: externalCredentials.serviceCodeName,
      user: externalCredentials.username,
    }).from(externalCredentials).where(eq(externalCredentials.id, credentialsId));
    if (!creds) throw notFound();
    const now = nowIso();
    // `RETURNING version`: 1 for a product new here, more for one imported before.
    const kept = await runEach(
      tx,
      `INSERT INTO product_externals (credentials_id, external_id, name, sku, ean, description, image_url,
         shop_stock, service_code_name, username, imported_at, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (credentials_id, external_id) DO UPDATE SET name = excluded.name, sku = excluded.sku,
         ean = excluded.ean, description = excluded.description, image_url = excluded.image_url,
         shop_stock = excluded.shop_stock, service_code_name = excluded.service_code_name,
         username = excluded.username, imported_at = excluded.imported_at, updated_at = excluded.updated_at,
         version = version + 1
       RETURNING version`,
      page.map((p) => [
        credentialsId,
        p.externalId,
        p.name,
        p.sku,
        p.ean,
        p.description,
        p.imageUrl,
        p.stock,
        creds.code,
        creds.user,
        now,
        now,
        now,
      ]),
    );
    // Not yet linked, with an EAN that is one of our products' barcodes (a barcode is one product's).
    const eans = page.flatMap((p) => (p.ean ? [p.ean] : []));
    const linked = eans.length === 0 ? [] : await tx.all(sql`
      UPDATE ${productExternals} SET product_id = b.product_id, linked_by = 'ean'
      FROM ${productBarcodes} b
      WHERE b.barcode = ${productExternals}.ean AND ${productExternals}.credentials_id = ${credentialsId}
        AND ${productExternals}.product_id IS NULL
        AND ${productExternals}.ean IN (SELECT value FROM json_each(${JSON.stringify(eans)}))
      RETURNING ${productExternals}.id`);
    return { added: kept.filter((r) => Number(r[0]) === 1).length, linked: linked.length };
  });
}
