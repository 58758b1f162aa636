// The calendar's arithmetic, free of React: days in the user's time zone, the month grid from the language's
// first day of the week, where an entry falls on a day, side-by-side columns for entries that overlap, and the
// new start of an entry dropped or moved by the keyboard (snapped to SNAP_MINUTES).
import {
  type CalendarDate,
  fromDate,
  parseDate,
  startOfMonth,
  startOfWeek,
  toCalendarDate,
  toZoned,
} from "@internationalized/date";

import type { Entry } from "../../../shared/calendar/entry.ts";
import type { Translator } from "../../../shared/i18n/mod.ts";

export type View = "month" | "day" | "agenda" | "resources";
export const SNAP_MINUTES = 15;

/** An entry as GET Calendar/entries answers it (the server's own type; only its shape comes here). */
export type { Entry };

/** Today in the time zone, as YYYY-MM-DD. */
export function today(tz: string, now = new Date()): string {
  return toCalendarDate(fromDate(now, tz)).toString();
}

/** The instant a day starts at in the time zone. */
export function dayStart(day: string, tz: string): Date {
  return toZoned(parseDate(day), tz).toDate();
}

export function addDays(day: string, n: number): string {
  return parseDate(day).add({ days: n }).toString();
}

export function addMonths(day: string, n: number): string {
  return parseDate(day).add({ months: n }).toString();
}

/** The 42 days of a month's grid: six weeks from the week holding its 1st, weeks starting as `lang` starts them. */
export function monthGrid(day: string, lang: string): string[] {
  const first: CalendarDate = startOfWeek(startOfMonth(parseDate(day)), lang);
  return Array.from({ length: 42 }, (_, i) => first.add({ days: i }).toString());
}

/** The instants a view asks the server for: [from, to). */
export function rangeOf(view: View, day: string, lang: string, tz: string): { from: string; to: string } {
  if (view === "month") {
    const grid = monthGrid(day, lang);
    return {
      from: dayStart(grid[0], tz).toISOString(),
      to: dayStart(addDays(grid[41], 1), tz).toISOString(),
    };
  }
  return { from: dayStart(day, tz).toISOString(), to: dayStart(addDays(day, 1), tz).toISOString() };
}

/** The local day an entry starts on: an all-day entry's own day, a timed one's in the time zone. */
export function dayOf(e: Pick<Entry, "start" | "allDay">, tz: string): string {
  if (e.allDay) return e.start.slice(0, 10);
  return toCalendarDate(fromDate(new Date(e.start), tz)).toString();
}

/** The days a timed entry covers (an event may last several days); an all-day entry's one day. */
export function daysOf(e: Pick<Entry, "start" | "finish" | "allDay">, tz: string): string[] {
  const first = dayOf(e, tz);
  if (e.allDay) return [first];
  const last = toCalendarDate(fromDate(new Date(Date.parse(e.finish) - 1), tz)).toString();
  const days = [first];
  while (days[days.length - 1] < last && days.length < 62) days.push(addDays(days[days.length - 1], 1));
  return days;
}

/** Minutes after the day's start (in the time zone) an instant falls, clamped to the day. */
export function minuteOfDay(at: string, day: string, tz: string): number {
  const start = dayStart(day, tz).getTime();
  const end = dayStart(addDays(day, 1), tz).getTime();
  const t = Math.min(Math.max(Date.parse(at), start), end);
  return Math.round((t - start) / 60_000);
}

/** The length of a day in minutes (23 or 25 hours on the days the clocks change). */
export function minutesInDay(day: string, tz: string): number {
  return Math.round((dayStart(addDays(day, 1), tz).getTime() - dayStart(day, tz).getTime()) / 60_000);
}

export interface Placed {
  entry: Entry;
  top: number;
  height: number;
  column: number;
  columns: number;
}

/**
 * Timed entries of one day, each with its minutes (top, height; at least SNAP_MINUTES tall) and its column
 * among the entries it overlaps (a cluster of overlapping entries shares its width).
 */
export function layoutDay(entries: Entry[], day: string, tz: string): Placed[] {
  const items = entries.filter((e) => !e.allDay && daysOf(e, tz).includes(day)).map((entry) => {
    const top = minuteOfDay(entry.start, day, tz);
    const bottom = Math.max(minuteOfDay(entry.finish, day, tz), top + SNAP_MINUTES);
    return { entry, top, height: bottom - top, column: 0, columns: 1 };
  }).sort((a, b) => a.top - b.top || b.height - a.height || (a.entry.key < b.entry.key ? -1 : 1));
  let cluster: Placed[] = [];
  let clusterEnd = -1;
  const close = () => {
    const n = Math.max(1, ...cluster.map((p) => p.column + 1));
    for (const p of cluster) p.columns = n;
    cluster = [];
  };
  for (const item of items) {
    if (item.top >= clusterEnd) {
      close();
      clusterEnd = -1;
    }
    const taken = new Set(cluster.filter((p) => p.top + p.height > item.top).map((p) => p.column));
    let c = 0;
    while (taken.has(c)) c++;
    item.column = c;
    cluster.push(item);
    clusterEnd = Math.max(clusterEnd, item.top + item.height);
  }
  close();
  return items;
}

/** A minute of the day snapped to the grid. */
export const snap = (minute: number) => Math.round(minute / SNAP_MINUTES) * SNAP_MINUTES;

/** The new start of an entry dropped on `day` at `minute` (null: a day cell of the month, which keeps the time). */
export function dropStart(e: Entry, day: string, minute: number | null, tz: string): string {
  if (minute === null || e.allDay) return day;
  return new Date(dayStart(day, tz).getTime() + snap(minute) * 60_000).toISOString();
}

/**
 * The new start of an entry moved by the keyboard: a day (month and agenda views; an all-day entry) or
 * SNAP_MINUTES (day and resource views) per step.
 */
export function stepStart(e: Entry, steps: number, unit: "day" | "slot", tz: string): string {
  if (e.allDay) return addDays(e.start.slice(0, 10), steps);
  if (unit === "day") {
    const day = dayOf(e, tz);
    return dropStart(e, addDays(day, steps), minuteOfDay(e.start, day, tz), tz);
  }
  return new Date(Date.parse(e.start) + steps * SNAP_MINUTES * 60_000).toISOString();
}

/** The entry as it will show once a move to `start` is saved (the same length). */
export function movedTo(e: Entry, start: string): Entry {
  if (/^\d{4}-\d{2}-\d{2}$/.test(start) && e.allDay) {
    const s = Date.parse(`${start}T00:00:00Z`);
    return { ...e, start: new Date(s).toISOString(), finish: new Date(s + 86_400_000).toISOString() };
  }
  const s = /^\d{4}-\d{2}-\d{2}$/.test(start)
    ? Date.parse(`${start}${e.start.slice(10)}`)
    : Date.parse(start);
  const length = Date.parse(e.finish) - Date.parse(e.start);
  return { ...e, start: new Date(s).toISOString(), finish: new Date(s + length).toISOString() };
}

/** The resource planner's row of an entry: its dock, else its user, else the row of the unassigned. */
export function rowOf(e: Entry): string {
  if (e.locationId !== null) return `dock:${e.locationId}`;
  if (e.userId !== null) return `user:${e.userId}`;
  return "none";
}

/**
 * Lanes for intervals on one row (the resource planner): each takes the first lane free at its start, so that
 * entries overlapping in time sit one above the other. Answers each interval's lane and the number of lanes.
 */
export function lanes<T extends { start: number; end: number }>(
  items: T[],
): { lane: Map<T, number>; count: number } {
  const ends: number[] = [];
  const lane = new Map<T, number>();
  for (const it of [...items].sort((a, b) => a.start - b.start || b.end - a.end)) {
    let i = ends.findIndex((end) => end <= it.start);
    if (i < 0) i = ends.push(it.end) - 1;
    else ends[i] = it.end;
    lane.set(it, i);
  }
  return { lane, count: ends.length };
}

/** What an entry says, in the order it is read: what it is first, which of its dates it stands for last. */
export interface EntryWords {
  /** Its number and contractor (a ticket's number, place and carrier; an event's own title). */
  lead: string;
  /** Its type (a direct receipt, a picking order, a freight ticket); "" for an event. */
  type: string;
  /** The date it stands for on this day (planned date, deadline, pickup); "" for an event. */
  field: string;
}

/**
 * An entry's words. A narrow cell (a month on a phone) keeps only the start of a line, so the line leads
 * with what tells entries apart (the number), not with the date field they share.
 */
export function entryWords(t: Pick<Translator, "t" | "has">, e: Entry): EntryWords {
  const known = (key: string) => (t.has(key) ? t.t(key as Parameters<Translator["t"]>[0]) : "");
  const type = e.kind === "shipment"
    ? t.t("calendar.legend.shipment")
    : e.typeCode
    ? known(`document.type.${e.typeCode}`) || known(`option.typeCode.${e.typeCode}`) || e.typeCode
    : "";
  const field = e.field && e.kind !== "event"
    ? known(`field.${e.kind === "shipment" ? "shipmentTicket" : "wmsOrder"}.${e.field}`) || e.field
    : "";
  return { lead: e.title, type, field };
}
