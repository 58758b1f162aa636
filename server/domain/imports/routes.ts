// Import calls (issue 18): the template of a record type, a preview of a file, and the import itself (all
// rows or none, in slices the tenant's other writes wait one of: decision 0018; a long file as a job whose
// progress is read). The file comes as multipart `file`, at most 20 MB.
import type { Hono } from "hono";
import { errorBody } from "../../engine/http/error_body.ts";
import { fileResponse } from "../../engine/http/download.ts";
import { z } from "zod";
import type { Services } from "../../kernel/services.ts";
import type { Env } from "../../engine/http/types.ts";
import { mount } from "../../engine/http/route.ts";
import { readFormBody } from "../../engine/http/body.ts";
import { AppError } from "../../kernel/errors.ts";
import { parseInput } from "../../kernel/validation.ts";
import type { TenantContext } from "../../kernel/context.ts";
import {
  IMPORT_MAX_BYTES,
  importJob,
  ImportOptions,
  importTemplate,
  importTypes,
  previewImport,
  runImport,
} from "./service.ts";

/** The form's file and options. */
async function readImportForm(ctx: TenantContext, req: Request, timeoutMs: number) {
  const form = await readFormBody(
    ctx,
    req,
    IMPORT_MAX_BYTES + 64 * 1024,
    timeoutMs,
    () => new AppError("import.fileTooLarge"),
  );
  const file = form.file("file");
  if (!file) throw new AppError("import.fileEmpty");
  if (file.bytes.byteLength > IMPORT_MAX_BYTES) throw new AppError("import.fileTooLarge");
  const options = parseInput(ImportOptions, {
    recordType: form.field("recordType"),
    mapping: form.field("mapping"),
    dateFormat: form.field("dateFormat") || undefined,
    decimalSeparator: form.field("decimalSeparator") || undefined,
    stockMode: form.field("stockMode") || undefined,
    mode: form.field("mode") || undefined,
  });
  return { bytes: file.bytes, options };
}

export function importRoutes(app: Hono<Env>, platform: Services): void {
  const tag = "Import";
  const timeout = () => platform.config.bodyTimeoutSeconds * 1000;
  mount(app, platform, {
    method: "get",
    path: "/config/importtemplate",
    summary: "The template file of a record type's import: its columns, required ones first, headed by the " +
      "fields' labels in the caller's language (XLSX with a note on each heading, or CSV)",
    tag,
    access: "staff",
    query: z.object({ recordType: z.enum(importTypes), format: z.enum(["xlsx", "csv"]).default("xlsx") }),
  }, async (c, { query }) => {
    const t = await importTemplate(c.get("ctx"), query.recordType, query.format);
    return fileResponse(t.bytes, t.type, "attachment", `${query.recordType}-import.${query.format}`);
  });

  mount(app, platform, {
    method: "post",
    path: "/Import/preview",
    summary:
      "Read an import file (multipart: file, recordType, mapping, dateFormat, decimalSeparator, mode): its " +
      "columns, their fields, the first 50 rows, every problem of every row by row and column (a value a " +
      "stored record or another row has too), what it would add, update and leave, the ignored columns. A " +
      "file of more than 2,000 rows answers 202 {jobId, total} and is checked meanwhile",
    tag,
    access: "staff",
  }, async (c) => {
    const { bytes, options } = await readImportForm(c.get("ctx"), c.req.raw, timeout());
    const answer = await previewImport(c.get("ctx"), bytes, options);
    return c.json(answer.body, answer.status);
  });

  mount(app, platform, {
    method: "post",
    path: "/Import",
    summary:
      "Import every row of a file or none, as new records (mode add) or updating the stored records their " +
      "index or other unique value names (mode update), in slices of short transactions taken back whole on " +
      "a refusal: 200 {imported, added, updated, unchanged}, or 422 import.invalidRows with `errors` and " +
      "nothing stored; 413 import.fileTooLarge; 400 import.fileEmpty or import.fileUnreadable. A file of " +
      "more than 2,000 rows answers 202 {jobId, total} and imports meanwhile; until it ends, the records " +
      "it wrote answer others' changes and references with 409 record.importing",
    tag,
    access: "staff",
  }, async (c) => {
    const { bytes, options } = await readImportForm(c.get("ctx"), c.req.raw, timeout());
    const answer = await runImport(c.get("ctx"), bytes, options);
    return c.json(answer.body, answer.status);
  });

  mount(app, platform, {
    method: "get",
    path: "/Import/:jobId",
    summary: "A preview's or an import's job: its progress ({kind, status: running|done|failed, phase, " +
      "checked, processed, total}), then its result (an import's imported, added, updated, unchanged, " +
      "ignoredColumns; a preview's preview) or its error as the call would have answered it (an import cut " +
      "short by the end of its process: import.interrupted, once taken back)",
    tag,
    access: "staff",
  }, async (c, { params }) => {
    const ctx = c.get("ctx");
    const job = await importJob(ctx, params.jobId);
    return {
      jobId: job.id,
      kind: job.kind,
      status: job.status,
      phase: job.phase,
      checked: job.checked,
      processed: job.processed,
      total: job.total,
      ...(job.result ?? {}),
      ...(job.preview ? { preview: job.preview } : {}),
      ...(job.error ? { error: errorBody(job.error, ctx.lang, ctx.requestId).error } : {}),
    };
  });
}
