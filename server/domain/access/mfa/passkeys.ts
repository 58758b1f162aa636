// Passkeys (WebAuthn) by @simplewebauthn/server: the options the browser's navigator.credentials calls take,
// and the checks of what it answers (the challenge, the origin and relying party, the signature, user
// presence, and a signature counter that must grow where the authenticator keeps one). The relying party is
// the app's own address (PUBLIC_URL): its host is the RP ID, its origin the only one accepted.
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from "@simplewebauthn/server";
import { createHmac } from "node:crypto";
import { Buffer } from "node:buffer";
import type { Config } from "../../../config.ts";
import { deriveKey } from "../../../kernel/crypto.ts";
import { lazy } from "../../../kernel/lazy.ts";

/**
 * @simplewebauthn/server, loaded at the first passkey step of the thread: about 60 ms of every thread's start
 * otherwise, for a step few threads take.
 */
const webAuthn = lazy(() =>
  Promise.all([import("@simplewebauthn/server"), import("@simplewebauthn/server/helpers")])
);

/**
 * COSE's identifiers of the signature algorithms (IANA's COSE Algorithms registry), as the library's COSEALG
 * names them; here so that naming them does not load the library (passkeys.test.ts holds them to its values).
 */
export const COSEALG = { EdDSA: -8, ES256: -7, RS256: -257 } as const;

/** The purpose label the user handles' key is derived under. */
export const USER_HANDLE_PURPOSE = "webauthn user handles v1";

export interface RelyingParty {
  rpID: string;
  origin: string;
  rpName: string;
}

/**
 * The signature algorithms a passkey may use (the library's default, named here for the cryptographic
 * inventory, docs/security.md): Ed25519, ECDSA P-256 and RSA PKCS#1 v1.5 with SHA-256, in that order of
 * preference; the authenticator picks the first it supports.
 */
export const PASSKEY_ALGORITHMS = [COSEALG.EdDSA, COSEALG.ES256, COSEALG.RS256];

export function relyingParty(config: Pick<Config, "publicUrl">): RelyingParty {
  const url = new URL(config.publicUrl);
  return { rpID: url.hostname, origin: url.origin, rpName: "WMS" };
}

const handleKeys = new WeakMap<Uint8Array, Uint8Array>();

/**
 * The WebAuthn user handle of a user: the same for all their passkeys (so one authenticator keeps one
 * passkey per account), opaque (an HMAC, no name or number in it) under a key of its own, derived from the
 * sealing key as every other purpose's is (docs/security.md, Key management): the sealing key only seals.
 */
export function userHandle(sealKey: Uint8Array, tenantId: number, userId: number): Uint8Array<ArrayBuffer> {
  let key = handleKeys.get(sealKey);
  if (!key) handleKeys.set(sealKey, key = deriveKey(sealKey, USER_HANDLE_PURPOSE));
  return new Uint8Array(createHmac("sha256", key).update(`webauthn user ${tenantId}:${userId}`).digest());
}

export interface StoredPasskey {
  credentialId: string;
  publicKey: string;
  counter: number;
  transports: string[];
}

export async function creationOptions(
  rp: RelyingParty,
  user: { handle: Uint8Array<ArrayBuffer>; username: string; displayName: string },
  existing: { id: string; transports: string[] }[],
) {
  const [{ generateRegistrationOptions }] = await webAuthn();
  return generateRegistrationOptions({
    rpName: rp.rpName,
    rpID: rp.rpID,
    userID: user.handle,
    userName: user.username,
    userDisplayName: user.displayName,
    attestationType: "none",
    supportedAlgorithmIDs: PASSKEY_ALGORITHMS,
    // The same authenticator is not added twice.
    excludeCredentials: existing,
    authenticatorSelection: { residentKey: "preferred", userVerification: "preferred" },
  });
}

/** The challenge a registration's or an assertion's client data carries (to find its step). */
export async function challengeOf(clientDataJSON: string): Promise<string | undefined> {
  const [, { decodeClientDataJSON }] = await webAuthn();
  try {
    const data = decodeClientDataJSON(clientDataJSON);
    return typeof data.challenge === "string" ? data.challenge : undefined;
  } catch {
    return undefined;
  }
}

/** The new passkey's credential when the browser's answer verifies; undefined when it does not. */
export async function verifiedRegistration(
  rp: RelyingParty,
  response: RegistrationResponseJSON,
  challenge: string,
) {
  const [{ verifyRegistrationResponse }] = await webAuthn();
  try {
    const result = await verifyRegistrationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.rpID,
      requireUserVerification: false,
      supportedAlgorithmIDs: PASSKEY_ALGORITHMS,
    });
    if (!result.verified) return undefined;
    const info = result.registrationInfo;
    return {
      credentialId: info.credential.id,
      publicKey: Buffer.from(info.credential.publicKey).toString("base64url"),
      counter: info.credential.counter,
      transports: info.credential.transports ?? response.response.transports ?? [],
      deviceType: info.credentialDeviceType,
      backedUp: info.credentialBackedUp,
    };
  } catch {
    return undefined;
  }
}

export async function requestOptions(rp: RelyingParty, allow: { id: string; transports: string[] }[]) {
  const [{ generateAuthenticationOptions }] = await webAuthn();
  return generateAuthenticationOptions({
    rpID: rp.rpID,
    allowCredentials: allow,
    userVerification: "preferred",
  });
}

/** The counter to keep when `response` is a good signature of `challenge` by `passkey`; else undefined. */
export async function verifiedAssertion(
  rp: RelyingParty,
  response: AuthenticationResponseJSON,
  challenge: string,
  passkey: StoredPasskey,
): Promise<number | undefined> {
  const [{ verifyAuthenticationResponse }] = await webAuthn();
  try {
    const result = await verifyAuthenticationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.rpID,
      credential: {
        id: passkey.credentialId,
        publicKey: new Uint8Array(Buffer.from(passkey.publicKey, "base64url")),
        counter: passkey.counter,
        transports: passkey.transports as never,
      },
      requireUserVerification: false,
    });
    return result.verified ? result.authenticationInfo.newCounter : undefined;
  } catch {
    // A wrong challenge, origin or signature, or a counter that did not grow (a cloned authenticator).
    return undefined;
  }
}
