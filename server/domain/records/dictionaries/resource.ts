// The Dictionary resource: business managers and administrators keep the entries, all staff read them.
// A code is unique within its group; an entry used as a company group cannot be deleted.
import type { Hono } from "hono";
import type { Platform } from "../../../platform.ts";
import type { Env } from "../../../http/types.ts";
import { companyGroups } from "../../parties/companies/table.ts";
import { Resource } from "../../resource/engine.ts";
import { resourceRoutes } from "../../resource/routes.ts";
import { tags } from "../tags/table.ts";
import { dictionaries, dictionaryTags } from "./table.ts";
import { dictionaryMeta } from "./meta.ts";
import { Dictionary, DictionaryCreate, DictionaryUpdate } from "./contract.ts";

export const dictionaryResource = new Resource<Dictionary, DictionaryCreate, DictionaryUpdate>({
  meta: dictionaryMeta,
  hub: "Dictionary",
  table: dictionaries,
  toDto: (row, links, extra) => ({
    id: row.id,
    code: row.code,
    value: row.value,
    group: row.group,
    description: row.description,
    tagIds: links.tagIds,
    tagNames: (extra.tagNames as string[] | undefined) ?? [],
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    version: row.version,
  }),
  toRow: (input) => ({
    code: input.code,
    value: input.value,
    group: input.group,
    description: input.description,
  }),
  links: {
    tagIds: {
      table: dictionaryTags,
      owner: dictionaryTags.dictionaryId,
      target: dictionaryTags.tagId,
      targetTable: tags,
      targetId: tags.id,
      names: tags.name,
    },
  },
  unique: [{
    columns: [dictionaries.group, dictionaries.code],
    fields: ["group", "code"],
    caseInsensitive: true,
  }],
  dependents: [{ column: companyGroups.dictionaryId, variant: "company" }],
});

export function dictionaryRoutes(app: Hono<Env>, platform: Platform): void {
  resourceRoutes(app, platform, dictionaryResource, {
    record: Dictionary,
    create: DictionaryCreate,
    update: DictionaryUpdate,
  });
}
