// One cell of an import file as its field's value (pure): typed numbers by the one strict reader every number
// field shares (shared/i18n/number_text.ts: groups of three, else refused with what was likely meant), a
// workbook's numeric cells as the numbers they are, dates by the file's order, yes/no in six languages, a
// choice by its code or its label in any language, several texts by ";" or "|".
import { type NumberMarks, readNumberText } from "../../../shared/i18n/number_text.ts";
import type { FieldMeta } from "../../../shared/resources/meta.ts";
import { type DayPart, readDayText } from "../../../shared/i18n/dates.ts";

export type DateFormat = "DMY" | "MDY" | "YMD";

export interface CellFormats {
  dateFormat: DateFormat;
  /** The marks typed numbers are read with (the file's decimal separator and the other mark as groups). */
  marks: NumberMarks;
}

/** A cell's reading: its value, or why it is none (a row error's code and its message's parameters). */
export type CellReading =
  | { ok: true; value: unknown }
  | { ok: false; code: string; params?: Record<string, string | number | string[]> };

/** The marks of a file whose decimal separator is `decimal`: the other of "." and "," (and spaces) group. */
export function fileMarks(decimal: "." | ","): NumberMarks {
  return { decimal, group: decimal === "," ? "." : "," };
}

/** Headings and labels compared as people write them: any case, accents, spaces and punctuation aside. */
export function norm(s: string): string {
  return s.normalize("NFKD").replace(/\p{M}/gu, "").toLowerCase().replace(/[^\p{L}\p{N}]/gu, "");
}

const YES = new Set(["1", "true", "yes", "y", "tak", "ja", "oui", "si", "da", "да", "x"]);
const NO = new Set(["0", "false", "no", "n", "nie", "nein", "non", "net", "нет"]);

/**
 * `text` as `f`'s value; undefined for an empty cell. `numeric`: the cell is a workbook's number (written as
 * JavaScript writes it), not typed text. `options`: a choice's values by their normalized labels in every
 * language (and codes). References are not read here (references.ts resolves them in bulk).
 */
export function cellValue(
  f: FieldMeta,
  text: string,
  o: CellFormats,
  numeric = false,
  options?: Map<string, string>,
): CellReading | undefined {
  if (text === "") return undefined;
  switch (f.kind) {
    case "number":
    case "money": {
      if (numeric) {
        const n = Number(text);
        return Number.isFinite(n) ? { ok: true, value: n } : { ok: false, code: "validation.invalidValue" };
      }
      const read = readNumberText(text, o.marks);
      if (read.ok) return { ok: true, value: read.value };
      if (read.code === "number.ambiguous" && read.suggestions?.length) {
        return {
          ok: false,
          code: "import.numberAmbiguous",
          params: { value: text, suggestions: read.suggestions },
        };
      }
      return { ok: false, code: "validation.invalidValue" };
    }
    case "boolean": {
      const v = norm(text);
      if (YES.has(v)) return { ok: true, value: true };
      if (NO.has(v)) return { ok: true, value: false };
      return { ok: false, code: "validation.invalidValue" };
    }
    case "date": {
      if (/^\d{4}-\d{2}-\d{2}T/.test(text)) return { ok: true, value: text }; // an instant, as a workbook's dates
      // A day by the one reader of typed days, in the file's order; one that is none (31.02) is refused.
      const order: DayPart[] = o.dateFormat === "DMY"
        ? ["day", "month", "year"]
        : o.dateFormat === "MDY"
        ? ["month", "day", "year"]
        : ["year", "month", "day"];
      const day = readDayText(text, order);
      return day === null ? { ok: false, code: "validation.invalidValue" } : { ok: true, value: day };
    }
    case "enum": {
      const code = f.options?.includes(text) ? text : options?.get(norm(text));
      // An unknown choice goes to the schema as it is, which names it.
      return { ok: true, value: code ?? text };
    }
    case "strings":
      return { ok: true, value: text.split(/[;|]/).map((s) => s.trim()).filter(Boolean) };
    default:
      return { ok: true, value: text };
  }
}
