// What a print layout's content is: a page (in millimetres) and elements placed on it (texts, barcodes,
// lines, and for documents and orders a table of positions), written as JSON. Texts take placeholders:
// `{{name}}` a value of the printed record (a date or an instant in the printing user's one date or instant
// format, `{{expiryDate:yymmdd}}` as GS1 writes a date, `:date` an instant's day, `:raw` the value as stored),
// `{{@field.product.name}}` a text of the catalogue in that language.
import { z } from "zod";
import type { Language } from "../../../shared/i18n/languages.ts";
import { formatDate, formatInstant } from "../../../shared/i18n/dates.ts";

const mm = z.number().min(0).max(2000);

const Text = z.object({
  type: z.literal("text"),
  x: mm,
  y: mm,
  /**
   * The box's width: the text wraps in it down to the page's bottom edge, its last line there cut with an
   * ellipsis (without a width each of its lines runs to the page's right edge).
   */
  width: mm.optional(),
  /** The letters' height in millimetres. */
  size: z.number().min(0.5).max(200).default(3.5),
  bold: z.boolean().default(false),
  align: z.enum(["left", "center", "right"]).default("left"),
  /** Up to 10,000 characters (a document's terms on its last page). */
  text: z.string().max(10_000),
});

export const symbologies = ["code128", "gs1-128", "ean13", "qrcode", "datamatrix"] as const;
export type Symbology = typeof symbologies[number];

const Barcode = z.object({
  type: z.literal("barcode"),
  symbology: z.enum(symbologies),
  x: mm,
  y: mm,
  width: mm.min(1),
  height: mm.min(1),
  /** What it encodes; for GS1-128 the element strings with their AIs in brackets: `(01){{gtin}}(10){{lot}}`. */
  data: z.string().min(1).max(2000),
  /** The text under a linear barcode. */
  showText: z.boolean().default(true),
});

const Line = z.object({
  type: z.literal("line"),
  x1: mm,
  y1: mm,
  x2: mm,
  y2: mm,
  thickness: z.number().min(0.05).max(20).default(0.3),
});

const Table = z.object({
  type: z.literal("table"),
  x: mm,
  y: mm,
  width: mm.min(1),
  /** The record's rows it lists (a document's or an order's positions). */
  rows: z.literal("positions"),
  size: z.number().min(0.5).max(50).default(3),
  columns: z.array(z.object({
    header: z.string().max(200),
    text: z.string().max(500),
    /** Its share of the table's width. */
    width: z.number().positive().max(1000).default(1),
    align: z.enum(["left", "center", "right"]).default("left"),
  })).min(1).max(20),
});

export const Layout = z.object({
  page: z.object({ width: mm.min(10), height: mm.min(10) }),
  elements: z.array(z.discriminatedUnion("type", [Text, Barcode, Line, Table])).max(200),
});
export type Layout = z.output<typeof Layout>;
export type LayoutElement = Layout["elements"][number];

/** A layout's content read, or why it is not one (the first problem, with where it is). */
export function parseLayout(content: string): { layout: Layout } | { problem: string } {
  let json: unknown;
  try {
    json = JSON.parse(content);
  } catch (err) {
    return { problem: (err as Error).message };
  }
  const r = Layout.safeParse(json);
  if (r.success) return { layout: r.data };
  const issue = r.error.issues[0];
  return { problem: `${issue.path.join(".") || "(layout)"}: ${issue.message}` };
}

export type Values = Record<string, unknown>;

/** A date as GS1's element strings write it (YYMMDD), from `YYYY-MM-DD` or an instant. */
function yymmdd(v: unknown): string {
  const m = typeof v === "string" ? /^\d{2}(\d{2})-(\d{2})-(\d{2})/.exec(v) : null;
  return m ? `${m[1]}${m[2]}${m[3]}` : "";
}

export interface Formatter {
  t(key: string): string;
  number(n: number): string;
  /** A calendar day, or an instant's day in the reader's time zone, in the one date format. */
  day(v: string): string;
  /** An instant (its day and time in the reader's time zone; a calendar day as a date) in the one format. */
  instant(v: string): string;
}

/**
 * Values written in a language: the client catalogue's texts, its numbers, dates and instants in its one
 * format, instants in `timeZone` (the reader's, sent with the request; UTC when unknown).
 */
export async function formatterFor(lang: Language, timeZone = "UTC"): Promise<Formatter> {
  const { translator } = await import("../../../shared/i18n/mod.ts");
  const t = translator(lang);
  return {
    t: (key) => t.t(key as Parameters<typeof t.t>[0]),
    number: (n) => t.number(n),
    day: (v) => formatDate(lang, v, timeZone),
    instant: (v) => formatInstant(lang, v, timeZone),
  };
}

/** The same, but a date kept as stored: what a barcode encodes is read by machines, not by people. */
export function dataFormatter(f: Formatter): Formatter {
  return { ...f, instant: (v) => v };
}

/** An ISO calendar day or instant, as the API's records hold them ("2026-12-15", "2026-12-15T08:30:00.000Z"). */
const ISO_DATE = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})?)?$/;

/**
 * A text with its placeholders filled: the record's values, formatted, and the catalogue's texts; `escape`
 * makes each value safe where the text is markup (an HTML e-mail).
 */
export function fill(text: string, values: Values, f: Formatter, escape?: (s: string) => string): string {
  const filled = (s: string) => (escape ? escape(s) : s);
  return text.replace(
    /\{\{\s*(@?)([\w.-]+)(?::(\w+))?\s*\}\}/g,
    (_m, at: string, key: string, format?: string) => {
      if (at) return filled(f.t(key));
      const v = Object.hasOwn(values, key) ? values[key] : undefined;
      if (v === null || v === undefined) return "";
      if (format === "yymmdd") return yymmdd(v);
      if (format === "raw" && typeof v === "string") return filled(v);
      if (format === "date") return typeof v === "string" ? filled(f.day(v)) : "";
      if (typeof v === "string" && ISO_DATE.test(v)) return filled(f.instant(v));
      if (Array.isArray(v)) return filled(v.join(", "));
      if (typeof v === "number") return format === "raw" ? String(v) : filled(f.number(v));
      if (typeof v === "boolean") return filled(f.t(v ? "list.yes" : "list.no"));
      return filled(String(v));
    },
  );
}

/**
 * Whether a text's placeholders give it anything: none of them has a value (a product without a GTIN)
 * leaves out the barcode made of them, rather than a barcode of its fixed part (`(01)` alone).
 */
export function hasValues(text: string, values: Values): boolean {
  const keys = [...text.matchAll(/\{\{\s*(@?)([\w.-]+)(?::\w+)?\s*\}\}/g)];
  if (keys.length === 0) return true;
  return keys.some(([, at, key]) =>
    at !== "" || (values[key] !== null && values[key] !== undefined && values[key] !== "")
  );
}

/** The GTIN-14 of a product's barcode (an EAN-8, UPC-A, EAN-13 or GTIN-14), for `(01)`; else "". */
export function gtin14(code: unknown): string {
  return typeof code === "string" && /^(\d{8}|\d{12,14})$/.test(code) ? code.padStart(14, "0") : "";
}
