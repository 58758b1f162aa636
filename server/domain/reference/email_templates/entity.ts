// E-mail templates: the subject and body of a message the system sends, per language, found by code.
// Business managers and administrators keep them, all staff read them.
import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { languages } from "../../../../shared/i18n/api/contract.ts";
import { Resource } from "../../../engine/engine.ts";

/** Characters a body may hold. */
export const EMAIL_BODY_MAX = 200_000;

export const emailTemplates = sqliteTable("email_templates", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  name: text("name").notNull(),
  /** Upper-case, unique: how the sending code names the template. */
  code: text("code").notNull(),
  subject: text("subject").notNull(),
  /** HTML or plain text. */
  body: text("body").notNull(),
  language: text("language").notNull(),
  description: text("description"),
  createdAt: text("created_at").notNull(),
  updatedAt: text("updated_at").notNull(),
  version: integer("version").notNull().default(1),
}, (t) => [
  index("email_templates_code_nocase").on(sql`${t.code} COLLATE NOCASE`),
  index("email_templates_name").on(t.name, t.id),
  index("email_templates_code").on(t.code, t.id),
  index("email_templates_subject").on(t.subject, t.id),
  index("email_templates_language").on(t.language, t.id),
  index("email_templates_created_at").on(t.createdAt, t.id),
  index("email_templates_updated_at").on(t.updatedAt, t.id),
]);

export const emailTemplate = new Resource({
  resource: "EmailTemplate",
  table: emailTemplates,
  title: ["name", "code"],
  sort: "code",
  writers: "manager",
  unique: [{ fields: ["code"], nocase: true }],
  fields: {
    code: { max: 50, upper: true, list: "sort filter search show" },
    name: { max: 100, list: "sort filter search show" },
    language: { options: languages, list: "sort filter show" },
    subject: { max: 250, list: "sort filter search show" },
    body: { kind: "textarea", max: EMAIL_BODY_MAX },
    description: { kind: "textarea", max: 500 },
    createdAt: { list: "sort filter" },
    updatedAt: { list: "sort filter show" },
  },
});

export const emailTemplateMeta = emailTemplate.meta;
