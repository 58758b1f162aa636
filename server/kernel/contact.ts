// An e-mail address and a phone number as any entity's fields take them (the engine's field kinds, users,
// registration, messages). In the kernel so that the engine's building blocks and the areas share one reader.
// Schemas built at the top level are marked /* @__PURE__ */: a bundle that imports this file for its
// patterns alone leaves zod and the phone number tables out.
import { z } from "zod";
import { parsePhoneNumberFromString } from "libphonenumber-js/max";

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

/** The longest e-mail address (RFC 5321's path limit less the angle brackets). */
export const EMAIL_MAX = 254;

// Control characters are refused before trimming: a trailing CR LF is a broken address, not padding.
export const email = /* @__PURE__ */ z.string()
  .refine((v) => !hasControlCharacter(v), { params: { code: "validation.invalidEmail" } })
  .trim().min(1).max(EMAIL_MAX)
  .pipe(z.email({ pattern: EMAIL_PATTERN }))
  .transform((v) => v.toLowerCase());

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
