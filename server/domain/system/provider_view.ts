// The provider's view of `/api/health`: the monitoring token (HEALTH_TOKEN) as bearer, compared in constant
// time; the replication's state it adds, as docs/api.md shows it (server/replication/view.ts).
import { createHash, timingSafeEqual } from "node:crypto";
import { z } from "zod";
import type { Config } from "../../config.ts";

/** Is this request's Authorization the provider's monitoring token? Never without HEALTH_TOKEN set. */
export function providerAsks(config: Config, authorization: string | undefined): boolean {
  if (!config.healthToken || !authorization?.startsWith("Bearer ")) return false;
  // Digests of equal length, so that neither the comparison nor its length tells how much matched.
  const given = createHash("sha256").update(authorization.slice(7)).digest();
  const expected = createHash("sha256").update(config.healthToken).digest();
  return timingSafeEqual(given, expected);
}

const Position = z.object({ index: z.number(), offset: z.number() });

export const ReplicationViewSchema = z.object({
  configured: z.boolean(),
  live: z.boolean(),
  running: z.boolean(),
  pid: z.number().nullable(),
  restarts: z.number(),
  lastError: z.object({ at: z.string(), message: z.string() }).nullable(),
  sampledAt: z.string().nullable(),
  maxLagSeconds: z.number(),
  behind: z.number(),
  databases: z.array(z.object({
    tenant: z.string().nullable(),
    replicated: z.boolean(),
    reason: z.string().optional(),
    state: z.enum(["caught-up", "behind", "not-replicated"]),
    lagSeconds: z.number(),
    localOffset: z.number().nullable().optional(),
    litestreamIndex: z.number().nullable().optional(),
    replica: Position.nullable().optional(),
    behindSince: z.string().nullable().optional(),
    lastSyncAt: z.string().nullable().optional(),
    syncErrors: z.number().optional(),
  })),
});
