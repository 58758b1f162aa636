// Printing records with a layout: the records read through their own resource (the caller's access and
// scope), a document's or an order's positions beside it, the layout chosen or the type's default, drawn as
// a PDF or as ZPL, and sent to a network printer in its language: by the server itself (send.ts), or, for
// a printer of a site, queued for that site's print agent (agent/queue.ts). Labels for the locations the
// generator made, a receipt's containers and a production's products are this call with their ids (and,
// for a production, each label's quantity and dates).
import { and, eq } from "drizzle-orm";
import { z } from "zod";
import type { TenantContext } from "../../kernel/context.ts";
import { AppError, fieldError } from "../../kernel/errors.ts";
import { TimeZone } from "../../kernel/time.ts";
import { optDate } from "../../engine/fields.ts";
import { resourcesByName } from "../../engine/engine.ts";
import { printLayouts } from "../reference/print_layouts/entity.ts";
import { gtin14, type Layout, parseLayout, type Values } from "./layout.ts";
import type { PrintItem, RenderJob } from "./render.ts";
import { runJob } from "../../kernel/jobs/contract.ts";
import { printers } from "./entity.ts";
import { sendRaw } from "./send.ts";
import { egressOf } from "../../kernel/egress/egress.ts";
import { enqueue, MAX_JOB_BYTES } from "./agent/queue.ts";
import type { PrintJobState } from "./jobs/entity.ts";
import {
  type PrintableType,
  printableTypes,
  printSources,
  printTypeOfResource,
} from "../../../shared/printing/sources.ts";

const sources = printSources;
export { type PrintableType, printableTypes, printTypeOfResource };

/** Values a label may carry beside its record's (a production's label: how much, made when, which lot). */
const ItemValues = z.object({
  quantity: z.number().min(0).max(1e12).optional(),
  productionDate: optDate.optional(),
  expiryDate: optDate.optional(),
  serialNumber: z.string().trim().max(100).optional(),
}).strict();

export const PrintRequest = z.object({
  type: z.enum(printableTypes as [PrintableType, ...PrintableType[]]),
  items: z.array(z.object({
    id: z.number().int().positive(),
    copies: z.number().int().min(1).max(100).default(1),
    values: ItemValues.optional(),
  })).min(1).max(1000),
  /** A layout of the type; the type's default when absent. */
  layoutId: z.number().int().positive().optional(),
  format: z.enum(["pdf", "zpl"]).default("pdf"),
  /**
   * Send the job to this printer instead of answering it (`0`: the default printer), in the printer's
   * language (ZPL or PDF); `format` is then not read.
   */
  printerId: z.number().int().min(0).optional(),
  /** The reader's time zone (IANA), for the instants a layout shows; UTC when absent. */
  timeZone: TimeZone.optional(),
});
export type PrintRequest = z.output<typeof PrintRequest>;

export const PreviewRequest = z.object({
  type: z.enum(printableTypes as [PrintableType, ...PrintableType[]]),
  /** The layout as the editor holds it, saved or not. */
  content: z.string().min(1).max(1_000_000),
  /** The record to show it with; the first of the type when absent. */
  id: z.number().int().positive().optional(),
  /** The reader's time zone (IANA), for the instants a layout shows; UTC when absent. */
  timeZone: TimeZone.optional(),
});

function layoutOf(content: string): Layout {
  const parsed = parseLayout(content);
  if ("problem" in parsed) throw new AppError("print.invalidLayout", { params: { detail: parsed.problem } });
  return parsed.layout;
}

/** The layout asked for (of the type), or the type's default: the spec's "missing default label layout". */
async function chooseLayout(ctx: TenantContext, type: PrintableType, layoutId?: number) {
  const db = ctx.conn.db;
  const [row] = await db.select().from(printLayouts).where(
    layoutId !== undefined
      ? and(eq(printLayouts.id, layoutId), eq(printLayouts.type, type))
      : and(eq(printLayouts.type, type), eq(printLayouts.isDefault, true)),
  ).limit(1);
  if (!row) {
    if (layoutId !== undefined) throw new AppError("record.notFoundOrNoPermission");
    throw new AppError("print.noDefaultLayout", { params: { type } });
  }
  return { name: row.name, layout: layoutOf(row.content) };
}

/** A record's values for the placeholders: its own, and what labels commonly need of it. */
async function itemOf(
  ctx: TenantContext,
  type: PrintableType,
  id: number,
): Promise<Omit<PrintItem, "copies">> {
  const source = sources[type];
  const resource = resourcesByName.get(source.resource)!;
  const record = await resource.get(ctx, id) as Values;
  const values: Values = { ...record };
  if (type === "product") {
    const first = Array.isArray(record.barcodes) ? record.barcodes[0] : undefined;
    values.barcode = first ?? null;
    values.gtin = gtin14(first);
  }
  const rows: Values[] = [];
  if ("positions" in source) {
    const positions = resourcesByName.get(source.positions.resource)!;
    const filter = JSON.stringify([{ field: source.positions.by, operator: "eq", value: id }]);
    for await (
      const chunk of positions.walk(ctx, { sortDescending: false, BasicFiltersSerialized: filter })
    ) {
      rows.push(...(chunk as Values[]));
    }
  }
  return { values, rows };
}

/** The items of a request, read in its order (each through its resource: another's record is 404). */
async function itemsOf(ctx: TenantContext, req: PrintRequest): Promise<PrintItem[]> {
  const items: PrintItem[] = [];
  for (const it of req.items) {
    const { values, rows } = await itemOf(ctx, req.type, it.id);
    items.push({ values: { ...values, ...it.values }, rows, copies: it.copies });
  }
  return items;
}

/** A printout drawn on the job pool (never this thread); past its limits 413 request.tooLarge. */
function render(ctx: TenantContext, job: Omit<RenderJob, "lang">): Promise<Uint8Array> {
  return runJob<Uint8Array>(ctx, new URL("./render.ts", import.meta.url), { ...job, lang: ctx.lang }, {
    refusal: { code: "request.tooLarge", params: { limit: `${MAX_LABELS}` } },
  });
}

/** Most labels or pages one job makes. */
export const MAX_LABELS = 2000;

export type PrintAnswer =
  | { kind: "file"; body: Uint8Array; contentType: string; name: string }
  | {
    kind: "sent";
    printer: string;
    labels: number;
    bytes: number;
    /** A printer of a site: the job queued for its agent (its state then follows: GET PrintJob/{id}). */
    job?: { id: number; state: PrintJobState };
  };

/** POST Print: the records printed with the layout, as a file or sent to a printer. */
export async function print(ctx: TenantContext, req: PrintRequest): Promise<PrintAnswer> {
  // The printer and the layout first: a job without either fails before anything is read.
  let target: typeof printers.$inferSelect | undefined;
  if (req.printerId !== undefined) {
    [target] = await ctx.conn.db.select().from(printers).where(
      req.printerId === 0 ? eq(printers.isDefault, true) : eq(printers.id, req.printerId),
    ).limit(1);
    if (!target) throw new AppError("print.printerNotFound");
  }
  if (req.items.reduce((a, i) => a + i.copies, 0) > MAX_LABELS) {
    throw fieldError({ items: ["validation.tooLarge"] });
  }
  const { name, layout } = await chooseLayout(ctx, req.type, req.layoutId);
  const items = await itemsOf(ctx, req);
  const labels = items.reduce((a, i) => a + i.copies, 0);
  const drawn = { layout, items, timeZone: req.timeZone, title: name };
  if (target) {
    const job = await render(ctx, { ...drawn, format: target.language, dpi: target.dpi });
    if (target.siteId !== null) {
      // A printer of a site is reached only through the site's print agent: the job waits in its queue.
      if (job.byteLength > MAX_JOB_BYTES) throw fieldError({ items: ["validation.tooLarge"] });
      const queued = await enqueue(ctx, {
        printerId: target.id,
        kind: target.language,
        type: req.type,
        labels,
        data: job,
      });
      return {
        kind: "sent",
        printer: target.name,
        labels,
        bytes: job.byteLength,
        job: { id: queued.id, state: queued.state },
      };
    }
    await sendRaw(egressOf(ctx.services.config), target, job);
    return { kind: "sent", printer: target.name, labels, bytes: job.byteLength };
  }
  const file = `${req.type}-${new Date().toISOString().slice(0, 10)}`;
  if (req.format === "zpl") {
    return {
      kind: "file",
      body: await render(ctx, { ...drawn, format: "zpl", dpi: 203 }),
      contentType: "text/plain; charset=utf-8",
      name: `${file}.zpl`,
    };
  }
  return {
    kind: "file",
    body: await render(ctx, { ...drawn, format: "pdf", dpi: 203 }),
    contentType: "application/pdf",
    name: `${file}.pdf`,
  };
}

/** POST Print/preview: an unsaved layout drawn with one record (or the type's first, or none), as a PDF. */
export async function preview(ctx: TenantContext, req: z.output<typeof PreviewRequest>): Promise<Uint8Array> {
  const layout = layoutOf(req.content);
  let id = req.id;
  if (id === undefined) {
    const resource = resourcesByName.get(sources[req.type].resource)!;
    const first = await resource.list(ctx, { PageNumber: 1, PageSize: 1, sortDescending: false });
    id = (first.results[0] as { id?: number } | undefined)?.id;
  }
  const item = id === undefined ? { values: {}, rows: [] } : await itemOf(ctx, req.type, id);
  return await render(ctx, {
    format: "pdf",
    layout,
    items: [{ ...item, copies: 1 }],
    timeZone: req.timeZone,
    title: "preview",
    dpi: 203,
  });
}
