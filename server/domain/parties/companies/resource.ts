// The Company resource: business managers and administrators keep companies, all staff read them, and a
// contractor user reads only their own company. A company that users, persons or child companies refer to
// cannot be deleted; a company cannot sit under itself or under one of its own descendants.
import type { Hono } from "hono";
import { eq, inArray, sql } from "drizzle-orm";
import type { Platform } from "../../../platform.ts";
import type { Env } from "../../../http/types.ts";
import type { Db } from "../../../db/connection.ts";
import { AppError } from "../../../kernel/errors.ts";
import { users } from "../../access/users/table.ts";
import { dictionaries } from "../../records/dictionaries/table.ts";
import { COMPANY_GROUP } from "../../records/dictionaries/meta.ts";
import { tags } from "../../records/tags/table.ts";
import { Resource } from "../../resource/engine.ts";
import { resourceRoutes } from "../../resource/routes.ts";
import { addresses } from "../addresses/table.ts";
import { addressText } from "../addresses/resource.ts";
import { persons } from "../persons/table.ts";
import { companies, companyGroups, companyTags } from "./table.ts";
import { companyMeta } from "./meta.ts";
import { Company, CompanyCreate, CompanyUpdate } from "./contract.ts";
import { wmsDocuments } from "../../stock/documents/table.ts";

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
  // Contractor users need their company to stay a contractor.
  if (old.keyRole === "contractor" && values.keyRole !== "contractor") {
    const [user] = await tx.select({ id: users.id }).from(users)
      .where(eq(users.connectedContractorId, old.id)).limit(1);
    if (user) throw new AppError("validation.failed", { fields: { keyRole: ["validation.invalidValue"] } });
  }
}

export const companyResource = new Resource<Company, CompanyCreate, CompanyUpdate>({
  meta: companyMeta,
  hub: "Company",
  table: companies,
  toDto: (row, links, extra) => ({
    id: row.id,
    shortName: row.shortName,
    fullName: row.fullName,
    taxId: row.taxId,
    taxCountry: row.taxCountry,
    keyRole: row.keyRole,
    parentId: row.parentId,
    parentName: (extra.parentName as string | undefined) ?? null,
    bankName: row.bankName,
    bankAccountNumber: row.bankAccountNumber,
    swift: row.swift,
    paymentMethod: row.paymentMethod,
    officeMail: row.officeMail,
    officePhoneNumber: row.officePhoneNumber,
    websiteUrl: row.websiteUrl,
    logoUrl: row.logoUrl,
    tagIds: links.tagIds,
    tagNames: (extra.tagNames as string[] | undefined) ?? [],
    groupIds: links.groupIds,
    groupNames: (extra.groupNames as string[] | undefined) ?? [],
    description: row.description,
    addressId: row.addressId,
    addressText: (extra.addressText as string | undefined) ?? null,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    version: row.version,
  }),
  toRow: (input) => ({
    shortName: input.shortName,
    fullName: input.fullName,
    taxId: input.taxId,
    taxCountry: input.taxCountry,
    keyRole: input.keyRole,
    parentId: input.parentId,
    bankName: input.bankName,
    bankAccountNumber: input.bankAccountNumber,
    swift: input.swift,
    paymentMethod: input.paymentMethod,
    officeMail: input.officeMail,
    officePhoneNumber: input.officePhoneNumber,
    websiteUrl: input.websiteUrl,
    logoUrl: input.logoUrl,
    description: input.description,
    addressId: input.addressId,
  }),
  links: {
    tagIds: {
      table: companyTags,
      owner: companyTags.companyId,
      target: companyTags.tagId,
      targetTable: tags,
      targetId: tags.id,
      names: tags.name,
    },
    groupIds: {
      table: companyGroups,
      owner: companyGroups.companyId,
      target: companyGroups.dictionaryId,
      targetTable: dictionaries,
      targetId: dictionaries.id,
      names: dictionaries.value,
      targetWhere: sql`${dictionaries.group} = ${COMPANY_GROUP} COLLATE NOCASE`,
    },
  },
  references: {
    parentId: { column: companies.parentId, table: companies, id: companies.id },
    addressId: { column: companies.addressId, table: addresses, id: addresses.id },
  },
  // Quick search through the FTS5 trigram index of migration 0009 (docs/decisions/0004-quick-search.md).
  search: {
    table: "companies_search",
    fields: ["shortName", "fullName", "taxId", "officeMail", "officePhoneNumber", "description"],
  },
  unique: [{ columns: [companies.shortName], fields: ["shortName"], caseInsensitive: true }],
  dependents: [
    { column: users.connectedContractorId, variant: "company" },
    { column: persons.companyId, variant: "company" },
    { column: companies.parentId, variant: "company" },
    { column: wmsDocuments.contractorId, variant: "company" },
  ],
  // A contractor user reads their own company and no other.
  canRead: () => true,
  scope: (actor) => actor.contractorId === null ? undefined : eq(companies.id, actor.contractorId),
  validate: (tx, _ctx, values, old) => checkCompany(tx, values, old),
  readExtra: async (db, rows) => {
    const parentIds = [...new Set(rows.map((r) => r.parentId).filter((v): v is number => v !== null))];
    const addressIds = [...new Set(rows.map((r) => r.addressId).filter((v): v is number => v !== null))];
    const parents = parentIds.length
      ? await db.select({ id: companies.id, shortName: companies.shortName }).from(companies)
        .where(inArray(companies.id, parentIds))
      : [];
    const places = addressIds.length
      ? await db.select().from(addresses).where(inArray(addresses.id, addressIds))
      : [];
    const parentName = new Map(parents.map((p) => [p.id, p.shortName]));
    const address = new Map(places.map((a) => [a.id, addressText(a)]));
    return new Map(rows.map((r) => [r.id, {
      parentName: r.parentId === null ? null : parentName.get(r.parentId) ?? null,
      addressText: r.addressId === null ? null : address.get(r.addressId) ?? null,
    }]));
  },
});

export function companyRoutes(app: Hono<Env>, platform: Platform): void {
  resourceRoutes(app, platform, companyResource, {
    record: Company,
    create: CompanyCreate,
    update: CompanyUpdate,
  });
}
