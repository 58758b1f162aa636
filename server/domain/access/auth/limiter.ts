// Failed-attempt limits per client address and per username, in a fixed window. In memory: a process
// restart forgets them, which only gives an attacker a fresh window of a few attempts.
export class AttemptLimiter {
  readonly #hits = new Map<string, { count: number; resetAt: number }>();

  constructor(readonly windowSeconds: number) {}

  /** Seconds until `key` may try again, or 0 when it is under `limit`. */
  retryAfter(key: string, limit: number, now = Date.now()): number {
    const hit = this.#hits.get(key);
    if (!hit || hit.resetAt <= now) return 0;
    return hit.count >= limit ? Math.ceil((hit.resetAt - now) / 1000) : 0;
  }

  fail(key: string, now = Date.now()): void {
    const hit = this.#hits.get(key);
    if (!hit || hit.resetAt <= now) {
      this.#hits.set(key, { count: 1, resetAt: now + this.windowSeconds * 1000 });
      if (this.#hits.size > 50_000) this.#prune(now);
    } else {
      hit.count++;
    }
  }

  clear(key: string): void {
    this.#hits.delete(key);
  }

  #prune(now: number): void {
    for (const [key, hit] of this.#hits) if (hit.resetAt <= now) this.#hits.delete(key);
  }
}
