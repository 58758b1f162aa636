// Time on the calendar: instants kept as ISO 8601 in UTC, the default length of an event, and reading the
// dates documents and orders hold (a day, or a date and time with or without its offset).
import { z } from "zod";

/** The spec's default duration of an event whose length cannot be determined, in minutes. */
export const DEFAULT_EVENT_MINUTES = 15;
/** The longest an event of its own may last: the range query looks this far back for events still running. */
export const MAX_EVENT_MS = 31 * 24 * 3600_000;
/** The widest range one query of the calendar may ask for (a month view with its leading and trailing weeks). */
export const MAX_RANGE_MS = 62 * 24 * 3600_000;

const dateTime = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})?$/;

/** A date and time; one without an offset is UTC. Stored as `toISOString()` so that text order is time order. */
export const instant = z.string().trim()
  .refine((v) => dateTime.test(v) && !Number.isNaN(Date.parse(withZone(v))), {
    params: { code: "validation.invalidValue" },
  })
  .transform((v) => new Date(Date.parse(withZone(v))).toISOString());

function withZone(v: string): string {
  return /(Z|[+-]\d{2}:\d{2})$/.test(v) ? v : `${v}Z`;
}

/** A calendar day that exists: `2026-02-30` and `2026-13-01` do not. */
export function isRealDay(v: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(v)) return false;
  const t = Date.parse(`${v}T00:00:00Z`);
  return !Number.isNaN(t) && new Date(t).toISOString().startsWith(v);
}

/**
 * A stored planning date as the calendar places it: a day alone (`2026-11-26`) is an all-day entry on that
 * day wherever the user is; a date and time is an instant (UTC when it names no offset). Null: not a date.
 */
export function readPlanned(v: string | null): { day: string } | { at: number } | null {
  if (!v) return null;
  // A day that does not exist (written before days were checked) is no date: left off the calendar.
  if (/^\d{4}-\d{2}-\d{2}$/.test(v)) return isRealDay(v) ? { day: v } : null;
  const at = Date.parse(withZone(v));
  return Number.isNaN(at) ? null : { at };
}

/**
 * The text bounds that hold every stored value of an instant in [from, to), whatever offset it was written
 * with (at most 14 hours either way) or a bare day: the index narrows by these, the exact test is readPlanned's.
 */
export function textBounds(from: number, to: number): { low: string; high: string } {
  const day = 24 * 3600_000;
  return {
    low: new Date(from - day).toISOString().slice(0, 10),
    high: new Date(to + day).toISOString().slice(0, 10) + "\uffff",
  };
}
