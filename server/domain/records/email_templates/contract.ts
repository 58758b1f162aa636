// EmailTemplate shapes, shared by server validation and the OpenAPI document.
import { z } from "zod";
import { languages } from "../../../kernel/i18n/contract.ts";
import { editBase, optText, recordBase, reqText, upperText } from "../../resource/fields.ts";
import { EMAIL_BODY_MAX } from "./meta.ts";

const fields = {
  name: reqText(100),
  code: upperText(50),
  subject: reqText(250),
  body: z.string().trim().min(1).max(EMAIL_BODY_MAX),
  language: z.enum(languages),
  description: optText(500),
};

export const EmailTemplateCreate = z.object(fields);
export type EmailTemplateCreate = z.output<typeof EmailTemplateCreate>;
export const EmailTemplateUpdate = z.object({ ...editBase, ...fields });
export type EmailTemplateUpdate = z.output<typeof EmailTemplateUpdate>;

export const EmailTemplate = z.object({
  ...recordBase,
  name: z.string(),
  code: z.string(),
  subject: z.string(),
  body: z.string(),
  language: z.enum(languages),
  description: z.string().nullable(),
});
export type EmailTemplate = z.output<typeof EmailTemplate>;
