// A list's rows written as a file while they are read: CSV (papaparse), XLSX (exceljs' streaming workbook
// writer, on a thread of its own: xlsx_worker.ts) or PDF (pdf.ts). Each writer pulls the next chunk of rows
// only when the reader has taken what came before, so a million rows never sit in memory.
import { turn } from "../../kernel/turn.ts";
import Papa from "papaparse";
import { Worker } from "node:worker_threads";
import type { FieldMeta } from "../../../shared/resources/meta.ts";
import type { Translator } from "../../../shared/i18n/mod.ts";
import { cellText, namesField, type Row } from "../../../shared/list/format.ts";
import type { CellValue, XlsxIn, XlsxOut } from "./xlsx_messages.ts";
import type { Chunks, ExportSheet } from "./sheet.ts";
export type { Chunks, ExportSheet };

export const exportFormats = ["csv", "xlsx", "pdf"] as const;
export type ExportFormat = typeof exportFormats[number];

export const contentTypes: Record<ExportFormat, string> = {
  csv: "text/csv; charset=utf-8",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  pdf: "application/pdf",
};

/** A value as data (CSV and XLSX): codes and numbers as they are, a link by its record's name, lists joined. */
export function dataValue(
  f: FieldMeta,
  row: Row,
  t: Translator,
  currency: string,
): CellValue {
  const value = row[f.name];
  if (value === null || value === undefined) return null;
  switch (f.kind) {
    case "number":
    case "money":
    case "boolean":
    case "enum":
    case "text":
    case "email":
    case "phone":
    case "textarea":
    case "colour":
      return typeof value === "number" || typeof value === "boolean" ? value : String(value);
    case "date":
      return String(value);
    case "password":
      return null;
    case "reference": {
      const shown = f.reference?.displayField ? row[f.reference.displayField] : undefined;
      return typeof shown === "string" && shown ? shown : Number(value);
    }
    case "references": {
      const names = row[namesField(f)];
      return Array.isArray(names) ? names.join(", ") : Array.isArray(value) ? value.join(", ") : null;
    }
    case "strings":
      return Array.isArray(value) ? value.join(", ") : String(value);
    default:
      return cellText(t, f, row, currency) || null;
  }
}

/** Most rows a PDF takes (some 250 pages): more is a spreadsheet's work. */
export const PDF_MAX_ROWS = 10_000;

/**
 * How the CSV is written: CRLF, and a cell a spreadsheet would run as a formula written as text. The
 * pattern is papaparse's own without its `.*$`, which let a formula followed by a line break through.
 */
export const CSV_OPTIONS = { header: false, newline: "\r\n", escapeFormulae: /^[=+\-@\t\r]/ } as const;

function csvStream(sheet: ExportSheet, chunks: Chunks): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const options = CSV_OPTIONS;
  let first = true;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (first) {
        first = false;
        // A BOM: Excel reads the file as UTF-8 only with it (papaparse skips it).
        controller.enqueue(
          encoder.encode("\ufeff" + Papa.unparse([sheet.columns.map((c) => c.label)], options) + "\r\n"),
        );
        return;
      }
      // A turn of the event loop between chunks: other requests on this thread are answered meanwhile.
      await turn();
      const next = await chunks.next();
      if (next.done) return controller.close();
      const rows = next.value.map((row) =>
        sheet.columns.map((c) => dataValue(c.field, row, sheet.t, sheet.currency))
      );
      controller.enqueue(encoder.encode(Papa.unparse(rows, options) + "\r\n"));
    },
    async cancel() {
      await chunks.return?.(undefined);
    },
  }, { highWaterMark: 0 });
}

/**
 * XLSX writers' threads at once (EXPORT_WORKERS, 2), counted by each thread that serves requests (module
 * state): a further export waits for one.
 */
const XLSX_THREADS = Math.max(1, Number(Deno.env.get("EXPORT_WORKERS") ?? 2) || 2);
/** A writer's heap at most (MiB): a workbook written as it streams needs a few. */
const XLSX_HEAP_MB = 48;
/** A writer's young generation (MiB): where a row's short-lived objects (exceljs' cells, XML pieces) live. */
const XLSX_YOUNG_MB = 8;
/** Characters of values in one message to the writer at most: a chunk of long texts goes in pieces. */
const PIECE_CHARS = 1 << 20;
/**
 * A reader that takes nothing of the file for this long (ms; EXPORT_READER_IDLE_MS, a minute) loses its
 * writer's thread to the next export: two readers that stall without going away would keep both.
 */
const READER_IDLE_MS = Math.max(1, Number(Deno.env.get("EXPORT_READER_IDLE_MS") ?? 60_000) || 60_000);

let xlsxThreads = 0;
const waitingForThread: (() => void)[] = [];

/** A writer's thread to start, once fewer than XLSX_THREADS run; answers what gives it back (once). */
async function xlsxThread(): Promise<() => void> {
  while (xlsxThreads >= XLSX_THREADS) await new Promise<void>((r) => waitingForThread.push(r));
  xlsxThreads++;
  let given = false;
  return () => {
    if (given) return;
    given = true;
    xlsxThreads--;
    waitingForThread.shift()?.();
  };
}

/** A chunk's shaped rows in pieces of about PIECE_CHARS characters of values each. */
function pieces(rows: CellValue[][]): CellValue[][][] {
  const out: CellValue[][][] = [];
  let piece: CellValue[][] = [];
  let chars = 0;
  for (const row of rows) {
    for (const v of row) chars += typeof v === "string" ? v.length : 8;
    piece.push(row);
    if (chars >= PIECE_CHARS) {
      out.push(piece);
      piece = [];
      chars = 0;
    }
  }
  if (piece.length) out.push(piece);
  return out;
}

/**
 * The workbook written on a thread of its own (xlsx_worker.ts): here the rows are read and each value shaped
 * (dataValue), a chunk between two turns of the event loop; there exceljs makes the XML and the zip, four
 * fifths of an export's time. At most two chunks of rows wait there, and none is sent while a megabyte of
 * the workbook waits here for the reader: a million rows never sit in memory on either side.
 */
function xlsxStream(sheet: ExportSheet, chunks: Chunks): ReadableStream<Uint8Array> {
  const AHEAD = 1 << 20;
  let worker: Worker | undefined;
  let giveBack: (() => void) | undefined;
  const made: Uint8Array[] = [];
  let madeBytes = 0;
  /** Chunks of rows sent and not yet written. */
  let sent = 0;
  let rowsEnded = false;
  let done = false;
  let failure: Error | undefined;
  let feeding = false;
  let wake: (() => void) | undefined;
  const notify = () => {
    const w = wake;
    wake = undefined;
    w?.();
  };
  const fail = (err: Error) => {
    failure ??= err;
    notify();
  };
  /** The reader went away, or the file failed: nothing more is written. */
  let over = false;
  let idle: ReturnType<typeof setTimeout> | undefined;
  const end = () => {
    over = true;
    clearTimeout(idle);
    void worker?.terminate();
    worker = undefined;
    giveBack?.();
  };
  /** Waits for the reader's next pull; past READER_IDLE_MS the export fails and its thread is given back. */
  const awaitReader = () => {
    clearTimeout(idle);
    idle = setTimeout(() => {
      fail(new Error(`the reader took nothing of the file for ${READER_IDLE_MS} ms`));
      end();
      void chunks.return?.(undefined);
    }, READER_IDLE_MS);
    Deno.unrefTimer(idle as unknown as number);
  };
  const feed = async () => {
    if (feeding) return;
    feeding = true;
    try {
      while (worker && !rowsEnded && !failure && sent < 2 && madeBytes < AHEAD) {
        // A turn of the event loop between chunks: other requests on this thread are answered meanwhile.
        await turn();
        const next = await chunks.next();
        if (!worker) return;
        if (next.done) {
          rowsEnded = true;
          worker.postMessage({ end: true } satisfies XlsxIn);
          return;
        }
        const rows = next.value.map((row) =>
          sheet.columns.map((c) => dataValue(c.field, row, sheet.t, sheet.currency))
        );
        // In pieces: the writer's bounded heap holds one piece of long texts at a time, not a whole chunk.
        for (const piece of pieces(rows)) {
          worker.postMessage({ rows: piece } satisfies XlsxIn);
          sent++;
        }
      }
    } catch (err) {
      fail(err as Error);
    } finally {
      feeding = false;
    }
  };
  const begin = async () => {
    const slot = await xlsxThread();
    giveBack = slot;
    // Gone while it waited for a thread: the thread goes to the next export.
    if (over) return slot();
    const w = worker = new Worker(new URL("./xlsx_worker.ts", import.meta.url), {
      name: "xlsx",
      // Its heap bounded (V8 collects before it grows past): unbounded, a worker's garbage of XML strings
      // was left to grow to 240 MB before V8 collected it, where the workbook itself needs a few. Its young
      // generation of 8 MiB (decision 0026): at 2 MiB the worker scavenged so often that it wrote a million
      // rows 1-3 s slower (about 17.5 against 15.5 s), for a heap whose peak is 5 MiB lower (40 against 45).
      resourceLimits: { maxOldGenerationSizeMb: XLSX_HEAP_MB, maxYoungGenerationSizeMb: XLSX_YOUNG_MB },
    });
    w.on("message", (m: XlsxOut) => {
      if ("bytes" in m) {
        const bytes = new Uint8Array(m.bytes);
        made.push(bytes);
        madeBytes += bytes.byteLength;
      } else if ("taken" in m) {
        sent--;
        void feed();
      } else if ("done" in m) done = true;
      else fail(new Error(`the workbook's writer failed: ${m.failure}`));
      notify();
    });
    w.on("error", (err: Error) => fail(new Error(`the workbook's writer failed: ${err.message}`)));
    w.on("exit", () => {
      if (worker === w && !done) fail(new Error("the workbook's writer ended"));
    });
    w.postMessage(
      {
        start: {
          title: sheet.title.slice(0, 31).replace(/[\\/?*[\]:]/g, " ") || "Export",
          columns: sheet.columns.map((c) => ({
            label: c.label,
            width: c.field.kind === "text" || c.field.kind === "textarea" ? 28 : 16,
            date: c.field.kind === "date" ? (c.field.day ? "day" : "instant") : null,
          })),
          summary: { title: sheet.t.t("export.summary").slice(0, 31), lines: sheet.summary },
        },
      } satisfies XlsxIn,
    );
  };
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      clearTimeout(idle);
      try {
        if (!giveBack) await begin();
      } catch (err) {
        fail(err as Error);
      }
      for (;;) {
        if (over && !failure) return;
        if (failure) {
          end();
          void chunks.return?.(undefined);
          throw failure;
        }
        const bytes = made.shift();
        if (bytes) {
          madeBytes -= bytes.byteLength;
          controller.enqueue(bytes);
          void feed();
          awaitReader();
          return;
        }
        if (done) {
          end();
          controller.close();
          return;
        }
        void feed();
        await new Promise<void>((r) => (wake = r));
      }
    },
    async cancel() {
      end();
      await chunks.return?.(undefined);
    },
  }, { highWaterMark: 0 });
}

/** The list's rows as a file in `format`, written while `chunks` are read. */
export async function exportStream(
  format: ExportFormat,
  sheet: ExportSheet,
  chunks: Chunks,
): Promise<ReadableStream<Uint8Array>> {
  if (format === "csv") return csvStream(sheet, chunks);
  if (format === "xlsx") return xlsxStream(sheet, chunks);
  // pdfkit is loaded by the first PDF only: loading it holds the thread that loads it for a tenth of a
  // second, which a CSV or a workbook need not cost the requests beside it.
  const { pdfStream } = await import("./pdf.ts");
  return pdfStream(sheet, chunks);
}
