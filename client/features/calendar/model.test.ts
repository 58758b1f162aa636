// The calendar's arithmetic: weeks start as each language starts them, entries fall on the user's own day
// (time zones and the days the clocks change), overlapping entries share the width, drops snap to 15 minutes.
import { describe, expect, it } from "vitest";
import { translator } from "../../../shared/i18n/mod.ts";
import {
  dayOf,
  daysOf,
  dropStart,
  type Entry,
  entryWords,
  lanes,
  layoutDay,
  minutesInDay,
  monthGrid,
  movedTo,
  rangeOf,
  stepStart,
} from "./model.ts";

const entry = (start: string, finish: string, extra: Partial<Entry> = {}): Entry => ({
  key: `event:${start}`,
  kind: "event",
  id: 1,
  field: null,
  title: "x",
  typeCode: null,
  statusCode: null,
  start,
  finish,
  allDay: false,
  userId: null,
  locationId: null,
  movable: true,
  version: 1,
  ...extra,
});

describe("the calendar's arithmetic", () => {
  it("starts the month grid's weeks on Sunday in American English and on Monday in the other five", () => {
    expect(monthGrid("2026-11-15", "en-us")[0]).toBe("2026-11-01"); // 1 November 2026 is a Sunday
    for (const lang of ["pl-pl", "de-de", "fr-fr", "es-es", "ru-ru"]) {
      const grid = monthGrid("2026-11-15", lang);
      expect([grid[0], grid.length], lang).toEqual(["2026-10-26", 42]);
    }
  });

  it("asks for the month's six weeks from local midnight to local midnight", () => {
    expect(rangeOf("month", "2026-11-15", "de-de", "Europe/Warsaw")).toEqual({
      from: "2026-10-25T23:00:00.000Z",
      to: "2026-12-06T23:00:00.000Z",
    });
    expect(rangeOf("day", "2026-03-29", "pl-pl", "Europe/Warsaw")).toEqual({
      from: "2026-03-28T23:00:00.000Z",
      to: "2026-03-29T22:00:00.000Z", // the clocks go forward: 23 hours
    });
    expect(minutesInDay("2026-03-29", "Europe/Warsaw")).toBe(23 * 60);
  });

  it("puts an entry on the user's own day; an all-day entry on its day everywhere", () => {
    const late = entry("2026-11-26T23:30:00.000Z", "2026-11-26T23:45:00.000Z");
    expect(dayOf(late, "Europe/Warsaw")).toBe("2026-11-27");
    expect(dayOf(late, "America/New_York")).toBe("2026-11-26");
    const allDay = entry("2026-11-26T00:00:00.000Z", "2026-11-27T00:00:00.000Z", { allDay: true });
    expect(dayOf(allDay, "America/Los_Angeles")).toBe("2026-11-26");
    expect(daysOf(entry("2026-11-24T06:00:00.000Z", "2026-11-26T18:00:00.000Z"), "UTC"))
      .toEqual(["2026-11-24", "2026-11-25", "2026-11-26"]);
  });

  it("gives overlapping entries columns side by side and leaves the others whole", () => {
    const a = entry("2026-11-26T08:00:00.000Z", "2026-11-26T09:00:00.000Z", { key: "a" });
    const b = entry("2026-11-26T08:30:00.000Z", "2026-11-26T09:30:00.000Z", { key: "b" });
    const c = entry("2026-11-26T09:15:00.000Z", "2026-11-26T09:20:00.000Z", { key: "c" });
    const d = entry("2026-11-26T11:00:00.000Z", "2026-11-26T11:00:00.000Z", { key: "d" });
    const placed = Object.fromEntries(
      layoutDay([a, b, c, d], "2026-11-26", "UTC").map((p) => [p.entry.key, p]),
    );
    expect([placed.a.column, placed.b.column, placed.c.column]).toEqual([0, 1, 0]);
    expect([placed.a.columns, placed.b.columns, placed.c.columns, placed.d.columns]).toEqual([2, 2, 2, 1]);
    expect([placed.a.top, placed.a.height, placed.c.height, placed.d.height]).toEqual([480, 60, 15, 15]);
  });

  it("snaps a drop to 15 minutes, keeps the time on a month drop and steps by day or slot", () => {
    const e = entry("2026-11-26T08:00:00.000Z", "2026-11-26T09:30:00.000Z");
    expect(dropStart(e, "2026-11-27", 10 * 60 + 7, "Europe/Warsaw")).toBe("2026-11-27T09:00:00.000Z");
    expect(dropStart(e, "2026-11-28", null, "UTC")).toBe("2026-11-28");
    expect(stepStart(e, 1, "day", "Europe/Warsaw")).toBe("2026-11-27T08:00:00.000Z");
    expect(stepStart(e, -2, "slot", "UTC")).toBe("2026-11-26T07:30:00.000Z");
    const moved = movedTo(e, "2026-11-28");
    expect([moved.start, moved.finish]).toEqual(["2026-11-28T08:00:00.000Z", "2026-11-28T09:30:00.000Z"]);
    const allDay = entry("2026-11-26T00:00:00.000Z", "2026-11-27T00:00:00.000Z", { allDay: true });
    expect(stepStart(allDay, 1, "slot", "UTC")).toBe("2026-11-27");
  });

  it("stacks a row's overlapping entries in lanes and reuses a lane once it is free", () => {
    const a = { start: 0, end: 1440 }, b = { start: 480, end: 540 }, c = { start: 540, end: 600 };
    const d = { start: 500, end: 560 };
    const { lane, count } = lanes([a, b, c, d]);
    expect([lane.get(a), lane.get(b), lane.get(d), lane.get(c), count]).toEqual([0, 1, 2, 1, 3]);
  });
});

describe("an entry's words", () => {
  const on = (extra: Partial<Entry>) => entry("2026-11-24T09:30:00.000Z", "2026-11-24T09:45:00.000Z", extra);

  it("lead with what the entry is (number and contractor), then its type, the date field last", () => {
    const receipt = on({
      kind: "document",
      field: "plannedDate",
      title: "DIN/2026/11/7 · FROST",
      typeCode: "DIN",
    });
    expect(entryWords(translator("en-us"), receipt)).toEqual({
      lead: "DIN/2026/11/7 · FROST",
      type: "Direct receipt",
      field: "Planned date",
    });
    expect(entryWords(translator("pl-pl"), { ...receipt, field: "deadline" })).toEqual({
      lead: "DIN/2026/11/7 · FROST",
      type: "Przyjęcie bezpośrednie",
      field: "Termin",
    });
  });

  it("name an order's type, a freight ticket as such and an event by its title alone", () => {
    const t = translator("en-us");
    expect(entryWords(t, on({ kind: "order", field: "packBy", title: "OPI/1 · ACME", typeCode: "OPI" })))
      .toEqual({ lead: "OPI/1 · ACME", type: "Picking order", field: "Pack by" });
    expect(entryWords(t, on({ kind: "shipment", field: "pickupTime", title: "FT/1 · Gdańsk · Trucks" })))
      .toEqual({ lead: "FT/1 · Gdańsk · Trucks", type: "Freight ticket", field: "Pickup time" });
    expect(entryWords(t, on({ kind: "event", title: "Truck wash" }))).toEqual({
      lead: "Truck wash",
      type: "",
      field: "",
    });
  });
});
