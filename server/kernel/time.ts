import { z } from "zod";

export function nowIso(): string {
  return new Date().toISOString();
}

export function isoIn(seconds: number, from = Date.now()): string {
  return new Date(from + seconds * 1000).toISOString();
}

/**
 * The reader's time zone (IANA, as the browser's Intl names it), which the instants of a file or a message
 * made on the server are written in (shared/i18n/dates.ts); one Intl does not know is refused.
 */
export const TimeZone = z.string().max(64).refine((tz) => {
  try {
    new Intl.DateTimeFormat("en", { timeZone: tz });
    return true;
  } catch {
    return false;
  }
});
