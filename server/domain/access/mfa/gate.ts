// Where a sign-in stands once its first factor passed (a password, or the identity provider): a user with a
// second factor gets a step to pass instead of a session (steps.ts); one without gets the session, told
// when the company requires a factor they have not set up (policy.ts). auth/service.ts afterFirstFactor asks
// here; face sign-in on an enrolled device is two factors of its own (possession of the device's key, and
// the face) and starts its session directly.
import { tenantOp } from "../../../cluster/placement.ts";
import type { Services } from "../../../kernel/services.ts";
import type { Tenant } from "../../../tenancy/registry.ts";
import { findUser } from "../users/service.ts";
import type { ClientInfo } from "../../../engine/http/client_info.ts";
import { factorsOf, policyOf } from "./policy.ts";
import { relyingParty, requestOptions } from "./passkeys.ts";
import { createSignInStep } from "./steps.ts";
import type { secondFactorMethods } from "./contract.ts";

/** The user, the company's setting and the user's factors, read on the tenant's shard. */
export const signInState = tenantOp("mfa.signInState", async (conn, userId: number) => {
  const user = await findUser(conn.db, userId);
  if (!user) return null;
  return { user, policy: await policyOf(conn.db), factors: await factorsOf(conn.db, userId) };
});

export type Factors = Awaited<ReturnType<typeof factorsOf>>;

export interface SecondFactorChallenge {
  secondFactor: {
    ticket: string;
    expiresAt: string;
    methods: (typeof secondFactorMethods)[number][];
    passkeyOptions: Record<string, unknown> | null;
  };
}

/** The second step of a sign-in whose user has `factors`: what the sign-in answers instead of a token. */
export async function secondFactorChallenge(
  platform: Pick<Services, "config" | "control">,
  tenant: Tenant,
  userId: number,
  client: ClientInfo,
  method: string,
  factors: Factors,
): Promise<SecondFactorChallenge> {
  // The challenge a passkey signs is made now and kept with the step, whichever factor the user picks.
  const options = await requestOptions(relyingParty(platform.config), factors.passkeys);
  const { ticket, expiresAt } = await createSignInStep(platform.control, {
    tenantId: tenant.id,
    userId,
    method,
    challenge: options.challenge,
    ip: client.ip,
    userAgent: client.userAgent,
  });
  const methods: SecondFactorChallenge["secondFactor"]["methods"] = [];
  if (factors.passkeys.length) methods.push("passkey");
  if (factors.totp) methods.push("totp");
  if (factors.recoveryCodesLeft) methods.push("recovery");
  return {
    secondFactor: {
      ticket,
      expiresAt,
      methods,
      passkeyOptions: factors.passkeys.length ? { ...options } : null,
    },
  };
}
