// The building blocks of a user's shapes (username, e-mail, password, phone number), shared by the users'
// declaration (entity.ts), registration and other entities' e-mail and phone fields.
// Schemas built at the top level are marked /* @__PURE__ */: a bundle that imports this file for its
// patterns alone leaves zod and the phone number tables out.
import { z } from "zod";
import { isCommonPassword, PASSWORD_MIN } from "./common_passwords.ts";

export const USERNAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._@-]*$/;

export const username = /* @__PURE__ */ z.string().trim().min(1).min(3).max(64)
  .regex(USERNAME_PATTERN);
export { email, EMAIL_MAX, EMAIL_PATTERN, phoneNumber } from "../../../kernel/contact.ts";

/** At least 8 characters, not one of the common passwords tried first (any letter case). */
export const password = /* @__PURE__ */ z.string().min(1).min(PASSWORD_MIN).max(128)
  .refine((v) => !isCommonPassword(v), { params: { code: "validation.passwordTooCommon" } });
