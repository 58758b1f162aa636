// What every export writer (write.ts: CSV, XLSX; pdf.ts: PDF) is given: the sheet's shape in the reader's
// language, and its rows in chunks as the list is walked.
import type { FieldMeta } from "../../../shared/resources/meta.ts";
import type { Translator } from "../../../shared/i18n/mod.ts";
import type { Row } from "../../../shared/list/format.ts";

export interface ExportSheet {
  /** The list's name in the user's language (the sheet's and the PDF's title). */
  title: string;
  columns: { field: FieldMeta; label: string }[];
  t: Translator;
  /** The company's base currency (money without a currency of its own). */
  currency: string;
  /** Lines of the summary: the filters, the sort, the count, who and when. */
  summary: [string, string][];
}

/** The list's rows, a chunk at a time, read only when asked for. */
export type Chunks = AsyncIterator<Row[]>;
