// EmailAccount shapes, shared by server validation and the OpenAPI document. The password goes in only.
import { z } from "zod";
import { email } from "../../access/users/contract.ts";
import { editBase, optText, recordBase, reqText } from "../../resource/fields.ts";

const fields = {
  smtpServer: reqText(253),
  smtpPort: z.number().int().min(1).max(65535),
  login: optText(254),
  /** Empty or absent: no password on an add, the stored one kept on an edit. */
  password: z.string().max(256).nullish().transform((v) => (v ? v : null)),
  address: email,
  useTls: z.boolean().default(true),
  description: optText(500),
};

export const EmailAccountCreate = z.object(fields);
export type EmailAccountCreate = z.output<typeof EmailAccountCreate>;
export const EmailAccountUpdate = z.object({ ...editBase, ...fields });
export type EmailAccountUpdate = z.output<typeof EmailAccountUpdate>;

export const EmailAccount = z.object({
  ...recordBase,
  smtpServer: z.string(),
  smtpPort: z.number(),
  login: z.string().nullable(),
  hasPassword: z.boolean(),
  address: z.string(),
  useTls: z.boolean(),
  description: z.string().nullable(),
});
export type EmailAccount = z.output<typeof EmailAccount>;
