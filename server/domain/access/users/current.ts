// A signed-in user's roles, modules and contractor as they are now, not as the access token said when it was
// issued (up to its 15 minutes ago): a demoted manager or a contractor user moved to another contractor
// loses what they lost within CURRENT_CACHE_MS in every process, at once in the one that made the change.
import { eq, sql } from "drizzle-orm";
import { prepared } from "../../../db/prepared.ts";
import type { Connection, Db } from "../../../db/connection.ts";
import type { Actor } from "../../../kernel/context.ts";
import { AppError } from "../../../kernel/errors.ts";
import { users } from "./entity.ts";

/** How long a user's roles read from the database are trusted (as a session check's answer is). */
export const CURRENT_CACHE_MS = 5_000;
const CACHE_MAX = 50_000;

type Roles = Pick<
  Actor,
  | "username"
  | "isSuperUser"
  | "isPowerUser"
  | "logisticsEnabled"
  | "terminalEnabled"
  | "shippingEnabled"
  | "transportEnabled"
  | "contractorPortalEnabled"
  | "contractorId"
>;

// One cache per running server, kept by the services object its callers hand in (a test process starts many).
const caches = new WeakMap<object, Map<string, { roles: Roles; until: number }>>();

function cacheOf(platform: object) {
  let cache = caches.get(platform);
  if (!cache) caches.set(platform, cache = new Map());
  return cache;
}

/** A user by id, prepared once per connection: read on every call whose roles are not remembered. */
export const userById = (db: Db) =>
  prepared<{ id: number }, typeof users.$inferSelect>(
    db,
    "users.byId",
    (d) => d.select().from(users).where(eq(users.id, sql.placeholder("id"))).limit(1).prepare(),
  );

/** The actor of a verified token with the user's roles as stored now; a user gone or blocked is refused. */
export async function currentActor(platform: object, conn: Connection, actor: Actor): Promise<Actor> {
  const cache = cacheOf(platform);
  const key = `${actor.tenantId}:${actor.userId}`;
  const now = Date.now();
  let hit = cache.get(key);
  if (!hit || hit.until <= now) {
    const row = await userById(conn.db).get({ id: actor.userId });
    if (!row || row.blocked || !row.active) throw new AppError("auth.tokenInvalid");
    if (cache.size >= CACHE_MAX) cache.clear();
    hit = {
      roles: {
        username: row.username,
        isSuperUser: row.isSuperUser,
        isPowerUser: row.isPowerUser,
        logisticsEnabled: row.logisticsEnabled,
        terminalEnabled: row.terminalEnabled,
        shippingEnabled: row.shippingEnabled,
        transportEnabled: row.transportEnabled,
        contractorPortalEnabled: row.contractorPortalEnabled,
        contractorId: row.connectedContractorId,
      },
      until: now + CURRENT_CACHE_MS,
    };
    cache.set(key, hit);
  }
  return { ...actor, ...hit.roles };
}

/** Drops what this process remembers of a user's roles (after it changed them). */
export function forgetRoles(platform: object, tenantId: number, userId: number): void {
  cacheOf(platform).delete(`${tenantId}:${userId}`);
}
