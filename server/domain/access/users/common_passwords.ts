// The passwords guessed first (OWASP ASVS 5.0 6.2.4): zxcvbn-ts's ranked list of about 49,000 common
// passwords, of which the 17,950 that our length rule would let through are refused, in any letter case.
import { dictionary } from "@zxcvbn-ts/language-common";

export const PASSWORD_MIN = 8;

let common: Set<string> | undefined;

export function isCommonPassword(password: string): boolean {
  common ??= new Set(dictionary["passwords-common"].filter((p) => p.length >= PASSWORD_MIN));
  return common.has(password.toLowerCase());
}
