// The EmailTemplate resource: business managers and administrators keep the templates, all staff read them.
import type { Hono } from "hono";
import type { Platform } from "../../../platform.ts";
import type { Env } from "../../../http/types.ts";
import { Resource } from "../../resource/engine.ts";
import { resourceRoutes } from "../../resource/routes.ts";
import { emailTemplates } from "./table.ts";
import { emailTemplateMeta } from "./meta.ts";
import { EmailTemplate, EmailTemplateCreate, EmailTemplateUpdate } from "./contract.ts";

export const emailTemplateResource = new Resource<EmailTemplate, EmailTemplateCreate, EmailTemplateUpdate>({
  meta: emailTemplateMeta,
  hub: "EmailTemplate",
  table: emailTemplates,
  toDto: (row) => ({
    id: row.id,
    name: row.name,
    code: row.code,
    subject: row.subject,
    body: row.body,
    language: row.language,
    description: row.description,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    version: row.version,
  }),
  toRow: (input) => ({
    name: input.name,
    code: input.code,
    subject: input.subject,
    body: input.body,
    language: input.language,
    description: input.description,
  }),
  unique: [{ columns: [emailTemplates.code], fields: ["code"], caseInsensitive: true }],
});

export function emailTemplateRoutes(app: Hono<Env>, platform: Platform): void {
  resourceRoutes(app, platform, emailTemplateResource, {
    record: EmailTemplate,
    create: EmailTemplateCreate,
    update: EmailTemplateUpdate,
  });
}
