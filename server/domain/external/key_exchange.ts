// A shop connected by WooCommerce's key exchange (decision 0014): the address of the shop's approval page with
// an activation code, the keys the shop posts to our callback (sealed before they are kept), and the
// activation screen's check that they work.
import { and, eq, gt } from "drizzle-orm";
import { z } from "zod";
import type { Connection } from "../../db/connection.ts";
import { tenantOp } from "../../cluster/placement.ts";
import type { TenantContext } from "../../kernel/context.ts";
import { randomToken } from "../../kernel/crypto.ts";
import { sealSecret } from "../access/auth/keys.ts";
import { AppError, fieldError, notFound } from "../../kernel/errors.ts";
import { nowIso } from "../../kernel/time.ts";
import type { Services } from "../../kernel/services.ts";
import type { Tenant } from "../../tenancy/registry.ts";
import { transactionWithEvents } from "../../hub/outbox.ts";
import { keyHash } from "../sharing/keys.ts";
import { recordChange } from "../../engine/record_change.ts";
import { externalCredential, secretContext } from "./entity.ts";
import { externalCredentials } from "./table.ts";
import { assertReachable } from "./reach.ts";
import { appErrorOf, credentialsOf, noteCheck, shopOf } from "./credentials.ts";
import * as woo from "./woocommerce.ts";

/** How long an activation code waits for the shop's keys and the user's return. */
export const ACTIVATION_MS = 60 * 60_000;

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
  const origin = ctx.services.config.publicUrl.replace(/\/+$/, "");
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
export async function receiveShopKeys(
  platform: Pick<Services, "keys" | "placement" | "registry">,
  code: string,
  body: z.output<typeof ShopKeys>,
) {
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
    await recordChange(tx, outbox, ctx.actor, {
      action: "changed",
      resource: "ExternalCredentials",
      id,
      title: row.description ?? row.baseUrl,
      old: { valid: row.valid },
      new: { valid: true, activatedAt: now },
    });
  });
  return await externalCredential.get(ctx, id);
}
