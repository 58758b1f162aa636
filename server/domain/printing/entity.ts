// Network label printers: a name, where they listen for raw jobs (TCP 9100, the JetDirect port Zebra and
// most label printers open), and their resolution, which ZPL is laid out in. One may be the default.
// Administrators keep them; every staff user reads them, to choose where to print. A printer of a site
// (sites/entity.ts) is reached through that site's print agent, never by the server itself; its language
// says whether it takes ZPL (a label printer) or PDF (the agent's system print queue).
import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { z } from "zod";
import { Resource } from "../../engine/engine.ts";
import { printSites } from "./sites/entity.ts";

export const printerLanguages = ["zpl", "pdf"] as const;

export const printers = sqliteTable("printers", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  name: text("name").notNull(),
  host: text("host").notNull(),
  port: integer("port").notNull().default(9100),
  /** Dots per inch (203, 300 or 600 on most label printers). */
  dpi: integer("dpi").notNull().default(203),
  isDefault: integer("is_default", { mode: "boolean" }).notNull().default(false),
  /** The site whose print agent reaches it; null: the server connects to it itself. */
  siteId: integer("site_id").references(() => printSites.id, { onDelete: "restrict" }),
  language: text("language", { enum: printerLanguages }).notNull().default("zpl"),
  description: text("description"),
  createdAt: text("created_at").notNull(),
  updatedAt: text("updated_at").notNull(),
  version: integer("version").notNull().default(1),
}, (t) => [
  index("printers_name_nocase").on(sql`${t.name} COLLATE NOCASE`),
  index("printers_name").on(t.name, t.id),
  index("printers_host").on(t.host, t.id),
  index("printers_is_default").on(t.isDefault, t.id),
  index("printers_site").on(t.siteId, t.id),
  index("printers_language").on(t.language, t.id),
  index("printers_created_at").on(t.createdAt, t.id),
  index("printers_updated_at").on(t.updatedAt, t.id),
  uniqueIndex("printers_one_default").on(t.isDefault).where(sql`${t.isDefault} = 1`),
]);

/** A host name or an address: letters, digits, dots, hyphens and colons (IPv6), nothing else. */
const host = z.string().trim().min(1).max(253).refine((v) => /^[A-Za-z0-9.:-]+$/.test(v), {
  params: { code: "validation.forbiddenCharacter" },
});

export const printer = new Resource({
  resource: "Printer",
  table: printers,
  title: ["name", "host"],
  sort: "name",
  writers: "admin",
  unique: [{ fields: ["name"], nocase: true }],
  fields: {
    name: { max: 100, list: "sort filter search show" },
    host: { schema: host, list: "sort filter search show" },
    port: { schema: z.number().int().min(1).max(65535).default(9100), formDefault: 9100, list: "show" },
    dpi: { schema: z.number().int().min(100).max(1200).default(203), formDefault: 203, list: "show" },
    isDefault: { list: "filter show" },
    siteId: { display: "siteName", list: "filter show" },
    language: {
      options: printerLanguages,
      schema: z.enum(printerLanguages).default("zpl"),
      formDefault: "zpl",
      list: "filter show",
    },
    description: { kind: "textarea", max: 500 },
    createdAt: { list: "sort filter" },
    updatedAt: { list: "sort filter show" },
  },
  alsoChanges: (values) =>
    values.isDefault === true
      ? { where: sql`${printers.isDefault} = 1`, set: { isDefault: false } }
      : undefined,
});

export const printerMeta = printer.meta;
