// Importing records from a spreadsheet (issue 18): a record type's columns (its declaration's fields that a
// new record takes), a template file of them, the file read (read.ts), each header mapped to a field (by the
// caller, else guessed from the header), each cell turned into its field's value by the file's date and
// number formats, every row checked by the record's own add schema, and the rows added in one transaction:
// all or none. Unknown columns are ignored and named.
import ExcelJS from "exceljs";
import { z } from "zod";
import type { TenantContext } from "../../kernel/context.ts";
import { AppError } from "../../kernel/errors.ts";
import { demand } from "../../kernel/access.ts";
import type { FieldMeta } from "../../kernel/resource_meta.ts";
import { parseInput } from "../../kernel/validation.ts";
import { transactionWithEvents } from "../../hub/outbox.ts";
import { type AnyResource, resourcesByName } from "../resource/engine.ts";
import { readTable, type Table } from "./read.ts";
import { bookStock, checkStock, mayImportStock, stockFields, stockModes } from "./stock.ts";

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
/** Errors named at most (the first ones, by row). */
const MAX_ERRORS = 1000;

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
});
export type ImportOptions = z.output<typeof ImportOptions>;

export interface RowError {
  row: number;
  column: string | null;
  code: string;
}

function resourceOf(ctx: TenantContext, type: string): AnyResource {
  const resource = resourcesByName.get(type);
  if (!resource) {
    throw new AppError("validation.failed", { fields: { recordType: ["validation.invalidValue"] } });
  }
  // Importing adds records: whoever may add them.
  demand(resource.writeAccess, ctx.actor, "auth.forbidden");
  return resource;
}

/** What a record type's import fills: its resource's add fields, or the columns of a stock file. */
function targetOf(ctx: TenantContext, type: string): { resource: AnyResource | null; fields: FieldMeta[] } {
  if (type === "Stock") {
    mayImportStock(ctx);
    return { resource: null, fields: stockFields };
  }
  const resource = resourceOf(ctx, type);
  return { resource, fields: importFields(resource) };
}

/** The fields a column may fill: those a new record takes from a form, of a kind a cell can hold. */
export function importFields(resource: AnyResource): FieldMeta[] {
  return resource.meta.fields.filter((f: FieldMeta) => f.form?.add && KINDS.has(f.kind) && !f.writeOnly);
}

const norm = (s: string) =>
  s.normalize("NFKD").replace(/[\u0300-\u036f]/g, "").toLowerCase().replace(/[^a-z0-9]/g, "");

/** Each column's field: the caller's mapping, else the field whose name the header spells (any case, spaces). */
export function guessMapping(columns: string[], fields: FieldMeta[], given?: Record<string, string>) {
  const byName = new Map(fields.map((f) => [norm(f.name), f.name]));
  const known = new Set(fields.map((f) => f.name));
  // No prototype behind it: a column headed "constructor" or "__proto__" is a column like any other.
  const mapping: Record<string, string> = Object.create(null);
  const ignored: string[] = [];
  for (const c of columns) {
    const wanted = given && Object.hasOwn(given, c)
      ? given[c]
      : byName.get(norm(c)) ?? byName.get(norm(c) + "id");
    if (typeof wanted === "string" && known.has(wanted)) mapping[c] = wanted;
    else ignored.push(c);
  }
  return { mapping, ignored };
}

/** A cell's text as its field's value, by the file's formats; undefined: empty; null: not a value of it. */
export function cellValue(
  f: FieldMeta,
  text: string,
  o: Pick<ImportOptions, "dateFormat" | "decimalSeparator">,
): unknown {
  if (text === "") return undefined;
  switch (f.kind) {
    case "number":
    case "money":
    case "reference": {
      // A spreadsheet's number comes as JavaScript writes it; a typed one in the file's way: thousands
      // separators only in groups of three (a space, or the other mark), never a second decimal mark.
      if (/^-?\d+(\.\d+)?(e[-+]?\d+)?$/i.test(text) && (o.decimalSeparator === "." || !text.includes("."))) {
        return Number(text);
      }
      const [dec, group] = o.decimalSeparator === "," ? [",", "."] : [".", ","];
      const esc = (c: string) => (c === "." ? "\\." : c);
      const groupMark = `[${esc(group)}\\s\\u00a0]`;
      const grouped = new RegExp(`^-?\\d{1,3}(?:${groupMark}\\d{3})+(?:${esc(dec)}\\d+)?$`);
      const plain = new RegExp(`^-?\\d+(?:${esc(dec)}\\d+)?$`);
      if (!grouped.test(text) && !plain.test(text)) return null;
      return Number(text.replace(new RegExp(groupMark, "g"), "").replace(dec, "."));
    }
    case "boolean": {
      const v = norm(text);
      if (["1", "true", "yes", "tak", "ja", "oui", "si", "da", "x"].includes(v)) return true;
      if (["0", "false", "no", "nie", "nein", "non", "net"].includes(v)) return false;
      return null;
    }
    case "date": {
      if (/^\d{4}-\d{2}-\d{2}(T.*)?$/.test(text)) return text; // ISO, as a spreadsheet's dates are read
      const m = /^(\d{1,4})[./-](\d{1,2})[./-](\d{1,4})$/.exec(text);
      if (!m) return null;
      const [a, b, c] = [m[1], m[2], m[3]];
      const [y, mo, d] = o.dateFormat === "DMY" ? [c, b, a] : o.dateFormat === "MDY" ? [c, a, b] : [a, b, c];
      if (y.length !== 4) return null;
      return `${y}-${mo.padStart(2, "0")}-${d.padStart(2, "0")}`;
    }
    case "strings":
      return text.split(/[;|]/).map((s) => s.trim()).filter(Boolean);
    default:
      return text;
  }
}

interface Checked {
  total: number;
  /** Each valid row's input for the record's add (undefined for a bad row). */
  inputs: (Record<string, unknown> | undefined)[];
  errors: RowError[];
}

/** Every row turned into a record's input and checked by the add schema; the errors by row and column. */
function check(
  resource: AnyResource | null,
  importable: FieldMeta[],
  table: Table,
  mapping: Record<string, string>,
  o: ImportOptions,
): Checked {
  const fields = new Map(importable.map((f) => [f.name, f]));
  // A spreadsheet's numbers are numbers already: the file's decimal mark is for typed text (CSV) only.
  const formats = table.kind === "xlsx" ? { ...o, decimalSeparator: "." as const } : o;
  const columnOf = new Map(Object.entries(mapping).map(([c, f]) => [f, c]));
  const errors: RowError[] = [];
  const inputs = table.rows.map((row, i) => {
    const n = table.rowNumbers[i];
    const input: Record<string, unknown> = {};
    let bad = false;
    table.columns.forEach((c, ci) => {
      const name = mapping[c];
      if (!name) return;
      const v = cellValue(fields.get(name)!, row[ci], formats);
      if (v === null) {
        bad = true;
        if (errors.length < MAX_ERRORS) errors.push({ row: n, column: c, code: "validation.invalidValue" });
      } else if (v !== undefined) input[name] = v;
    });
    if (bad) return undefined;
    // Stock rows are checked against the products and locations they name (stock.ts).
    if (!resource) return input;
    try {
      return parseInput(resource.entity.create, input) as Record<string, unknown>;
    } catch (err) {
      const fieldsWrong = err instanceof AppError ? err.details.fields ?? {} : {};
      for (const [field, codes] of Object.entries(fieldsWrong)) {
        const top = field.split(".")[0];
        for (const code of codes) {
          if (errors.length < MAX_ERRORS) errors.push({ row: n, column: columnOf.get(top) ?? null, code });
        }
      }
      if (!Object.keys(fieldsWrong).length && errors.length < MAX_ERRORS) {
        errors.push({ row: n, column: null, code: "validation.invalidValue" });
      }
      return undefined;
    }
  });
  return { total: table.rows.length, inputs, errors };
}

/** POST Import/preview: the columns, their fields, the first rows as they would be added, every bad cell. */
export async function previewImport(ctx: TenantContext, bytes: Uint8Array, o: ImportOptions) {
  const { resource, fields } = targetOf(ctx, o.recordType);
  const table = await readTable(bytes);
  const { mapping, ignored } = guessMapping(table.columns, fields, o.mapping);
  const checked = check(resource, fields, table, mapping, o);
  if (!resource) checked.errors.push(...(await stockOf(ctx, table, mapping, checked, o)).errors);
  checked.errors.sort((a, b) => a.row - b.row);
  return {
    columns: table.columns,
    mapping,
    fields: fields.map((f) => f.name),
    rows: table.rows.slice(0, PREVIEW_ROWS).map((cells) =>
      Object.fromEntries(table.columns.map((c, i) => [c, cells[i]]))
    ),
    errors: checked.errors,
    ignoredColumns: ignored,
    total: checked.total,
  };
}

/** Files of more rows than this import as a job (202): their progress is read while they run. */
export const JOB_ROWS = 2_000;
/** Rows added between two turns of the event loop, so that other tenants' requests are answered meanwhile. */
const SLICE = 250;

const turn = () => new Promise((resolve) => setTimeout(resolve, 0));

export interface ImportJob {
  id: string;
  /** The tenant's database (unique to it, where ids of tenants of several control databases are not). */
  tenant: string;
  status: "running" | "done" | "failed";
  /** checking its rows, adding them. */
  phase: "checking" | "importing";
  processed: number;
  total: number;
  imported?: number;
  ignoredColumns?: string[];
  /** A failed job's error, as the import's answer would have carried it. */
  error?: AppError;
  finishedAt?: number;
}

/** This process's import jobs, by id; a finished one is kept an hour for its progress to be read. */
const jobs = new Map<string, ImportJob>();
const KEEP_MS = 3_600_000;

/** Every row added in one transaction, or none (import.invalidRows with the errors by row and column). */
async function importRows(ctx: TenantContext, table: Table, o: ImportOptions, job?: ImportJob) {
  const { resource, fields } = targetOf(ctx, o.recordType);
  const { mapping, ignored } = guessMapping(table.columns, fields, o.mapping);
  if (job) {
    job.phase = "checking";
    job.total = table.rows.length;
    await turn();
  }
  const checked = check(resource, fields, table, mapping, o);
  const stock = resource ? null : await stockOf(ctx, table, mapping, checked, o);
  if (stock) checked.errors.push(...stock.errors);
  if (checked.errors.length) {
    checked.errors.sort((a, b) => a.row - b.row);
    throw new AppError("import.invalidRows", {
      params: { count: checked.errors.length },
      rowErrors: checked.errors,
    });
  }
  if (job) job.phase = "importing";
  if (!resource) {
    const booked = await bookStock(ctx, stock!.rows, o.stockMode);
    return { imported: stock!.rows.length, ignoredColumns: ignored, documents: booked.documents };
  }
  await transactionWithEvents(ctx, async (tx, outbox) => {
    for (const [i, input] of checked.inputs.entries()) {
      try {
        await resource.addIn(tx, outbox, ctx, input!);
      } catch (err) {
        // A rule of the database (a unique value, a link) names the row, and nothing is kept.
        if (err instanceof AppError && err.status < 500) {
          const fields = Object.entries(err.details.fields ?? {});
          throw new AppError("import.invalidRows", {
            params: { count: 1 },
            rowErrors: fields.length
              ? fields.flatMap(([f, codes]) =>
                codes.map((code) => ({ row: table.rowNumbers[i], column: columnOfField(mapping, f), code }))
              )
              : [{ row: table.rowNumbers[i], column: null, code: err.code }],
          });
        }
        throw err;
      }
      if (job && (i + 1) % SLICE === 0) {
        job.processed = i + 1;
        await turn();
      }
    }
  });
  return { imported: checked.inputs.length, ignoredColumns: ignored };
}

/**
 * POST Import: a file of up to JOB_ROWS rows imported at once (200 {imported}); a longer one as a job,
 * answered 202 {jobId} at once and run in slices (GET Import/{jobId}: its progress, then its result).
 */
export async function runImport(ctx: TenantContext, bytes: Uint8Array, o: ImportOptions) {
  targetOf(ctx, o.recordType);
  const table = await readTable(bytes);
  const rows = table.rows.length;
  if (rows <= JOB_ROWS) return { status: 200 as const, body: await importRows(ctx, table, o) };
  for (const [id, j] of jobs) if (j.finishedAt && Date.now() - j.finishedAt > KEEP_MS) jobs.delete(id);
  const job: ImportJob = {
    id: crypto.randomUUID(),
    tenant: ctx.tenant.dbUrl,
    status: "running",
    phase: "checking",
    processed: 0,
    total: rows,
  };
  jobs.set(job.id, job);
  // The job outlives the request: it holds the tenant's connection itself until it ends.
  const lease = await ctx.platform.pool.acquire(ctx.tenant.dbUrl);
  void importRows({ ...ctx, conn: lease.conn }, table, o, job).then(
    (r) => {
      Object.assign(job, {
        status: "done",
        processed: r.imported,
        imported: r.imported,
        ignoredColumns: r.ignoredColumns,
      });
    },
    (err) => {
      job.status = "failed";
      job.error = err instanceof AppError ? err : new AppError("server.unknown", { cause: err });
      if (!(err instanceof AppError)) console.error(`import job ${job.id} of ${ctx.tenant.slug}`, err);
    },
  ).finally(() => {
    job.finishedAt = Date.now();
    lease.release();
  });
  return { status: 202 as const, body: { jobId: job.id, total: rows } };
}

/** GET Import/{jobId}: a job of the caller's tenant (another's, or one this process does not know, is 404). */
export function importJob(ctx: TenantContext, id: string): ImportJob {
  const job = jobs.get(id);
  if (!job || job.tenant !== ctx.tenant.dbUrl) throw new AppError("record.notFoundOrNoPermission");
  return job;
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
  return await checkStock(ctx.conn.db, table, checked.inputs, columnOf, o.stockMode);
}

function columnOfField(mapping: Record<string, string>, field: string): string | null {
  return Object.entries(mapping).find(([, f]) => f === field.split(".")[0])?.[0] ?? null;
}

/** GET config/importtemplate: a file with the record type's columns (required ones first) and no rows. */
export async function importTemplate(ctx: TenantContext, type: string, format: "xlsx" | "csv") {
  const { fields } = targetOf(ctx, type);
  const ordered = [...fields.filter((f) => f.form?.required), ...fields.filter((f) => !f.form?.required)]
    .map((f) => f.name);
  if (format === "csv") {
    return {
      bytes: new TextEncoder().encode("\ufeff" + ordered.join(",") + "\r\n"),
      type: "text/csv; charset=utf-8",
    };
  }
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet(type);
  sheet.addRow(ordered);
  sheet.getRow(1).font = { bold: true };
  const buf = await book.xlsx.writeBuffer();
  return {
    bytes: new Uint8Array(buf as ArrayBuffer),
    type: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  };
}
