import { integer, real, sqliteTable, text } from "drizzle-orm/sqlite-core";

/** The tenant's own account: one row (id 1). */
export const clientAccount = sqliteTable("client_account", {
  id: integer("id").primaryKey(),
  invoiceName: text("invoice_name").notNull(),
  taxId: text("tax_id"),
  /** JSON array of addresses (street, number, city, postalCode, province, country). */
  addresses: text("addresses").notNull().default("[]"),
  invoiceEmail: text("invoice_email"),
  subscriptionType: text("subscription_type").notNull().default("standard"),
  subscriptionCode: text("subscription_code"),
  monthlyDocumentLimit: integer("monthly_document_limit").notNull().default(1000),
  extraDocumentPriceEur: real("extra_document_price_eur").notNull().default(0.05),
  extraOperationsBudget: real("extra_operations_budget").notNull().default(0),
  theme: text("theme").notNull().default("light"),
  windowAnimations: integer("window_animations", { mode: "boolean" }).notNull().default(true),
  appTitle: text("app_title"),
  createdAt: text("created_at").notNull(),
  updatedAt: text("updated_at").notNull(),
  version: integer("version").notNull().default(1),
});

/** Logistics configuration (numbering schemas, switches, rules): one row (id 1), validated JSON. */
export const clientLogisticsConfig = sqliteTable("client_logistics_config", {
  id: integer("id").primaryKey(),
  data: text("data").notNull(),
  createdAt: text("created_at").notNull(),
  updatedAt: text("updated_at").notNull(),
  version: integer("version").notNull().default(1),
});
