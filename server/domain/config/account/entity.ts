// The company's own account: one record (id 1), which every user loads at startup and administrators edit.
// Its verbs are config/service.ts's (there is nothing to add, list or delete); its shapes and the dialog's
// metadata come from this declaration.
import { integer, real, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { z } from "zod";
import { email } from "../../access/users/contract.ts";
import { entity, jsonText } from "../../../engine/declare.ts";

/** Nobody, the administrators, or every user must have a second factor (access/mfa/policy.ts). */
export const secondFactorPolicies = ["nobody", "administrators", "everyone"] as const;

export const clientAccount = sqliteTable("client_account", {
  id: integer("id").primaryKey(),
  invoiceName: text("invoice_name").notNull(),
  taxId: text("tax_id"),
  /** JSON array of addresses (street, number, city, postalCode, province, country). */
  addresses: text("addresses").notNull().default("[]"),
  invoiceEmail: text("invoice_email"),
  subscriptionType: text("subscription_type").notNull().default("standard"),
  subscriptionCode: text("subscription_code"),
  monthlyDocumentLimit: integer("monthly_document_limit").notNull().default(0),
  extraDocumentPriceEur: real("extra_document_price_eur").notNull().default(0.05),
  extraOperationsBudget: real("extra_operations_budget").notNull().default(0),
  theme: text("theme").notNull().default("light"),
  windowAnimations: integer("window_animations", { mode: "boolean" }).notNull().default(true),
  appTitle: text("app_title"),
  /** The currency prices and values are kept in; exchange rates say what one unit of another is worth in it. */
  baseCurrency: text("base_currency").notNull().default("EUR"),
  /** Users may also sign in by face (ComputerVision): an addition to the password, off until switched on. */
  faceSignIn: integer("face_sign_in", { mode: "boolean" }).notNull().default(false),
  /** Who must have a second factor (passkey or authenticator app) to use the application. */
  secondFactorRequired: text("second_factor_required", { enum: secondFactorPolicies }).notNull()
    .default("nobody"),
  createdAt: text("created_at").notNull(),
  updatedAt: text("updated_at").notNull(),
  version: integer("version").notNull().default(1),
});

/** An invoice address of the account. */
export const Address = z.object({
  street: z.string().trim().max(200).nullish(),
  number: z.string().trim().max(20).nullish(),
  city: z.string().trim().max(100).nullish(),
  postalCode: z.string().trim().max(20).nullish(),
  province: z.string().trim().max(100).nullish(),
  country: z.string().trim().max(100).nullish(),
});

/** A currency's ISO 4217 code: three letters, saved in capitals ("EUR", "PLN"). */
export const currencyCode = z.string().trim().regex(/^[A-Za-z]{3}$/).transform((v) => v.toUpperCase());

const invoice = "group.account.invoice";
const subscription = "group.account.subscription";
const appearance = "group.account.appearance";
const themes = ["light", "dark"] as const;

export const account = entity({
  resource: "ClientAccount",
  key: "account",
  table: clientAccount,
  title: ["invoiceName"],
  sort: "id",
  singleton: true,
  fields: {
    invoiceName: { max: 200, group: invoice },
    taxId: { schema: z.string().trim().max(32).nullish(), group: invoice },
    invoiceEmail: {
      kind: "email",
      // An emptied field clears the address; a wrong one is reported as an e-mail error, not a bad union.
      schema: z.string().trim().max(254).transform((v) => (v === "" ? null : v)).pipe(email.nullable())
        .nullish(),
      group: invoice,
    },
    addresses: {
      kind: "addresses",
      schema: z.array(Address).max(10).default([]),
      output: z.array(Address),
      codec: jsonText,
      group: invoice,
    },
    subscriptionType: { input: false, group: subscription },
    subscriptionCode: { input: false, group: subscription },
    monthlyDocumentLimit: { input: false, group: subscription },
    extraDocumentPriceEur: { kind: "money", currency: "EUR", input: false, group: subscription },
    extraOperationsBudget: { kind: "money", currency: "EUR", input: false, group: subscription },
    baseCurrency: {
      // Changed only by its own call, which asks what becomes of the exchange rates (base_currency.ts): an
      // edit of the account may send it unchanged, or leave it out.
      schema: currencyCode.optional(),
      upper: true,
      form: false,
      group: invoice,
    },
    appTitle: { schema: z.string().trim().max(100).nullish(), group: appearance },
    theme: {
      options: themes,
      schema: z.enum(themes).default("light"),
      output: z.string(),
      formRequired: "always",
      group: appearance,
    },
    windowAnimations: { group: appearance },
    faceSignIn: { group: "group.account.signIn" },
    secondFactorRequired: {
      options: secondFactorPolicies,
      // An edit that leaves it out keeps it: a client that does not know it never switches it off.
      schema: z.enum(secondFactorPolicies).optional(),
      output: z.string(),
      formRequired: "always",
      group: "group.account.signIn",
    },
  },
});

export const clientAccountMeta = account.meta;
export const ClientAccountUpdate = account.update;
export const ClientAccount = account.record;
export type ClientAccount = z.output<typeof ClientAccount>;
