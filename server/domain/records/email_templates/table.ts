import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

/** E-mail templates: the subject and body of a message the system sends, per language, found by code. */
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
  index("email_templates_name").on(t.name, t.id),
  index("email_templates_code").on(t.code, t.id),
  index("email_templates_subject").on(t.subject, t.id),
  index("email_templates_language").on(t.language, t.id),
  index("email_templates_created_at").on(t.createdAt, t.id),
  index("email_templates_updated_at").on(t.updatedAt, t.id),
]);
