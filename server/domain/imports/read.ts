// Reading an import file into a table of cells (issue 18): an XLSX workbook's first sheet (exceljs) or a
// CSV/TSV text (papaparse, its delimiter found; UTF-8 with or without a BOM, else Windows-1250/1252 as
// Polish and Western spreadsheets save it). The first row is the header. An empty file or one that is no
// table is refused with the spec's messages (400 import.fileEmpty, import.fileUnreadable).
import ExcelJS from "exceljs";
import Papa from "papaparse";
import { AppError } from "../../kernel/errors.ts";

export interface Table {
  columns: string[];
  /** Each row's cells as text (numbers in their plain JS form, dates as YYYY-MM-DD or ISO), by column. */
  rows: string[][];
  /** The row numbers in the file (the header is row 1), for naming a bad row. */
  rowNumbers: number[];
}

const isZip = (b: Uint8Array) =>
  b.length > 4 && b[0] === 0x50 && b[1] === 0x4b && b[2] === 0x03 && b[3] === 0x04;
/** An OLE file: the old .xls (and .doc), which exceljs does not read. */
const isOle = (b: Uint8Array) =>
  b.length > 8 && b[0] === 0xd0 && b[1] === 0xcf && b[2] === 0x11 && b[3] === 0xe0;

export async function readTable(bytes: Uint8Array): Promise<Table> {
  if (bytes.byteLength === 0) throw new AppError("import.fileEmpty");
  const cells = isZip(bytes) ? await readXlsx(bytes) : isOle(bytes) ? unreadable() : readText(bytes);
  // Rows wholly empty say nothing (a spreadsheet's trailing lines, a CSV's last line break).
  const kept: { row: string[]; n: number }[] = [];
  cells.forEach((row, i) => {
    if (row.some((c) => c.trim() !== "")) kept.push({ row, n: i + 1 });
  });
  if (kept.length === 0) throw new AppError("import.fileEmpty");
  const [header, ...body] = kept;
  // A spreadsheet row may have holes (cells never written): each is an empty text.
  const columns = Array.from(header.row, (c) => (c ?? "").trim());
  if (body.length === 0) throw new AppError("import.fileEmpty");
  return {
    columns,
    rows: body.map((r) => columns.map((_, i) => (r.row[i] ?? "").trim())),
    rowNumbers: body.map((r) => r.n),
  };
}

function unreadable(): never {
  throw new AppError("import.fileUnreadable");
}

function decode(bytes: Uint8Array): string {
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes); // a BOM is dropped by the decoder
  } catch {
    // Not UTF-8: the single-byte code page a Polish (1250) or Western (1252) Excel saves CSV in.
    const polish =
      /[\u00a5\u00b9\u008c\u009c\u008f\u009f\u00a3\u00b3\u00af\u00bf\u00ca\u00ea\u00c6\u00e6\u00d1\u00f1]/;
    const latin = new TextDecoder("windows-1252").decode(bytes);
    return polish.test(latin) ? new TextDecoder("windows-1250").decode(bytes) : latin;
  }
}

function readText(bytes: Uint8Array): string[][] {
  const text = decode(bytes);
  // deno-lint-ignore no-control-regex -- a NUL byte says the file is no text
  if (/\u0000/.test(text.slice(0, 4096))) unreadable();
  const parsed = Papa.parse<string[]>(text, {
    skipEmptyLines: false,
    delimitersToGuess: [",", ";", "\t", "|"],
  });
  if (!parsed.data.length) throw new AppError("import.fileEmpty");
  // A quote never closed leaves the rest of the file in one cell: that is no table.
  if (parsed.errors.some((e) => e.code === "MissingQuotes")) unreadable();
  return parsed.data.map((row) => row.map((c) => String(c ?? "")));
}

/** What a workbook may hold unpacked, and in how many parts: more is refused before it is unpacked. */
export const XLSX_MAX_UNPACKED = 200 * 1024 * 1024;
export const XLSX_MAX_PARTS = 10_000;

/**
 * The sizes a zip says its parts unpack to, from its central directory: a workbook that would unpack to more
 * than XLSX_MAX_UNPACKED or hold more than XLSX_MAX_PARTS parts (a zip bomb) is no table read here. A zip
 * whose directory cannot be found is unreadable.
 */
export function checkZip(b: Uint8Array): void {
  const view = new DataView(b.buffer, b.byteOffset, b.byteLength);
  // The end of central directory record: its signature within the last 64 KB + 22 bytes.
  let end = -1;
  for (let i = b.byteLength - 22; i >= Math.max(0, b.byteLength - 65_557); i--) {
    if (view.getUint32(i, true) === 0x06054b50) {
      end = i;
      break;
    }
  }
  if (end < 0) unreadable();
  const count = view.getUint16(end + 10, true);
  const size = view.getUint32(end + 12, true);
  let at = view.getUint32(end + 16, true);
  if (count > XLSX_MAX_PARTS || at + size > b.byteLength) unreadable();
  let unpacked = 0;
  for (let n = 0; n < count; n++) {
    if (at + 46 > b.byteLength || view.getUint32(at, true) !== 0x02014b50) unreadable();
    const method = view.getUint16(at + 10, true);
    const packed = view.getUint32(at + 20, true);
    const plain = view.getUint32(at + 24, true);
    // A part claiming to unpack more than 1,000 times its packed size is a bomb's, not a sheet's.
    if (method !== 0 && packed > 0 && plain / packed > 1000) unreadable();
    unpacked += plain;
    if (unpacked > XLSX_MAX_UNPACKED) unreadable();
    at += 46 + view.getUint16(at + 28, true) + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
  }
}

async function readXlsx(bytes: Uint8Array): Promise<string[][]> {
  checkZip(bytes);
  const book = new ExcelJS.Workbook();
  try {
    await book.xlsx.load(
      bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer,
    );
  } catch {
    unreadable();
  }
  const sheet = book.worksheets[0];
  if (!sheet) throw new AppError("import.fileEmpty");
  const rows: string[][] = [];
  sheet.eachRow({ includeEmpty: true }, (row, n) => {
    const values = (row.values as unknown[]).slice(1);
    rows[n - 1] = values.map(cellText);
  });
  for (let i = 0; i < rows.length; i++) rows[i] ??= [];
  return rows;
}

/** A cell's value as text: a formula by its result, rich text by its text, a date as its day (or instant). */
function cellText(v: unknown): string {
  if (v === null || v === undefined) return "";
  if (v instanceof Date) {
    const iso = v.toISOString();
    return iso.endsWith("T00:00:00.000Z") ? iso.slice(0, 10) : iso;
  }
  if (typeof v === "object") {
    const o = v as Record<string, unknown>;
    if ("result" in o) return cellText(o.result);
    if (Array.isArray(o.richText)) return (o.richText as { text: string }[]).map((r) => r.text).join("");
    if ("text" in o) return cellText(o.text);
    if ("error" in o) return "";
    return "";
  }
  return String(v);
}
