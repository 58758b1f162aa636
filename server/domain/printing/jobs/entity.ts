// Print jobs for printers reached through a site's print agent: made by POST Print (agent/queue.ts), kept
// while the agent is away, handed to it when it connects (sent), and finished by its report (printed or
// failed, with the reason). Staff read them (the print dialog follows its job live); nobody edits them. The
// bytes to print are kept apart (print_job_data), so that a list page never reads them, and dropped once the
// job is finished.
import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { Resource } from "../../../engine/engine.ts";
import { failureReasons } from "../../../print_agent/protocol.ts";
import { printers } from "../entity.ts";
import { printableTypes } from "../../../../shared/printing/sources.ts";

export const printJobStates = ["queued", "sent", "printed", "failed"] as const;
export type PrintJobState = (typeof printJobStates)[number];
export const printJobKinds = ["zpl", "pdf"] as const;

export const printJobs = sqliteTable("print_jobs", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  printerId: integer("printer_id").notNull().references(() => printers.id, { onDelete: "cascade" }),
  kind: text("kind", { enum: printJobKinds }).notNull(),
  /** What was printed (a layout type: product, storageSpace, ...) and how many labels or pages. */
  type: text("type", { enum: printableTypes as [string, ...string[]] }).notNull(),
  labels: integer("labels").notNull(),
  bytes: integer("bytes").notNull(),
  state: text("state", { enum: printJobStates }).notNull().default("queued"),
  failureReason: text("failure_reason", { enum: failureReasons }),
  failureDetail: text("failure_detail"),
  /** How many times it was handed to an agent (more than one: an agent went away before reporting). */
  attempts: integer("attempts").notNull().default(0),
  sentAt: text("sent_at"),
  finishedAt: text("finished_at"),
  createdByUserId: integer("created_by_user_id"),
  createdByName: text("created_by_name"),
  createdAt: text("created_at").notNull(),
  updatedAt: text("updated_at").notNull(),
  version: integer("version").notNull().default(1),
}, (t) => [
  index("print_jobs_state").on(t.state, t.id),
  index("print_jobs_printer").on(t.printerId, t.id),
  index("print_jobs_type").on(t.type, t.id),
  index("print_jobs_created_at").on(t.createdAt, t.id),
  index("print_jobs_finished_at").on(t.finishedAt, t.id),
  index("print_jobs_updated_at").on(t.updatedAt, t.id),
]);

/** The bytes of a job not yet finished (base64, as they travel to the agent). */
export const printJobData = sqliteTable("print_job_data", {
  jobId: integer("job_id").primaryKey().references(() => printJobs.id, { onDelete: "cascade" }),
  data: text("data").notNull(),
});

const listed = "sort filter show" as const;

export const printJob = new Resource({
  resource: "PrintJob",
  table: printJobs,
  title: ["id"],
  sort: "-id",
  keyColumns: ["id", "state"],
  readOnly: true,
  fields: {
    id: { list: "sort filter show" },
    state: { options: printJobStates, list: "filter show" },
    printerId: { display: "printerName", list: "filter show" },
    type: { options: printableTypes, list: "filter show" },
    labels: { list: "show" },
    kind: { options: printJobKinds, list: "show" },
    bytes: { unit: "B" },
    failureReason: { options: failureReasons, list: "show" },
    failureDetail: { list: "show" },
    attempts: {},
    createdByName: { list: "show" },
    createdAt: { list: listed },
    sentAt: { kind: "date" },
    finishedAt: { kind: "date", list: listed },
    createdByUserId: { output: false, meta: false },
    updatedAt: { list: "sort filter" },
  },
});

export const printJobMeta = printJob.meta;
