// The one date and the one instant format in each of the six languages (issue 31: dates showed in five
// formats, some of them ISO): numeric, four-digit years, the language's own order and clock, the reader's
// time zone for instants and none for calendar days.
import { describe, expect, it } from "vitest";
import { dateOrder, type DayPart, formatDate, formatInstant, readDayText } from "./dates.ts";
import { languages } from "./languages.ts";
import { expectLinear } from "../../tests/fixtures/linear.ts";

// Intl writes some spaces as narrow no-break spaces (American English's "8:35 PM"); compared as spaces.
const plain = (s: string) => s.replace(/[\u202f\u00a0]/g, " ");

describe("formatDate", () => {
  it.each([
    ["en-us", "12/15/2026"],
    ["pl-pl", "15.12.2026"],
    ["de-de", "15.12.2026"],
    ["ru-ru", "15.12.2026"],
    ["fr-fr", "15/12/2026"],
    ["es-es", "15/12/2026"],
  ])("%s writes a calendar day as %s", (lang, expected) => {
    expect(formatDate(lang, "2026-12-15")).toBe(expected);
  });

  it("pads day and month and keeps four digits of the year in every language", () => {
    for (const lang of languages) {
      const text = formatDate(lang, "2026-01-05");
      expect(text, lang).toMatch(/^(01\/05\/2026|05\.01\.2026|05\/01\/2026)$/);
    }
  });

  it("keeps a calendar day on its day in every time zone", () => {
    for (const tz of ["Pacific/Kiritimati", "Pacific/Pago_Pago", "UTC", "Europe/Warsaw"]) {
      expect(formatDate("de-de", "2026-12-15", tz), tz).toBe("15.12.2026");
    }
  });

  it("gives an instant's day in the reader's time zone", () => {
    const late = "2026-11-28T23:30:00Z";
    expect(formatDate("pl-pl", late, "UTC")).toBe("28.11.2026");
    expect(formatDate("pl-pl", late, "Europe/Warsaw")).toBe("29.11.2026");
    expect(formatDate("en-us", late, "America/New_York")).toBe("11/28/2026");
    expect(formatDate("en-us", new Date(late), "Europe/Warsaw")).toBe("11/29/2026");
  });

  it("gives nothing for nothing and a text that is no date as it is", () => {
    expect(formatDate("en-us", null)).toBe("");
    expect(formatDate("en-us", undefined)).toBe("");
    expect(formatDate("en-us", "")).toBe("");
    expect(formatDate("en-us", "soon")).toBe("soon");
  });
});

describe("formatInstant", () => {
  const at = "2026-11-28T20:35:54.220Z";
  it.each([
    ["en-us", "UTC", "11/28/2026, 08:35 PM"],
    ["pl-pl", "Europe/Warsaw", "28.11.2026, 21:35"],
    ["de-de", "Europe/Berlin", "28.11.2026, 21:35"],
    ["ru-ru", "Europe/Moscow", "28.11.2026, 23:35"],
    ["fr-fr", "Europe/Paris", "28/11/2026 21:35"],
    ["es-es", "Europe/Madrid", "28/11/2026, 21:35"],
  ])("%s in %s writes it as %s", (lang, tz, expected) => {
    expect(plain(formatInstant(lang, at, tz))).toBe(expected);
  });

  it("writes the day exactly as formatDate does, then the time without seconds", () => {
    for (const lang of languages) {
      for (const tz of ["UTC", "Asia/Tokyo", "America/Los_Angeles"]) {
        const text = formatInstant(lang, at, tz);
        expect(text.startsWith(formatDate(lang, at, tz)), `${lang} ${tz}: ${text}`).toBe(true);
        expect(text, lang).not.toMatch(/\d:\d{2}:\d{2}/);
      }
    }
  });

  it("moves across midnight with the time zone", () => {
    expect(plain(formatInstant("de-de", "2026-12-31T23:15:00Z", "Europe/Berlin"))).toBe("01.01.2027, 00:15");
    expect(plain(formatInstant("en-us", "2027-01-01T03:15:00Z", "America/Chicago"))).toBe(
      "12/31/2026, 09:15 PM",
    );
  });

  it("reads an instant written without its offset as UTC (SQLite's and ISO's forms)", () => {
    expect(formatInstant("de-de", "2026-11-28 20:45:00", "UTC")).toBe("28.11.2026, 20:45");
    expect(formatInstant("de-de", "2026-11-28T20:45", "UTC")).toBe("28.11.2026, 20:45");
    expect(formatInstant("de-de", "2026-11-28T20:45:00+02:00", "UTC")).toBe("28.11.2026, 18:45");
  });

  it("writes a calendar day, which has no time, as a date", () => {
    expect(formatInstant("fr-fr", "2026-12-15", "Pacific/Pago_Pago")).toBe("15/12/2026");
  });

  it("gives nothing for nothing and a text that is no date as it is", () => {
    expect(formatInstant("en-us", null)).toBe("");
    expect(formatInstant("en-us", "")).toBe("");
    expect(formatInstant("en-us", "n/a")).toBe("n/a");
  });
});

describe("dateOrder", () => {
  it("knows each language's order from the formatter formatDate writes with", () => {
    expect(dateOrder("en-us")).toEqual(["month", "day", "year"]);
    for (const lang of ["pl-pl", "de-de", "fr-fr", "es-es", "ru-ru"]) {
      expect(dateOrder(lang), lang).toEqual(["day", "month", "year"]);
    }
  });

  it("reads back every day formatDate writes, in every language", () => {
    for (const lang of languages) {
      for (const day of ["2026-01-05", "2026-12-31", "2028-02-29"]) {
        expect(readDayText(formatDate(lang, day), dateOrder(lang)), `${lang} ${day}`).toBe(day);
      }
    }
  });
});

describe("readDayText", () => {
  const DMY: DayPart[] = ["day", "month", "year"];
  const MDY: DayPart[] = ["month", "day", "year"];
  const YMD: DayPart[] = ["year", "month", "day"];
  const cases: [string, readonly DayPart[], boolean, string | null][] = [
    ["15.12.2026", DMY, false, "2026-12-15"],
    ["15.12.2026.", DMY, false, "2026-12-15"],
    ["5/1/2027", DMY, false, "2027-01-05"],
    ["15-12-2026", DMY, false, "2026-12-15"],
    ["15 12 2026", DMY, false, "2026-12-15"],
    ["12/15/2026", MDY, false, "2026-12-15"],
    ["12/15/2026", DMY, false, null], // month 15: not guessed to be a day
    ["15/12/2026", MDY, false, null],
    ["2026.12.15", YMD, false, "2026-12-15"],
    ["2026-12-15", DMY, false, "2026-12-15"], // a four-digit year first is ISO's order in any order
    ["2026/12/15", MDY, false, "2026-12-15"],
    ["31.02.2026", DMY, false, null], // no such day
    ["2026-02-31", DMY, false, null],
    ["29.02.2027", DMY, false, null],
    ["29.02.2028", DMY, false, "2028-02-29"],
    ["31.04.2027", DMY, false, null],
    ["00.04.2027", DMY, false, null],
    ["15.00.2027", DMY, false, null],
    ["15.12.26", DMY, false, null], // a two-digit year only where allowed
    ["15.12.26", DMY, true, "2026-12-15"],
    ["12/15/26", MDY, true, "2026-12-15"],
    ["15.12.202", DMY, true, null], // three digits of a year
    ["15.12.02026", DMY, false, null],
    ["123/15/2026", MDY, false, null],
    ["12//15/2026", MDY, false, null],
    ["15.12", DMY, false, null],
    ["lot 42", DMY, false, null],
    ["", DMY, false, null],
  ];
  for (const [text, order, shortYear, want] of cases) {
    it(`"${text}" as ${order.join("-")}${shortYear ? ", short years" : ""} → ${want}`, () => {
      expect(readDayText(text, order, { shortYear })).toBe(want);
    });
  }

  it("takes long input at once (no backtracking)", () => {
    // Its time (100 ms for this text) is bounded by `deno task bench parse_costs`; here the cost grows
    // with the text, not with its square (tests/fixtures/linear.ts).
    const long = "1".repeat(100_000) + "/";
    expect(readDayText(long, DMY)).toBeNull();
    expectLinear((n) => readDayText("1".repeat(n) + "/", DMY), 10_000);
  });
});
