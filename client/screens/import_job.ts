// What the import wizard reads from the server: a preview, an import's result, a long file's job followed
// until it ends, and a bad cell's message in the user's language (with its values: the text refused, what
// was likely meant, the record that has it).
import { api } from "../api.ts";
import type { Translator } from "../../shared/i18n/mod.ts";
import type { PlainKey } from "../features/list/meta.ts";

export interface CellError {
  row: number;
  column: string | null;
  code: string;
  params?: Record<string, string | number | string[]>;
  message?: string;
}

export interface Preview {
  columns: string[];
  mapping: Record<string, string>;
  fields: string[];
  rows: Record<string, string>[];
  rowNumbers?: number[];
  errors: CellError[];
  errorCount: number;
  ignoredColumns: string[];
  total: number;
  mode: "add" | "update";
  /** The fields a row updates a stored record by; none: the type is only added. */
  matchFields: string[];
  summary?: { added: number; updated: number; unchanged: number };
}

export interface ImportResult {
  imported: number;
  added?: number;
  updated?: number;
  unchanged?: number;
}

export interface Job extends ImportResult {
  kind: "preview" | "import";
  status: "running" | "done" | "failed";
  phase: "checking" | "importing";
  checked: number;
  processed: number;
  total: number;
  preview?: Preview;
  error?: { code: string; message: string };
}

/** A job followed until it ends; `seen` is told each answer (its progress). */
export async function followJob(jobId: string, seen: (job: Job) => void): Promise<Job> {
  for (;;) {
    // The job answers its progress; asking twice a second keeps the bar moving without flooding the server.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const job = await api<Job>("GET", `/Import/${jobId}`);
    seen(job);
    if (job.status !== "running") return job;
  }
}

/** A bad cell's message: its code's (or its variant's) in the user's language, else the server's text. */
export function cellMessage(t: Translator, e: CellError): string {
  const or = new Intl.ListFormat(t.lang, { type: "disjunction" });
  const params = Object.fromEntries(
    Object.entries(e.params ?? {}).map(([k, v]) => [k, Array.isArray(v) ? or.format(v) : v]),
  );
  const keys = e.code.startsWith("validation.")
    ? [e.code]
    : [`apiError.${e.code}.${params.variant}`, `apiError.${e.code}`];
  const key = keys.find((k) => !k.endsWith(".undefined") && t.has(k));
  return key ? t.t(key as PlainKey, params) : e.message ?? e.code;
}
