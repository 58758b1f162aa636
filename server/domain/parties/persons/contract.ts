// Person (contact) shapes, shared by server validation and the OpenAPI document.
import { z } from "zod";
import { email, phoneNumber } from "../../access/users/contract.ts";
import { editBase, optText, optUrl, recordBase, refId, refIds, reqText } from "../../resource/fields.ts";

const fields = {
  firstName: reqText(100),
  lastName: reqText(100),
  email: z.string().transform((v) => (v.trim() === "" ? null : v)).pipe(email.nullable()).nullish()
    .transform((v) => v ?? null),
  phoneNumber: phoneNumber.nullish().transform((v) => v ?? null),
  skype: optText(100),
  position: optText(100),
  url: optUrl,
  description: optText(2000),
  tagIds: refIds,
  companyId: refId,
};

export const PersonCreate = z.object(fields);
export type PersonCreate = z.output<typeof PersonCreate>;
export const PersonUpdate = z.object({ ...editBase, ...fields });
export type PersonUpdate = z.output<typeof PersonUpdate>;

export const Person = z.object({
  ...recordBase,
  firstName: z.string(),
  lastName: z.string(),
  email: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  skype: z.string().nullable(),
  position: z.string().nullable(),
  url: z.string().nullable(),
  description: z.string().nullable(),
  tagIds: z.array(z.number()),
  /** The linked tags' names, in the order of tagIds. */
  tagNames: z.array(z.string()),
  companyId: z.number().nullable(),
  companyName: z.string().nullable(),
});
export type Person = z.output<typeof Person>;
