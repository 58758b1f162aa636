// Reading a GS1 element string, shared by the server (positions added by a scan) and the terminal (which
// reads labels offline the same way): the application identifiers come from gs1-barcode-parser-mod (GS1
// General Specifications' AI table, the two-digit-year window, day 00 as the month's last day); this module
// only checks what the library lets through (check digits, impossible dates) and names the fields a
// warehouse uses. It imports nothing of the server, so the browser bundle can carry it.
import gs1 from "gs1-barcode-parser-mod";

interface ParsedItem {
  ai: string;
  data: unknown;
  /** The element's data as it stood in the scan (YYMMDD for a date). */
  raw?: string;
}
const parser = gs1 as { parseBarcode(code: string): { parsedCodeItems: ParsedItem[] } };

/** What a label says, in the fields a position or a terminal takes. */
export interface Gs1Read {
  /** GTIN-14 of AI 01 (the trade item) or 02 (the item contained in a logistic unit). */
  gtin: string | null;
  /** AI 17 (use by / expiry), else 15 (best before), as `YYYY-MM-DD`. */
  expiryDate: string | null;
  /** AI 11 (production date). */
  productionDate: string | null;
  /** AI 21 (serial number). */
  serialNumber: string | null;
  /** AI 10 (batch or lot). */
  lot: string | null;
  /** AI 30 (variable count) or 37 (count of trade items in a logistic unit). */
  count: number | null;
  /** AI 310n (net weight in kilograms, n decimals). */
  netWeightKg: number | null;
  /** AI 00 (SSCC, the logistic unit's serial shipping container code). */
  sscc: string | null;
}

/**
 * A code read as a GS1 element string: with a symbology identifier (`]C1`, `]d2`, `]Q3`, `]e0`, `]J1`),
 * with an FNC1 separator, in the bracketed human-readable form, or a GTIN element (01/02 and 14 digits)
 * followed by more. A plain EAN-13, UPC-A or GTIN-14, or a product index, is not one.
 */
export function isGs1(code: string): boolean {
  return /^\](C1|d2|Q3|e0|J1)/.test(code) || code.includes("\x1d") || /^\(\d{2,4}\)/.test(code) ||
    /^0[12]\d{14}./.test(code);
}

/** GS1's mod-10 check: the last digit against the others weighted 3, 1, 3, … from the right. */
export function validCheckDigit(digits: string): boolean {
  if (!/^\d{8,18}$/.test(digits)) return false;
  let sum = 0;
  for (let i = digits.length - 2, weight = 3; i >= 0; i--, weight = 4 - weight) {
    sum += Number(digits[i]) * weight;
  }
  return (10 - (sum % 10)) % 10 === Number(digits[digits.length - 1]);
}

/** The forms a GTIN-14 is stored in as a product barcode: GTIN-14, EAN-13, UPC-A and EAN-8. */
export function gtinForms(gtin14: string): string[] {
  const forms = [gtin14];
  for (const length of [13, 12, 8]) {
    const cut = gtin14.slice(14 - length);
    if (/^0+$/.test(gtin14.slice(0, 14 - length))) forms.push(cut);
  }
  return forms;
}

/**
 * A date element as `YYYY-MM-DD`, or null when its YYMMDD is no date (month 13, 31 April): the library
 * lets JavaScript's Date roll such a date over into another, so the scan's own digits are checked.
 */
function day(item: ParsedItem): string | null {
  const value = item.data;
  const [, mm, dd] = /^\d\d(\d\d)(\d\d)$/.exec(item.raw ?? "") ?? [];
  if (!(value instanceof Date) || Number.isNaN(value.getTime()) || mm === undefined) return null;
  // The library builds the date at local midnight; day 00 is the month's last day.
  if (value.getMonth() + 1 !== Number(mm) || (dd !== "00" && value.getDate() !== Number(dd))) return null;
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${value.getFullYear()}-${pad(value.getMonth() + 1)}-${pad(value.getDate())}`;
}

/**
 * Reads a GS1 element string; null when it is not one that reads (unknown AI, wrong length, an impossible
 * date, a GTIN or SSCC whose check digit is wrong).
 */
export function readGs1(code: string): Gs1Read | null {
  let items: ParsedItem[];
  try {
    items = parser.parseBarcode(code).parsedCodeItems;
  } catch {
    return null;
  }
  const item = (ai: string) => items.find((i) => i.ai === ai);
  const of = (ai: string) => item(ai)?.data;
  const gtin = (of("01") ?? of("02") ?? null) as string | null;
  if (gtin !== null && !validCheckDigit(String(gtin))) return null;
  const sscc = of("00");
  if (sscc !== undefined && !validCheckDigit(String(sscc))) return null;
  const dates = { expiry: item("17") ?? item("15"), production: item("11") };
  const expiryDate = dates.expiry === undefined ? null : day(dates.expiry);
  const productionDate = dates.production === undefined ? null : day(dates.production);
  if ((dates.expiry !== undefined && !expiryDate) || (dates.production !== undefined && !productionDate)) {
    return null;
  }
  const text = (ai: string) => {
    const v = of(ai);
    return v === undefined ? null : String(v);
  };
  const count = of("30") ?? of("37");
  const weight = items.find((i) => /^310\d$/.test(i.ai))?.data;
  return {
    gtin: gtin === null ? null : String(gtin),
    expiryDate,
    productionDate,
    serialNumber: text("21"),
    lot: text("10"),
    count: count === undefined ? null : Number(count),
    netWeightKg: typeof weight === "number" ? weight : null,
    sscc: sscc === undefined ? null : String(sscc),
  };
}
