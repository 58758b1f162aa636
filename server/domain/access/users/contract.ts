// The User's shapes, shared by server validation, the OpenAPI document and the client's forms.
// Schemas built at the top level are marked /* @__PURE__ */: a client bundle that takes only the
// metadata below then leaves zod and the phone number tables out.
import { z } from "zod";
import { parsePhoneNumberFromString } from "libphonenumber-js/max";
import { languages } from "../../../kernel/i18n/mod.ts";
import type { FieldMeta, ResourceMeta } from "../../../kernel/resource_meta.ts";

export type { FieldKind, FieldMeta, ResourceMeta } from "../../../kernel/resource_meta.ts";

export const USERNAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._@-]*$/;

export const username = /* @__PURE__ */ z.string().trim().min(1).min(3).max(64)
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
export const email = /* @__PURE__ */ z.string()
  .refine((v) => !hasControlCharacter(v), { params: { code: "validation.invalidEmail" } })
  .trim().min(1).max(254)
  .pipe(z.email({ pattern: EMAIL_PATTERN }))
  .transform((v) => v.toLowerCase());
export const password = /* @__PURE__ */ z.string().min(1).min(8).max(128);

/** A phone number with its country code, stored in E.164 form (+48600700800). */
export const phoneNumber = /* @__PURE__ */ z.string().trim().max(32).transform((value, ctx) => {
  if (value === "") return null;
  const parsed = value.startsWith("+") ? parsePhoneNumberFromString(value) : undefined;
  if (!parsed || !parsed.isValid()) {
    ctx.addIssue({ code: "custom", params: { code: "validation.phoneCountryCode" }, input: value });
    return z.NEVER;
  }
  return parsed.number as string;
});

const flags = {
  blocked: /* @__PURE__ */ z.boolean().default(false),
  active: /* @__PURE__ */ z.boolean().default(true),
  isSuperUser: /* @__PURE__ */ z.boolean().default(false),
  isPowerUser: /* @__PURE__ */ z.boolean().default(false),
  logisticsEnabled: /* @__PURE__ */ z.boolean().default(false),
  terminalEnabled: /* @__PURE__ */ z.boolean().default(false),
  shippingEnabled: /* @__PURE__ */ z.boolean().default(false),
  transportEnabled: /* @__PURE__ */ z.boolean().default(false),
  contractorPortalEnabled: /* @__PURE__ */ z.boolean().default(false),
};

const profile = {
  username,
  visibleName: /* @__PURE__ */ z.string().trim().max(128).nullish(),
  email,
  phoneNumber: /* @__PURE__ */ phoneNumber.nullish(),
  defaultLanguage: /* @__PURE__ */ z.enum(languages).nullish(),
  description: /* @__PURE__ */ z.string().max(2000).nullish(),
  connectedContractorId: /* @__PURE__ */ z.number().int().positive().nullish(),
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

export const UserCreate = /* @__PURE__ */ z.object({
  ...profile,
  ...flags,
  password,
  repeatPassword: z.string(),
}).superRefine(passwordsMatch);
export type UserCreate = z.output<typeof UserCreate>;

/** An edit: the password is sent only to change it. */
export const UserUpdate = /* @__PURE__ */ z.object({
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

export const User = /* @__PURE__ */ z.object({
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

export const UserPage = /* @__PURE__ */ z.object({ results: z.array(User), allFilteredRowCount: z.number() });

const flag = (name: string, groupKey: string, visible = false, byDefault = false): FieldMeta => ({
  name,
  kind: "boolean",
  labelKey: `field.user.${name}`,
  list: { filterable: true, visible },
  form: { add: true, edit: true, adminOnly: true, default: byDefault },
  groupKey,
});

export const userMeta: ResourceMeta = {
  resource: "User",
  path: "/User",
  nameKey: "resource.user",
  addKey: "resource.user.add",
  titleFields: ["visibleName", "username"],
  defaultSort: { column: "username", descending: false },
  fields: [
    { name: "id", kind: "number", labelKey: "field.user.id", list: { sortable: true, filterable: true } },
    {
      name: "username",
      kind: "text",
      labelKey: "field.user.username",
      list: { sortable: true, filterable: true, searchable: true, visible: true },
      form: { add: true, edit: true, required: "always", minLength: 3, maxLength: 64 },
      groupKey: "group.user.profile",
    },
    {
      name: "visibleName",
      kind: "text",
      labelKey: "field.user.visibleName",
      list: { sortable: true, filterable: true, searchable: true, visible: true },
      form: { add: true, edit: true, maxLength: 128 },
      groupKey: "group.user.profile",
    },
    {
      name: "email",
      kind: "email",
      labelKey: "field.user.email",
      list: { sortable: true, filterable: true, searchable: true, visible: true },
      form: { add: true, edit: true, required: "always", maxLength: 254 },
      groupKey: "group.user.profile",
    },
    {
      name: "phoneNumber",
      kind: "phone",
      labelKey: "field.user.phoneNumber",
      list: { filterable: true, searchable: true, visible: true },
      form: { add: true, edit: true, maxLength: 32 },
      groupKey: "group.user.profile",
    },
    {
      name: "password",
      kind: "password",
      labelKey: "field.user.password",
      form: { add: true, edit: true, required: "add", minLength: 8, maxLength: 128 },
      groupKey: "group.user.profile",
      writeOnly: true,
    },
    {
      name: "repeatPassword",
      kind: "password",
      labelKey: "field.user.repeatPassword",
      // Not required of itself: it must match the password (an empty one is a mismatch).
      form: { add: true, edit: true },
      groupKey: "group.user.profile",
      writeOnly: true,
    },
    {
      name: "defaultLanguage",
      kind: "enum",
      labelKey: "field.user.defaultLanguage",
      options: languages,
      list: { filterable: true },
      form: { add: true, edit: true },
      groupKey: "group.user.profile",
    },
    {
      name: "description",
      kind: "textarea",
      labelKey: "field.user.description",
      form: { add: true, edit: true, maxLength: 2000 },
      groupKey: "group.user.profile",
    },
    flag("active", "group.user.roles", true, true),
    flag("blocked", "group.user.roles", true),
    flag("isSuperUser", "group.user.roles", true),
    flag("isPowerUser", "group.user.roles"),
    flag("logisticsEnabled", "group.user.modules"),
    flag("terminalEnabled", "group.user.modules"),
    flag("shippingEnabled", "group.user.modules"),
    flag("transportEnabled", "group.user.modules"),
    flag("contractorPortalEnabled", "group.user.modules"),
    {
      name: "connectedContractorId",
      kind: "number",
      labelKey: "field.user.connectedContractorId",
      list: { filterable: true },
      form: { add: true, edit: true, adminOnly: true },
      groupKey: "group.user.modules",
    },
    {
      name: "createdAt",
      kind: "date",
      labelKey: "field.user.createdAt",
      list: { sortable: true, filterable: true, visible: true },
    },
    {
      name: "lastLoginDate",
      kind: "date",
      labelKey: "field.user.lastLoginDate",
      list: { sortable: true, filterable: true, visible: true },
    },
  ],
};
