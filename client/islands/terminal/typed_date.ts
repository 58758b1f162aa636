// A date an operator types or scans at the terminal's lot step, read as the calendar day it names: in the
// order the user's language writes numeric dates (Intl says which: 12/15/2026 in en-US, 15.12.2026 in
// German or Polish), as ISO (2026-12-15), or as GS1 writes a date on a label (YYMMDD, read by the same
// GS1 reader as the labels, with its year window and day 00 as the month's last day). Nothing is guessed:
// a day or month out of range is no date. Pure; Intl provides the order, no regex repeats a group.
import { readGs1 } from "../../../server/domain/stock/positions/gs1_read.ts";

type Part = "day" | "month" | "year";

const orders = new Map<string, Part[]>();

/** The order of day, month and year in the language's numeric dates. */
export function dateOrder(lang: string): Part[] {
  let order = orders.get(lang);
  if (!order) {
    order = new Intl.DateTimeFormat(lang, {
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      timeZone: "UTC",
    })
      .formatToParts(new Date(Date.UTC(2026, 11, 31)))
      .map((p) => p.type)
      .filter((type): type is Part => type === "day" || type === "month" || type === "year");
    orders.set(lang, order);
  }
  return order;
}

const pad = (n: number, width = 2) => String(n).padStart(width, "0");

/** `YYYY-MM-DD` when the numbers make a real day, else null. */
function day(year: number, month: number, date: number): string | null {
  if (month < 1 || month > 12 || date < 1) return null;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (date > last) return null;
  return `${pad(year, 4)}-${pad(month)}-${pad(date)}`;
}

/** Three groups of digits split by one separator each ("." "/" "-" or a space), a trailing dot allowed. */
const NUMERIC = /^(\d{1,4})[./\- ](\d{1,2})[./\- ](\d{1,4})\.?$/;

/**
 * The calendar day `text` names (`YYYY-MM-DD`), or null when it names none. A group of four digits first
 * is a year (ISO's order); otherwise the language's order, a two-digit year meaning 20YY.
 */
export function readTypedDate(text: string, lang: string): string | null {
  const s = text.trim();
  if (/^\d{6}$/.test(s)) return readGs1(`(17)${s}`)?.expiryDate ?? null;
  const m = NUMERIC.exec(s);
  if (!m) return null;
  const groups = [m[1], m[2], m[3]];
  if (groups[0].length === 4) return day(Number(groups[0]), Number(groups[1]), Number(groups[2]));
  const order = dateOrder(lang);
  const at = (part: Part) => groups[order.indexOf(part)];
  const year = at("year");
  if (year === undefined || (year.length !== 2 && year.length !== 4)) return null;
  if (at("day").length > 2) return null;
  return day(year.length === 2 ? 2000 + Number(year) : Number(year), Number(at("month")), Number(at("day")));
}
