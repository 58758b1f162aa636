// Failed-attempt limits (registrations, password resets, wrong current passwords) in a fixed window,
// counted in the control database's login_attempts table like sign-ins (attempts.ts), so that every shard
// of this server and every other server process shares them: a guesser gains nothing by landing on another
// thread or instance.
import type { Connection } from "../../../db/connection.ts";
import { SharedAttempts } from "./attempts.ts";

export class AttemptLimiter {
  readonly #attempts: SharedAttempts;

  constructor(readonly control: Connection, readonly windowSeconds: number) {
    this.#attempts = new SharedAttempts(control, windowSeconds);
  }

  /** Seconds until `key` may try again, or 0 when it is under `limit`. */
  async retryAfter(key: string, limit: number, now = Date.now()): Promise<number> {
    const [hit] = await this.control.query("SELECT count, reset_at FROM login_attempts WHERE key = ?", [key]);
    if (!hit || Number(hit.reset_at) <= now) return 0;
    return Number(hit.count) >= limit ? Math.ceil((Number(hit.reset_at) - now) / 1000) : 0;
  }

  /**
   * Counts an attempt of `key` now and answers the seconds to wait when it went past `limit` (0: allowed).
   * One statement counts and reads, so parallel attempts from several shards or instances are each counted.
   */
  async take(key: string, limit: number, now = Date.now()): Promise<number> {
    const { count, resetAt } = await this.#attempts.take(key, now);
    return count > limit ? Math.max(1, Math.ceil((resetAt - now) / 1000)) : 0;
  }

  async fail(key: string, now = Date.now()): Promise<void> {
    await this.#attempts.take(key, now);
  }

  async clear(key: string): Promise<void> {
    await this.#attempts.clear(key);
  }
}
