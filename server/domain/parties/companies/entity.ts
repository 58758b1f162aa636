// Companies (contractors, suppliers, recipients, carriers or transport, others). Business managers and
// administrators keep them, all staff read them, and a contractor user reads only their own company.
// Contractor users are tied to a company whose key role is contractor. A company anything links to cannot be
// deleted; a company cannot sit under itself or under one of its own descendants.
import { eq, inArray, sql } from "drizzle-orm";
import { type AnySQLiteColumn, index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import type { Db } from "../../../db/connection.ts";
import { AppError } from "../../../kernel/errors.ts";
import { COMPANY_GROUP, dictionaries } from "../../reference/dictionaries/entity.ts";
import { tags } from "../../reference/tags/entity.ts";
import { Resource } from "../../../engine/engine.ts";
import { addresses, addressText } from "../addresses/entity.ts";

/** carrier covers "carrier or transport". */
export const companyKeyRoles = ["contractor", "supplier", "recipient", "carrier", "other"] as const;

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
  index("companies_short_name_nocase").on(sql`${t.shortName} COLLATE NOCASE`),
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

/** Whether `ancestorId` is `startId` or above it in the company tree. */
async function isAncestorOrSelf(tx: Db, startId: number, ancestorId: number): Promise<boolean> {
  const seen = new Set<number>();
  let current: number | null = startId;
  while (current !== null && !seen.has(current)) {
    if (current === ancestorId) return true;
    seen.add(current);
    const [row]: { parentId: number | null }[] = await tx.select({ parentId: companies.parentId })
      .from(companies).where(eq(companies.id, current)).limit(1);
    current = row?.parentId ?? null;
  }
  return false;
}

/**
 * Whether records of another area need company `id` to keep its key role (its contractor or carrier users: the
 * access area registers that, `keepsCompanyRole`, since users name their company and not the other way round).
 */
type RoleKeeper = (tx: Db, id: number) => Promise<boolean>;
const roleKeepers: RoleKeeper[] = [];

export function keepsCompanyRole(keeper: RoleKeeper): void {
  if (!roleKeepers.includes(keeper)) roleKeepers.push(keeper);
}

async function checkCompany(
  tx: Db,
  values: Record<string, unknown>,
  old?: { id: number; keyRole?: unknown },
) {
  if (!old) return;
  const parentId = values.parentId as number | null;
  // The new parent must not be the company itself or anything beneath it.
  if (parentId !== null && await isAncestorOrSelf(tx, parentId, old.id)) {
    throw new AppError("validation.failed", { fields: { parentId: ["validation.invalidValue"] } });
  }
  // Contractor and carrier users need their company to keep its role.
  if ((old.keyRole === "contractor" || old.keyRole === "carrier") && values.keyRole !== old.keyRole) {
    for (const keeps of roleKeepers) {
      if (await keeps(tx, old.id)) {
        throw new AppError("validation.failed", { fields: { keyRole: ["validation.invalidValue"] } });
      }
    }
  }
}

const searched = "sort filter search show";
const bank = "group.company.bank";

export const company = new Resource({
  resource: "Company",
  table: companies,
  title: ["shortName"],
  sort: "shortName",
  keyColumns: ["shortName", "keyRole", "addressId"],
  writers: "manager",
  refusedAs: "company",
  unique: [{ fields: ["shortName"], nocase: true }],
  // Quick search through the FTS5 trigram index of migration 0009 (docs/decisions/0004-quick-search.md).
  search: "companies_search",
  fields: {
    shortName: { max: 100, upper: true, list: searched },
    fullName: { max: 255, list: searched },
    taxId: { max: 50, upper: true, list: searched },
    taxCountry: { max: 50, upper: true, list: "sort filter" },
    keyRole: { list: "sort filter show", formDefault: "contractor" },
    parentId: { display: "parentName", list: "filter" },
    addressId: { display: "addressText", titles: ["text", "city"], list: "filter show" },
    officeMail: { kind: "email", list: searched },
    officePhoneNumber: { kind: "phone", list: searched },
    websiteUrl: { url: true, list: true },
    logoUrl: { url: true },
    bankName: { max: 100, group: bank },
    bankAccountNumber: { max: 64, upper: true, group: bank },
    swift: { max: 11, upper: true, group: bank },
    paymentMethod: { max: 100, group: bank },
    tagIds: { link: { table: companyTags, names: "tagNames" }, list: true },
    groupIds: {
      link: { table: companyGroups, names: "groupNames" },
      only: { group: COMPANY_GROUP },
      list: true,
    },
    description: { kind: "textarea", max: 2000, list: "search" },
  },
  // A contractor user reads their own company and no other.
  readAccess: "user",
  scope: (actor) => actor.contractorId === null ? undefined : eq(companies.id, actor.contractorId),
  validate: (tx, _ctx, values, old) => checkCompany(tx, values, old),
  readExtra: async (db, rows) => {
    const ids = [...new Set(rows.map((r) => r.addressId).filter((v): v is number => v !== null))];
    const places = ids.length ? await db.select().from(addresses).where(inArray(addresses.id, ids)) : [];
    const address = new Map(places.map((a) => [a.id, addressText(a)]));
    return new Map(rows.map((r) => [r.id, {
      addressText: r.addressId === null ? null : address.get(r.addressId) ?? null,
    }]));
  },
});

export const companyMeta = company.meta;
