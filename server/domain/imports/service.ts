// Importing records from a spreadsheet (issues 18, 31): a record type's columns (its declaration's fields
// that a new record takes), a template headed in the user's language, the file read (read.ts), each heading
// mapped to a field (by the caller, else by its label in any language or the field's name: headings.ts),
// every row checked before anything is written (check.ts: cells by the file's formats, references by name,
// unique values against the file and the stored records, the record's own rules), and the rows added, or
// with "update" the stored records they name changed: all or none, written in slices of short transactions
// and taken back whole on a refusal (write.ts, decision 0018), so the tenant keeps working meanwhile. A file
// of many rows is previewed and imported as a job. Unknown columns are ignored and named.
import Papa from "papaparse";
import { z } from "zod";
import type { TenantContext } from "../../kernel/context.ts";
import { AppError } from "../../kernel/errors.ts";
import { demand } from "../../kernel/access.ts";
import type { FieldMeta } from "../../../shared/resources/meta.ts";
import { numberMarks } from "../../../shared/i18n/number_text.ts";
import { rowMessage } from "../../../shared/i18n/api/mod.ts";
import { type AnyResource, resourcesByName } from "../../engine/engine.ts";
import { excelJs, readTableOffThread, type Table } from "./read.ts";
import { type Checked, checkRows, importModes, keysOf, type RowError } from "./check.ts";
import { guessMapping, headingNote, headingsOf, textsOf } from "./headings.ts";
import { bookStock, checkStock, mayImportStock, stockFields, stockModes } from "./stock.ts";
import { isLive, runState, writeInSlices } from "./write.ts";
import { BEAT_MS, insertJob, saveJob, storedJob } from "./jobs.ts";

export { importModes };
export type { RowError };

/** The record types an import makes (the spec's: products, groups, companies, contacts, addresses, locations). */
export const importTypes = [
  "Product",
  "ProductGroup",
  "Company",
  "Person",
  "Address",
  "StorageSpace",
  /** Stock: an opening balance or a count (stock.ts). */
  "Stock",
] as const;
export const IMPORT_MAX_BYTES = 20 * 1024 * 1024;
/** Rows shown in a preview. */
const PREVIEW_ROWS = 50;

const KINDS = new Set([
  "text",
  "textarea",
  "number",
  "money",
  "boolean",
  "date",
  "enum",
  "email",
  "phone",
  "colour",
  "reference",
  "strings",
]);

export const ImportOptions = z.object({
  recordType: z.enum(importTypes),
  /** `{"<column>":"<field>"}`; a column mapped to "" is ignored. */
  mapping: z.string().max(20_000).optional().transform((v, ctx) => {
    if (!v) return undefined;
    try {
      const m = JSON.parse(v);
      if (m && typeof m === "object" && !Array.isArray(m)) return m as Record<string, string>;
    } catch { /* refused below */ }
    ctx.addIssue({ code: "custom", params: { code: "validation.invalidValue" } });
    return z.NEVER;
  }),
  dateFormat: z.enum(["DMY", "MDY", "YMD"]).default("YMD"),
  decimalSeparator: z.enum([".", ","]).default("."),
  /** For stock: what the quantities are (stock.ts). */
  stockMode: z.enum(stockModes).default("openingBalance"),
  /**
   * add: every row a new record (a value a stored record has, an index say, is a bad cell); update: a row
   * whose index (or barcode, label, name: the type's unique values) is a stored record's updates it.
   */
  mode: z.enum(importModes).default("add"),
});
export type ImportOptions = z.output<typeof ImportOptions>;

function resourceOf(ctx: TenantContext, type: string): AnyResource {
  const resource = resourcesByName.get(type);
  if (!resource) {
    throw new AppError("validation.failed", { fields: { recordType: ["validation.invalidValue"] } });
  }
  // Importing adds records: whoever may add them.
  demand(resource.writeAccess, ctx.actor, "auth.forbidden");
  return resource;
}

interface Target {
  resource: AnyResource | null;
  fields: FieldMeta[];
}

/** What a record type's import fills: its resource's add fields, or the columns of a stock file. */
function targetOf(ctx: TenantContext, o: Pick<ImportOptions, "recordType" | "mode">): Target {
  if (o.recordType === "Stock") {
    mayImportStock(ctx);
    if (o.mode !== "add") {
      throw new AppError("validation.failed", { fields: { mode: ["validation.invalidValue"] } });
    }
    return { resource: null, fields: stockFields };
  }
  const resource = resourceOf(ctx, o.recordType);
  // Updating needs a value that names one stored record (an index, a label); a contact person has none.
  if (o.mode === "update" && keysOf(resource).length === 0) {
    throw new AppError("validation.failed", { fields: { mode: ["validation.invalidValue"] } });
  }
  return { resource, fields: importFields(resource) };
}

/** The fields a column may fill: those a new record takes from a form, of a kind a cell can hold. */
export function importFields(resource: AnyResource): FieldMeta[] {
  return resource.meta.fields.filter((f: FieldMeta) => f.form?.add && KINDS.has(f.kind) && !f.writeOnly);
}

/** A file read, its headings mapped and every row checked; `job` is told the rows checked meanwhile. */
async function checkFile(ctx: TenantContext, table: Table, o: ImportOptions, job?: ImportJob) {
  const target = targetOf(ctx, o);
  const { mapping, ignored } = await guessMapping(table.columns, target.fields, ctx.lang, o.mapping);
  const checked = await checkRows(ctx, target.resource, target.fields, table, mapping, o, (rows) => {
    if (job) job.checked = rows;
  });
  const stock = target.resource ? null : await stockOf(ctx, table, mapping, checked, o);
  if (stock) {
    checked.errors.push(...stock.errors);
    checked.errorCount += stock.errors.length;
    checked.errors.sort((a, b) => a.row - b.row);
  }
  return { target, mapping, ignored, checked, stock };
}

/** How many rows would add, update and leave records. */
function summaryOf(checked: Checked) {
  const count = (a: string) => checked.outcomes.filter((x) => x.action === a).length;
  return { added: count("add"), updated: count("update"), unchanged: count("unchanged") };
}

/** The preview's answer: the columns, their fields, the first rows as read, every problem. */
async function previewRows(ctx: TenantContext, table: Table, o: ImportOptions, job?: ImportJob) {
  const { target, mapping, ignored, checked } = await checkFile(ctx, table, o, job);
  return {
    columns: table.columns,
    mapping,
    fields: target.fields.map((f) => f.name),
    rows: table.rows.slice(0, PREVIEW_ROWS).map((cells) =>
      Object.fromEntries(table.columns.map((c, i) => [c, cells[i]]))
    ),
    // Each shown row's number in the file (the header is 1), as the problems name them.
    rowNumbers: table.rowNumbers.slice(0, PREVIEW_ROWS),
    errors: checked.errors.map((e) => ({ ...e, message: rowMessage(ctx.lang, e) })),
    errorCount: checked.errorCount,
    ignoredColumns: ignored,
    total: checked.total,
    mode: o.mode,
    // The fields a row updates a stored record by (none: the type is only added).
    matchFields: target.resource ? keysOf(target.resource).map((k) => k.field) : [],
    ...(target.resource ? { summary: summaryOf(checked) } : {}),
  };
}
export type ImportPreview = Awaited<ReturnType<typeof previewRows>>;

/** Files of more rows than this are previewed and imported as jobs (202): their progress is read meanwhile. */
export const JOB_ROWS = 2_000;

export interface ImportResult {
  /** Records written: added and updated. */
  imported: number;
  added: number;
  updated: number;
  unchanged: number;
  ignoredColumns: string[];
  documents?: string[];
}

export interface ImportJob {
  id: string;
  /** The tenant's database (unique to it, where ids of tenants of several control databases are not). */
  tenant: string;
  kind: "preview" | "import";
  status: "running" | "done" | "failed";
  /** checking its rows, then (an import) writing them. */
  phase: "checking" | "importing";
  /** Rows checked so far. */
  checked: number;
  /** Rows written so far (an import's). */
  processed: number;
  total: number;
  result?: ImportResult;
  preview?: ImportPreview;
  /** A failed job's error, as the answer would have carried it. */
  error?: AppError;
  finishedAt?: number;
}

/**
 * This process's import jobs, by id, while they run and a minute after (its answer is then read from the
 * tenant's file, jobs.ts, where every job's state is kept across restarts).
 */
const jobs = new Map<string, ImportJob>();
const KEEP_MS = 60_000;

/**
 * Every row added (or its record updated), or none (import.invalidRows, by row and column): written in
 * slices, each its own short transaction, and taken back whole on a refusal (write.ts, decision 0018).
 */
async function importRows(
  ctx: TenantContext,
  table: Table,
  o: ImportOptions,
  job?: ImportJob,
): Promise<ImportResult> {
  if (job) job.total = table.rows.length;
  const { target, mapping, ignored, checked, stock } = await checkFile(ctx, table, o, job);
  if (checked.errorCount) {
    throw new AppError("import.invalidRows", {
      params: { count: checked.errorCount },
      rowErrors: checked.errors,
    });
  }
  if (job) job.phase = "importing";
  const resource = target.resource;
  if (!resource) {
    const booked = await bookStock(ctx, stock!.rows, o.stockMode);
    return {
      imported: stock!.rows.length,
      added: stock!.rows.length,
      updated: 0,
      unchanged: 0,
      ignoredColumns: ignored,
      documents: booked.documents,
    };
  }
  const { added, updated, unchanged } = summaryOf(checked);
  const result = { imported: added + updated, added, updated, unchanged, ignoredColumns: ignored };
  const writes = checked.outcomes.filter((x) => x.action !== "unchanged");
  // Nothing to write (the same file again): no transaction, no record touched.
  if (writes.length) {
    // A rule of the database (a unique value, a link, a record changed meanwhile) names the row, and
    // nothing is kept.
    const refusal = (k: number, err: unknown) => {
      if (!(err instanceof AppError) || err.status >= 500) return err;
      const fields = Object.entries(err.details.fields ?? {});
      const row = table.rowNumbers[writes[k].i];
      const rowErrors = fields.length
        ? fields.flatMap(([f, codes]) =>
          codes.map((code) => ({ row, column: columnOfField(mapping, f), code }))
        )
        : [{ row, column: null, code: err.code }];
      return new AppError("import.invalidRows", { params: { count: rowErrors.length }, rowErrors });
    };
    await writeInSlices(
      ctx,
      resource,
      writes.map((x) => ({ action: x.action === "add" ? "add" : "update", input: x.input })),
      job?.id ?? crypto.randomUUID(),
      refusal,
      (written) => {
        if (job) job.processed = written;
      },
      // Published with its job's outcome: a crash right after never leaves the job saying "interrupted".
      async (tx) => {
        if (job) {
          await saveJob(ctx.conn, { ...job, status: "done", processed: writes.length, result }, tx);
        }
      },
      // Taken back, its failure with the last undo (what startJob answers then, saved again after).
      async (tx, err) => {
        if (job) {
          const error = err instanceof AppError ? err : new AppError("server.unknown");
          await saveJob(ctx.conn, { ...job, status: "failed", error }, tx);
        }
      },
    );
  }
  return result;
}

/**
 * Runs `work` as a job of the caller's tenant: answered 202 {jobId, total} at once, run meanwhile in slices
 * (GET Import/{jobId}: its progress, then its result).
 */
async function startJob(
  ctx: TenantContext,
  kind: ImportJob["kind"],
  total: number,
  work: (ctx: TenantContext, job: ImportJob) => Promise<Partial<ImportJob>>,
) {
  for (const [id, j] of jobs) if (j.finishedAt && Date.now() - j.finishedAt > KEEP_MS) jobs.delete(id);
  const job: ImportJob = {
    id: crypto.randomUUID(),
    tenant: ctx.tenant.dbUrl,
    kind,
    status: "running",
    phase: "checking",
    checked: 0,
    processed: 0,
    total,
  };
  // The job outlives the request: it holds the tenant's connection itself until it ends.
  const lease = await ctx.services.pool.acquire(ctx.tenant.dbUrl);
  const conn = lease.conn;
  try {
    await insertJob(conn, job, ctx.actor.userId ?? null);
  } catch (err) {
    lease.release();
    throw err;
  }
  jobs.set(job.id, job);
  // Its progress written and its row touched meanwhile (a row nobody touches was left behind).
  const save = () =>
    saveJob(conn, job).catch((err) => console.error(`import job ${job.id}: its state not saved`, err));
  const beat = setInterval(() => void save(), BEAT_MS);
  void work({ ...ctx, conn }, job).then(
    (done) => Object.assign(job, done, { status: "done" }),
    (err) => {
      job.status = "failed";
      job.error = err instanceof AppError ? err : new AppError("server.unknown", { cause: err });
      if (!(err instanceof AppError)) console.error(`import job ${job.id} of ${ctx.tenant.slug}`, err);
    },
  ).finally(async () => {
    clearInterval(beat);
    await save();
    job.finishedAt = Date.now();
    lease.release();
  });
  return { status: 202 as const, body: { jobId: job.id, total } };
}

/**
 * POST Import/preview: the columns, their fields, the first rows as read, every problem of every row. A file
 * of more than JOB_ROWS rows is checked as a job (202 {jobId}; the job's answer carries the preview).
 */
export async function previewImport(ctx: TenantContext, bytes: Uint8Array, o: ImportOptions) {
  targetOf(ctx, o);
  // Decided by the rows counted on the job pool: a long file's job starts before its rows are unpacked.
  const read = await readTableOffThread(ctx, bytes);
  if (read.rowCount <= JOB_ROWS) {
    return { status: 200 as const, body: await previewRows(ctx, await read.unpack(), o) };
  }
  return await startJob(ctx, "preview", read.rowCount, async (jobCtx, job) => ({
    preview: await previewRows(jobCtx, await read.unpack(), o, job),
  }));
}

/**
 * POST Import: a file of up to JOB_ROWS rows imported at once (200 {imported, added, updated, unchanged}); a
 * longer one as a job, answered 202 {jobId} at once and run in slices.
 */
export async function runImport(ctx: TenantContext, bytes: Uint8Array, o: ImportOptions) {
  targetOf(ctx, o);
  const read = await readTableOffThread(ctx, bytes);
  const rows = read.rowCount;
  if (rows <= JOB_ROWS) return { status: 200 as const, body: await importRows(ctx, await read.unpack(), o) };
  return await startJob(ctx, "import", rows, async (jobCtx, job) => {
    const result = await importRows(jobCtx, await read.unpack(), o, job);
    return { result, processed: result.added + result.updated + result.unchanged };
  });
}

/**
 * GET Import/{jobId}: a job of the caller's tenant (another's is 404). One this process does not know may
 * have been cut short by a process that ended: its run, taken back since, says so (import.interrupted).
 */
export async function importJob(ctx: TenantContext, id: string): Promise<ImportJob> {
  const job = jobs.get(id);
  if (job && job.tenant === ctx.tenant.dbUrl) return job;
  if (job) throw new AppError("record.notFoundOrNoPermission");
  const stored = await storedJob(ctx.conn.db, id, async () => {
    if (isLive(id)) return true;
    const run = await runState(ctx.conn.db, id);
    return !!run && run.state !== "interrupted";
  });
  if (stored) return { ...stored, tenant: ctx.tenant.dbUrl } as ImportJob;
  // A job of a process before its state was kept (migration 0043): its run says what became of it.
  const run = await runState(ctx.conn.db, id);
  if (!run) throw new AppError("record.notFoundOrNoPermission");
  return {
    id,
    tenant: ctx.tenant.dbUrl,
    kind: "import",
    // Still being taken back: the wizard keeps following it.
    status: run.state === "interrupted" ? "failed" : "running",
    phase: "importing",
    checked: run.total,
    processed: 0,
    total: run.total,
    ...(run.state === "interrupted" ? { error: new AppError("import.interrupted") } : {}),
  };
}

/** A stock file's rows against the products and locations they name (stock.ts). */
async function stockOf(
  ctx: TenantContext,
  table: Table,
  mapping: Record<string, string>,
  checked: Checked,
  o: ImportOptions,
) {
  const columnOf = new Map(Object.entries(mapping).map(([c, f]) => [f, c]));
  return await checkStock(ctx.conn.db, table, checked.given, columnOf, o.stockMode);
}

function columnOfField(mapping: Record<string, string>, field: string): string | null {
  return Object.entries(mapping).find(([, f]) => f === field.split(".")[0])?.[0] ?? null;
}

/**
 * GET config/importtemplate: a file headed by the record type's fields (required ones first), each by its
 * label in the user's language; the workbook's headings carry a note of what each column takes (a group's
 * name, a company's short name or tax ID, yes or no). A CSV is written with the list separator a
 * spreadsheet of that language expects (";" where the decimal mark is a comma).
 */
export async function importTemplate(
  ctx: TenantContext,
  type: (typeof importTypes)[number],
  format: "xlsx" | "csv",
) {
  const { fields } = targetOf(ctx, { recordType: type, mode: "add" });
  const ordered = [...fields.filter((f) => f.form?.required), ...fields.filter((f) => !f.form?.required)];
  const t = await textsOf(ctx.lang);
  const headings = headingsOf(ordered, t);
  if (format === "csv") {
    const delimiter = numberMarks(ctx.lang).decimal === "," ? ";" : ",";
    return {
      bytes: new TextEncoder().encode("\ufeff" + Papa.unparse([headings], { delimiter }) + "\r\n"),
      type: "text/csv; charset=utf-8",
    };
  }
  const book = new (await excelJs()).Workbook();
  // A sheet's name: at most 31 characters, none of those Excel keeps for itself.
  const sheet = book.addWorksheet(t.t(`importFile.type.${type}`).replace(/[[\]:*?/\\]/g, " ").slice(0, 31));
  sheet.addRow(headings);
  const header = sheet.getRow(1);
  header.font = { bold: true };
  ordered.forEach((f, i) => {
    header.getCell(i + 1).note = headingNote(f, t);
    sheet.getColumn(i + 1).width = Math.min(40, Math.max(12, headings[i].length + 2));
  });
  sheet.views = [{ state: "frozen", ySplit: 1 }];
  const buf = await book.xlsx.writeBuffer();
  return {
    bytes: new Uint8Array(buf as ArrayBuffer),
    type: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  };
}
