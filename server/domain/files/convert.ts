// An XLSX attachment shown as a PDF (File/download with convertXlsxToPdf=true): its first sheet read as the
// import reads a workbook (every part inflated with a count first: a bomb is refused) and written as the
// list export writes a PDF, its first row the columns' headings, in the caller's language for the page
// numbers, the summary and the dates. At most as many rows as an exported PDF takes.
// Both run on the job pool (server/kernel/jobs/): reading the workbook and drawing the PDF take seconds and
// memory that no thread answering requests may spend; past the pool's limits 413 file.tooLarge.
import type { TenantContext } from "../../kernel/context.ts";
import { AppError } from "../../kernel/errors.ts";
import type { Language } from "../../../shared/i18n/languages.ts";
import { runJob } from "../../kernel/jobs/contract.ts";
import type { FieldMeta } from "../../../shared/resources/meta.ts";
import { readTable } from "../imports/read.ts";

export const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/** A date cell as the workbook reader gives it: its day, or its instant when it has a time. */
const SHEET_DATE = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}:\d{2}\.\d{3}Z)?$/;

/** The workbook's first sheet as a PDF, made on the job pool. */
export async function xlsxAsPdf(
  ctx: TenantContext,
  bytes: Uint8Array,
  fileName: string,
): Promise<ReadableStream<Uint8Array>> {
  const copy = bytes.slice();
  const pdf = await runJob<Uint8Array>(ctx, new URL("./convert.ts", import.meta.url), {
    bytes: copy,
    fileName,
    lang: ctx.lang,
  }, { transfer: [copy.buffer], refusal: { code: "file.tooLarge", params: { limit: "25 MB" } } });
  return new Blob([pdf as Uint8Array<ArrayBuffer>]).stream();
}

/** The job pool's entry: the PDF's bytes. */
export async function run(
  input: { bytes: Uint8Array; fileName: string; lang: Language },
): Promise<Uint8Array> {
  const stream = await drawXlsx(input.lang, input.bytes, input.fileName);
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

async function drawXlsx(lang: Language, bytes: Uint8Array, fileName: string) {
  const { PDF_MAX_ROWS } = await import("../exports/write.ts");
  const { pdfStream } = await import("../exports/pdf.ts");
  const { translator } = await import("../../../shared/i18n/mod.ts");
  let table;
  try {
    table = await readTable(bytes);
  } catch (err) {
    // A workbook with no table in it is still a file: not one this can show as a PDF.
    if (err instanceof AppError && err.code.startsWith("import.")) throw new AppError("file.typeNotAllowed");
    throw err;
  }
  if (table.rows.length > PDF_MAX_ROWS) {
    throw new AppError("export.tooManyRows", { params: { max: PDF_MAX_ROWS } });
  }
  // A workbook's dates and times are its own wall clock (kept as if at UTC): shown as written, in UTC, in
  // the one date and instant format.
  const t = translator(lang, "UTC");
  const shown = (cell: string) => (SHEET_DATE.test(cell) ? t.instant(cell) : cell);
  const columns = table.columns.map((label, i) => ({
    label,
    field: { name: `c${i}`, kind: "text", labelKey: "" } as FieldMeta,
  }));
  const rows = table.rows.map((cells, id) => ({
    id,
    ...Object.fromEntries(cells.map((c, i) => [`c${i}`, shown(c)])),
  }));
  async function* chunks() {
    for (let i = 0; i < rows.length; i += 1000) yield rows.slice(i, i + 1000);
  }
  return pdfStream({
    title: fileName,
    columns,
    t,
    currency: "EUR",
    summary: [[t.t("export.rows"), t.number(rows.length)]],
  }, chunks());
}
