// GS1 scans against jodal/biip's test vectors (../shared/testdata/barcodes/biip-gs1-vectors): element
// strings with and without FNC1 separators and their human-readable forms, dates with day 00, and GS1
// check digits; plus what is and is not taken for a GS1 scan.
import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { gtinForms, isGs1, parseGs1, validCheckDigit } from "./gs1.ts";
import { readGs1 } from "../../../../shared/gs1/read.ts";
import { AppError } from "../../../kernel/errors.ts";

interface Group {
  test: string;
  rows: Record<string, unknown>[];
}
/** The shared test data, beside the project (as in server/domain/access/users/contract.test.ts). */
const VECTORS = "/work/shared/testdata/barcodes/biip-gs1-vectors/gs1_vectors.json";
const vectors = JSON.parse(readFileSync(VECTORS, "utf8")) as { groups: Group[] };
const rows = (test: string) => vectors.groups.filter((g) => g.test === test).flatMap((g) => g.rows);

function refusal(code: string): unknown {
  try {
    parseGs1(code);
  } catch (err) {
    return err instanceof AppError ? err.details?.issues : err;
  }
  throw new Error(`${code} was read`);
}

describe("parseGs1", () => {
  it("reads scans with FNC1 separators as their human-readable forms say", () => {
    const cases = [
      ...rows("test_parse_with_separator_char").filter((r) =>
        (r.separator_chars as string[]).every((c) => c === "\x1d")
      ),
      ...rows("test_parse_ignores_redundant_separator_chars"),
    ];
    expect(cases.length).toBeGreaterThanOrEqual(5);
    for (const r of cases) {
      expect(parseGs1(r.value as string), r.value as string).toEqual(parseGs1(r.expected_hri as string));
    }
    expect(parseGs1("0107032069804988100329\x1d15210526")).toEqual({
      gtin: "07032069804988",
      expiryDate: "2021-05-26",
      productionDate: null,
      serialNumber: null,
    });
    // A batch is variable length: without a separator it runs to the end and swallows what follows.
    expect(parseGs1("010703206980498810032915210526").expiryDate).toBeNull();
  });

  it("reads production, best-before and expiry dates, day 00 as the month's last day", () => {
    for (const r of rows("test_extract_date_and_datetime").filter((r) => /^1[157]/.test(r.value as string))) {
      const scan = parseGs1(r.value as string);
      const got = (r.value as string).startsWith("11") ? scan.productionDate : scan.expiryDate;
      expect(got, r.value as string).toBe(r.expected_date);
    }
    for (const r of rows("test_extract_handles_zero_day_as_last_day_of_month")) {
      expect(parseGs1(r.value as string).expiryDate, r.value as string).toBe(r.expected);
    }
    // Use-by (17) wins over best-before (15); the serial number (21) after a separator.
    expect(parseGs1("]C10107032069804988152605311726060121SN-9")).toMatchObject({
      expiryDate: "2026-06-01",
      serialNumber: "SN-9",
    });
  });

  it("refuses a wrong GTIN check digit, an impossible date and an unknown element, naming the scan", () => {
    expect(refusal("]C1010703206980498917260531")).toEqual([
      expect.objectContaining({
        code: "document.issue.gs1Unreadable",
        params: { code: "]C1010703206980498917260531" },
      }),
    ]);
    expect(refusal("(01)07032069804988(17)261399")).toEqual([
      expect.objectContaining({ code: "document.issue.gs1Unreadable" }),
    ]);
    expect(refusal("]C10107032069804988\x1dX1")).toEqual([
      expect.objectContaining({
        code: "document.issue.gs1Unreadable",
        params: { code: "]C10107032069804988<GS>X1" },
      }),
    ]);
  });
});

describe("GS1 check digits and GTIN forms", () => {
  it("accepts the vectors' check digits and refuses any other", () => {
    const cases = rows("test_gs1_standard_check_digit");
    expect(cases.length).toBeGreaterThan(3);
    for (const r of cases) {
      const body = r.value as string;
      if (body.length < 7 || body.length > 17) continue;
      expect(validCheckDigit(`${body}${r.expected}`), body).toBe(true);
      expect(validCheckDigit(`${body}${(Number(r.expected) + 1) % 10}`), body).toBe(false);
    }
  });

  it("finds a GTIN-14 in the forms barcodes are stored in", () => {
    expect(gtinForms("05901234123457")).toEqual(["05901234123457", "5901234123457"]);
    expect(gtinForms("00012345678905")).toEqual(["00012345678905", "0012345678905", "012345678905"]);
    expect(gtinForms("00000096385074")).toEqual([
      "00000096385074",
      "0000096385074",
      "000096385074",
      "96385074",
    ]);
    expect(gtinForms("15901234123454")).toEqual(["15901234123454"]);
  });
});

describe("isGs1", () => {
  it("takes element strings for GS1 scans, and plain barcodes and indexes for what they are", () => {
    for (
      const code of [
        "]C10107032069804988",
        "]d2010703206980498817260531",
        "(01)07032069804988",
        "0107032069804988100329\x1d15210526",
        "01070320698049881726053110L1",
      ]
    ) {
      expect(isGs1(code), code).toBe(true);
    }
    for (
      const code of ["5901234123457", "012345678905", "07032069804988", "96385074", "MILK-1", "4006381333931"]
    ) {
      expect(isGs1(code), code).toBe(false);
    }
  });
});

describe("readGs1: what the terminal fills from a label", () => {
  it("reads the lot, counts and net weights (the vectors' kilograms) beside the dates and serial", () => {
    const weights = rows("test_extract_variable_measures").filter((r) => /^310\d/.test(r.value as string));
    expect(weights.length).toBeGreaterThanOrEqual(1);
    for (const r of weights) {
      const read = readGs1(
        `(01)05901234123457(${(r.value as string).slice(0, 4)})${(r.value as string).slice(4)}`,
      );
      expect(read?.netWeightKg, r.value as string).toBeCloseTo(Number(r.expected), 6);
    }
    expect(readGs1("]C10105901234123457100329\x1d3012\x1d17270531")).toEqual({
      gtin: "05901234123457",
      expiryDate: "2027-05-31",
      productionDate: null,
      serialNumber: null,
      lot: "0329",
      count: 12,
      netWeightKg: null,
      sscc: null,
    });
    expect(readGs1("(02)05901234123457(37)40(11)260101(21)SN-7")).toMatchObject({
      gtin: "05901234123457",
      count: 40,
      productionDate: "2026-01-01",
      serialNumber: "SN-7",
    });
    // What parseGs1 refuses reads as nothing here.
    expect(readGs1("(01)05901234123458")).toBeNull();
    expect(readGs1("(00)106141411234567890")).toBeNull();
    expect(readGs1("(17)261331")).toBeNull();
  });
});
