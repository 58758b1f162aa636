// Anti-automation for signed-in calls (ASVS 2.4.1): each user's calls draw from a bucket of
// API_USER_BURST that refills at API_USER_PER_SECOND, far above what a person or a terminal does, so that
// a script with a stolen or a user's own token cannot flood the server, copy a company's data at machine
// speed or fill it with rubbish. Past it: 429 request.rateLimited with Retry-After. The buckets live on the
// thread that serves the user's company (its shard, or a reader for long reads): every call of a user
// reaches the same few threads.
import { AppError } from "../kernel/errors.ts";
import { TokenBuckets } from "../kernel/token_buckets.ts";

/** Buckets kept (the least recently used go first beyond this). */
const MAX_BUCKETS = 50_000;
/** Each server's buckets (by its settings: tenant ids are its own), by tenant and user. */
const bucketsOf = new WeakMap<UserRate, TokenBuckets>();

/** The server's settings (Config's apiUserBurst and apiUserPerSecond), which also own its buckets. */
export interface UserRate {
  apiUserBurst: number;
  apiUserPerSecond: number;
}

/** Takes one call from the user's bucket, or refuses it with 429 and how long to wait. */
export function takeUserCall(
  rate: UserRate,
  tenantId: number,
  userId: number,
  now = performance.now(),
): void {
  let buckets = bucketsOf.get(rate);
  if (!buckets) bucketsOf.set(rate, buckets = new TokenBuckets(MAX_BUCKETS));
  const perSecond = Math.max(1, rate.apiUserPerSecond);
  const wait = buckets.take(`${tenantId}:${userId}`, Math.max(1, rate.apiUserBurst), perSecond, now);
  if (wait > 0) {
    throw new AppError("request.rateLimited", {
      params: { seconds: wait },
      headers: { "Retry-After": String(wait) },
      security: { kind: "request.rateLimited", detail: `user ${userId} of tenant ${tenantId}` },
    });
  }
}
