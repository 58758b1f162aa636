// An import's typed dates (issue 31 review): read in the file's order by the one reader of typed days
// (shared/i18n/dates.ts readDayText), so a day that does not exist is refused beside its cell, not stored.
import { describe, expect, it } from "vitest";
import type { FieldMeta } from "../../../shared/resources/meta.ts";
import { cellValue, type DateFormat, fileMarks } from "./cells.ts";

const expiry: FieldMeta = { name: "expiryDate", kind: "date", labelKey: "field.x.expiryDate" };
const read = (text: string, dateFormat: DateFormat) =>
  cellValue(expiry, text, { dateFormat, marks: fileMarks(",") });
const refused = { ok: false, code: "validation.invalidValue" };

describe("an import's date cells", () => {
  it("reads a day in the file's order", () => {
    expect(read("15.12.2026", "DMY")).toEqual({ ok: true, value: "2026-12-15" });
    expect(read("12/15/2026", "MDY")).toEqual({ ok: true, value: "2026-12-15" });
    expect(read("2026/12/15", "YMD")).toEqual({ ok: true, value: "2026-12-15" });
    expect(read("5.1.2027", "DMY")).toEqual({ ok: true, value: "2027-01-05" });
  });

  it("refuses a day that does not exist", () => {
    expect(read("31.02.2026", "DMY")).toEqual(refused);
    expect(read("02/31/2026", "MDY")).toEqual(refused);
    expect(read("2026-02-31", "DMY")).toEqual(refused);
    expect(read("29.02.2027", "DMY")).toEqual(refused);
    expect(read("12/15/2026", "DMY")).toEqual(refused);
  });

  it("keeps a workbook's instants, and wants a year of four digits", () => {
    expect(read("2026-12-15T00:00:00.000Z", "DMY")).toEqual({ ok: true, value: "2026-12-15T00:00:00.000Z" });
    expect(read("2026-12-15", "MDY")).toEqual({ ok: true, value: "2026-12-15" });
    expect(read("15.12.26", "DMY")).toEqual(refused);
  });
});
