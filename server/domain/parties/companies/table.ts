import { type AnySQLiteColumn, index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { addresses } from "../addresses/table.ts";
import { tags } from "../../records/tags/table.ts";
import { dictionaries } from "../../records/dictionaries/table.ts";
import { companyKeyRoles } from "./meta.ts";

export { companyKeyRoles };

/**
 * Companies (contractors, suppliers, recipients, carriers or transport, others). Contractor users are tied
 * to a company whose key role is contractor.
 */
export const companies = sqliteTable("companies", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  /** Saved in capitals, unique without regard to case. */
  shortName: text("short_name").notNull(),
  fullName: text("full_name"),
  /** Saved in capitals. */
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
  addressId: integer("address_id").references(() => addresses.id, { onDelete: "restrict" }),
  createdAt: text("created_at").notNull(),
  updatedAt: text("updated_at").notNull(),
  version: integer("version").notNull().default(1),
}, (t) => [
  index("companies_short_name").on(t.shortName, t.id),
  index("companies_key_role").on(t.keyRole, t.id),
  index("companies_parent").on(t.parentId),
  index("companies_full_name").on(t.fullName, t.id),
  index("companies_tax_id").on(t.taxId, t.id),
  index("companies_tax_country").on(t.taxCountry, t.id),
  index("companies_office_mail").on(t.officeMail, t.id),
  index("companies_office_phone").on(t.officePhoneNumber, t.id),
  index("companies_address").on(t.addressId, t.id),
  index("companies_created_at").on(t.createdAt, t.id),
  index("companies_updated_at").on(t.updatedAt, t.id),
]);

export const companyTags = sqliteTable("company_tags", {
  companyId: integer("company_id").notNull().references(() => companies.id, { onDelete: "cascade" }),
  tagId: integer("tag_id").notNull().references(() => tags.id, { onDelete: "restrict" }),
}, (t) => [
  primaryKey({ columns: [t.companyId, t.tagId] }),
  index("company_tags_tag").on(t.tagId, t.companyId),
]);

/** A company's groups: Dictionary entries of the group `companyGroup`. */
export const companyGroups = sqliteTable("company_groups", {
  companyId: integer("company_id").notNull().references(() => companies.id, { onDelete: "cascade" }),
  dictionaryId: integer("dictionary_id").notNull().references(() => dictionaries.id, {
    onDelete: "restrict",
  }),
}, (t) => [
  primaryKey({ columns: [t.companyId, t.dictionaryId] }),
  index("company_groups_dictionary").on(t.dictionaryId, t.companyId),
]);
