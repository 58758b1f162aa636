import { type AnySQLiteColumn, index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

export const companyKeyRoles = ["contractor", "supplier", "recipient", "carrier", "other"] as const;

/**
 * Companies (contractors, suppliers, recipients, carriers). The platform needs them for contractor users;
 * the master-data work adds the address, tags, groups and the screens.
 */
export const companies = sqliteTable("companies", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  shortName: text("short_name").notNull(),
  fullName: text("full_name"),
  taxId: text("tax_id"),
  taxCountry: text("tax_country"),
  keyRole: text("key_role", { enum: companyKeyRoles }).notNull(),
  parentId: integer("parent_id").references((): AnySQLiteColumn => companies.id, { onDelete: "restrict" }),
  bankName: text("bank_name"),
  bankAccountNumber: text("bank_account_number"),
  swift: text("swift"),
  paymentMethod: text("payment_method"),
  officeMail: text("office_mail"),
  officePhoneNumber: text("office_phone_number"),
  websiteUrl: text("website_url"),
  logoUrl: text("logo_url"),
  description: text("description"),
  createdAt: text("created_at").notNull(),
  updatedAt: text("updated_at").notNull(),
  version: integer("version").notNull().default(1),
}, (t) => [
  index("companies_short_name").on(t.shortName, t.id),
  index("companies_key_role").on(t.keyRole, t.id),
  index("companies_parent").on(t.parentId),
]);
