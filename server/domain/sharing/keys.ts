// What the key reads and API keys share (decision 0010): a key's hash, the actor acting for its contractor,
// the rate limit of an API key and the log of its uses.
import { createHash } from "node:crypto";
import { and, eq, isNull, lt, or, sql } from "drizzle-orm";
import type { Connection, Db } from "../../db/connection.ts";
import { insertMany } from "../../db/bulk.ts";
import { prepared } from "../../db/prepared.ts";
import { TenantBatches } from "../../cluster/batches.ts";
import { tenantOp } from "../../cluster/placement.ts";
import type { Actor } from "../../kernel/context.ts";
import { AppError } from "../../kernel/errors.ts";
import { TokenBuckets } from "../../kernel/token_buckets.ts";
import type { ApiKeyMemory, Services } from "../../kernel/services.ts";
import { sharedKeys } from "../../tenancy/schema.ts";
import type { Tenant } from "../../tenancy/registry.ts";
import { sharedAccesses, sharedAccessUses } from "./table.ts";

/** What is stored of a secret: its SHA-256 (the secrets are random, 128 and 256 bits: no salt needed). */
export const keyHash = (key: string) => createHash("sha256").update(key).digest("hex");

/** Key hashes whose tenant is known, on this thread (cleared when full). */
const tenantOfHash = new Map<string, number>();
const TENANT_OF_KEY_MAX = 10_000;

/**
 * The tenant id of a key, from the control database; null: no such key. A key's tenant never changes, so a
 * known one is remembered (an unknown key is asked again: it may be made meanwhile).
 */
export async function tenantIdOfKey(
  platform: Pick<Services, "control">,
  key: string,
): Promise<number | null> {
  const hash = keyHash(key);
  const known = tenantOfHash.get(hash);
  if (known !== undefined) return known;
  const [found] = await platform.control.db.select({ tenantId: sharedKeys.tenantId }).from(sharedKeys)
    .where(eq(sharedKeys.keyHash, hash));
  if (!found) return null;
  if (tenantOfHash.size >= TENANT_OF_KEY_MAX) tenantOfHash.clear();
  tenantOfHash.set(hash, found.tenantId);
  return found.tenantId;
}

type AccessRow = typeof sharedAccesses.$inferSelect;

/**
 * The access whose token hashes to `hash`: from `keys`' memory when read lately (ApiKeys), else from the
 * tenant's database.
 */
export function accessOfHash(keys: ApiKeyMemory, conn: Connection, hash: string): Promise<AccessRow | null> {
  return keys.remembered(conn.url, hash, async () => {
    const [row] = await prepared<{ hash: string }, AccessRow>(
      conn.db,
      "sharing.accessOfHash",
      (on) =>
        on.select().from(sharedAccesses).where(eq(sharedAccesses.tokenHash, sql.placeholder("hash")))
          .prepare(),
    ).all({ hash });
    return row ?? null;
  });
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

/** One call of an API key, for its access's log. */
export interface KeyUse {
  accessId: number;
  at: string;
  method: string;
  path: string;
  ip: string | null;
}

/** Writes one call to its access's log and keeps its last activation, in the caller's transaction. */
export async function logUse(tx: Db, use: KeyUse): Promise<void> {
  await writeUses(tx, [use]);
}

async function writeUses(tx: Db, uses: KeyUse[]): Promise<void> {
  await insertMany(tx, sharedAccessUses, uses.map((u) => ({ ...u, path: u.path.slice(0, 500) })));
  const last = new Map(uses.map((u) => [u.accessId, u]));
  // Never back in time: a shared read by the same key writes its activation at once, a queued call later.
  for (const u of last.values()) {
    await tx.update(sharedAccesses).set({ lastActivationAt: u.at, lastActivationIp: u.ip })
      .where(and(
        eq(sharedAccesses.id, u.accessId),
        or(isNull(sharedAccesses.lastActivationAt), lt(sharedAccesses.lastActivationAt, u.at)),
      ));
  }
}

/** How long API keys' calls wait to be written together, and how many of a tenant are written at once. */
const USE_FLUSH_MS = 200;
const USE_FLUSH_AT = 500;

/** Writes calls to their accesses' logs and keeps each access's last activation (its last call's). */
const appendUses = tenantOp("sharing.keyUses", async (conn, uses: KeyUse[]) => {
  await conn.transaction((tx) => writeUses(tx, uses));
});

/** How long an access read for an API key is trusted without reading it again (another process's change). */
export const ACCESS_CACHE_MS = 5_000;
const ACCESS_CACHE_MAX = 10_000;

/**
 * What a thread keeps of API keys (decision 0023): the accesses read lately, by tenant database and token
 * hash, trusted for ACCESS_CACHE_MS (a withdrawal made by any thread of this process drops its access at
 * once, told through a BroadcastChannel; another process's change is seen within that time), and the keys'
 * calls, queued and appended to their accesses' logs in one transaction per tenant every USE_FLUSH_MS, on
 * the thread that owns the tenant.
 */
export class ApiKeys implements ApiKeyMemory {
  readonly #batches: TenantBatches<KeyUse>;
  readonly #accesses = new Map<string, { row: { id: number }; until: number }>();
  readonly #channel = new BroadcastChannel("wms-shared-accesses");

  constructor(platform: Pick<Services, "placement">) {
    this.#batches = new TenantBatches<KeyUse>(
      (tenant, uses) => appendUses(platform, tenant, uses),
      { flushMs: USE_FLUSH_MS, flushAt: USE_FLUSH_AT, what: "API key uses" },
    );
    this.#channel.onmessage = (e: MessageEvent<{ url: string; accessId: number }>) =>
      this.#forget(e.data.url, e.data.accessId);
  }

  async remembered<T extends { id: number }>(
    url: string,
    hash: string,
    read: () => Promise<T | null>,
    now = Date.now(),
  ): Promise<T | null> {
    const key = `${url}\u0000${hash}`;
    const hit = this.#accesses.get(key);
    if (hit && hit.until > now) return hit.row as T;
    const row = await read();
    if (!row) return null;
    if (this.#accesses.size >= ACCESS_CACHE_MAX) this.#accesses.clear();
    this.#accesses.set(key, { row, until: now + ACCESS_CACHE_MS });
    return row;
  }

  #forget(url: string, accessId: number): void {
    for (const [k, v] of this.#accesses) {
      if (v.row.id === accessId && k.startsWith(`${url}\u0000`)) this.#accesses.delete(k);
    }
  }

  withdrawn(url: string, accessId: number): void {
    this.#forget(url, accessId);
    this.#channel.postMessage({ url, accessId });
  }

  add(tenant: Tenant, use: KeyUse): void {
    this.#batches.add(tenant, use);
  }

  async close(): Promise<void> {
    this.#channel.close();
    await this.#batches.close();
  }
}
