// Token buckets by key (a user's calls, an API key's requests): each holds up to `burst` tokens and
// refills at `perSecond`; a call takes one. The least recently used go first beyond `max` buckets. Kept by
// whoever owns the limit (per server: tenant ids and access ids are a server's own).

export class TokenBuckets {
  readonly #buckets = new Map<string, { tokens: number; at: number }>();

  constructor(readonly max: number) {}

  /** Takes a token from `key`'s bucket: 0 when one was there, else the seconds until one will be. */
  take(key: string, burst: number, perSecond: number, now: number): number {
    const b = this.#buckets.get(key) ?? { tokens: burst, at: now };
    this.#buckets.delete(key);
    b.tokens = Math.min(burst, b.tokens + ((now - b.at) / 1000) * perSecond);
    b.at = now;
    this.#buckets.set(key, b);
    if (this.#buckets.size > this.max) this.#buckets.delete(this.#buckets.keys().next().value!);
    if (b.tokens < 1) return Math.ceil((1 - b.tokens) / perSecond);
    b.tokens -= 1;
    return 0;
  }
}
