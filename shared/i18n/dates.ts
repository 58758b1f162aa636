// The one way a date and the one way an instant are written, in each language of the product (pure, no
// state but a cache of formatters; the client, the server's PDFs and e-mails and the widgets all use it).
// A calendar day is numeric with a four-digit year, in the language's own order: 12/15/2026 in American
// English, 15.12.2026 in Polish, German and Russian, 15/12/2026 in French and Spanish. An instant is the
// same day in the reader's time zone followed by its hours and minutes as that language writes them. A day
// typed as numbers is read back in the same order (readDayText: the terminal's lot step, an import's cells).

const CALENDAR_DAY = /^\d{4}-\d{2}-\d{2}$/;
/** An instant written without its offset ("2026-11-28T20:45:00", SQLite's "2026-11-28 20:45:00"): UTC. */
const WITHOUT_ZONE = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?$/;

const DAY: Intl.DateTimeFormatOptions = { year: "numeric", month: "2-digit", day: "2-digit" };
const TIME: Intl.DateTimeFormatOptions = { ...DAY, hour: "2-digit", minute: "2-digit" };

// Making an Intl.DateTimeFormat costs far more than using one (a PDF of 10,000 rows writes each column's
// dates), so each language, time zone and kind is made once; a stray time zone cannot grow it for ever.
const cache = new Map<string, Intl.DateTimeFormat>();

function formatter(lang: string, timeZone: string | undefined, withTime: boolean): Intl.DateTimeFormat {
  const key = `${lang}|${timeZone ?? ""}|${withTime ? 1 : 0}`;
  let f = cache.get(key);
  if (!f) {
    if (cache.size >= 256) cache.clear();
    f = new Intl.DateTimeFormat(lang, { ...(withTime ? TIME : DAY), timeZone });
    cache.set(key, f);
  }
  return f;
}

function instantOf(value: string | Date): Date {
  if (value instanceof Date) return value;
  const text = value.trim();
  return new Date(WITHOUT_ZONE.test(text) ? `${text.replace(" ", "T")}Z` : text);
}

/**
 * A date in the one date format of `lang`: a calendar day ("2026-12-15") is that day wherever the reader is;
 * an instant gives its day in `timeZone` (the runtime's own when absent). Nothing gives ""; a text that is
 * no date is given back as it is.
 */
export function formatDate(
  lang: string,
  value: string | Date | null | undefined,
  timeZone?: string,
): string {
  if (value === null || value === undefined || value === "") return "";
  if (typeof value === "string" && CALENDAR_DAY.test(value.trim())) {
    // The day itself, written at UTC noon in UTC, so no time zone can move it.
    return formatter(lang, "UTC", false).format(new Date(`${value.trim()}T12:00:00Z`));
  }
  const at = instantOf(value);
  return Number.isNaN(at.getTime()) ? String(value) : formatter(lang, timeZone, false).format(at);
}

/**
 * An instant in the one instant format of `lang`: its day as formatDate writes it and its time (hours and
 * minutes) in `timeZone` (the runtime's own when absent). A calendar day has no time and is written as a
 * date. Nothing gives ""; a text that is no date is given back as it is.
 */
export function formatInstant(
  lang: string,
  value: string | Date | null | undefined,
  timeZone?: string,
): string {
  if (value === null || value === undefined || value === "") return "";
  if (typeof value === "string" && CALENDAR_DAY.test(value.trim())) return formatDate(lang, value);
  const at = instantOf(value);
  return Number.isNaN(at.getTime()) ? String(value) : formatter(lang, timeZone, true).format(at);
}

/** A part of a numeric date. */
export type DayPart = "day" | "month" | "year";

const orders = new Map<string, readonly DayPart[]>();

/** The order of day, month and year in `lang`'s numeric dates: the order formatDate writes them in. */
export function dateOrder(lang: string): readonly DayPart[] {
  let order = orders.get(lang);
  if (!order) {
    if (orders.size >= 256) orders.clear();
    order = formatter(lang, "UTC", false).formatToParts(new Date(Date.UTC(2026, 11, 31)))
      .map((p) => p.type)
      .filter((type): type is DayPart => type === "day" || type === "month" || type === "year");
    orders.set(lang, order);
  }
  return order;
}

const pad = (n: number, width = 2) => String(n).padStart(width, "0");

/** `YYYY-MM-DD` when the numbers make a real day, else null. */
function realDay(year: number, month: number, date: number): string | null {
  if (month < 1 || month > 12 || date < 1) return null;
  if (date > new Date(Date.UTC(year, month, 0)).getUTCDate()) return null;
  return `${pad(year, 4)}-${pad(month)}-${pad(date)}`;
}

/** Three groups of digits split by one separator each ("." "/" "-" or a space), a trailing dot allowed. */
const NUMERIC_DAY = /^(\d{1,4})[./\- ](\d{1,2})[./\- ](\d{1,4})\.?$/;

/**
 * The calendar day (`YYYY-MM-DD`) that `text` names as three numbers, or null when it names none. A group
 * of four digits first is a year (ISO's order, 2026-12-15, whatever `order` says); otherwise the numbers
 * are read in `order` (dateOrder's, or a file's), the year of four digits, or of two meaning 20YY where
 * `shortYear` allows it. Nothing is guessed: a day or month out of range (31.02.2026) is no day. Pure, and
 * no regex repeats a group, so any input is read at once.
 */
export function readDayText(
  text: string,
  order: readonly DayPart[],
  opts: { shortYear?: boolean } = {},
): string | null {
  const m = NUMERIC_DAY.exec(text.trim());
  if (!m) return null;
  const groups = [m[1], m[2], m[3]];
  if (groups[0].length === 4) return realDay(Number(groups[0]), Number(groups[1]), Number(groups[2]));
  const at = (part: DayPart) => groups[order.indexOf(part)];
  const year = at("year");
  const day = at("day");
  const month = at("month");
  if (year === undefined || day === undefined || month === undefined) return null;
  if (year.length !== 4 && !(opts.shortYear && year.length === 2)) return null;
  if (day.length > 2 || month.length > 2) return null;
  return realDay(year.length === 2 ? 2000 + Number(year) : Number(year), Number(month), Number(day));
}
