// A list's rows drawn as a PDF while they are read (write.ts, exportStream): pdfkit, DejaVu Sans for every
// script the six languages write, a turn of the event loop every few rows. Loaded by the first PDF only.
import { turn } from "../../kernel/turn.ts";
import PDFDocument from "pdfkit";
import type { Readable } from "node:stream";
import { fileURLToPath } from "node:url";
import type { FieldMeta } from "../../../shared/resources/meta.ts";
import { cellText } from "../../../shared/list/format.ts";
import type { Chunks, ExportSheet } from "./sheet.ts";

/** A stream that pulls `produce` for more only while the consumer keeps up with `source`. */
function pulled(
  source: Readable,
  produce: () => Promise<boolean>,
  finish: () => void,
  /** Stops what feeds it (the rows' walk) when the reader goes away or the writing fails. */
  stop: () => void,
): ReadableStream<Uint8Array> {
  // Fed ahead while less than this is waiting to be read.
  const AHEAD = 1 << 20;
  let running = false;
  let finished = false;
  const feed = async () => {
    if (running || finished) return;
    running = true;
    try {
      while (source.readableLength < AHEAD && !source.destroyed) {
        if (!(await produce())) {
          finished = true;
          finish();
          return;
        }
        // Let the writer's own asynchronous steps (compression) run before the next chunk.
        await turn();
      }
    } catch (err) {
      source.destroy(err as Error);
      stop();
      return;
    } finally {
      running = false;
    }
  };
  // Read as the consumer asks (the async iterator buffers nothing beyond the source's own buffer).
  const reader = source[Symbol.asyncIterator]() as AsyncIterator<Uint8Array>;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      void feed();
      const { value, done } = await reader.next();
      if (done) controller.close();
      else controller.enqueue(value instanceof Uint8Array ? value : new Uint8Array(value));
    },
    async cancel(reason) {
      source.destroy(reason instanceof Error ? reason : undefined);
      stop();
      await reader.return?.(undefined);
    },
  }, { highWaterMark: 0 });
}

const fontDir = fileURLToPath(new URL("../../../node_modules/dejavu-fonts-ttf/ttf/", import.meta.url));

/** Rows written between two turns of the event loop (PDF), and a PDF cell's characters at most. */
const SLICE_ROWS = 50;
const CELL_CHARS = 1_000;

export function pdfStream(sheet: ExportSheet, chunks: Chunks): ReadableStream<Uint8Array> {
  const doc = new PDFDocument({
    size: "A4",
    layout: "landscape",
    margin: 28,
    info: { Title: sheet.title, Producer: "WMS" },
  });
  doc.registerFont("body", `${fontDir}DejaVuSans.ttf`);
  doc.registerFont("bold", `${fontDir}DejaVuSans-Bold.ttf`);
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  const weightOf = (f: FieldMeta) =>
    f.kind === "boolean" ? 0.6 : f.kind === "number" || f.kind === "money" || f.kind === "date" ? 1 : 1.8;
  const total = sheet.columns.reduce((a, c) => a + weightOf(c.field), 0);
  let x = left;
  const cols = sheet.columns.map((c) => {
    const w = width * weightOf(c.field) / total;
    const col = { ...c, x, w, right: c.field.kind === "number" || c.field.kind === "money" };
    x += w;
    return col;
  });
  const ROW = 13;
  const bottom = () => doc.page.height - doc.page.margins.bottom - ROW;
  let y = 0;
  let page = 0;
  const cell = (text: string, c: typeof cols[number]) =>
    doc.text(text, c.x + 2, y + 2, {
      width: c.w - 4,
      height: ROW,
      lineBreak: false,
      ellipsis: true,
      align: c.right ? "right" : "left",
    });
  const header = () => {
    page++;
    if (page > 1) doc.addPage();
    y = doc.page.margins.top;
    doc.font("bold").fontSize(8).fillColor("#555555");
    doc.text(`${sheet.title} · ${sheet.t.t("export.page", { page })}`, left, y, { width, lineBreak: false });
    y += ROW + 2;
    doc.rect(left, y, width, ROW).fill("#e8e8e8").fillColor("#000000");
    for (const c of cols) cell(c.label, c);
    y += ROW;
    doc.font("body");
  };
  const stream = pulled(doc as unknown as Readable, async () => {
    const next = await chunks.next();
    if (next.done) return false;
    for (const [i, row] of next.value.entries()) {
      // A turn of the event loop every few rows: a chunk's drawing (~0.6 ms a row of 20 cells) never holds
      // the thread for long.
      if (i > 0 && i % SLICE_ROWS === 0) await turn();
      if (page === 0 || y > bottom()) header();
      // One line of a cell shows a few dozen characters: the rest is never measured.
      for (const c of cols) cell(cellText(sheet.t, c.field, row, sheet.currency).slice(0, CELL_CHARS), c);
      doc.moveTo(left, y + ROW).lineTo(left + width, y + ROW).lineWidth(0.3).strokeColor("#cccccc").stroke();
      y += ROW;
    }
    return true;
  }, () => {
    if (page === 0) header();
    y += ROW;
    doc.font("body").fontSize(8);
    for (const [k, v] of sheet.summary) {
      if (y > bottom()) header();
      doc.text(`${k}: ${v}`, left, y, { width, lineBreak: false, ellipsis: true });
      y += ROW;
    }
    doc.end();
  }, () => void chunks.return?.(undefined));
  return stream;
}
