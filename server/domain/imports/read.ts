// Reading an import file into a table of cells (issue 18): an XLSX workbook's first sheet (exceljs) or a
// CSV/TSV text (papaparse, its delimiter found; UTF-8 with or without a BOM, else Windows-1250/1252 as
// Polish and Western spreadsheets save it). The first row is the header. An empty file or one that is no
// table is refused with the spec's messages (400 import.fileEmpty, import.fileUnreadable).
import { turn } from "../../kernel/turn.ts";
import Papa from "papaparse";
import { createInflateRaw } from "node:zlib";
import { AppError, type ErrorCode } from "../../kernel/errors.ts";
import { handOver, runJob } from "../../kernel/jobs/contract.ts";
import { lazy } from "../../kernel/lazy.ts";

type ExcelJs = typeof import("exceljs");

/**
 * exceljs, loaded when a workbook is first read or written (an import's file, a template): the largest
 * library the server has (about 120 ms of a thread's start), which most threads never need.
 */
export const excelJs = lazy(() =>
  // A CommonJS package: its exports are the module's default.
  import("exceljs").then((m) => (m as { default?: ExcelJs }).default ?? m)
);

export interface Table {
  /** A workbook's numbers are numbers already (written as JavaScript writes them); a text's are typed. */
  kind: "xlsx" | "text";
  columns: string[];
  /** Each row's cells as text (numbers in their plain JS form, dates as YYYY-MM-DD or ISO), by column. */
  rows: string[][];
  /** The row numbers in the file (the header is row 1), for naming a bad row. */
  rowNumbers: number[];
  /** Whether a cell (by row and column index) is a workbook's number, not text typed in the sheet. */
  numeric?: (row: number, column: number) => boolean;
}

/** A cell read from a workbook: its text, and whether it held a number. */
interface Cell {
  text: string;
  number: boolean;
}

const isZip = (b: Uint8Array) =>
  b.length > 4 && b[0] === 0x50 && b[1] === 0x4b && b[2] === 0x03 && b[3] === 0x04;
/** An OLE file: the old .xls (and .doc), which exceljs does not read. */
const isOle = (b: Uint8Array) =>
  b.length > 8 && b[0] === 0xd0 && b[1] === 0xcf && b[2] === 0x11 && b[3] === 0xe0;

/** The most rows and columns one import reads: beyond them the file is refused before it is spread out. */
export const MAX_ROWS = 100_000;
export const MAX_COLUMNS = 200;
export const MAX_CELL = 32_767;

export async function readTable(bytes: Uint8Array): Promise<Table> {
  if (bytes.byteLength === 0) throw new AppError("import.fileEmpty");
  const kind = isZip(bytes) ? "xlsx" : "text";
  const read: (string | Cell)[][] = kind === "xlsx"
    ? await readXlsx(bytes)
    : isOle(bytes)
    ? unreadable()
    : readText(bytes);
  const cells = read.map((row) => row.map((c) => (typeof c === "string" ? c : c.text)));
  // A cell longer than a spreadsheet's own limit (Excel: 32,767 characters) is no table's: refused before it
  // is checked, shown back in a preview and named in messages.
  if (cells.some((row) => row.some((c) => c.length > MAX_CELL))) unreadable();
  // Rows wholly empty say nothing (a spreadsheet's trailing lines, a CSV's last line break).
  const kept: { row: string[]; n: number }[] = [];
  cells.forEach((row, i) => {
    if (row.some((c) => c.trim() !== "")) kept.push({ row, n: i + 1 });
  });
  if (kept.length === 0) throw new AppError("import.fileEmpty");
  if (kept.length - 1 > MAX_ROWS) throw new AppError("import.tooManyRows", { params: { max: MAX_ROWS } });
  const [header, ...body] = kept;
  if (header.row.length > MAX_COLUMNS) {
    throw new AppError("import.tooManyColumns", { params: { max: MAX_COLUMNS } });
  }
  // A spreadsheet row may have holes (cells never written): each is an empty text.
  const columns = Array.from(header.row, (c) => (c ?? "").trim());
  if (body.length === 0) throw new AppError("import.fileEmpty");
  const table: Table = {
    kind,
    columns,
    rows: body.map((r) => columns.map((_, i) => (r.row[i] ?? "").trim())),
    rowNumbers: body.map((r) => r.n),
  };
  if (kind === "xlsx") {
    // One byte a cell says which cells held numbers (a typed "1,5" in a text cell is read as typed).
    const flags = new Uint8Array(body.length * columns.length);
    body.forEach((r, ri) => {
      const row = read[r.n - 1];
      for (let ci = 0; ci < columns.length; ci++) {
        const c = row?.[ci];
        if (c && typeof c !== "string" && c.number) flags[ri * columns.length + ci] = 1;
      }
    });
    table.numeric = (row, column) => flags[row * columns.length + column] === 1;
  }
  return table;
}

/** A table as it crosses threads: every cell's text in one string with the lengths beside it (a structured
 * clone of 100,000 rows of arrays took the receiving thread a second; one string and three buffers, nothing). */
interface PackedTable {
  kind: Table["kind"];
  columns: string[];
  text: string;
  lengths: Uint32Array;
  rowNumbers: Uint32Array;
  flags?: Uint8Array;
}

/** The job pool's entry (server/kernel/jobs/): the file read on a job worker, packed. */
export async function run(input: { bytes: Uint8Array }): Promise<PackedTable> {
  const table = await readTable(input.bytes);
  const cells = table.rows.flat();
  const width = table.columns.length;
  return {
    kind: table.kind,
    columns: table.columns,
    text: cells.join(""),
    lengths: Uint32Array.from(cells, (c) => c.length),
    rowNumbers: Uint32Array.from(table.rowNumbers),
    flags: table.numeric
      ? Uint8Array.from(
        { length: cells.length },
        (_, i) => (table.numeric!(Math.floor(i / width), i % width) ? 1 : 0),
      )
      : undefined,
  };
}

/** Rows unpacked between two turns of the event loop. */
const UNPACK_SLICE = 5_000;

/** A table read on the job pool: how many rows it has, and the rows themselves when they are wanted. */
export interface TableRead {
  rowCount: number;
  /** The table, unpacked here in slices (other requests are answered between them). */
  unpack(): Promise<Table>;
}

/**
 * `readTable` on the job pool, never on the thread that answers requests: a file that takes more than the
 * pool's time or memory is refused with `refusal` (413, the .tooCostly message). Its rows are counted at
 * once; they are unpacked only when asked, so a long file's job (202) starts before they are.
 */
export async function readTableOffThread(
  ctx: Parameters<typeof runJob>[0],
  bytes: Uint8Array,
  refusal: ErrorCode = "import.fileTooLarge",
): Promise<TableRead> {
  // The bytes are handed over, not copied: the caller reads the table, not them.
  const input = handOver(bytes);
  const packed = await runJob<PackedTable>(
    ctx,
    new URL("./read.ts", import.meta.url),
    { bytes: input.bytes },
    {
      transfer: input.transfer,
      refusal: { code: refusal },
    },
  );
  return { rowCount: packed.rowNumbers.length, unpack: () => unpack(packed) };
}

async function unpack(packed: PackedTable): Promise<Table> {
  const width = packed.columns.length;
  const rows: string[][] = [];
  let at = 0;
  for (let r = 0; r < packed.rowNumbers.length; r++) {
    const row = new Array<string>(width);
    for (let c = 0; c < width; c++) {
      const length = packed.lengths[r * width + c];
      row[c] = packed.text.slice(at, at + length);
      at += length;
    }
    rows.push(row);
    if ((r + 1) % UNPACK_SLICE === 0) await turn();
  }
  const flags = packed.flags;
  return {
    kind: packed.kind,
    columns: packed.columns,
    rows,
    rowNumbers: Array.from(packed.rowNumbers),
    ...(flags ? { numeric: (row: number, column: number) => flags[row * width + column] === 1 } : {}),
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

/** Rows papaparse reads at most: those an import takes and room for blank lines (20 MB of "a\n" is 10 million). */
const READ_ROWS = MAX_ROWS + 1_000;
/** The start of a text its delimiter and line break are guessed from (papaparse looks at ten rows). */
const GUESS_CHARS = 64 * 1024;
const QUOTE = 0x22;

/**
 * The delimiter and line break of a CSV text, as papaparse guesses them, from its first rows only: the whole
 * text is then read with them, so the check below and the parser agree on where its cells lie.
 */
function dialectOf(text: string): { delimiter: string; newline: "\r\n" | "\n" | "\r" } {
  let head = text.slice(0, GUESS_CHARS);
  const cut = text.length > GUESS_CHARS ? head.lastIndexOf("\n") : -1;
  if (cut > 0) head = head.slice(0, cut + 1);
  const { meta } = Papa.parse<string[]>(head, {
    preview: 10,
    skipEmptyLines: false,
    delimitersToGuess: [",", ";", "\t", "|"],
  });
  return { delimiter: meta.delimiter || ",", newline: meta.linebreak as "\r\n" | "\n" | "\r" };
}

/** White space as String.prototype.trim takes it (papaparse lets it stand between a closing quote and what follows). */
function isSpace(c: number): boolean {
  return c === 0x20 || (c >= 0x09 && c <= 0x0d) || c === 0xa0 || c === 0x1680 ||
    (c >= 0x2000 && c <= 0x200a) ||
    c === 0x2028 || c === 0x2029 || c === 0x202f || c === 0x205f || c === 0x3000 || c === 0xfeff;
}

/**
 * What no import file holds, refused in one pass before papaparse reads the text (which makes every row and
 * cell a string first: 20 MB of one line of "c," was ten million cells, of rows five million, of `""` a
 * second of unescaping): more rows than it reads (import.tooManyRows), a row of more than MAX_COLUMNS cells
 * (import.tooManyColumns: a spreadsheet writes every row as wide as its widest), a cell of more than
 * MAX_CELL characters or a quote never closed (import.fileUnreadable). The cells are found as papaparse finds
 * them with the same delimiter and line break: a quote opens a quoted cell only where a cell starts, `""`
 * inside is one quote, and a quote closes it only before the delimiter or the line's end (white space
 * between allowed); any other quote inside is text. Each character is looked at once at most; the scan stops
 * at the first thing refused.
 */
export function checkText(
  text: string,
  delimiter: string,
  newline: string,
  limits = { rows: READ_ROWS, columns: MAX_COLUMNS, cell: MAX_CELL },
): void {
  const n = text.length;
  let rows = 0;
  let cells = 1;
  let cursor = 0;
  let nextDelimiter = text.indexOf(delimiter);
  let nextNewline = text.indexOf(newline);
  const endCell = () => {
    if (++cells > limits.columns) {
      throw new AppError("import.tooManyColumns", { params: { max: MAX_COLUMNS } });
    }
  };
  const endRow = () => {
    if (++rows >= limits.rows) throw new AppError("import.tooManyRows", { params: { max: MAX_ROWS } });
    cells = 1;
  };
  // How much white space stands from `from` up to `to` when nothing else does (else 0): papaparse's test.
  const spacesUpTo = (from: number, to: number) => {
    if (to <= from) return 0;
    for (let i = from; i < to; i++) if (!isSpace(text.charCodeAt(i))) return 0;
    return to - from;
  };
  for (;;) {
    if (text.charCodeAt(cursor) === QUOTE) {
      let quote = cursor;
      let escaped = 0;
      for (;;) {
        quote = text.indexOf('"', quote + 1);
        if (quote < 0) unreadable();
        if (quote - cursor - 1 - escaped > limits.cell) unreadable();
        if (quote === n - 1) return;
        if (text.charCodeAt(quote + 1) === QUOTE) {
          quote++;
          escaped++;
          continue;
        }
        if (nextDelimiter !== -1 && nextDelimiter <= quote) {
          nextDelimiter = text.indexOf(delimiter, quote + 1);
        }
        if (nextNewline !== -1 && nextNewline <= quote) nextNewline = text.indexOf(newline, quote + 1);
        const upTo = nextNewline === -1 ? nextDelimiter : Math.min(nextDelimiter, nextNewline);
        const beforeDelimiter = spacesUpTo(quote + 1, upTo);
        if (text.startsWith(delimiter, quote + 1 + beforeDelimiter)) {
          cursor = quote + 1 + beforeDelimiter + delimiter.length;
          endCell();
          break;
        }
        const beforeNewline = spacesUpTo(quote + 1, nextNewline);
        if (text.startsWith(newline, quote + 1 + beforeNewline)) {
          cursor = quote + 1 + beforeNewline + newline.length;
          endRow();
          break;
        }
        // A stray quote inside the quoted cell: text, as papaparse reads it.
      }
      if (nextDelimiter !== -1 && nextDelimiter < cursor) nextDelimiter = text.indexOf(delimiter, cursor);
      if (nextNewline !== -1 && nextNewline < cursor) nextNewline = text.indexOf(newline, cursor);
      continue;
    }
    if (nextDelimiter !== -1 && (nextDelimiter < nextNewline || nextNewline === -1)) {
      if (nextDelimiter - cursor > limits.cell) unreadable();
      cursor = nextDelimiter + delimiter.length;
      endCell();
      nextDelimiter = text.indexOf(delimiter, cursor);
      continue;
    }
    if (nextNewline !== -1) {
      if (nextNewline - cursor > limits.cell) unreadable();
      cursor = nextNewline + newline.length;
      endRow();
      nextNewline = text.indexOf(newline, cursor);
      continue;
    }
    if (n - cursor > limits.cell) unreadable();
    return;
  }
}

function readText(bytes: Uint8Array): string[][] {
  const text = decode(bytes);
  // deno-lint-ignore no-control-regex -- a NUL byte says the file is no text
  if (/\u0000/.test(text.slice(0, 4096))) unreadable();
  const { delimiter, newline } = dialectOf(text);
  checkText(text, delimiter, newline);
  const parsed = Papa.parse<string[]>(text, {
    skipEmptyLines: false,
    delimiter,
    newline,
    preview: READ_ROWS,
  });
  if (parsed.meta.truncated) throw new AppError("import.tooManyRows", { params: { max: MAX_ROWS } });
  if (!parsed.data.length) throw new AppError("import.fileEmpty");
  // A quote never closed leaves the rest of the file in one cell: that is no table.
  if (parsed.errors.some((e) => e.code === "MissingQuotes")) unreadable();
  return parsed.data.map((row) => row.map((c) => String(c ?? "")));
}

/** What a workbook may hold unpacked, and in how many parts: more is refused before exceljs unpacks it. */
export const XLSX_MAX_UNPACKED = 50 * 1024 * 1024;
export const XLSX_MAX_PARTS = 10_000;

/**
 * A zip bomb is no table: the central directory is walked to its end (its entry count must be what it says);
 * a workbook whose parts say they unpack to more than XLSX_MAX_UNPACKED, or that holds more than
 * XLSX_MAX_PARTS parts, is refused from the directory alone; then every part is inflated here with a running
 * count (the sizes a zip declares may lie), in bounded pieces, so one that lies is refused having held at most
 * a piece of its output, all before exceljs (which unpacks every part whole) sees it.
 */
export async function checkZip(b: Uint8Array): Promise<void> {
  const view = new DataView(b.buffer, b.byteOffset, b.byteLength);
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
  const start = view.getUint32(end + 16, true);
  if (count > XLSX_MAX_PARTS || start + size > end) unreadable();
  const parts: { method: number; packed: number; offset: number }[] = [];
  let declared = 0;
  for (let at = start; at < start + size;) {
    if (at + 46 > end || view.getUint32(at, true) !== 0x02014b50) unreadable();
    parts.push({
      method: view.getUint16(at + 10, true),
      packed: view.getUint32(at + 20, true),
      offset: view.getUint32(at + 42, true),
    });
    declared += view.getUint32(at + 24, true);
    if (parts.length > XLSX_MAX_PARTS || declared > XLSX_MAX_UNPACKED) unreadable();
    at += 46 + view.getUint16(at + 28, true) + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
  }
  if (parts.length !== count) unreadable();
  let unpacked = 0;
  for (const part of parts) {
    const local = part.offset;
    if (local + 30 > b.byteLength || view.getUint32(local, true) !== 0x04034b50) unreadable();
    const from = local + 30 + view.getUint16(local + 26, true) + view.getUint16(local + 28, true);
    const data = b.subarray(from, Math.min(b.byteLength, from + part.packed));
    if (part.method === 0) unpacked += data.byteLength;
    else if (part.method === 8) unpacked += await inflatedSize(data, XLSX_MAX_UNPACKED - unpacked);
    else unreadable();
    if (unpacked > XLSX_MAX_UNPACKED) unreadable();
  }
}

/** The piece an inflated part is counted in: what a lying part makes the server hold at most at once. */
const INFLATE_PIECE = 64 * 1024;

/**
 * How many bytes deflated `data` unpacks to, refused (import.fileUnreadable) past `limit` or if it is no
 * deflate stream. node:zlib hands its output over in pieces of INFLATE_PIECE, each counted and dropped; the
 * web's DecompressionStream hands over all that one input chunk unpacks to at once (a 300 KB part of zeros
 * came out as one 300 MB chunk before it could be counted).
 */
function inflatedSize(data: Uint8Array, limit: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const inflate = createInflateRaw({ chunkSize: INFLATE_PIECE });
    let n = 0;
    const refuse = () => {
      inflate.destroy();
      reject(new AppError("import.fileUnreadable"));
    };
    inflate.on("data", (piece: Uint8Array) => {
      n += piece.byteLength;
      if (n > limit) refuse();
    });
    inflate.on("end", () => resolve(n));
    inflate.on("error", refuse);
    inflate.end(data);
  });
}

/**
 * The workbook's first sheet. exceljs reads the workbook whole (some 17 KB of heap a row of 20 cells), which
 * is why it is read on the job pool under JOB_MEMORY_MB; its streaming reader loses the shared strings of the
 * workbooks exceljs itself writes (they come after the sheets).
 */
async function readXlsx(bytes: Uint8Array): Promise<Cell[][]> {
  await checkZip(bytes);
  const book = new (await excelJs()).Workbook();
  try {
    await book.xlsx.load(
      bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer,
    );
  } catch {
    unreadable();
  }
  const sheet = book.worksheets[0];
  if (!sheet) throw new AppError("import.fileEmpty");
  const rows: Cell[][] = [];
  sheet.eachRow({ includeEmpty: true }, (row, n) => {
    const values = (row.values as unknown[]).slice(1);
    rows[n - 1] = Array.from(values, (v) => ({ text: cellText(v), number: isNumber(v) }));
  });
  for (let i = 0; i < rows.length; i++) rows[i] ??= [];
  return rows;
}

/** Whether a cell holds a number (a formula by its result). */
function isNumber(v: unknown): boolean {
  if (typeof v === "number") return true;
  if (v && typeof v === "object" && "result" in v) return isNumber((v as { result: unknown }).result);
  return false;
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
