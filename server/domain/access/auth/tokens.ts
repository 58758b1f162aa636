// Access tokens: short-lived JWTs with the claims of the API contract. Verification pins the algorithm,
// issuer, audience and token type, so nothing but an access token of this server passes.
import { errors as joseErrors, jwtVerify, SignJWT } from "jose";
import type { Config } from "../../../config.ts";
import { AppError } from "../../../kernel/errors.ts";
import type { Actor } from "../../../kernel/context.ts";
import { JWT_ALG, type SigningKeys } from "./keys.ts";

export const ACCESS_TOKEN_TYPE = "at+jwt";

export interface TokenUser {
  id: number;
  username: string;
  isSuperUser: boolean;
  isPowerUser: boolean;
  logisticsEnabled: boolean;
  terminalEnabled: boolean;
  shippingEnabled: boolean;
  transportEnabled: boolean;
  contractorPortalEnabled: boolean;
  connectedContractorId: number | null;
}

const flag = (b: boolean) => (b ? "True" : "False");

export async function signAccessToken(
  keys: SigningKeys,
  config: Config,
  tenantId: number,
  sessionId: string,
  user: TokenUser,
): Promise<{ token: string; expiresAt: string }> {
  const now = Math.floor(Date.now() / 1000);
  const exp = now + config.accessTokenTtlSeconds;
  const claims: Record<string, string> = {
    nameid: String(user.id),
    tid: String(tenantId),
    sid: sessionId,
    unique_name: user.username,
    IsSuperUser: flag(user.isSuperUser),
    IsPowerUser: flag(user.isPowerUser),
    LogisticsEnabled: flag(user.logisticsEnabled),
    TerminalEnabled: flag(user.terminalEnabled),
    ShippingEnabled: flag(user.shippingEnabled),
    TransportEnabled: flag(user.transportEnabled),
    ContractorPortalEnabled: flag(user.contractorPortalEnabled),
  };
  if (user.connectedContractorId !== null) claims.contractorId = String(user.connectedContractorId);
  const token = await new SignJWT(claims)
    .setProtectedHeader({ alg: JWT_ALG, typ: ACCESS_TOKEN_TYPE, kid: keys.kid })
    .setIssuer(config.jwtIssuer)
    .setAudience(config.jwtAudience)
    .setSubject(String(user.id))
    .setJti(crypto.randomUUID())
    .setIssuedAt(now)
    .setExpirationTime(exp)
    .sign(keys.privateKey);
  return { token, expiresAt: new Date(exp * 1000).toISOString() };
}

/** Tokens already verified, per signing key: at most this many, the least recently used dropped first. */
const VERIFIED_MAX = 10_000;
const verified = new WeakMap<SigningKeys, Map<string, { actor: Actor; expiresAtMs: number }>>();

/**
 * The actor of a valid access token. The signature check is the dearest part of a cheap API call, so a
 * token that passed is remembered, by its exact text, until it expires: the same bytes verify the same
 * way until then. Whether its sign-in session still stands is not remembered here (server/tenancy/resolve.ts
 * asks on every call), so a revoked session still ends its tokens at once.
 */
export async function verifyAccessToken(keys: SigningKeys, config: Config, token: string): Promise<Actor> {
  let cache = verified.get(keys);
  if (!cache) verified.set(keys, cache = new Map());
  const key = `${config.jwtIssuer}\n${config.jwtAudience}\n${token}`;
  const hit = cache.get(key);
  if (hit) {
    cache.delete(key);
    if (Date.now() < hit.expiresAtMs) {
      cache.set(key, hit);
      return { ...hit.actor };
    }
  }
  const { actor, exp } = await verifyNow(keys, config, token);
  cache.set(key, { actor, expiresAtMs: exp * 1000 });
  if (cache.size > VERIFIED_MAX) cache.delete(cache.keys().next().value as string);
  return { ...actor };
}

async function verifyNow(
  keys: SigningKeys,
  config: Config,
  token: string,
): Promise<{ actor: Actor; exp: number }> {
  let payload;
  try {
    ({ payload } = await jwtVerify(token, keys.publicKey, {
      algorithms: [JWT_ALG],
      issuer: config.jwtIssuer,
      audience: config.jwtAudience,
      typ: ACCESS_TOKEN_TYPE,
      requiredClaims: ["exp", "iat", "nameid", "tid", "sid", "unique_name"],
    }));
  } catch (err) {
    if (err instanceof joseErrors.JWTExpired) throw new AppError("auth.tokenExpired");
    throw new AppError("auth.tokenInvalid");
  }
  // A token issued in the future was not issued by this server's clock (a minute of skew is allowed).
  if (Number(payload.iat) > Date.now() / 1000 + 60) throw new AppError("auth.tokenInvalid");
  const userId = Number(payload.nameid);
  const tenantId = Number(payload.tid);
  if (!Number.isInteger(userId) || !Number.isInteger(tenantId)) throw new AppError("auth.tokenInvalid");
  const isTrue = (name: string) => payload[name] === "True";
  const actor: Actor = {
    userId,
    tenantId,
    sessionId: String(payload.sid),
    username: String(payload.unique_name),
    isSuperUser: isTrue("IsSuperUser"),
    isPowerUser: isTrue("IsPowerUser"),
    logisticsEnabled: isTrue("LogisticsEnabled"),
    terminalEnabled: isTrue("TerminalEnabled"),
    shippingEnabled: isTrue("ShippingEnabled"),
    transportEnabled: isTrue("TransportEnabled"),
    contractorPortalEnabled: isTrue("ContractorPortalEnabled"),
    contractorId: payload.contractorId === undefined ? null : Number(payload.contractorId),
  };
  return { actor, exp: Number(payload.exp) };
}
