// The messages between an XLSX export (write.ts, xlsxStream) and its writer's thread (xlsx_worker.ts).

/** A cell's value as data (write.ts, dataValue); null makes no cell. */
export type CellValue = string | number | boolean | null;

/** The workbook's shape. */
export interface XlsxStart {
  /** The sheet's name (at most 31 characters, none of \ / ? * [ ] :). */
  title: string;
  columns: {
    label: string;
    width: number;
    /** A date column's values are made spreadsheet dates: a calendar day, or an instant. */
    date: "day" | "instant" | null;
  }[];
  /** The summary sheet: its name and its lines. */
  summary: { title: string; lines: [string, string][] };
}

/** What the export sends: the workbook's shape once, then chunks of rows, then the end. */
export type XlsxIn = { start: XlsxStart } | { rows: CellValue[][] } | { end: true };

/** What the writer answers: the workbook's bytes as made, a chunk of rows written, the end, or why not. */
export type XlsxOut =
  | { bytes: ArrayBuffer }
  | { taken: true }
  | { done: true }
  | { failure: string };
