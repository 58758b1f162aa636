// What external credentials do (decision 0014): a shop connected by WooCommerce's key exchange (the address
// of the shop's approval page with an activation code, the keys the shop posts to our callback, the
// activation screen that checks them), credentials tried on demand, a shop's products imported page by page
// and linked to ours by EAN, a product linked by hand, our free stock pushed to the shop, and a release
// document's parcel label bought from the carrier. A service that refuses the credentials marks them
// invalid and answers external.refreshTokenInvalid; one that fails answers external.serviceFailed.
import { and, asc, eq, gt, isNotNull, isNull, lt, ne, or, sql } from "drizzle-orm";
import { runEach } from "../../db/bulk.ts";
import { z } from "zod";
import type { Connection, Db } from "../../db/connection.ts";
import { tenantOp } from "../../cluster/placement.ts";
import type { TenantContext } from "../../kernel/context.ts";
import { randomToken } from "../../kernel/crypto.ts";
import { sealSecret, unsealSecret } from "../access/auth/keys.ts";
import { AppError, fieldError, notFound } from "../../kernel/errors.ts";
import { nowIso } from "../../kernel/time.ts";
import type { Platform } from "../../platform.ts";
import type { Tenant } from "../../tenancy/registry.ts";
import { transactionWithEvents } from "../../hub/outbox.ts";
import { keyHash } from "../sharing/keys.ts";
import { writeRecordLog } from "../logs/record_log/service.ts";
import { productBarcodes, products } from "../assortment/products/entity.ts";
import { freeStockOf } from "../orders/free_stock.ts";
import { externalCredential, productExternal, secretContext } from "./entity.ts";
import { externalCredentials, productExternals } from "./table.ts";
import { ServiceError } from "./http.ts";
import { egressOf, isRefusal, refusalEvent } from "../../kernel/egress/egress.ts";
import { securityEvent } from "../logs/security_log/service.ts";
import { assertReachable } from "./reach.ts";

export { assertReachable };
import * as woo from "./woocommerce.ts";
import * as shipengine from "./shipengine.ts";

type CredentialsRow = typeof externalCredentials.$inferSelect;

/** How long an activation code waits for the shop's keys and the user's return. */
export const ACTIVATION_MS = 60 * 60_000;
/**
 * A running job that has not moved for this long was cut short (a restart): another may start. Longer than
 * one page may take at worst (four tries of 30 s, their pauses and a Retry-After of 30 s).
 */
export const JOB_STALE_MS = 10 * 60_000;

/** The tenant's credentials row, for administrators (others: 404). */
async function credentialsOf(ctx: TenantContext, db: Db, id: number): Promise<CredentialsRow> {
  await externalCredential.getIn(db, ctx, id);
  const [row] = await db.select().from(externalCredentials).where(eq(externalCredentials.id, id));
  if (!row) throw notFound();
  return row;
}

/** The plain secret of usable credentials; expired ones, or ones without a secret, are refused. */
function secretOf(ctx: Pick<TenantContext, "platform" | "tenant">, row: CredentialsRow): string {
  if (!row.secret) throw new AppError("external.refreshTokenInvalid");
  if (row.refreshTokenValidUntil && row.refreshTokenValidUntil <= nowIso()) {
    throw new AppError("external.refreshTokenInvalid");
  }
  return unsealSecret(ctx.platform.keys, row.secret, secretContext(ctx.tenant.id));
}

function shopOf(ctx: Pick<TenantContext, "platform" | "tenant">, row: CredentialsRow): woo.ShopCredentials {
  if (row.serviceCodeName !== "woocommerce") {
    throw fieldError({ serviceCodeName: ["validation.invalidValue"] });
  }
  return {
    egress: egressOf(ctx.platform.config),
    baseUrl: row.baseUrl,
    key: row.username ?? "",
    secret: secretOf(ctx, row),
  };
}

function carrierOf(ctx: TenantContext, row: CredentialsRow): shipengine.CarrierCredentials {
  if (row.serviceCodeName !== "shipengine") throw fieldError({ credentialsId: ["validation.invalidValue"] });
  return { egress: egressOf(ctx.platform.config), baseUrl: row.baseUrl, apiKey: secretOf(ctx, row) };
}

/** The refusal or failure a service's error means to our caller. */
function appErrorOf(err: unknown): AppError {
  if (err instanceof AppError) return err;
  if (err instanceof ServiceError) {
    if (err.failure === "auth") return new AppError("external.refreshTokenInvalid");
    if (err.failure === "invalid") {
      return new AppError("external.serviceRefused", { params: { detail: shipengine.serviceMessages(err) } });
    }
    return new AppError("external.serviceFailed", { cause: err });
  }
  return new AppError("server.unknown", { cause: err });
}

/** Keeps what a call said of the credentials: valid, or refused (and why). */
async function noteCheck(db: Db, id: number, err: unknown | null): Promise<void> {
  const refused = err instanceof ServiceError && err.failure === "auth" ||
    err instanceof AppError && err.code === "external.refreshTokenInvalid";
  await db.update(externalCredentials).set({
    lastCheckedAt: nowIso(),
    lastError: err === null ? null : appErrorOf(err).code,
    ...(err === null ? { valid: true } : refused ? { valid: false } : {}),
  }).where(eq(externalCredentials.id, id));
}

// --- connecting a shop ------------------------------------------------------------------------------

export const ConnectAnswer = z.object({
  authorizeUrl: z.string(),
  activationCode: z.string(),
  expiresAt: z.string(),
});

/**
 * GET ExternalCredentials/config/{id}: a new activation code, and the address of the shop's page where its
 * administrator approves our access (WooCommerce's /wc-auth/v1/authorize). The shop posts the keys to our
 * callback, then sends the user to the activation screen with the code.
 */
export async function connectShop(ctx: TenantContext, id: number) {
  const db = ctx.conn.db;
  const row = await credentialsOf(ctx, db, id);
  if (row.serviceCodeName !== "woocommerce") {
    throw fieldError({ serviceCodeName: ["validation.invalidValue"] });
  }
  // The tenant in front, so that the shop's call without a token finds its tenant (as a calendar feed's).
  const code = `${ctx.tenant.id}-${randomToken(32)}`;
  const expiresAt = new Date(Date.now() + ACTIVATION_MS).toISOString();
  await db.update(externalCredentials).set({
    activationCodeHash: keyHash(code),
    activationExpiresAt: expiresAt,
    updatedAt: nowIso(),
  }).where(eq(externalCredentials.id, id));
  const origin = ctx.platform.config.publicUrl.replace(/\/+$/, "");
  const returnUrl = new URL(`${origin}/external-shop-activation`);
  returnUrl.searchParams.set("credentialsId", String(id));
  returnUrl.searchParams.set("code", code);
  return {
    authorizeUrl: woo.authorizeUrl(row.baseUrl, {
      appName: `WMS · ${ctx.tenant.companyName}`,
      userId: String(id),
      returnUrl: returnUrl.toString(),
      callbackUrl: `${origin}/api/ExternalCredentials/callback/${encodeURIComponent(code)}`,
    }),
    activationCode: code,
    expiresAt,
  };
}

/** What WooCommerce posts to the callback (its key exchange). */
export const ShopKeys = z.object({
  key_id: z.union([z.number(), z.string()]).optional(),
  user_id: z.union([z.number(), z.string()]).transform(String),
  consumer_key: z.string().min(1).max(200),
  consumer_secret: z.string().min(1).max(500),
  key_permissions: z.string().max(50).optional(),
});

const storeShopKeys = tenantOp(
  "external.shopKeys",
  async (
    conn: Connection,
    args: { hash: string; received: string; userId: string; key: string; sealed: string; now: string },
  ) => {
    const [row] = await conn.db.select({ id: externalCredentials.id }).from(externalCredentials).where(and(
      eq(externalCredentials.activationCodeHash, args.hash),
      gt(externalCredentials.activationExpiresAt, args.now),
    ));
    // The code names the exchange; the shop repeats our id of the credentials as its user.
    if (!row || String(row.id) !== args.userId) throw notFound();
    // Once: the exchange now waits for the activation screen with the keys it received.
    await conn.db.update(externalCredentials).set({
      username: args.key,
      secret: args.sealed,
      valid: false,
      activationCodeHash: args.received,
      updatedAt: args.now,
    }).where(and(eq(externalCredentials.id, row.id), eq(externalCredentials.activationCodeHash, args.hash)));
  },
);

/** What is kept of an exchange's code once the shop has sent its keys (the callback takes a code once). */
const receivedHash = (code: string) => keyHash(`${code}#received`);

/** POST ExternalCredentials/callback/{code}: the shop's keys of a pending exchange (no token: the code is it). */
export async function receiveShopKeys(platform: Platform, code: string, body: z.output<typeof ShopKeys>) {
  const m = /^(\d{1,9})-[A-Za-z0-9_-]{43}$/.exec(code);
  if (!m) throw notFound();
  const tenant: Tenant | undefined = await platform.registry.byId(Number(m[1]));
  if (!tenant || tenant.status !== "active") throw notFound();
  const sealed = sealSecret(platform.keys, body.consumer_secret, secretContext(tenant.id));
  await storeShopKeys(platform, tenant, {
    hash: keyHash(code),
    received: receivedHash(code),
    userId: body.user_id,
    key: body.consumer_key,
    sealed,
    now: nowIso(),
  });
  return { ok: true };
}

/**
 * GET ExternalCredentials/activate/{id}/{code}: the activation screen's check once the shop sent the user
 * back. The code must be this exchange's, not yet ended, and the keys the shop sent must work; then the
 * credentials are valid and the code is spent. Anything else is external.refreshTokenInvalid.
 */
export async function activate(ctx: TenantContext, id: number, code: string) {
  const db = ctx.conn.db;
  const row = await credentialsOf(ctx, db, id);
  if (
    row.activationCodeHash !== receivedHash(code) || !row.activationExpiresAt ||
    row.activationExpiresAt <= nowIso() ||
    !row.secret
  ) {
    throw new AppError("external.refreshTokenInvalid");
  }
  await assertReachable(ctx, row.baseUrl);
  try {
    await woo.checkShop(shopOf(ctx, row));
  } catch (err) {
    await noteCheck(db, id, err);
    throw appErrorOf(err);
  }
  const now = nowIso();
  await transactionWithEvents(ctx, async (tx, outbox) => {
    // The keys tried are still the ones kept, and the code still this exchange's (read, tried, then written).
    const [done] = await tx.update(externalCredentials).set({
      valid: true,
      activatedAt: now,
      lastCheckedAt: now,
      lastError: null,
      activationCodeHash: null,
      activationExpiresAt: null,
      updatedAt: now,
      version: row.version + 1,
    }).where(and(
      eq(externalCredentials.id, id),
      eq(externalCredentials.activationCodeHash, receivedHash(code)),
      eq(externalCredentials.secret, row.secret!),
      eq(externalCredentials.version, row.version),
    )).returning({ id: externalCredentials.id });
    if (!done) throw new AppError("external.refreshTokenInvalid");
    await writeRecordLog(tx, {
      action: "changed",
      resourceType: "ExternalCredentials",
      resourceId: id,
      title: row.description ?? row.baseUrl,
      oldObject: { valid: row.valid },
      newObject: { valid: true, activatedAt: now },
      userId: ctx.actor.userId,
      userName: ctx.actor.username,
    });
    outbox.add("ExternalCredentials", "changed", id);
  });
  return await externalCredential.get(ctx, id);
}

/** GET ExternalCredentials/carriers: the delivery accounts, for shipping a document (never their secrets). */
export async function carrierAccounts(ctx: TenantContext) {
  return await ctx.conn.db.select({
    id: externalCredentials.id,
    description: externalCredentials.description,
    baseUrl: externalCredentials.baseUrl,
  }).from(externalCredentials).where(eq(externalCredentials.serviceType, "delivery"))
    .orderBy(asc(externalCredentials.id));
}

/** POST ExternalCredentials/{id}/test: the service is asked whether it takes the credentials. */
export async function testCredentials(ctx: TenantContext, id: number) {
  const db = ctx.conn.db;
  const row = await credentialsOf(ctx, db, id);
  await assertReachable(ctx, row.baseUrl);
  try {
    if (row.serviceCodeName === "woocommerce") await woo.checkShop(shopOf(ctx, row));
    else await shipengine.checkCarrier(carrierOf(ctx, row));
  } catch (err) {
    await noteCheck(db, id, err);
    throw appErrorOf(err);
  }
  await noteCheck(db, id, null);
  return await externalCredential.get(ctx, id);
}

// --- import and stock push (jobs) ---------------------------------------------------------------------

/** Starts a job on a shop's credentials (202): its progress is on the credentials' record. */
async function startJob(
  ctx: TenantContext,
  id: number,
  kind: "import" | "push",
  run: (
    ctx: TenantContext,
    shop: woo.ShopCredentials,
    beat: (processed: number, total: number | null) => Promise<void>,
  ) => Promise<Record<string, number>>,
) {
  const db = ctx.conn.db;
  const row = await credentialsOf(ctx, db, id);
  const shop = shopOf(ctx, row);
  await assertReachable(ctx, row.baseUrl);
  const started = nowIso();
  // Claimed in one statement: not running, or running without a beat for JOB_STALE_MS (cut short).
  const [claimed] = await db.update(externalCredentials).set({
    jobKind: kind,
    jobStatus: "running",
    jobProcessed: 0,
    jobTotal: null,
    jobError: null,
    jobStartedAt: started,
    jobFinishedAt: null,
    jobBeatAt: started,
  }).where(and(
    eq(externalCredentials.id, id),
    or(
      ne(externalCredentials.jobStatus, "running"),
      isNull(externalCredentials.jobBeatAt),
      lt(externalCredentials.jobBeatAt, new Date(Date.now() - JOB_STALE_MS).toISOString()),
    ),
  )).returning({ id: externalCredentials.id });
  if (!claimed) throw new AppError("external.busy");
  const { platform, tenant } = ctx;
  // Each step borrows the tenant's connection for its own short while: the pages come between.
  const withDb = <T>(fn: (conn: Connection) => Promise<T>) => platform.pool.use(tenant.dbUrl, fn);
  const beat = async (processed: number, total: number | null) => {
    await withDb((conn) =>
      conn.db.update(externalCredentials).set({
        jobProcessed: processed,
        jobTotal: total,
        jobBeatAt: nowIso(),
      })
        .where(eq(externalCredentials.id, id))
    );
    announce();
  };
  // Not the request's correlation id: the caller's own screen hears of its job's progress too.
  const announce = () =>
    void platform.hub.publish(tenant.id, [{ resource: "ExternalCredentials", action: "changed", id }], null)
      .catch(() => {});
  void (async () => {
    try {
      // The request's own connection is not used after its answer: each step borrows one (withDb).
      const summary = await run(ctx, shop, beat);
      await withDb((conn) =>
        conn.transaction(async (tx) => {
          await tx.update(externalCredentials).set({
            jobStatus: "done",
            jobFinishedAt: nowIso(),
            valid: true,
            lastCheckedAt: nowIso(),
            lastError: null,
          }).where(eq(externalCredentials.id, id));
          await writeRecordLog(tx, {
            action: "changed",
            resourceType: "ExternalCredentials",
            resourceId: id,
            title: row.description ?? row.baseUrl,
            oldObject: {},
            newObject: { [kind]: summary },
            userId: ctx.actor.userId,
            userName: ctx.actor.username,
          });
        })
      );
    } catch (err) {
      const error = appErrorOf(err);
      if (error.code === "server.unknown") console.error(`external ${kind} of ${tenant.slug}`, err);
      // After the answer, so not the request's refusal: the job's starter is named.
      if (isRefusal(err)) {
        securityEvent(ctx, "egress.refused", `${kind} of service ${id}: ${refusalEvent(err)}`);
      }
      await withDb(async (conn) => {
        await noteCheck(conn.db, id, err);
        await conn.db.update(externalCredentials).set({
          jobStatus: "failed",
          jobError: error.code,
          jobFinishedAt: nowIso(),
        }).where(eq(externalCredentials.id, id));
      }).catch((e) => console.error(`external ${kind} of ${tenant.slug}: its end was not kept`, e));
    } finally {
      announce();
    }
  })();
  return { credentialsId: id, jobKind: kind, jobStatus: "running" };
}

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
      const r = await c.platform.pool.use(c.tenant.dbUrl, (conn) => keepPage(conn, id, got.products));
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

/**
 * POST ProductExternal/push/{id}: the free stock of each linked product (on hand less what is reserved or
 * promised) set in the shop, 100 products a call; the shop's refusals are counted, not fatal.
 */
export function pushShopStock(ctx: TenantContext, id: number) {
  return startJob(ctx, id, "push", async (c, shop, beat) => {
    const use = <T>(fn: (conn: Connection) => Promise<T>) => c.platform.pool.use(c.tenant.dbUrl, fn);
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

export const LinkInput = z.object({ productId: z.number().int().positive().nullable() });

/** POST ProductExternal/{id}/link: a shop's product linked to one of ours by hand (null: unlinked). */
export async function linkProduct(ctx: TenantContext, id: number, productId: number | null) {
  return await transactionWithEvents(ctx, async (tx, outbox) => {
    const before = await productExternal.getIn(tx, ctx, id);
    const [row] = await tx.select().from(productExternals).where(eq(productExternals.id, id));
    if (!row) throw notFound();
    if (productId !== null) {
      const [p] = await tx.select({ id: products.id }).from(products).where(eq(products.id, productId));
      if (!p) throw fieldError({ productId: ["validation.invalidValue"] });
    }
    await tx.update(productExternals).set({
      productId,
      linkedBy: productId === null ? null : "hand",
      updatedAt: nowIso(),
      version: row.version + 1,
    }).where(eq(productExternals.id, id));
    const after = await productExternal.getIn(tx, ctx, id);
    await writeRecordLog(tx, {
      action: "changed",
      resourceType: "ProductExternal",
      resourceId: id,
      title: row.name,
      oldObject: before,
      newObject: after,
      userId: ctx.actor.userId,
      userName: ctx.actor.username,
    });
    outbox.add("ProductExternal", "changed", id);
    return after;
  });
}

export { appErrorOf, carrierOf, noteCheck };
