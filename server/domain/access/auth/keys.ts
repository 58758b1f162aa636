// The access-token signing key: from JWT_PRIVATE_JWK, else generated once under DATA_DIR/keys and kept
// there (never committed). Ed25519 (EdDSA). Its private part is also the platform's secret, from which the
// key that seals stored secrets (e-mail account passwords) is derived: replacing it makes those unreadable.
import { exportJWK, generateKeyPair, importJWK, type JWK } from "jose";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { Buffer } from "node:buffer";
import { deriveKey } from "../../../kernel/crypto.ts";

export const JWT_ALG = "EdDSA";

export interface SigningKeys {
  kid: string;
  privateKey: CryptoKey;
  publicKey: CryptoKey;
  publicJwk: JWK;
  /** AES-256 key for secrets stored in tenant databases (kernel/crypto.ts seal/unseal). */
  sealKey: Uint8Array;
}

async function fromJwk(jwk: JWK): Promise<SigningKeys> {
  if (!jwk.d) throw new Error("the signing key has no private part");
  const { d: _d, ...pub } = jwk;
  const privateKey = await importJWK(jwk, JWT_ALG) as unknown as CryptoKey;
  const publicKey = await importJWK(pub, JWT_ALG) as unknown as CryptoKey;
  return {
    kid: jwk.kid ?? "default",
    privateKey,
    publicKey,
    publicJwk: { ...pub, alg: JWT_ALG, use: "sig" },
    sealKey: deriveKey(Buffer.from(jwk.d, "base64url"), "wms stored secrets v1"),
  };
}

export async function loadSigningKeys(dataDir: string, fromEnv?: string): Promise<SigningKeys> {
  if (fromEnv) return fromJwk(JSON.parse(fromEnv));
  const dir = join(dataDir, "keys");
  const file = join(dir, "jwt-signing.jwk.json");
  if (existsSync(file)) return fromJwk(JSON.parse(readFileSync(file, "utf8")));
  const { privateKey } = await generateKeyPair(JWT_ALG, { crv: "Ed25519", extractable: true });
  const jwk = { ...(await exportJWK(privateKey)), kid: crypto.randomUUID(), alg: JWT_ALG };
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  writeFileSync(file, JSON.stringify(jwk), { mode: 0o600, flag: "wx" });
  return fromJwk(jwk);
}
