// The access-token signing key: from JWT_PRIVATE_JWK, else generated once under DATA_DIR/keys and kept
// there (never committed). Ed25519 (EdDSA). Its private part is also the platform's secret, from which the
// key that seals stored secrets (e-mail account passwords, external services' secrets) is derived under its
// own purpose. A sealed value names the signing key it was sealed under, so the key can be replaced: the
// replaced ones, named in JWT_PREVIOUS_JWKS, still open what they sealed until `deno task tenant reseal`
// has sealed it again under the current key (docs/security.md, Key management).
import { exportJWK, generateKeyPair, importJWK, type JWK } from "jose";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { Buffer } from "node:buffer";
import { deriveKey, openRaw, sealRaw, type SigningKeys, unseal } from "../../../kernel/crypto.ts";

export const JWT_ALG = "EdDSA";

export type { SigningKeys };

const SEAL_PURPOSE = "wms stored secrets v1";
const NAMED_PREFIX = "v2.";

/** A secret sealed for storage under the current key, naming it: "v2." + base64url(kid) + "." + sealRaw. */
export function sealSecret(keys: SigningKeys, plain: string, context: string): string {
  return `${NAMED_PREFIX}${Buffer.from(keys.kid).toString("base64url")}.${
    sealRaw(keys.sealKey, plain, context)
  }`;
}

/** The plain text of a sealed secret, by whichever of the keys it names (or, for "v1.", any of them). */
export function unsealSecret(keys: SigningKeys, sealed: string, context: string): string {
  if (sealed.startsWith(NAMED_PREFIX)) {
    const [kid, body] = sealed.slice(NAMED_PREFIX.length).split(".");
    const key = keys.sealKeys.get(Buffer.from(kid ?? "", "base64url").toString());
    if (!key || body === undefined) throw new Error("sealed under a key this server does not hold");
    return openRaw(key, body, context);
  }
  // Sealed before values named their key: the current key, else a replaced one.
  for (const key of keys.sealKeys.values()) {
    try {
      return unseal(key, sealed, context);
    } catch { /* another key's */ }
  }
  throw new Error("sealed under a key this server does not hold");
}

/** Whether a sealed secret is sealed under the current key already (else `reseal` seals it again). */
export function sealedUnderCurrent(keys: SigningKeys, sealed: string): boolean {
  return sealed.startsWith(`${NAMED_PREFIX}${Buffer.from(keys.kid).toString("base64url")}.`);
}

function sealKeyOf(jwk: JWK): Uint8Array {
  if (!jwk.d) throw new Error("the signing key has no private part");
  return deriveKey(Buffer.from(jwk.d, "base64url"), SEAL_PURPOSE);
}

async function fromJwk(jwk: JWK, previous: JWK[]): Promise<SigningKeys> {
  if (!jwk.d) throw new Error("the signing key has no private part");
  const { d: _d, ...pub } = jwk;
  const privateKey = await importJWK(jwk, JWT_ALG) as unknown as CryptoKey;
  const publicKey = await importJWK(pub, JWT_ALG) as unknown as CryptoKey;
  const kid = jwk.kid ?? "default";
  const sealKey = sealKeyOf(jwk);
  const sealKeys = new Map<string, Uint8Array>([[kid, sealKey]]);
  for (const old of previous) {
    if (!sealKeys.has(old.kid ?? "default")) sealKeys.set(old.kid ?? "default", sealKeyOf(old));
  }
  return { kid, privateKey, publicKey, publicJwk: { ...pub, alg: JWT_ALG, use: "sig" }, sealKey, sealKeys };
}

/**
 * The signing key (`fromEnv`: JWT_PRIVATE_JWK, else the generated file) and the replaced keys whose sealed
 * secrets it still opens (`previous`: JWT_PREVIOUS_JWKS, a JSON array of JWKs).
 */
export async function loadSigningKeys(
  dataDir: string,
  fromEnv?: string,
  previous?: string,
): Promise<SigningKeys> {
  const old = previous ? JSON.parse(previous) as JWK[] : [];
  if (fromEnv) return fromJwk(JSON.parse(fromEnv), old);
  const dir = join(dataDir, "keys");
  const file = join(dir, "jwt-signing.jwk.json");
  if (existsSync(file)) return fromJwk(JSON.parse(readFileSync(file, "utf8")), old);
  const { privateKey } = await generateKeyPair(JWT_ALG, { crv: "Ed25519", extractable: true });
  const jwk = { ...(await exportJWK(privateKey)), kid: crypto.randomUUID(), alg: JWT_ALG };
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  writeFileSync(file, JSON.stringify(jwk), { mode: 0o600, flag: "wx" });
  return fromJwk(jwk, old);
}
