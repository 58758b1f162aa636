// The export of a list (GET {list}/export): the list's own filter and sort, the columns asked for (its
// visible ones by default), written as CSV, XLSX or PDF while the rows are walked in chunks
// (kernel/list.ts walkList). Headers, a PDF's cells and the summary are in the caller's language.
import { z } from "zod";
import type { TenantContext } from "../../kernel/context.ts";
import type { FieldMeta, ResourceMeta } from "../../../shared/resources/meta.ts";
import { listQuerySchema } from "../../kernel/list.ts";
import { AppError } from "../../kernel/errors.ts";
import { TimeZone } from "../../kernel/time.ts";
import { fileHeaders } from "../../engine/http/download.ts";
import { clientAccount } from "../config/account/entity.ts";
import type { Translator } from "../../../shared/i18n/mod.ts";
import type { Row } from "../../../shared/list/format.ts";

export type { Exportable } from "../../engine/routes.ts";
import type { Exportable } from "../../engine/routes.ts";

/** The list's own query without its paging (the whole list goes), and how to write it. */
export const ExportQuery = listQuerySchema.omit({ PageNumber: true, PageSize: true }).extend({
  format: z.enum(["csv", "xlsx", "pdf"]).default("csv"),
  /** Field names, comma-separated; the list's visible columns when absent. */
  columns: z.string().max(4000).optional(),
  /** The reader's time zone (IANA), for the times a PDF shows; UTC when absent. */
  timeZone: TimeZone.optional(),
});
export type ExportQuery = z.output<typeof ExportQuery>;

/** The fields a list may export: its columns, but never a secret. */
export function exportableFields(meta: ResourceMeta): FieldMeta[] {
  return meta.fields.filter((f) => f.list && !f.writeOnly && f.kind !== "password");
}

/** The columns asked for, in the order asked, or the list's visible ones; an unknown name is a bad query. */
export function exportColumns(meta: ResourceMeta, asked: string | undefined): FieldMeta[] {
  const fields = exportableFields(meta);
  if (asked === undefined || asked.trim() === "") {
    const visible = fields.filter((f) => f.list?.visible);
    return visible.length ? visible : fields;
  }
  const byName = new Map(fields.map((f) => [f.name, f]));
  const names = [...new Set(asked.split(",").map((n) => n.trim()).filter(Boolean))];
  return names.map((name) => {
    const f = byName.get(name);
    if (!f) {
      throw new AppError("request.badQuery", {
        params: { detail: `"${name}" is not a column of this list` },
      });
    }
    return f;
  });
}

function fileName(meta: ResourceMeta, format: string): string {
  const day = new Date().toISOString().slice(0, 10);
  return `${meta.resource.replace(/[^A-Za-z0-9]+/g, "-")}-${day}.${format}`;
}

/**
 * A list served by a function of its own (a report with parameters of its own) walked page by page through
 * that function, 1,000 rows a page: its offset paging sees rows added or removed meanwhile as its pages do.
 */
export function pagedExportable<Q>(
  meta: Exportable["meta"],
  list: (ctx: TenantContext, query: Q) => Promise<{ results: unknown[]; allFilteredRowCount: number }>,
): Exportable {
  return {
    meta,
    count: async (ctx, query) =>
      (await list(ctx, { ...query, PageNumber: 1, PageSize: 1 } as unknown as Q)).allFilteredRowCount,
    walk: async function* (ctx, query) {
      for (let page = 1;; page++) {
        const { results } = await list(ctx, { ...query, PageNumber: page, PageSize: 1000 } as unknown as Q);
        if (results.length) yield results as (Record<string, unknown> & { id: number })[];
        if (results.length < 1000) return;
      }
    },
  };
}

/** The export's answer: the file, streamed; 422 export.tooManyRows before any byte when a PDF would be too long. */
export async function exportList(
  ctx: TenantContext,
  exportable: Exportable,
  query: ExportQuery & Record<string, unknown>,
): Promise<Response> {
  const meta = typeof exportable.meta === "function" ? exportable.meta(query) : exportable.meta;
  const list = { ...exportable, meta };
  const { exportStream, contentTypes, PDF_MAX_ROWS } = await import("./write.ts");
  const { translator } = await import("../../../shared/i18n/mod.ts");
  const fields = exportColumns(list.meta, query.columns);
  // The list's own parameters go along (includeZero, dateFrom, ...); the export's stay here.
  const { format: _format, columns: _columns, timeZone: _timeZone, ...walkQuery } = query;
  // The count first: it checks the filter and the sort before the answer starts.
  const count = await list.count(ctx, walkQuery);
  if (query.format === "pdf" && count > PDF_MAX_ROWS) {
    throw new AppError("export.tooManyRows", { params: { max: PDF_MAX_ROWS } });
  }
  // A PDF's instants in the reader's time zone (the export's own parameter; UTC when it is not given).
  const t = translator(ctx.lang, query.timeZone ?? "UTC");
  const [account] = await ctx.conn.db.select({ currency: clientAccount.baseCurrency }).from(clientAccount)
    .limit(1);
  const label = (f: FieldMeta) => t.t(f.labelKey as Parameters<typeof t.t>[0]);
  const title = t.t(list.meta.nameKey as Parameters<typeof t.t>[0]);
  const filters = describeFilters(list.meta, query.BasicFiltersSerialized, label, t);
  const sortField = list.meta.fields.find((f) =>
    f.name === (query.sortColumn ?? list.meta.defaultSort.column)
  );
  const descending = query.sortColumn === undefined ? list.meta.defaultSort.descending : query.sortDescending;
  const summary: [string, string][] = [
    [t.t("export.list"), title],
    [t.t("export.rows"), t.number(count)],
    [t.t("export.filters"), filters || t.t("export.noFilters")],
    [
      t.t("export.sort"),
      sortField ? `${label(sortField)} ${t.t(descending ? "export.descending" : "export.ascending")}` : "",
    ],
    [t.t("export.columns"), fields.map(label).join(", ")],
    [t.t("export.exportedBy"), ctx.actor.username],
    [t.t("export.exportedAt"), t.instant(new Date())],
  ];
  // The rows are read after this answer has begun, past the request's own hold on the tenant's connection:
  // the walk holds one of its own until it ends, fails or the reader goes away.
  const lease = await ctx.services.pool.acquire(ctx.tenant.dbUrl);
  const leased: TenantContext = { ...ctx, conn: lease.conn };
  let started = false;
  async function* walked() {
    started = true;
    try {
      yield* list.walk(leased, walkQuery);
    } finally {
      lease.release();
    }
  }
  const walk = walked();
  // Ended before its first chunk (the reader gone while the export waited for a writer's thread), the
  // generator never runs its body, nor its `finally`: the lease is given back here (once, whichever).
  const chunks: AsyncIterator<Row[]> = {
    next: () => walk.next(),
    return: (value?: unknown) => {
      if (!started) lease.release();
      return walk.return(value as undefined);
    },
  };
  let body: ReadableStream<Uint8Array>;
  try {
    body = await exportStream(query.format, {
      title,
      columns: fields.map((field) => ({ field, label: label(field) })),
      t,
      currency: account?.currency ?? "EUR",
      summary,
    }, chunks);
  } catch (err) {
    await chunks.return!();
    throw err;
  }
  const name = fileName(list.meta, query.format);
  return new Response(body, {
    headers: fileHeaders(contentTypes[query.format], "attachment", name, { "x-total-count": String(count) }),
  });
}

/**
 * The list's filters as a reader sees them ("Name contains milk; Unit = kg; Expiry date < 12/15/2026"); the
 * quick search too.
 */
function describeFilters(
  meta: ResourceMeta,
  serialized: string | undefined,
  label: (f: FieldMeta) => string,
  t: Translator,
): string {
  if (!serialized) return "";
  const parsed = JSON.parse(serialized) as { field: string; operator: string; value?: unknown }[];
  return parsed.map(({ field, operator, value }) => {
    const f = meta.fields.find((x) => x.name === field);
    // A date's value in the one date or instant format, as the list's cells show it.
    const one = (v: unknown) =>
      f?.kind === "date" && typeof v === "string" ? (f.day ? t.day(v) : t.instant(v)) : String(v);
    const shown = value === undefined
      ? ""
      : ` ${Array.isArray(value) ? value.map(one).join(", ") : one(value)}`;
    return `${field === "*" ? "*" : f ? label(f) : field} ${operator}${shown}`;
  }).join("; ");
}
