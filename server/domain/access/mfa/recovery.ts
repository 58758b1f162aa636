// Recovery codes: ten single-use codes a user keeps on paper for the day the phone or the passkey is gone.
// Each has 10 characters of a 32-letter alphabet (50 random bits, from kernel/crypto.ts randomCode), shown
// once as "xxxxx-xxxxx", and stored only as its scrypt hash (kernel/password.ts), as ASVS 6.5.2 asks of
// lookup secrets with fewer than 112 bits.
import { randomCode } from "../../../kernel/crypto.ts";
import { hashPassword, verifyPassword } from "../../../kernel/password.ts";

export const RECOVERY_CODE_COUNT = 10;
const CODE_LENGTH = 10;

/** New codes, as shown to the user. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const code = randomCode(CODE_LENGTH);
    return `${code.slice(0, 5)}-${code.slice(5)}`;
  });
}

/** A code as typed, the way it is hashed: no separators or spaces, lower case. */
export function typedRecoveryCode(code: string): string {
  return code.replace(/[\s-]+/g, "").toLowerCase();
}

export function hashRecoveryCodes(codes: string[], cost: number): Promise<string[]> {
  return Promise.all(codes.map((c) => hashPassword(typedRecoveryCode(c), cost)));
}

/** The id of the unused code `typed` is, or undefined (every hash is checked, so the time tells nothing). */
export async function matchRecoveryCode(
  typed: string,
  codes: { id: number; codeHash: string }[],
): Promise<number | undefined> {
  const code = typedRecoveryCode(typed);
  if (code.length !== CODE_LENGTH) return undefined;
  const hits = await Promise.all(codes.map((c) => verifyPassword(code, c.codeHash)));
  return codes[hits.indexOf(true)]?.id;
}
