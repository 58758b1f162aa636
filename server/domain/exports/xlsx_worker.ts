// The XLSX writer's thread (write.ts, xlsxStream): exceljs' streaming workbook writer, its XML and its zip,
// on a worker of its own, so that an export of a million rows (some 20 s of it) never holds the thread that
// answers requests. The rows come already read and shaped (a cell's value as data: write.ts, dataValue), a
// chunk at a time; the workbook's bytes go back as they are made, and each chunk is acknowledged once written,
// which is what paces the rows sent. Nothing here opens a database or reads a file.
import ExcelJS from "exceljs";
import { PassThrough } from "node:stream";
import { parentPort } from "node:worker_threads";
import type { CellValue, XlsxIn, XlsxOut, XlsxStart } from "./xlsx_messages.ts";

// Imported outside a worker (the tests import every domain module), it listens to nothing.
const port = parentPort;
const post = (message: XlsxOut, transfer: ArrayBuffer[] = []) => port!.postMessage(message, transfer);

/** A date column's value as a spreadsheet date (a calendar day at UTC midnight, an instant as it is). */
function sheetDate(day: boolean, value: string): Date | string {
  const d = new Date(day ? `${value}T00:00:00Z` : value);
  return Number.isNaN(d.getTime()) ? value : d;
}

let book: ExcelJS.stream.xlsx.WorkbookWriter | undefined;
let sheet: ExcelJS.Worksheet | undefined;
let columns: XlsxStart["columns"] = [];
let styles: Partial<ExcelJS.Style>[] = [];
let summary: XlsxStart["summary"] | undefined;
// One style object for all rows (a new row's is a new empty one, looked up anew when written out).
const ROW_STYLE = {};

function start(spec: XlsxStart) {
  const out = new PassThrough();
  out.on("data", (chunk: Uint8Array) => {
    // A copy of its own, handed over (an ArrayBuffer: node's message event walks a typed array's every
    // index, looking for ports): the stream's chunks may share one buffer.
    const bytes = new Uint8Array(chunk).buffer;
    post({ bytes }, [bytes]);
  });
  out.on("end", () => post({ done: true }));
  out.on("error", (err: Error) => post({ failure: err.message }));
  book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  sheet = book.addWorksheet(spec.title, { views: [{ state: "frozen", ySplit: 1 }] });
  columns = spec.columns;
  summary = spec.summary;
  // One style object per column, given to each of its cells: exceljs remembers a style by its object, where
  // a cell made from its column gets a copy of the column's style, looked up anew for every cell (a tenth of
  // an export's time).
  styles = columns.map((c) =>
    c.date === null ? {} : { numFmt: c.date === "day" ? "yyyy-mm-dd" : "yyyy-mm-dd hh:mm" }
  );
  sheet.columns = columns.map((c, i) => ({
    header: c.label,
    key: String(i),
    width: c.width,
    style: styles[i],
  }));
  sheet.getRow(1).font = { bold: true };
}

function rows(values: CellValue[][]) {
  for (const row of values) {
    // An empty value makes no cell (undefined, not null): exceljs would give a null cell a style object of
    // its own, looked up anew by writing it out as XML, which took a fifth of an export's time.
    const added = sheet!.addRow(row.map((v, i) => {
      if (v === null) return undefined;
      const date = columns[i].date;
      return date !== null && typeof v === "string" ? sheetDate(date === "day", v) : v;
    }));
    added.eachCell((cell, n) => (cell.style = styles[n - 1]));
    (added as unknown as { style: object }).style = ROW_STYLE;
    added.commit();
  }
}

async function end() {
  sheet!.commit();
  const last = book!.addWorksheet(summary!.title);
  last.columns = [{ width: 28 }, { width: 60 }];
  for (const line of summary!.lines) last.addRow(line).commit();
  last.commit();
  await book!.commit();
}

// The port's own event, not node's `on("message")`, which walks each message key by key (jobs/worker.ts).
port?.addEventListener("message", async (event) => {
  const message = (event as MessageEvent<XlsxIn>).data;
  try {
    if ("start" in message) start(message.start);
    else if ("rows" in message) {
      rows(message.rows);
      post({ taken: true });
    } else await end();
  } catch (err) {
    post({ failure: err instanceof Error ? err.message : String(err) });
  }
});
