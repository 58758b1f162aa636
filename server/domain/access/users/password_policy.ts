// What a new password must not be beyond the length and the common list (contract.ts): built from words
// that belong to its context (ASVS 6.1.2, 6.2.11: the user's own names, the company's, the product's), or
// found in a breached-password set (6.2.12, the Pwned Passwords range API by k-anonymity: only the first 5
// hex digits of the password's SHA-1 leave the server). Checked wherever a password is chosen: a user
// added, one's own change, an administrator's reset, a registration and a reset by e-mailed code.
// docs/security.md, Passwords, lists the words; a test keeps that list and this one the same.
import { egressOf } from "../../../kernel/egress/egress.ts";
import { createHash } from "node:crypto";
import type { Services } from "../../../kernel/services.ts";
import { fieldError } from "../../../kernel/errors.ts";
import { writeSystemLog } from "../../logs/system_log/service.ts";
import { isCommonPassword, PASSWORD_MIN } from "./common_passwords.ts";

/** The product's own words, in the six languages of the interface (compared without accents). */
export const PRODUCT_WORDS = [
  "wms",
  "warehouse",
  "magazyn",
  "lager",
  "entrepot",
  "almacen",
  "склад",
] as const;

/** The shortest of a user's or company's words that counts: shorter ones are too common to matter. */
export const CONTEXT_WORD_MIN = 3;

export interface PasswordContext {
  username?: string | null;
  email?: string | null;
  companyName?: string | null;
  slug?: string | null;
}

/** Lower case, accents off (é → e), so that "Entrepôt" and "entrepot" are one word. */
function fold(text: string): string {
  return text.normalize("NFKD").replace(/\p{M}/gu, "").toLowerCase();
}

/** The words of `context` a password is judged against, folded, longest first. */
export function contextWords(context: PasswordContext): string[] {
  const words = new Set<string>(PRODUCT_WORDS.map(fold));
  const add = (w: string | null | undefined) => {
    const f = fold(w ?? "").trim();
    if (f.length >= CONTEXT_WORD_MIN) words.add(f);
  };
  add(context.username);
  add(context.email?.split("@")[0]);
  for (const part of (context.username ?? "").split(/[._@-]/)) add(part);
  for (const part of (context.email?.split("@")[0] ?? "").split(/[._+-]/)) add(part);
  add(context.companyName);
  for (const part of (context.companyName ?? "").split(/[^\p{L}\p{N}]+/u)) add(part);
  for (const part of (context.slug ?? "").split("-")) add(part);
  return [...words].sort((a, b) => b.length - a.length);
}

/**
 * Whether a password is made of its context: with every context word taken out, what is left is shorter
 * than the minimum or one of the common passwords ("Acme2024!", "jsmith-password", "Warehouse1"). A long
 * passphrase that merely contains such a word keeps enough of its own.
 */
export function isContextPassword(password: string, context: PasswordContext): boolean {
  let rest = fold(password);
  for (const word of contextWords(context)) rest = rest.replaceAll(word, "");
  return [...rest].length < PASSWORD_MIN || isCommonPassword(rest);
}

/** How long the breached-password service may take before the password is taken unchecked. */
const BREACH_TIMEOUT_MS = 3_000;

/**
 * Whether the Pwned Passwords range service (`PWNED_PASSWORDS_URL`) knows the password from a breach. It
 * gets the first 5 hex digits of the SHA-1 and answers every suffix under them (padded with decoys of
 * count 0); the match is made here. SHA-1 is the service's key, not a protection of anything of ours.
 * Unreachable or slow: undefined, and the password is not refused for it (logged for the operator).
 */
export async function isBreachedPassword(
  platform: Pick<Services, "config" | "control">,
  password: string,
): Promise<boolean | undefined> {
  const base = platform.config.pwnedPasswordsUrl;
  if (!base) return false;
  const hash = createHash("sha1").update(password, "utf8").digest("hex").toUpperCase();
  const prefix = hash.slice(0, 5);
  const suffix = hash.slice(5);
  try {
    // Through the egress policy, as every connection the server opens.
    const res = await egressOf(platform.config).fetch(base.replace(/\/?$/, "/") + prefix, {
      headers: { "Add-Padding": "true", "User-Agent": "wms-password-check" },
      redirect: "manual",
      signal: AbortSignal.timeout(BREACH_TIMEOUT_MS),
    });
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
    const text = await res.text();
    for (const line of text.split("\n")) {
      const [s, count] = line.trim().split(":");
      if (s?.toUpperCase() === suffix && Number(count) > 0) return true;
    }
    return false;
  } catch (err) {
    await writeSystemLog(platform, undefined, {
      level: "warning",
      message: "the breached-password check could not be made; the password was taken unchecked",
      exception: err instanceof Error ? err.message : String(err),
      source: "password policy",
    }).catch(() => {});
    return undefined;
  }
}

/**
 * Refuses a new password made of its context or known from a breach, on the field `field` (400
 * validation.failed); run before anything is hashed or written.
 */
export async function checkNewPassword(
  platform: Pick<Services, "config" | "control">,
  password: string,
  context: PasswordContext,
  field = "password",
): Promise<void> {
  if (isContextPassword(password, context)) throw fieldError({ [field]: ["validation.passwordContextWord"] });
  if (await isBreachedPassword(platform, password)) {
    throw fieldError({ [field]: ["validation.passwordBreached"] });
  }
}
