// The XLSX writer's thread (write.ts, xlsx_worker.ts) from the stream's side: the rows are pulled only as the
// reader takes the workbook, a reader going away ends the writer and the rows' walk, a walk that fails fails
// the file, and the writers' threads are given back in every case (a further export gets one).
import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import { type ExportSheet, exportStream } from "./write.ts";
import { translator } from "../../../shared/i18n/mod.ts";
import type { FieldMeta } from "../../../shared/resources/meta.ts";
import type { Row } from "../../../shared/list/format.ts";

const fields: FieldMeta[] = [
  { name: "index", kind: "text", labelKey: "field.index" },
  { name: "quantity", kind: "number", labelKey: "field.quantity" },
  { name: "expiryDate", kind: "date", day: true, labelKey: "field.expiryDate" },
];

const sheet = (): ExportSheet => ({
  title: "Stock: lines [all]",
  columns: fields.map((field) => ({ field, label: field.name })),
  t: translator("en-us"),
  currency: "EUR",
  summary: [["Rows", "many"]],
});

/** `chunks` chunks of 1,000 rows, counting those walked; `failAt` throws instead of that chunk. */
function walk(chunks: number, failAt = -1) {
  const seen = { chunks: 0, ended: false };
  async function* rows(): AsyncGenerator<Row[]> {
    try {
      for (let c = 0; c < chunks; c++) {
        if (c === failAt) throw new Error("the walk failed");
        seen.chunks++;
        yield Array.from({ length: 1000 }, (_, i) => ({
          id: c * 1000 + i + 1,
          index: `P-${c * 1000 + i}`,
          quantity: i % 7 === 0 ? null : i / 4,
          expiryDate: "2027-03-01",
        }));
      }
    } finally {
      seen.ended = true;
    }
  }
  return { seen, rows: rows() };
}

async function bytesOf(stream: ReadableStream<Uint8Array>): Promise<Uint8Array> {
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

describe("the XLSX writer's thread", () => {
  it("writes every row, typed, and the summary; several exports at once each get a writer in turn", async () => {
    // More at once than writers' threads (EXPORT_WORKERS, 2): the third waits for one and still ends.
    const walks = [walk(3), walk(3), walk(3)];
    const files = await Promise.all(
      walks.map(async (w) => bytesOf(await exportStream("xlsx", sheet(), w.rows))),
    );
    for (const w of walks) expect(w.seen).toEqual({ chunks: 3, ended: true });
    const books = await Promise.all(files.map(async (f) => {
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(f.buffer as ArrayBuffer);
      return book;
    }));
    // Each file whole (their bytes differ only in the zip's times).
    for (const book of books) expect(book.worksheets.map((s) => s.rowCount)).toEqual([3001, 1]);
    const [rows, summary] = books[2].worksheets;
    expect(rows.name).toBe("Stock  lines  all ");
    expect(rows.rowCount).toBe(3001);
    expect((rows.getRow(1).values as unknown[]).slice(1)).toEqual(["index", "quantity", "expiryDate"]);
    const last = rows.getRow(3001);
    expect(last.getCell(1).value).toBe("P-2999");
    expect(last.getCell(2).value).toBe(999 / 4);
    expect((last.getCell(3).value as Date).toISOString()).toBe("2027-03-01T00:00:00.000Z");
    expect(last.getCell(3).numFmt).toBe("yyyy-mm-dd");
    // An empty value makes no cell.
    expect(rows.getRow(2).getCell(2).value).toBe(null);
    expect(summary.getRow(1).values).toEqual([undefined, "Rows", "many"]);
  });

  it("writes a chunk of long texts whole (it goes to the writer in pieces its bounded heap holds)", async () => {
    const long = (i: number) => `${i}:`.padEnd(5_000, String.fromCharCode(0x41 + (i % 26)));
    async function* rows(): AsyncGenerator<Row[]> {
      yield Array.from({ length: 1000 }, (_, i) => ({ id: i + 1, index: long(i), quantity: i }));
    }
    const file = await bytesOf(await exportStream("xlsx", sheet(), rows()));
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file.buffer as ArrayBuffer);
    const [sheetRows] = book.worksheets;
    expect(sheetRows.rowCount).toBe(1001);
    for (const i of [0, 209, 210, 999]) {
      expect(sheetRows.getRow(i + 2).getCell(1).value).toBe(long(i));
      expect(sheetRows.getRow(i + 2).getCell(2).value).toBe(i);
    }
  });

  it("pulls the rows only as the reader takes the file, and a reader going away ends the walk", async () => {
    const w = walk(1000);
    const reader = (await exportStream("xlsx", sheet(), w.rows)).getReader();
    const first = await reader.read();
    expect(first.done).toBe(false);
    // A million rows to go; the writer waits for the reader rather than reading ahead.
    await expect.poll(() => w.seen.chunks).toBeGreaterThan(0);
    expect(w.seen.chunks).toBeLessThan(50);
    await reader.cancel();
    await expect.poll(() => w.seen.ended).toBe(true);
    expect(w.seen.chunks).toBeLessThan(50);
  });

  it("gives the thread of an export whose reader went away while it waited for one to the next", async () => {
    const open = async () => {
      const reader = (await exportStream("xlsx", sheet(), walk(1000).rows)).getReader();
      return { reader, first: reader.read() };
    };
    // Both threads (EXPORT_WORKERS, 2) taken by exports whose readers are slow.
    const holding = [await open(), await open()];
    for (const h of holding) expect((await h.first).done).toBe(false);
    // A third waits for a thread; its reader goes away meanwhile.
    const waiting = await open();
    await waiting.reader.cancel();
    expect((await waiting.first).done).toBe(true);
    for (const h of holding) await h.reader.cancel();
    // Both threads free again: two exports each write at once.
    const again = [await open(), await open()];
    for (const a of again) expect((await a.first).done).toBe(false);
    for (const a of again) await a.reader.cancel();
  });

  it("fails the file when the walk fails, and gives its writer back", async () => {
    const failing = walk(5, 2);
    await expect(bytesOf(await exportStream("xlsx", sheet(), failing.rows))).rejects.toThrow(
      "the walk failed",
    );
    // Two more at once: neither waits for a writer the failed one kept (nor for the cancelled one above).
    const next = [walk(1), walk(1)];
    const files = await Promise.all(
      next.map(async (w) => bytesOf(await exportStream("xlsx", sheet(), w.rows))),
    );
    for (const f of files) expect(f.byteLength).toBeGreaterThan(1000);
  });
});
