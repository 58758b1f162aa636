// Passwords are stored as salted scrypt hashes (node:crypto), with their cost parameters so that the
// cost can be raised later without invalidating stored hashes: a hash below today's parameters is made
// again at its user's next sign-in (`needsRehash`). Today's: N from PASSWORD_HASH_COST (2^15 by default),
// r = 8, p = 3, OWASP's scrypt minimum (Password Storage Cheat Sheet: N=2^15, r=8, p=3 or its equals).
import { randomBytes, scrypt, timingSafeEqual } from "node:crypto";

const KEY_LENGTH = 64;
const SALT_LENGTH = 16;
/** scrypt's block size and parallelism for new hashes (N is the configured cost). */
export const SCRYPT_R = 8;
export const SCRYPT_P = 3;

function derive(password: string, salt: Buffer, n: number, r: number, p: number): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(
      password.normalize("NFKC"),
      salt,
      KEY_LENGTH,
      { N: n, r, p, maxmem: 256 * n * r + 1024 * r * p },
      (err, key) => err ? reject(err) : resolve(key),
    )
  );
}

export async function hashPassword(password: string, cost: number): Promise<string> {
  const salt = randomBytes(SALT_LENGTH);
  const key = await derive(password, salt, cost, SCRYPT_R, SCRYPT_P);
  return `scrypt$${cost}$${SCRYPT_R}$${SCRYPT_P}$${salt.toString("base64")}$${key.toString("base64")}`;
}

/** Whether a stored hash was made with less than today's parameters (a lower N, r or p): make it again. */
export function needsRehash(stored: string, cost: number): boolean {
  const [scheme, n, r, p] = stored.split("$");
  return scheme !== "scrypt" || Number(n) < cost || Number(r) < SCRYPT_R || Number(p) < SCRYPT_P;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split("$");
  if (scheme !== "scrypt" || !hash) return false;
  const expected = Buffer.from(hash, "base64");
  const actual = await derive(password, Buffer.from(salt, "base64"), Number(n), Number(r), Number(p));
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

const dummyHashes = new Map<number, Promise<string>>();

/**
 * Spends the same time as a real verification when there is no user to verify against, so that the
 * response time does not tell whether a username exists.
 */
export async function verifyAgainstDummy(password: string, cost: number): Promise<false> {
  let dummy = dummyHashes.get(cost);
  if (!dummy) {
    dummy = hashPassword(crypto.randomUUID(), cost);
    dummyHashes.set(cost, dummy);
  }
  await verifyPassword(password, await dummy);
  return false;
}
