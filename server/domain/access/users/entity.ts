// Users of a tenant: the table and its declaration. Their verbs are service.ts's own (a username is claimed
// in the control database's global logins, a password is hashed outside the transaction), but their shapes,
// list and form metadata come from the declaration like every other entity's.
import { eq } from "drizzle-orm";
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { z } from "zod";
import { languages } from "../../../../shared/i18n/api/mod.ts";
import { companies, keepsCompanyRole } from "../../parties/companies/entity.ts";
import { entity, type FieldDef } from "../../../engine/declare.ts";
import { password, phoneNumber, username } from "./contract.ts";

export const users = sqliteTable("users", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  username: text("username").notNull(),
  visibleName: text("visible_name"),
  /** Stored lower-cased: e-mail is unique within a tenant. */
  email: text("email").notNull(),
  phoneNumber: text("phone_number"),
  passwordHash: text("password_hash").notNull(),
  defaultLanguage: text("default_language"),
  description: text("description"),
  blocked: integer("blocked", { mode: "boolean" }).notNull().default(false),
  active: integer("active", { mode: "boolean" }).notNull().default(true),
  isSuperUser: integer("is_super_user", { mode: "boolean" }).notNull().default(false),
  isPowerUser: integer("is_power_user", { mode: "boolean" }).notNull().default(false),
  logisticsEnabled: integer("logistics_enabled", { mode: "boolean" }).notNull().default(false),
  terminalEnabled: integer("terminal_enabled", { mode: "boolean" }).notNull().default(false),
  shippingEnabled: integer("shipping_enabled", { mode: "boolean" }).notNull().default(false),
  transportEnabled: integer("transport_enabled", { mode: "boolean" }).notNull().default(false),
  contractorPortalEnabled: integer("contractor_portal_enabled", { mode: "boolean" }).notNull().default(false),
  /** The contractor company a contractor user belongs to: such a user sees only that contractor's data. */
  connectedContractorId: integer("connected_contractor_id").references(() => companies.id, {
    onDelete: "restrict",
  }),
  /** Per-user interface settings changed with `changeuserconfig` (JSON object). */
  settings: text("settings").notNull().default("{}"),
  createdAt: text("created_at").notNull(),
  updatedAt: text("updated_at").notNull(),
  lastLoginDate: text("last_login_date"),
  version: integer("version").notNull().default(1),
}, (t) => [
  uniqueIndex("users_username_unique").on(t.username),
  uniqueIndex("users_email_unique").on(t.email),
  index("users_visible_name").on(t.visibleName, t.id),
  index("users_created_at").on(t.createdAt, t.id),
  index("users_connected_contractor").on(t.connectedContractorId),
]);

const profile = "group.user.profile";
const roles = "group.user.roles";
const modules = "group.user.modules";

/** A role or module flag: administrators set it; an edit that leaves it out keeps it. */
const flag = (group: string, list = "filter") =>
  ({
    list,
    group,
    adminOnly: true,
    editSchema: z.boolean().optional(),
  }) as const satisfies FieldDef;

function passwordsMatch(v: Record<string, unknown>, ctx: z.RefinementCtx) {
  if ((v.password ?? "") !== (v.repeatPassword ?? "")) {
    ctx.addIssue({
      code: "custom",
      path: ["repeatPassword"],
      params: { code: "validation.passwordsMustMatch" },
      input: v.repeatPassword,
    });
  }
}

// A contractor's or carrier's users need their company to keep its role (checked by the company's edit).
keepsCompanyRole(async (tx, companyId) => {
  const [user] = await tx.select({ id: users.id }).from(users)
    .where(eq(users.connectedContractorId, companyId)).limit(1);
  return user !== undefined;
});

export const user = entity({
  resource: "User",
  table: users,
  title: ["visibleName", "username"],
  sort: "username",
  keyColumns: ["username", "visibleName", "active"],
  refine: passwordsMatch,
  fields: {
    id: { label: "field.user.id" },
    username: { schema: username, list: "sort filter search show", group: profile },
    visibleName: {
      schema: z.string().trim().max(128).nullish(),
      list: "sort filter search show",
      group: profile,
    },
    email: { kind: "email", list: "sort filter search show", group: profile },
    phoneNumber: { kind: "phone", schema: phoneNumber.nullish(), list: "filter search show", group: profile },
    password: {
      kind: "password",
      schema: password,
      // Sent only to change it.
      editSchema: password.nullish().or(z.literal("")),
      formRequired: "add",
      group: profile,
      writeOnly: true,
    },
    repeatPassword: {
      kind: "password",
      schema: z.string(),
      editSchema: z.string().nullish(),
      // Not required of itself: it must match the password (an empty one is a mismatch).
      formRequired: false,
      group: profile,
      writeOnly: true,
    },
    currentPassword: {
      kind: "password",
      // Asked of a user who changes their own password (an administrator resetting another's is not).
      schema: z.string().max(128).nullish(),
      input: "edit",
      formRequired: false,
      group: profile,
      writeOnly: true,
    },
    defaultLanguage: {
      kind: "enum",
      options: languages,
      schema: z.enum(languages).nullish(),
      output: z.string().nullable(),
      list: "filter",
      group: profile,
    },
    description: {
      kind: "textarea",
      label: "field.user.description",
      schema: z.string().max(2000).nullish(),
      group: profile,
    },
    active: flag(roles, "filter show"),
    blocked: flag(roles, "filter show"),
    isSuperUser: flag(roles, "filter show"),
    isPowerUser: flag(roles),
    logisticsEnabled: flag(modules),
    terminalEnabled: flag(modules),
    shippingEnabled: flag(modules),
    transportEnabled: flag(modules),
    contractorPortalEnabled: flag(modules),
    connectedContractorId: {
      kind: "number",
      schema: z.number().int().positive().nullish(),
      list: "filter",
      group: modules,
      adminOnly: true,
    },
    createdAt: { label: "field.user.createdAt", list: "sort filter show" },
    /** The API's older name of createdAt. */
    createdDate: { output: z.string(), input: false, meta: false },
    updatedAt: { meta: false },
    lastLoginDate: { kind: "date", list: "sort filter show", input: false },
    passwordHash: { input: false, output: false, meta: false },
    settings: { input: false, output: false, meta: false },
  },
});

// The users' list is served by users/routes.ts, its export beside it.
export const userMeta = { ...user.meta, exportPath: "/User/export" };
export const UserCreate = user.create;
export type UserCreate = z.output<typeof UserCreate>;
export const UserUpdate = user.update;
export type UserUpdate = z.output<typeof UserUpdate>;
export const User = user.record;
export type User = z.output<typeof User>;
export const UserPage = z.object({ results: z.array(User), allFilteredRowCount: z.number() });
