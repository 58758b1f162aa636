// GS1 scans: a carton's GS1-128 (or GS1 DataMatrix) label read by a scanner gun is an element string, e.g.
// `]C1` `01`07032069804988 `17`260531 `10`LOT-4 <GS> `21`SN-9 (GS = \x1d, the FNC1 separator), or its
// human-readable form `(01)07032069804988(17)260531(21)SN-9`. The application identifiers are read by
// gs1-barcode-parser-mod (GS1 General Specifications' AI table, the two-digit-year window, day 00 as the
// month's last day); this module only decides what a scan is and what a position takes from it.
import { readGs1 } from "../../../../shared/gs1/read.ts";
import { AppError } from "../../../kernel/errors.ts";
import { issue } from "../validators/snapshot.ts";

/** What a position takes from a GS1 scan: its product's GTIN and the attributes the label carries. */
export interface Gs1Scan {
  /** GTIN-14 of AI 01 (the trade item) or 02 (the item contained in a logistic unit). */
  gtin: string | null;
  /** AI 17 (use by / expiry), else 15 (best before), as `YYYY-MM-DD`. */
  expiryDate: string | null;
  /** AI 11 (production date). */
  productionDate: string | null;
  /** AI 21 (serial number). */
  serialNumber: string | null;
}

export { gtinForms, isGs1, validCheckDigit } from "../../../../shared/gs1/read.ts";

function unreadable(code: string): AppError {
  return new AppError("document.validation", {
    issues: [issue(null, "gs1Unreadable", { code: printable(code) })],
  });
}

/** The scan as the user can read it back: the FNC1 separator shown as GS1 prints it. */
export function printable(code: string): string {
  return code.replaceAll("\x1d", "<GS>");
}

/**
 * Reads a GS1 element string; a string that is not one (unknown AI, wrong length, an impossible date, a GTIN
 * whose check digit is wrong) is refused with the `gs1Unreadable` issue, naming the scan.
 */
export function parseGs1(code: string): Gs1Scan {
  const read = readGs1(code);
  if (!read) throw unreadable(code);
  return {
    gtin: read.gtin,
    expiryDate: read.expiryDate,
    productionDate: read.productionDate,
    serialNumber: read.serialNumber,
  };
}
