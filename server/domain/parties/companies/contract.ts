// Company shapes, shared by server validation and the OpenAPI document.
import { z } from "zod";
import { email, phoneNumber } from "../../access/users/contract.ts";
import {
  editBase,
  optText,
  optUpperText,
  optUrl,
  recordBase,
  refId,
  refIds,
  upperText,
} from "../../resource/fields.ts";
import { companyKeyRoles } from "./meta.ts";

const fields = {
  shortName: upperText(100),
  fullName: optText(255),
  taxId: optUpperText(50),
  taxCountry: optUpperText(50),
  keyRole: z.enum(companyKeyRoles),
  parentId: refId,
  bankName: optText(100),
  bankAccountNumber: optUpperText(64),
  swift: optUpperText(11),
  paymentMethod: optText(100),
  officeMail: z.string().transform((v) => (v.trim() === "" ? null : v)).pipe(email.nullable()).nullish()
    .transform((v) => v ?? null),
  officePhoneNumber: phoneNumber.nullish().transform((v) => v ?? null),
  websiteUrl: optUrl,
  logoUrl: optUrl,
  tagIds: refIds,
  groupIds: refIds,
  description: optText(2000),
  addressId: refId,
};

export const CompanyCreate = z.object(fields);
export type CompanyCreate = z.output<typeof CompanyCreate>;
export const CompanyUpdate = z.object({ ...editBase, ...fields });
export type CompanyUpdate = z.output<typeof CompanyUpdate>;

export const Company = z.object({
  ...recordBase,
  shortName: z.string(),
  fullName: z.string().nullable(),
  taxId: z.string().nullable(),
  taxCountry: z.string().nullable(),
  keyRole: z.enum(companyKeyRoles),
  parentId: z.number().nullable(),
  parentName: z.string().nullable(),
  bankName: z.string().nullable(),
  bankAccountNumber: z.string().nullable(),
  swift: z.string().nullable(),
  paymentMethod: z.string().nullable(),
  officeMail: z.string().nullable(),
  officePhoneNumber: z.string().nullable(),
  websiteUrl: z.string().nullable(),
  logoUrl: z.string().nullable(),
  tagIds: z.array(z.number()),
  /** The linked tags' names, in the order of tagIds. */
  tagNames: z.array(z.string()),
  groupIds: z.array(z.number()),
  /** The linked company groups' values, in the order of groupIds. */
  groupNames: z.array(z.string()),
  description: z.string().nullable(),
  addressId: z.number().nullable(),
  addressText: z.string().nullable(),
});
export type Company = z.output<typeof Company>;
