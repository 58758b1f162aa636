import { createHash, randomBytes } from "node:crypto";

/** A random token, URL-safe, with `bytes` of entropy. */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString("base64url");
}

/** A random code for e-mails: lower-case letters and digits, easy to type. */
export function randomCode(length = 24): string {
  const alphabet = "abcdefghijkmnpqrstuvwxyz23456789";
  const bytes = randomBytes(length);
  let out = "";
  for (const b of bytes) out += alphabet[b % alphabet.length];
  return out;
}

export function sha256(text: string): string {
  return createHash("sha256").update(text).digest("hex");
}
