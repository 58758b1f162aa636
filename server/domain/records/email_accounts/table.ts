import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

/** Outgoing e-mail accounts (SMTP). The password is stored sealed (kernel/crypto.ts), never in clear. */
export const emailAccounts = sqliteTable("email_accounts", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  smtpServer: text("smtp_server").notNull(),
  smtpPort: integer("smtp_port").notNull(),
  login: text("login"),
  /** AES-256-GCM, bound to the tenant and the column; null when the account has no password. */
  password: text("password"),
  address: text("address").notNull(),
  useTls: integer("use_tls", { mode: "boolean" }).notNull().default(true),
  description: text("description"),
  createdAt: text("created_at").notNull(),
  updatedAt: text("updated_at").notNull(),
  version: integer("version").notNull().default(1),
}, (t) => [
  index("email_accounts_smtp_server").on(t.smtpServer, t.id),
  index("email_accounts_login").on(t.login, t.id),
  index("email_accounts_address").on(t.address, t.id),
  index("email_accounts_created_at").on(t.createdAt, t.id),
  index("email_accounts_updated_at").on(t.updatedAt, t.id),
]);
