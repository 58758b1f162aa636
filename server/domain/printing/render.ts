// A layout filled with records, drawn as a PDF (pdfkit; barcodes drawn by bwip-js) or as ZPL II for label
// printers (the printer draws the barcodes itself: ^BC, ^BE, ^BQ, ^BX). One page or label per record and
// copy; a table of positions goes on over as many pages as it needs, its header on each.
import { turn } from "../../kernel/turn.ts";
import PDFDocument from "pdfkit";
import bwipjs from "bwip-js";
import { fileURLToPath } from "node:url";
import { AppError } from "../../kernel/errors.ts";
import type { Language } from "../../../shared/i18n/languages.ts";
import {
  dataFormatter,
  fill,
  type Formatter,
  formatterFor,
  hasValues,
  type Layout,
  type LayoutElement,
  type Symbology,
  type Values,
} from "./layout.ts";

/** What a printout's job draws (plain data: the formatter is made again on the job's thread). */
export interface RenderJob {
  format: "pdf" | "zpl";
  layout: Layout;
  items: PrintItem[];
  lang: Language;
  timeZone?: string;
  /** The PDF's title. */
  title: string;
  /** The ZPL's resolution. */
  dpi: number;
}

/**
 * The job pool's entry (server/kernel/jobs/): a printout drawn on a job worker, whose time and heap are
 * bounded (2,000 labels of 200 elements, barcodes and long texts among them, are seconds of work and, as
 * ZPL, up to gigabytes of text); the answer's bytes.
 */
export async function run(job: RenderJob): Promise<Uint8Array> {
  const f = await formatterFor(job.lang, job.timeZone);
  if (job.format === "zpl") return new TextEncoder().encode(renderZpl(job.layout, job.items, f, job.dpi));
  return await renderPdf(job.layout, job.items, f, job.title);
}

/** One label or page: the record's values, its table rows, how many copies. */
export interface PrintItem {
  values: Values;
  rows: Values[];
  copies: number;
}

const PT_PER_MM = 72 / 25.4;

/** The part of a fontkit font (pdfkit's, behind its font) that says how wide a character is. */
interface FontkitFont {
  unitsPerEm: number;
  glyphForCodePoint(code: number): { advanceWidth: number };
}
const fontDir = fileURLToPath(new URL("../../../node_modules/dejavu-fonts-ttf/ttf/", import.meta.url));

const bcids: Record<Symbology, string> = {
  code128: "code128",
  "gs1-128": "gs1-128",
  ean13: "ean13",
  qrcode: "qrcode",
  datamatrix: "datamatrix",
};

/** A barcode as a PNG (bars only: the PDF writes a linear code's text itself), or the contract's refusal. */
async function barcodePng(symbology: Symbology, data: string) {
  try {
    return await bwipjs.toBuffer({ bcid: bcids[symbology], text: data, scale: 4, height: 10 });
  } catch (err) {
    throw new AppError("print.barcodeUnencodable", {
      params: { symbology, value: data.slice(0, 80) },
      cause: err,
    });
  }
}

const linear = (s: Symbology) => s === "code128" || s === "gs1-128" || s === "ean13";

/** Table rows per page: what fits below the table's top, and below the page's top margin on the next. */
function tableRowHeight(size: number) {
  return size * 1.6;
}

type TableElement = Extract<LayoutElement, { type: "table" }>;

/**
 * Where a table stands, in millimetres: each column's x and width (by its share), and page by page the
 * header's top and each row's top, a row going to the next page (its top `next`) when it would pass `bottom`.
 * The PDF and the ZPL draw the same table from it.
 */
function tableLayout(
  el: TableElement,
  rowCount: number,
  o: { next: number; bottom: number; headerHeight: number },
) {
  const total = el.columns.reduce((a, c) => a + c.width, 0);
  let x = el.x;
  const columns = el.columns.map((c) => {
    const w = el.width * c.width / total;
    const column = { ...c, x, w };
    x += w;
    return column;
  });
  const row = tableRowHeight(el.size);
  const pages: { top: number; rows: { index: number; y: number }[] }[] = [];
  let page = { top: el.y, rows: [] as { index: number; y: number }[] };
  let y = el.y + o.headerHeight;
  for (let index = 0; index < rowCount; index++) {
    if (y + row > o.bottom) {
      pages.push(page);
      page = { top: o.next, rows: [] };
      y = o.next + o.headerHeight;
    }
    page.rows.push({ index, y });
    y += row;
  }
  pages.push(page);
  return { columns, row, pages };
}

/** The layout's pages for the items, as a PDF. */
export async function renderPdf(
  layout: Layout,
  items: PrintItem[],
  f: Formatter,
  title: string,
): Promise<Uint8Array> {
  const size: [number, number] = [layout.page.width * PT_PER_MM, layout.page.height * PT_PER_MM];
  const doc = new PDFDocument({
    size,
    margin: 0,
    autoFirstPage: false,
    info: { Title: title, Producer: "WMS" },
  });
  doc.registerFont("body", `${fontDir}DejaVuSans.ttf`);
  doc.registerFont("bold", `${fontDir}DejaVuSans-Bold.ttf`);
  const chunks: Uint8Array[] = [];
  doc.on("data", (c: Uint8Array) => chunks.push(c));
  const ended = new Promise<void>((resolve, reject) => {
    doc.on("end", resolve);
    doc.on("error", reject);
  });
  const p = (mm: number) => mm * PT_PER_MM;
  /** Each font's advance of a character, in ems. */
  const advances = new Map<FontkitFont, Map<number, number>>();
  const drawText = (
    text: string,
    x: number,
    y: number,
    sizeMm: number,
    bold: boolean,
    width?: number,
    align = "left",
  ) => {
    doc.font(bold ? "bold" : "body").fontSize(p(sizeMm)).fillColor("#000000");
    // A text stays on its page: it wraps in its box's width down to the page's bottom edge, its last line
    // cut with an ellipsis (past it, pdfkit added pages: a label printer prints each as a label). Without a
    // width, each of its lines runs to the page's right edge. pdfkit is handed only what the box can show.
    const boxWidth = width ?? layout.page.width - x;
    const boxHeight = layout.page.height - y;
    // White space alone (a placeholder the record leaves empty) shows nothing: it is not laid out.
    if (boxWidth <= 0 || boxHeight <= 0 || !/\S/.test(text)) return;
    const lines = Math.max(1, Math.floor(p(boxHeight) / doc.currentLineHeight(true)));
    const options = { align: align as "left" | "center" | "right" };
    if (width === undefined) {
      const shown = text.split("\n", lines).map((line) => showable(line, p(boxWidth), 1)).join("\n");
      doc.text(shown, p(x), p(y), { ...options, lineBreak: false });
      return;
    }
    doc.text(showable(text, p(width), lines), p(x), p(y), {
      ...options,
      width: p(width),
      height: p(boxHeight),
      ellipsis: true,
    });
  };
  /**
   * As much of `text` as `lines` lines of `width` points could show in the current font and size, and a
   * little more: every character that takes room takes at least half the narrowest advance among the text's
   * own (kerning and ligatures take back less than that). A run without a space longer than a line gets a
   * zero-width space every line's length: pdfkit's wrapper measures a word too long for its line again,
   * whole, for every line it fills (10,000 letters without a space took it seconds); it breaks such a word
   * wherever its line is full all the same.
   */
  function showable(text: string, width: number, lines: number): string {
    const { _font, _fontSize: size } = doc as unknown as { _font: { font: FontkitFont }; _fontSize: number };
    const font = _font.font;
    let known = advances.get(font);
    if (!known) advances.set(font, known = new Map());
    const advance = (code: number) => {
      let a = known.get(code);
      if (a === undefined) known.set(code, a = font.glyphForCodePoint(code).advanceWidth / font.unitsPerEm);
      return a;
    };
    let narrowest = Infinity;
    for (const c of text) {
      const a = advance(c.codePointAt(0)!);
      if (a > 0 && a < narrowest) narrowest = a;
    }
    if (narrowest === Infinity) return text;
    const perLine = Math.ceil(width / (narrowest * size / 2)) + 1;
    const room = lines * perLine;
    let out = "";
    let from = 0;
    let taken = 0;
    let run = 0;
    let at = 0;
    for (const c of text) {
      if (advance(c.codePointAt(0)!) > 0 && ++taken > room) break;
      if (/\s|-/.test(c)) run = 0;
      else if (++run > perLine) {
        out += text.slice(from, at) + "\u200b";
        from = at;
        run = 1;
      }
      at += c.length;
    }
    return out + text.slice(from, at);
  }
  let drawn = 0;
  for (const item of items) {
    for (let copy = 0; copy < item.copies; copy++) {
      doc.addPage({ size, margin: 0 });
      for (const el of layout.elements) await drawElement(el, item);
      // A long job lets the thread answer others between its pages.
      if (++drawn % 20 === 0) await turn();
    }
  }
  async function drawElement(el: LayoutElement, item: PrintItem) {
    switch (el.type) {
      case "text":
        drawText(fill(el.text, item.values, f), el.x, el.y, el.size, el.bold, el.width, el.align);
        return;
      case "line":
        doc.moveTo(p(el.x1), p(el.y1)).lineTo(p(el.x2), p(el.y2)).lineWidth(p(el.thickness)).strokeColor(
          "#000000",
        )
          .stroke();
        return;
      case "barcode": {
        const data = fill(el.data, item.values, dataFormatter(f));
        if (!data || !hasValues(el.data, item.values)) return;
        const png = await barcodePng(el.symbology, data);
        if (!linear(el.symbology)) {
          doc.image(png, p(el.x), p(el.y), {
            fit: [p(el.width), p(el.height)],
            align: "center",
            valign: "center",
          });
          return;
        }
        // Bars across the whole box (wide modules scan best), stretched to its height; the text below them.
        const textSize = el.showText ? Math.min(3, el.height / 4) : 0;
        const bars = el.height - (el.showText ? textSize * 1.3 : 0);
        doc.image(png, p(el.x), p(el.y), { width: p(el.width), height: p(bars) });
        if (el.showText) {
          drawText(data, el.x, el.y + bars + textSize * 0.15, textSize, false, el.width, "center");
        }
        return;
      }
      case "table": {
        const row = tableRowHeight(el.size);
        const t = tableLayout(el, item.rows.length, {
          next: 10,
          bottom: layout.page.height - 10,
          headerHeight: row + 0.5,
        });
        t.pages.forEach((page, n) => {
          if (n > 0) doc.addPage({ size, margin: 0 });
          for (const c of t.columns) {
            drawText(
              fill(c.header, item.values, f),
              c.x + 0.5,
              page.top + 0.3,
              el.size,
              true,
              c.w - 1,
              c.align,
            );
          }
          doc.moveTo(p(el.x), p(page.top + row)).lineTo(p(el.x + el.width), p(page.top + row)).lineWidth(0.6)
            .stroke();
          for (const r of page.rows) {
            const values = { ...item.values, ...item.rows[r.index] };
            for (const c of t.columns) {
              drawText(fill(c.text, values, f), c.x + 0.5, r.y + 0.3, el.size, false, c.w - 1, c.align);
            }
          }
        });
        return;
      }
    }
  }
  doc.end();
  await ended;
  const out = new Uint8Array(chunks.reduce((a, c) => a + c.byteLength, 0));
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.byteLength;
  }
  return out;
}

/** A field's data for ^FD: `^` and `~` would end it or start a command, so they go in ^FH hex (`_5E`). */
function zplData(text: string): string {
  return text.replace(/[_^~\\]/g, (c) => `_${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, "0")}`)
    .replace(/[\r\n]+/g, " ");
}

/** The layout's labels for the items, as ZPL II at `dpi` (UTF-8 text: ^CI28). */
export function renderZpl(layout: Layout, items: PrintItem[], f: Formatter, dpi: number): string {
  const d = (mm: number) => Math.round(mm * dpi / 25.4);
  const out: string[] = [];
  const label = (body: string[], copies: number) =>
    out.push(
      [
        "^XA",
        "^CI28",
        `^PW${d(layout.page.width)}`,
        `^LL${d(layout.page.height)}`,
        ...body,
        `^PQ${copies}`,
        "^XZ",
      ]
        .join("\n"),
    );
  const text = (value: string, x: number, y: number, size: number, width?: number, align = "left") => {
    const h = d(size);
    const block = width !== undefined
      ? `^FB${d(width)},1,0,${align === "center" ? "C" : align === "right" ? "R" : "L"},0`
      : "";
    return `^FO${d(x)},${d(y)}^A0N,${h},${h}${block}^FH^FD${zplData(value)}^FS`;
  };
  for (const item of items) {
    let body: string[] = [];
    for (const el of layout.elements) {
      switch (el.type) {
        case "text":
          body.push(text(fill(el.text, item.values, f), el.x, el.y, el.size, el.width, el.align));
          break;
        case "line": {
          const x = Math.min(el.x1, el.x2);
          const y = Math.min(el.y1, el.y2);
          const w = Math.max(d(Math.abs(el.x2 - el.x1)), d(el.thickness), 1);
          const h = Math.max(d(Math.abs(el.y2 - el.y1)), d(el.thickness), 1);
          body.push(`^FO${d(x)},${d(y)}^GB${w},${h},${Math.max(1, d(el.thickness))}^FS`);
          break;
        }
        case "barcode": {
          const data = fill(el.data, item.values, dataFormatter(f));
          if (!data || !hasValues(el.data, item.values)) break;
          const at = `^FO${d(el.x)},${d(el.y)}`;
          const interpretation = el.showText ? "Y" : "N";
          const h = Math.max(1, d(el.height - (el.showText ? 4 : 0)));
          if (el.symbology === "code128") {
            body.push(`${at}^BY2^BCN,${h},${interpretation},N,N^FH^FD${zplData(data)}^FS`);
          } else if (el.symbology === "gs1-128") {
            // Mode D (UCC/EAN): the printer puts FNC1 and reads the AIs in brackets.
            body.push(
              `${at}^BY2^BCN,${h},${interpretation},N,N,D^FD${data.replace(/[^0-9A-Za-z()]/g, "")}^FS`,
            );
          } else if (el.symbology === "ean13") {
            if (!/^\d{12,13}$/.test(data)) {
              throw new AppError("print.barcodeUnencodable", {
                params: { symbology: "ean13", value: data.slice(0, 80) },
              });
            }
            body.push(`${at}^BY2^BEN,${h},${interpretation},N^FD${data.slice(0, 12)}^FS`);
          } else if (el.symbology === "qrcode") {
            const magnification = Math.max(1, Math.min(10, Math.floor(d(el.width) / 45)));
            body.push(`${at}^BQN,2,${magnification}^FH^FDQA,${zplData(data)}^FS`);
          } else {
            const module = Math.max(1, Math.min(20, Math.floor(d(el.width) / 26)));
            body.push(`${at}^BXN,${module},200^FH^FD${zplData(data)}^FS`);
          }
          break;
        }
        case "table": {
          const t = tableLayout(el, item.rows.length, {
            next: 2,
            bottom: layout.page.height - 2,
            headerHeight: tableRowHeight(el.size),
          });
          t.pages.forEach((page, n) => {
            if (n > 0) {
              // The rest on the next label.
              label(body, item.copies);
              body = [];
            }
            for (const c of t.columns) {
              body.push(text(fill(c.header, item.values, f), c.x, page.top, el.size, c.w - 1, c.align));
            }
            for (const r of page.rows) {
              const values = { ...item.values, ...item.rows[r.index] };
              for (const c of t.columns) {
                body.push(text(fill(c.text, values, f), c.x, r.y, el.size, c.w - 1, c.align));
              }
            }
          });
          break;
        }
      }
    }
    label(body, item.copies);
  }
  return out.join("\n") + "\n";
}
