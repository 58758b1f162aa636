// The authenticator app's codes (TOTP, RFC 6238) by otpauth: SHA-1, 6 digits, 30-second steps, the
// parameters every authenticator app takes from the otpauth:// link. A code of the step before or after
// the server's passes too (a phone's clock may be off by a few seconds, a code typed at the end of its step
// arrives in the next); which step it was is answered, so that the caller refuses a step already used.
import { Secret, TOTP } from "otpauth";

export const TOTP_PERIOD_SECONDS = 30;
export const TOTP_DIGITS = 6;
/** Steps before and after the current one whose codes pass. */
export const TOTP_WINDOW = 1;

function totpOf(secret: string, issuer = "", label = ""): TOTP {
  return new TOTP({
    issuer,
    label,
    secret: Secret.fromBase32(secret),
    algorithm: "SHA1",
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_SECONDS,
  });
}

/** A new secret: 160 random bits (RFC 4226's recommended length) from the platform's CSPRNG, base32. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The otpauth:// link an authenticator app reads from the QR code. */
export function totpUri(secret: string, issuer: string, label: string): string {
  return totpOf(secret, issuer, label).toString();
}

/** A code as typed: its digits, spaces left out ("123 456"). */
export function typedCode(code: string): string {
  return code.replace(/\s+/g, "");
}

/** The time step whose code `code` is, within TOTP_WINDOW steps of `now`, or null when it is none of them. */
export function totpStep(secret: string, code: string, now = Date.now()): number | null {
  const token = typedCode(code);
  if (token.length !== TOTP_DIGITS || !/^[0-9]+$/.test(token)) return null;
  const delta = totpOf(secret).validate({ token, timestamp: now, window: TOTP_WINDOW });
  return delta === null ? null : Math.floor(now / 1000 / TOTP_PERIOD_SECONDS) + delta;
}
