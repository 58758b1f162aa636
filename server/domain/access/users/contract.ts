// The User's shapes, shared by server validation, the OpenAPI document and the client's forms.
import { z } from "zod";
import { parsePhoneNumberFromString } from "libphonenumber-js/max";
import { languages } from "../../../kernel/i18n/mod.ts";

export const USERNAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._@-]*$/;

export const username = z.string().trim().min(1).min(3).max(64)
  .regex(USERNAME_PATTERN);
/**
 * An address as mail servers take it (RFC 5321): a dot-atom local part of at most 64 characters, then a
 * host name of letters, digits and inner hyphens. Quoted local parts, comments and address literals are
 * refused; they are legal but nearly unused, and most mail systems reject them.
 */
export const EMAIL_PATTERN =
  /^(?=[^@]{1,64}@)[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*$/;

function hasControlCharacter(v: string): boolean {
  for (let i = 0; i < v.length; i++) {
    const c = v.charCodeAt(i);
    if (c < 0x20 || c === 0x7f) return true;
  }
  return false;
}

// Control characters are refused before trimming: a trailing CR LF is a broken address, not padding.
export const email = z.string()
  .refine((v) => !hasControlCharacter(v), { params: { code: "validation.invalidEmail" } })
  .trim().min(1).max(254)
  .pipe(z.email({ pattern: EMAIL_PATTERN }))
  .transform((v) => v.toLowerCase());
export const password = z.string().min(1).min(8).max(128);

/** A phone number with its country code, stored in E.164 form (+48600700800). */
export const phoneNumber = z.string().trim().max(32).transform((value, ctx) => {
  if (value === "") return null;
  const parsed = value.startsWith("+") ? parsePhoneNumberFromString(value) : undefined;
  if (!parsed || !parsed.isValid()) {
    ctx.addIssue({ code: "custom", params: { code: "validation.phoneCountryCode" }, input: value });
    return z.NEVER;
  }
  return parsed.number as string;
});

const flags = {
  blocked: z.boolean().default(false),
  active: z.boolean().default(true),
  isSuperUser: z.boolean().default(false),
  isPowerUser: z.boolean().default(false),
  logisticsEnabled: z.boolean().default(false),
  terminalEnabled: z.boolean().default(false),
  shippingEnabled: z.boolean().default(false),
  transportEnabled: z.boolean().default(false),
  contractorPortalEnabled: z.boolean().default(false),
};

const profile = {
  username,
  visibleName: z.string().trim().max(128).nullish(),
  email,
  phoneNumber: phoneNumber.nullish(),
  defaultLanguage: z.enum(languages).nullish(),
  description: z.string().max(2000).nullish(),
  connectedContractorId: z.number().int().positive().nullish(),
};

function passwordsMatch(
  v: { password?: string | null; repeatPassword?: string | null },
  ctx: z.RefinementCtx,
) {
  if ((v.password ?? "") !== (v.repeatPassword ?? "")) {
    ctx.addIssue({
      code: "custom",
      path: ["repeatPassword"],
      params: { code: "validation.passwordsMustMatch" },
      input: v.repeatPassword,
    });
  }
}

export const UserCreate = z.object({
  ...profile,
  ...flags,
  password,
  repeatPassword: z.string(),
}).superRefine(passwordsMatch);
export type UserCreate = z.output<typeof UserCreate>;

/** An edit: the password is sent only to change it. */
export const UserUpdate = z.object({
  id: z.number().int().positive(),
  version: z.number().int().positive(),
  ...profile,
  ...Object.fromEntries(Object.entries(flags).map(([k, v]) => [k, v.unwrap().optional()])) as {
    [K in keyof typeof flags]: z.ZodOptional<z.ZodBoolean>;
  },
  password: password.nullish().or(z.literal("")),
  repeatPassword: z.string().nullish(),
}).superRefine(passwordsMatch);
export type UserUpdate = z.output<typeof UserUpdate>;

export const User = z.object({
  id: z.number(),
  username: z.string(),
  visibleName: z.string().nullable(),
  email: z.string(),
  phoneNumber: z.string().nullable(),
  defaultLanguage: z.string().nullable(),
  description: z.string().nullable(),
  blocked: z.boolean(),
  active: z.boolean(),
  isSuperUser: z.boolean(),
  isPowerUser: z.boolean(),
  logisticsEnabled: z.boolean(),
  terminalEnabled: z.boolean(),
  shippingEnabled: z.boolean(),
  transportEnabled: z.boolean(),
  contractorPortalEnabled: z.boolean(),
  connectedContractorId: z.number().nullable(),
  createdAt: z.string(),
  createdDate: z.string(),
  updatedAt: z.string(),
  lastLoginDate: z.string().nullable(),
  version: z.number(),
});
export type User = z.output<typeof User>;

export const UserPage = z.object({ results: z.array(User), allFilteredRowCount: z.number() });
