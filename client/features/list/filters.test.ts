// The list's query string and filter serialization (BasicFiltersSerialized), without a browser.
import { describe, expect, it } from "vitest";
import type { FieldMeta } from "../../../shared/resources/meta.ts";
import {
  dayBound,
  describeFilter,
  listQueryString,
  nextSort,
  operatorsFor,
  toWireFilter,
  toWireFilters,
} from "./filters.ts";
import { translator } from "../../../shared/i18n/mod.ts";

const text: FieldMeta = { name: "email", kind: "email", labelKey: "x", list: { filterable: true } };
const num: FieldMeta = { name: "id", kind: "number", labelKey: "x", list: { filterable: true } };
const bool: FieldMeta = { name: "active", kind: "boolean", labelKey: "x", list: { filterable: true } };
const date: FieldMeta = { name: "createdAt", kind: "date", labelKey: "x", list: { filterable: true } };
const hidden: FieldMeta = { name: "description", kind: "textarea", labelKey: "x" };
const fields = [text, num, bool, date, hidden];

describe("operators per kind of field", () => {
  it("offers text operators for text, comparisons for numbers, yes/no for flags and ranges for dates", () => {
    expect(operatorsFor("email")).toEqual(["contains", "startsWith", "eq", "neq", "isNull", "isNotNull"]);
    expect(operatorsFor("number")).toContain("between");
    expect(operatorsFor("number")).not.toContain("contains");
    expect(operatorsFor("boolean")).toEqual(["eq"]);
    expect(operatorsFor("date")[0]).toBe("between");
    expect(operatorsFor("enum")).not.toContain("contains");
  });
});

describe("toWireFilters", () => {
  it("trims text and leaves out filters with no value yet", () => {
    expect(toWireFilters(fields, [
      { field: "email", operator: "contains", value: "  Kowal " },
      { field: "email", operator: "startsWith", value: "   " },
      { field: "id", operator: "gt" },
    ], "")).toEqual([{ field: "email", operator: "contains", value: "Kowal" }]);
  });

  it("adds the quick search as field * contains, after the column filters", () => {
    expect(toWireFilters(fields, [{ field: "active", operator: "eq", value: false }], " jan ")).toEqual([
      { field: "active", operator: "eq", value: false },
      { field: "*", operator: "contains", value: "jan" },
    ]);
  });

  it("sends isNull and isNotNull without a value", () => {
    expect(toWireFilters(fields, [{ field: "email", operator: "isNull", value: "ignored" }], "")).toEqual([
      { field: "email", operator: "isNull" },
    ]);
  });

  it("drops filters on fields that are not filterable or unknown", () => {
    expect(toWireFilters(fields, [
      { field: "description", operator: "contains", value: "x" },
      { field: "nope", operator: "eq", value: "x" },
    ], "")).toEqual([]);
  });

  it("turns a half-open number range into gte or lte", () => {
    expect(toWireFilter(num, { field: "id", operator: "between", value: [5, null] })).toEqual({
      field: "id",
      operator: "gte",
      value: 5,
    });
    expect(toWireFilter(num, { field: "id", operator: "between", value: [null, 9] })).toEqual({
      field: "id",
      operator: "lte",
      value: 9,
    });
    expect(toWireFilter(num, { field: "id", operator: "between", value: [5, 9] })).toEqual({
      field: "id",
      operator: "between",
      value: [5, 9],
    });
    expect(toWireFilter(num, { field: "id", operator: "eq", value: NaN })).toBeNull();
  });

  it("turns local days into the instants that bound them, whole days included", () => {
    const wire = toWireFilter(date, {
      field: "createdAt",
      operator: "between",
      value: ["2026-03-01", "2026-03-31"],
    });
    expect(wire?.operator).toBe("between");
    const [lo, hi] = wire!.value as [string, string];
    // A record stored at local midnight of the first day and at 23:59:59 of the last is inside.
    expect(new Date(2026, 2, 1, 0, 0, 0).toISOString() >= lo).toBe(true);
    expect(new Date(2026, 2, 31, 23, 59, 59).toISOString() <= hi).toBe(true);
    // One millisecond outside either end is not.
    expect(new Date(2026, 2, 1, 0, 0, 0, 0).getTime() - 1).toBeLessThan(Date.parse(lo));
    expect(new Date(2026, 3, 1, 0, 0, 0, 0).toISOString() > hi).toBe(true);
  });

  it("compares a calendar-day field (an expiry date) by its days as they are, in any time zone", () => {
    const expiry: FieldMeta = { ...date, name: "expiryDate", day: true };
    expect(
      toWireFilter(expiry, { field: "expiryDate", operator: "between", value: ["2099-01-31", "2099-01-01"] }),
    )
      .toEqual({ field: "expiryDate", operator: "between", value: ["2099-01-01", "2099-01-31"] });
    expect(toWireFilter(expiry, { field: "expiryDate", operator: "gte", value: "2099-01-02" })).toEqual({
      field: "expiryDate",
      operator: "gte",
      value: "2099-01-02",
    });
    expect(toWireFilter(expiry, { field: "expiryDate", operator: "lte", value: "2099-01-02" })).toEqual({
      field: "expiryDate",
      operator: "lte",
      value: "2099-01-02",
    });
    expect(toWireFilter(expiry, { field: "expiryDate", operator: "gte", value: "2099-1-2" })).toBeNull();
  });

  it("orders reversed day bounds and handles one-sided day filters", () => {
    const wire = toWireFilter(date, {
      field: "createdAt",
      operator: "between",
      value: ["2026-03-31", "2026-03-01"],
    });
    const [lo, hi] = wire!.value as [string, string];
    expect(lo < hi).toBe(true);
    expect(toWireFilter(date, { field: "createdAt", operator: "gte", value: "2026-03-01" })).toEqual({
      field: "createdAt",
      operator: "gte",
      value: dayBound("2026-03-01", false),
    });
    expect(toWireFilter(date, { field: "createdAt", operator: "lte", value: "2026-03-01" })).toEqual({
      field: "createdAt",
      operator: "lte",
      value: dayBound("2026-03-01", true),
    });
    expect(toWireFilter(date, { field: "createdAt", operator: "between", value: [null, ""] })).toBeNull();
    expect(dayBound("2026-3-1", false)).toBeNull();
  });
});

describe("listQueryString", () => {
  it("writes the contract's parameters, with the filters as URL-encoded JSON", () => {
    const qs = listQueryString({
      page: 3,
      pageSize: 50,
      sort: { column: "email", descending: true },
      filters: [{ field: "*", operator: "contains", value: "a&b %_" }],
    });
    const p = new URLSearchParams(qs);
    expect(p.get("PageNumber")).toBe("3");
    expect(p.get("PageSize")).toBe("50");
    expect(p.get("sortColumn")).toBe("email");
    expect(p.get("sortDescending")).toBe("true");
    expect(JSON.parse(p.get("BasicFiltersSerialized")!)).toEqual([
      { field: "*", operator: "contains", value: "a&b %_" },
    ]);
    expect(qs).not.toContain("a&b"); // encoded, so the ampersand cannot split the query
  });

  it("leaves BasicFiltersSerialized out when nothing filters", () => {
    const qs = listQueryString({
      page: 1,
      pageSize: 50,
      sort: { column: "id", descending: false },
      filters: [],
    });
    expect(new URLSearchParams(qs).has("BasicFiltersSerialized")).toBe(false);
  });
});

describe("nextSort", () => {
  it("sorts a new column ascending and turns the current one around", () => {
    expect(nextSort({ column: "username", descending: false }, "email")).toEqual({
      column: "email",
      descending: false,
    });
    expect(nextSort({ column: "email", descending: false }, "email")).toEqual({
      column: "email",
      descending: true,
    });
    expect(nextSort({ column: "email", descending: true }, "email")).toEqual({
      column: "email",
      descending: false,
    });
  });
});

describe("the newer field kinds", () => {
  it("filter a link by the linked record's id or by having none, and a colour by its value", () => {
    expect(operatorsFor("reference")).toEqual(["eq", "isNull", "isNotNull"]);
    expect(operatorsFor("colour")).toEqual(["eq", "isNull", "isNotNull"]);
    expect(operatorsFor("latlng")).toEqual(["isNull", "isNotNull"]);
    const field = {
      name: "assignedUserId",
      kind: "reference",
      labelKey: "x",
      list: { filterable: true },
    } as const;
    expect(toWireFilter(field, { field: field.name, operator: "eq", value: 5, display: "Adam Nowak" }))
      .toEqual({ field: "assignedUserId", operator: "eq", value: 5 });
    expect(toWireFilter(field, { field: field.name, operator: "eq" })).toBeNull();
  });
});

describe("a date filter's chip", () => {
  const expiry: FieldMeta = { ...date, name: "expiryDate", day: true };
  it("names its days in the one date format of the user's language, never as ISO", () => {
    const en = describeFilter(translator("en-us"), expiry, {
      field: "expiryDate",
      operator: "between",
      value: ["2026-12-01", "2026-12-31"],
    });
    expect(en).toContain("12/01/2026 – 12/31/2026");
    const de = describeFilter(translator("de-de", "Pacific/Pago_Pago"), date, {
      field: "createdAt",
      operator: "gte",
      value: "2026-12-01",
    });
    expect(de).toContain("01.12.2026");
    expect(de).not.toContain("2026-12-01");
    // An open end of a range is shown as such.
    expect(describeFilter(translator("en-us"), expiry, {
      field: "expiryDate",
      operator: "between",
      value: ["2026-12-01", null],
    })).toContain("12/01/2026 – …");
  });
});
