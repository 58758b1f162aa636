// The Tags resource: business managers and administrators keep tags, all staff read them. A tag on a
// company, person or dictionary entry cannot be deleted.
import type { Hono } from "hono";
import type { Platform } from "../../../platform.ts";
import type { Env } from "../../../http/types.ts";
import { companyTags } from "../../parties/companies/table.ts";
import { personTags } from "../../parties/persons/table.ts";
import { Resource } from "../../resource/engine.ts";
import { resourceRoutes } from "../../resource/routes.ts";
import { dictionaryTags } from "../dictionaries/table.ts";
import { tags } from "./table.ts";
import { tagMeta } from "./meta.ts";
import { Tag, TagCreate, TagUpdate } from "./contract.ts";

export const tagResource = new Resource<Tag, TagCreate, TagUpdate>({
  meta: tagMeta,
  hub: "Tags",
  table: tags,
  toDto: (row) => ({
    id: row.id,
    name: row.name,
    colour: row.colour,
    description: row.description,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    version: row.version,
  }),
  toRow: (input) => ({ name: input.name, colour: input.colour, description: input.description }),
  unique: [{ columns: [tags.name], fields: ["name"], caseInsensitive: true }],
  dependents: [
    { column: companyTags.tagId, variant: "company" },
    { column: personTags.tagId },
    { column: dictionaryTags.tagId },
  ],
});

export function tagRoutes(app: Hono<Env>, platform: Platform): void {
  resourceRoutes(app, platform, tagResource, { record: Tag, create: TagCreate, update: TagUpdate });
}
