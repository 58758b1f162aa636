// What the key reads and API keys share (decision 0010): a key's hash, the actor acting for its contractor,
// the rate limit of an API key and the log of its uses.
import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Db } from "../../db/connection.ts";
import type { Actor } from "../../kernel/context.ts";
import { AppError } from "../../kernel/errors.ts";
import { TokenBuckets } from "../../kernel/token_buckets.ts";
import type { Services } from "../../kernel/services.ts";
import { sharedKeys } from "../../tenancy/schema.ts";
import type { Tenant } from "../../tenancy/registry.ts";
import { sharedAccesses, sharedAccessUses } from "./table.ts";

/** What is stored of a secret: its SHA-256 (the secrets are random, 128 and 256 bits: no salt needed). */
export const keyHash = (key: string) => createHash("sha256").update(key).digest("hex");

/** The tenant id of a key, from the control database (a key's tenant never changes); null: no such key. */
export async function tenantIdOfKey(
  platform: Pick<Services, "control">,
  key: string,
): Promise<number | null> {
  const [found] = await platform.control.db.select({ tenantId: sharedKeys.tenantId }).from(sharedKeys)
    .where(eq(sharedKeys.keyHash, keyHash(key)));
  return found?.tenantId ?? null;
}

/** The active tenant of a key; null: no such key, or its tenant is not active. */
export async function tenantOfKey(
  platform: Pick<Services, "control" | "registry">,
  key: string,
): Promise<Tenant | null> {
  const id = await tenantIdOfKey(platform, key);
  const tenant = id === null ? undefined : await platform.registry.byId(id);
  return tenant && tenant.status === "active" ? tenant : null;
}

/** A reader acting for the access's contractor: what a contractor user of it would see, nothing more. */
export function contractorActor(tenantId: number, accessId: number, contractorId: number): Actor {
  return {
    userId: 0,
    username: `shared-access:${accessId}`,
    tenantId,
    sessionId: "",
    isSuperUser: false,
    isPowerUser: false,
    logisticsEnabled: false,
    terminalEnabled: false,
    shippingEnabled: false,
    transportEnabled: false,
    contractorPortalEnabled: true,
    contractorId,
  };
}

/** Requests an API key may make by default: a burst of `BURST`, then `PER_SECOND` a second. */
export const API_KEY_BURST = 20;
export const API_KEY_PER_SECOND = 10;
/** This process's rate (API_KEY_BURST and API_KEY_PER_SECOND in the environment; set with the platform). */
const rate = { burst: API_KEY_BURST, perSecond: API_KEY_PER_SECOND };

export function configureApiKeyRate(config: { apiKeyBurst: number; apiKeyPerSecond: number }): void {
  rate.burst = Math.max(1, config.apiKeyBurst);
  rate.perSecond = Math.max(1, config.apiKeyPerSecond);
}
/** Buckets kept (the least recently used go first beyond this). */
const buckets = new TokenBuckets(10_000);

/**
 * Takes one request from the API key's bucket (per tenant database and access, on the thread that owns
 * the tenant: every call of a key runs there); refuses with 429 and Retry-After when it is empty. By the
 * database's URL, not the tenant's id, which is only its own server's.
 */
export function takeRequest(tenant: { dbUrl: string }, accessId: number, now = performance.now()): void {
  const wait = buckets.take(`${tenant.dbUrl}#${accessId}`, rate.burst, rate.perSecond, now);
  if (wait > 0) {
    throw new AppError("sharedAccess.rateLimited", {
      params: { seconds: wait },
      headers: { "Retry-After": String(wait) },
    });
  }
}

/** Writes an API key's call to its log and keeps its last activation. */
export async function logUse(
  tx: Db,
  accessId: number,
  call: { at: string; method: string; path: string; ip: string | null },
): Promise<void> {
  await tx.insert(sharedAccessUses).values({
    accessId,
    at: call.at,
    method: call.method,
    path: call.path.slice(0, 500),
    ip: call.ip,
  });
  await tx.update(sharedAccesses).set({ lastActivationAt: call.at, lastActivationIp: call.ip })
    .where(eq(sharedAccesses.id, accessId));
}
