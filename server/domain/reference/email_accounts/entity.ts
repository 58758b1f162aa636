// Outgoing e-mail accounts (SMTP), administrators only. The password is sealed with the platform's key,
// bound to the tenant, before it is stored (kernel/crypto.ts); answers and RecordLog entries carry only
// whether there is one.
import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { z } from "zod";
import { sealSecret } from "../../access/auth/keys.ts";
import { Resource } from "../../../engine/engine.ts";

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

/** What a sealed password is bound to (kernel/crypto.ts unseal): a value copied to another tenant does not open. */
export const passwordContext = (tenantId: number) => `EmailAccount.password:${tenantId}`;

export const emailAccount = new Resource({
  resource: "EmailAccount",
  table: emailAccounts,
  title: ["address", "smtpServer"],
  sort: "address",
  writers: "admin",
  readers: "admin",
  fields: {
    address: { kind: "email", list: "sort filter search show" },
    smtpServer: { max: 253, list: "sort filter search show" },
    smtpPort: { min: 1, max: 65535, formDefault: 587, list: "show" },
    useTls: { list: "show" },
    login: { max: 254, list: "sort filter search" },
    password: {
      kind: "password",
      // Empty or absent: no password on an add, the stored one kept on an edit.
      schema: z.string().max(256).nullish().transform((v) => (v ? v : null)),
      output: false,
      writeOnly: true,
    },
    hasPassword: { kind: "boolean", output: z.boolean(), input: false },
    description: { kind: "textarea", max: 500 },
    createdAt: { list: "sort filter" },
    updatedAt: { list: "sort filter show" },
  },
  toRecord: (row, record) => ({ ...record, hasPassword: row.password !== null }),
  toRow: (input, row, ctx, old) => ({
    ...row,
    password: input.password === null
      ? old?.password ?? null
      : sealSecret(ctx.services.keys, input.password as string, passwordContext(ctx.tenant.id)),
  }),
});

export const emailAccountMeta = emailAccount.meta;
