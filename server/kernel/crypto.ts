// Small cryptographic helpers: random tokens and codes, hashes, and sealing a secret for storage.
import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from "node:crypto";
import { Buffer } from "node:buffer";
import type { JWK } from "jose";

/** The access-token signing key and the keys derived from it (server/domain/access/auth/keys.ts). */
export interface SigningKeys {
  kid: string;
  privateKey: CryptoKey;
  publicKey: CryptoKey;
  publicJwk: JWK;
  /** AES-256 key for secrets stored in tenant databases (sealSecret / unsealSecret in that file). */
  sealKey: Uint8Array;
  /** The sealing keys of this key and of the replaced ones (JWT_PREVIOUS_JWKS), by the signing key's kid. */
  sealKeys: Map<string, Uint8Array>;
}

/** A random token, URL-safe, with `bytes` of entropy. */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString("base64url");
}

/** A random code for e-mails: lower-case letters and digits, easy to type; 26 of 32 symbols carry 130 bits. */
export function randomCode(length = 26): string {
  const alphabet = "abcdefghijkmnpqrstuvwxyz23456789";
  const bytes = randomBytes(length);
  let out = "";
  for (const b of bytes) out += alphabet[b % alphabet.length];
  return out;
}

export function sha256(text: string): string {
  return createHash("sha256").update(text).digest("hex");
}

/** A 256-bit key for one purpose, derived (HKDF-SHA256) from the platform's secret. */
export function deriveKey(secret: Uint8Array, purpose: string): Uint8Array {
  return new Uint8Array(hkdfSync("sha256", secret, new Uint8Array(0), purpose, 32));
}

const SEALED_PREFIX = "v1.";

/**
 * AES-256-GCM of `plain`: base64url(iv ‖ ciphertext ‖ tag). `context` (the tenant and the column) is
 * authenticated too, so a value copied to another tenant or column does not open.
 */
export function sealRaw(key: Uint8Array, plain: string, context: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  cipher.setAAD(new TextEncoder().encode(context));
  const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return Buffer.concat([iv, body, cipher.getAuthTag()]).toString("base64url");
}

/**
 * Encrypts `plain` for storage in the first format: "v1." + `sealRaw`. New values name their key
 * (auth/keys.ts sealSecret); this one is read still.
 */
export function seal(key: Uint8Array, plain: string, context: string): string {
  return SEALED_PREFIX + sealRaw(key, plain, context);
}

/** The plain text of a `seal`ed value; throws when the key, the context or the value is not the sealed one. */
export function unseal(key: Uint8Array, sealed: string, context: string): string {
  if (!sealed.startsWith(SEALED_PREFIX)) throw new Error("not a sealed value");
  return openRaw(key, sealed.slice(SEALED_PREFIX.length), context);
}

/** The plain text of a `sealRaw` value. */
export function openRaw(key: Uint8Array, body: string, context: string): string {
  const raw = Buffer.from(body, "base64url");
  if (raw.length < 28) throw new Error("not a sealed value");
  const decipher = createDecipheriv("aes-256-gcm", key, raw.subarray(0, 12));
  decipher.setAAD(new TextEncoder().encode(context));
  decipher.setAuthTag(raw.subarray(raw.length - 16));
  return Buffer.concat([decipher.update(raw.subarray(12, raw.length - 16)), decipher.final()]).toString(
    "utf8",
  );
}
