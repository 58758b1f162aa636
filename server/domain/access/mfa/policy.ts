// Who must have a second factor (ClientAccount.secondFactorRequired: nobody, the administrators, everyone),
// and whether a signed-in user still owes one. A user who must and has none signs in with the password alone
// but may call only the calls that set a factor up (and sign out) until one is set up: every other call
// answers 403 auth.secondFactorSetupRequired (server/tenancy/resolve.ts asks here on every call). The answer is
// worked out from the account's setting and the user's factors as they are now, not kept with the session,
// so a setting switched on reaches signed-in users within OWED_CACHE_MS, and no refresh of a token made
// before the factor skips it.
import { and, count, eq, isNotNull, isNull } from "drizzle-orm";
import type { Connection, Db } from "../../../db/connection.ts";
import type { Actor } from "../../../kernel/context.ts";
import { clientAccount, type secondFactorPolicies } from "../../config/account/entity.ts";
import { userPasskeys, userRecoveryCodes, userTotp } from "./table.ts";

export type Policy = (typeof secondFactorPolicies)[number];

/** How long "this user owes a second factor" (or not) is trusted, as a user's roles are (users/current.ts). */
export const OWED_CACHE_MS = 5_000;
const CACHE_MAX = 50_000;

export function mustHaveSecondFactor(policy: Policy, user: { isSuperUser: boolean }): boolean {
  return policy === "everyone" || (policy === "administrators" && user.isSuperUser);
}

export async function policyOf(db: Db): Promise<Policy> {
  const [row] = await db.select({ policy: clientAccount.secondFactorRequired }).from(clientAccount)
    .where(eq(clientAccount.id, 1)).limit(1);
  return row?.policy ?? "nobody";
}

/** A user's factors as the sign-in needs them: passkeys to offer, an app, recovery codes left. */
export async function factorsOf(db: Db, userId: number) {
  const passkeys = await db.select({
    credentialId: userPasskeys.credentialId,
    transports: userPasskeys.transports,
  }).from(userPasskeys).where(eq(userPasskeys.userId, userId));
  const [totp] = await db.select({ n: count() }).from(userTotp)
    .where(and(eq(userTotp.userId, userId), isNotNull(userTotp.confirmedAt)));
  const [codes] = await db.select({ n: count() }).from(userRecoveryCodes)
    .where(and(eq(userRecoveryCodes.userId, userId), isNull(userRecoveryCodes.usedAt)));
  return {
    passkeys: passkeys.map((p) => ({ id: p.credentialId, transports: JSON.parse(p.transports) as string[] })),
    totp: Number(totp?.n ?? 0) > 0,
    recoveryCodesLeft: Number(codes?.n ?? 0),
  };
}

export function hasFactor(f: { passkeys: unknown[]; totp: boolean }): boolean {
  return f.passkeys.length > 0 || f.totp;
}

// One cache per running server, kept by the services object its callers hand in (a test process starts many).
const caches = new WeakMap<object, Map<string, { owed: boolean; until: number }>>();

function cacheOf(platform: object) {
  let cache = caches.get(platform);
  if (!cache) caches.set(platform, cache = new Map());
  return cache;
}

/** Whether the signed-in `actor` (with their roles as they are now) must set up a second factor first. */
export async function owesSecondFactor(platform: object, conn: Connection, actor: Actor): Promise<boolean> {
  const cache = cacheOf(platform);
  const key = `${actor.tenantId}:${actor.userId}:${actor.isSuperUser}`;
  const now = Date.now();
  const hit = cache.get(key);
  if (hit && hit.until > now) return hit.owed;
  const policy = await policyOf(conn.db);
  const owed = mustHaveSecondFactor(policy, actor) && !hasFactor(await factorsOf(conn.db, actor.userId));
  if (cache.size >= CACHE_MAX) cache.clear();
  cache.set(key, { owed, until: now + OWED_CACHE_MS });
  return owed;
}

/** Drops what this thread remembers: a user's factors changed (or, without a user, the account's setting). */
export function forgetOwed(platform: object, tenantId: number, userId?: number): void {
  const cache = cacheOf(platform);
  for (const key of cache.keys()) {
    const [t, u] = key.split(":");
    if (Number(t) === tenantId && (userId === undefined || Number(u) === userId)) cache.delete(key);
  }
}
