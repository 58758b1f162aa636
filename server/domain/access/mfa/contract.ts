// The shapes of the second-factor calls (routes.ts): the sign-in's second step, and a user's own factors.
// A passkey's answers are the browser's PublicKeyCredential JSON (@simplewebauthn/browser), bounded here.
import { z } from "zod";
import { secondFactorPolicies } from "../../config/account/entity.ts";
import { TokenData } from "../auth/contract.ts";

/** base64url text of at most `max` characters (a linear pattern: one class, one quantifier). */
const base64url = (max: number) => z.string().min(1).max(max).regex(/^[A-Za-z0-9_-]+$/);

const transports = z.array(z.string().max(20)).max(10);

export const PasskeyAttestation = z.object({
  id: base64url(1400),
  rawId: base64url(1400),
  response: z.object({
    clientDataJSON: base64url(4096),
    attestationObject: base64url(32_768),
    authenticatorData: base64url(16_384).optional(),
    transports: transports.optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    publicKey: base64url(4096).optional(),
  }),
  authenticatorAttachment: z.enum(["platform", "cross-platform"]).optional(),
  clientExtensionResults: z.record(z.string(), z.unknown()),
  type: z.literal("public-key"),
});

export const PasskeyAssertion = z.object({
  id: base64url(1400),
  rawId: base64url(1400),
  response: z.object({
    clientDataJSON: base64url(4096),
    authenticatorData: base64url(16_384),
    // An ML-DSA-87 signature (post-quantum, which @simplewebauthn offers first where the runtime has it) is
    // 4,627 bytes: 6,170 characters.
    signature: base64url(8192),
    userHandle: base64url(128).optional(),
  }),
  authenticatorAttachment: z.enum(["platform", "cross-platform"]).optional(),
  clientExtensionResults: z.record(z.string(), z.unknown()),
  type: z.literal("public-key"),
});

export const secondFactorMethods = ["passkey", "totp", "recovery"] as const;

/** What a sign-in answers instead of token data when the user has a second factor: no token yet. */
export const SecondFactorChallenge = z.object({
  secondFactor: z.object({
    /** Names this sign-in's second step (POST /Auth/SecondFactor); good once, for five minutes. */
    ticket: z.string(),
    expiresAt: z.string(),
    /** The user's ways to pass: a passkey, an authenticator app's code, a recovery code. */
    methods: z.array(z.enum(secondFactorMethods)),
    /** navigator.credentials.get's options (PublicKeyCredentialRequestOptionsJSON) when a passkey may sign. */
    passkeyOptions: z.record(z.string(), z.unknown()).nullable(),
  }),
});

/** POST /Auth and the identity provider's exchange: token data, or the second factor still to come. */
export const SignInAnswer = z.union([TokenData, SecondFactorChallenge]);

const ticket = z.string().min(1).max(100);
const code = z.string().trim().min(1).max(40);

export const PassSecondFactor = z.discriminatedUnion("method", [
  z.object({ ticket, method: z.literal("totp"), code }),
  z.object({ ticket, method: z.literal("recovery"), code }),
  z.object({ ticket, method: z.literal("passkey"), response: PasskeyAssertion }),
]);
export type PassSecondFactor = z.output<typeof PassSecondFactor>;

/** One's current password: every change of one's second factors asks for it again (ASVS 7.5.1). */
export const Reauthentication = z.object({ currentPassword: z.string().max(128).optional() });

export const Passkey = z.object({
  id: z.number(),
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  /** A passkey the platform syncs between devices (multiDevice), as its authenticator says. */
  synced: z.boolean(),
});

export const SecondFactorStatus = z.object({
  /** The company's setting (ClientAccount.secondFactorRequired). */
  policy: z.enum(secondFactorPolicies),
  /** The setting requires a second factor of this user. */
  required: z.boolean(),
  /** Required, and none set up yet: every other call answers 403 auth.secondFactorSetupRequired. */
  setupRequired: z.boolean(),
  totp: z.object({ enabled: z.boolean(), confirmedAt: z.string().nullable() }),
  passkeys: z.array(Passkey),
  recoveryCodesLeft: z.number(),
});

export const TotpSetup = z.object({
  /** base32, for typing into the app when its camera cannot read the QR code. */
  secret: z.string(),
  /** The otpauth:// link the QR code carries. */
  uri: z.string(),
  issuer: z.string(),
  account: z.string(),
});

export const TotpConfirmation = z.object({ code });

/** New recovery codes, shown once (null: the user already has codes, which stay). */
export const RecoveryCodes = z.object({ recoveryCodes: z.array(z.string()).nullable() });

export const NewPasskey = z.object({ name: z.string().trim().min(1).max(60), response: PasskeyAttestation });
export const AddedPasskey = z.object({
  passkey: Passkey,
  recoveryCodes: z.array(z.string()).nullable(),
});

/** navigator.credentials.create's options (PublicKeyCredentialCreationOptionsJSON). */
export const PasskeyCreationOptions = z.record(z.string(), z.unknown());
