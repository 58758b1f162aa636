// Passwords are stored as salted scrypt hashes (node:crypto), with their cost parameters so that the
// cost can be raised later without invalidating stored hashes.
import { randomBytes, scrypt, timingSafeEqual } from "node:crypto";

const KEY_LENGTH = 64;

function derive(password: string, salt: Buffer, n: number, r: number, p: number): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(
      password.normalize("NFKC"),
      salt,
      KEY_LENGTH,
      { N: n, r, p, maxmem: 256 * n * r },
      (err, key) => err ? reject(err) : resolve(key),
    )
  );
}

export async function hashPassword(password: string, cost: number): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, cost, 8, 1);
  return `scrypt$${cost}$8$1$${salt.toString("base64")}$${key.toString("base64")}`;
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
