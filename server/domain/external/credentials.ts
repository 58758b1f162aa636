// External credentials in use (decision 0014): the tenant's row for administrators, its secret unsealed only
// when still valid, as a shop's or a carrier's credentials, what a service's failure means to our caller, and
// what the last call said of them (valid, or refused and why); credentials tried on demand. A service that
// refuses the credentials marks them invalid and answers external.refreshTokenInvalid; one that fails answers
// external.serviceFailed.
import { asc, eq } from "drizzle-orm";
import type { Db } from "../../db/connection.ts";
import type { TenantContext } from "../../kernel/context.ts";
import { unsealSecret } from "../access/auth/keys.ts";
import { AppError, fieldError, notFound } from "../../kernel/errors.ts";
import { nowIso } from "../../kernel/time.ts";
import { egressOf } from "../../kernel/egress/egress.ts";
import { externalCredential, secretContext } from "./entity.ts";
import { externalCredentials } from "./table.ts";
import { ServiceError } from "./http.ts";
import { assertReachable } from "./reach.ts";
import * as woo from "./woocommerce.ts";
import * as shipengine from "./shipengine.ts";
import { rowById } from "../../db/prepared.ts";

export type CredentialsRow = typeof externalCredentials.$inferSelect;

/** The tenant's credentials row, for administrators (others: 404). */
export async function credentialsOf(ctx: TenantContext, db: Db, id: number): Promise<CredentialsRow> {
  await externalCredential.getIn(db, ctx, id);
  const row = await rowById(db, externalCredentials, id);
  if (!row) throw notFound();
  return row;
}

/** The plain secret of usable credentials; expired ones, or ones without a secret, are refused. */
export function secretOf(ctx: Pick<TenantContext, "services" | "tenant">, row: CredentialsRow): string {
  if (!row.secret) throw new AppError("external.refreshTokenInvalid");
  if (row.refreshTokenValidUntil && row.refreshTokenValidUntil <= nowIso()) {
    throw new AppError("external.refreshTokenInvalid");
  }
  return unsealSecret(ctx.services.keys, row.secret, secretContext(ctx.tenant.id));
}

export function shopOf(
  ctx: Pick<TenantContext, "services" | "tenant">,
  row: CredentialsRow,
): woo.ShopCredentials {
  if (row.serviceCodeName !== "woocommerce") {
    throw fieldError({ serviceCodeName: ["validation.invalidValue"] });
  }
  return {
    egress: egressOf(ctx.services.config),
    baseUrl: row.baseUrl,
    key: row.username ?? "",
    secret: secretOf(ctx, row),
  };
}

export function carrierOf(ctx: TenantContext, row: CredentialsRow): shipengine.CarrierCredentials {
  if (row.serviceCodeName !== "shipengine") throw fieldError({ credentialsId: ["validation.invalidValue"] });
  return { egress: egressOf(ctx.services.config), baseUrl: row.baseUrl, apiKey: secretOf(ctx, row) };
}

/** The refusal or failure a service's error means to our caller. */
export function appErrorOf(err: unknown): AppError {
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
export async function noteCheck(db: Db, id: number, err: unknown | null): Promise<void> {
  const refused = err instanceof ServiceError && err.failure === "auth" ||
    err instanceof AppError && err.code === "external.refreshTokenInvalid";
  await db.update(externalCredentials).set({
    lastCheckedAt: nowIso(),
    lastError: err === null ? null : appErrorOf(err).code,
    ...(err === null ? { valid: true } : refused ? { valid: false } : {}),
  }).where(eq(externalCredentials.id, id));
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
