// Sign-in attempts, and the other failed-attempt limits (registrations, reset mails and codes, wrong current
// passwords), counted in the control database, so that every server process shares them and an
// attempt is counted before its password is checked: one statement increments and reads a key's count, so
// forty parallel guesses are forty counts, not forty checks of an old count. Keys: an address, a user at an
// address (each limited: 429), and a user anywhere, which only slows sign-in down, so nobody can lock a
// known user out by guessing from elsewhere.
import type { Connection } from "../../../db/connection.ts";
import type { Attempt } from "../../../kernel/services.ts";

export type { Attempt };

export class SharedAttempts {
  #calls = 0;

  constructor(readonly control: Connection, readonly windowSeconds: number) {}

  /** Counts one attempt of `key` and answers the window's count with it. */
  async take(key: string, now = Date.now()): Promise<Attempt> {
    // Now and then, forget the windows that are over.
    if (++this.#calls % 500 === 0) {
      await this.control.query("DELETE FROM login_attempts WHERE reset_at <= ?", [now]);
    }
    const resetAt = now + this.windowSeconds * 1000;
    const [row] = await this.control.query(
      `INSERT INTO login_attempts (key, count, reset_at) VALUES (?, 1, ?)
       ON CONFLICT (key) DO UPDATE SET
         count = CASE WHEN login_attempts.reset_at <= ? THEN 1 ELSE login_attempts.count + 1 END,
         reset_at = CASE WHEN login_attempts.reset_at <= ? THEN excluded.reset_at ELSE login_attempts.reset_at END
       RETURNING count, reset_at`,
      [key, resetAt, now, now],
    );
    return { count: Number(row.count), resetAt: Number(row.reset_at) };
  }

  /** Seconds until `key` may try again, or 0 while it is under `limit` (nothing is counted). */
  async retryAfter(key: string, limit: number, now = Date.now()): Promise<number> {
    const [hit] = await this.control.query("SELECT count, reset_at FROM login_attempts WHERE key = ?", [key]);
    if (!hit || Number(hit.reset_at) <= now) return 0;
    return Number(hit.count) >= limit ? Math.ceil((Number(hit.reset_at) - now) / 1000) : 0;
  }

  /**
   * Counts an attempt of `key` now and answers the seconds to wait when it went past `limit` (0: allowed):
   * one statement counts and reads, so parallel attempts from any shard or instance are each counted.
   */
  async takeWithin(key: string, limit: number, now = Date.now()): Promise<number> {
    const { count, resetAt } = await this.take(key, now);
    return count > limit ? Math.max(1, Math.ceil((resetAt - now) / 1000)) : 0;
  }

  /** Takes back one attempt of `key` (a sign-in that succeeded is no guess). */
  async giveBack(key: string): Promise<void> {
    await this.control.query("UPDATE login_attempts SET count = max(count - 1, 0) WHERE key = ?", [key]);
  }

  async clear(key: string): Promise<void> {
    await this.control.query("DELETE FROM login_attempts WHERE key = ?", [key]);
  }
}

/** How long a sign-in of a user waits after `failures` failed attempts at it in the window, from anywhere. */
export function slowDownMs(failures: number, after: number): number {
  if (failures <= after) return 0;
  return Math.min(5000, (failures - after) * 250);
}
