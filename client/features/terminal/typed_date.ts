// A date an operator types or scans at the terminal's lot step, read as the calendar day it names: in the
// order the user's language writes numeric dates (12/15/2026 in en-US, 15.12.2026 in German or Polish) or
// as ISO (2026-12-15), by the one reader of typed days (shared/i18n/dates.ts readDayText, a
// two-digit year meaning 20YY here), or as GS1 writes a date on a label (YYMMDD, read by the same GS1 reader
// as the labels, with its year window and day 00 as the month's last day). Nothing is guessed: a day or
// month out of range is no date. Pure.
import { readGs1 } from "../../../shared/gs1/read.ts";
import { dateOrder, readDayText } from "../../../shared/i18n/dates.ts";

/** The calendar day `text` names (`YYYY-MM-DD`), or null when it names none. */
export function readTypedDate(text: string, lang: string): string | null {
  const s = text.trim();
  if (/^\d{6}$/.test(s)) return readGs1(`(17)${s}`)?.expiryDate ?? null;
  return readDayText(s, dateOrder(lang), { shortYear: true });
}
