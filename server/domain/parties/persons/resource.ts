// The Person (contact) resource: business managers and administrators keep contacts, all staff read them.
import type { Hono } from "hono";
import { inArray } from "drizzle-orm";
import type { Platform } from "../../../platform.ts";
import type { Env } from "../../../http/types.ts";
import { tags } from "../../records/tags/table.ts";
import { Resource } from "../../resource/engine.ts";
import { resourceRoutes } from "../../resource/routes.ts";
import { companies } from "../companies/table.ts";
import { persons, personTags } from "./table.ts";
import { personMeta } from "./meta.ts";
import { Person, PersonCreate, PersonUpdate } from "./contract.ts";

export const personResource = new Resource<Person, PersonCreate, PersonUpdate>({
  meta: personMeta,
  hub: "Person",
  table: persons,
  toDto: (row, links, extra) => ({
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    phoneNumber: row.phoneNumber,
    skype: row.skype,
    position: row.position,
    url: row.url,
    description: row.description,
    tagIds: links.tagIds,
    tagNames: (extra.tagNames as string[] | undefined) ?? [],
    companyId: row.companyId,
    companyName: (extra.companyName as string | undefined) ?? null,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    version: row.version,
  }),
  toRow: (input) => ({
    firstName: input.firstName,
    lastName: input.lastName,
    email: input.email,
    phoneNumber: input.phoneNumber,
    skype: input.skype,
    position: input.position,
    url: input.url,
    description: input.description,
    companyId: input.companyId,
  }),
  links: {
    tagIds: {
      table: personTags,
      owner: personTags.personId,
      target: personTags.tagId,
      targetTable: tags,
      targetId: tags.id,
      names: tags.name,
    },
  },
  references: { companyId: { column: persons.companyId, table: companies, id: companies.id } },
  readExtra: async (db, rows) => {
    const ids = [...new Set(rows.map((r) => r.companyId).filter((v): v is number => v !== null))];
    const found = ids.length
      ? await db.select({ id: companies.id, shortName: companies.shortName }).from(companies)
        .where(inArray(companies.id, ids))
      : [];
    const names = new Map(found.map((c) => [c.id, c.shortName]));
    return new Map(rows.map((r) => [r.id, { companyName: names.get(r.companyId) ?? null }]));
  },
});

export function personRoutes(app: Hono<Env>, platform: Platform): void {
  resourceRoutes(app, platform, personResource, {
    record: Person,
    create: PersonCreate,
    update: PersonUpdate,
  });
}
