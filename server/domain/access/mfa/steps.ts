// Second-factor steps in the control database (server/tenancy/schema.ts second_factor_steps), short-lived and used
// once. A sign-in step is what a password (or the identity provider) earns a user who has a second factor:
// a ticket, not a session: no access or refresh token exists until the factor passes, so there is nothing
// to refresh or replay past it. A passkey-registration step remembers the WebAuthn challenge a signed-in
// user's new passkey must sign. Both live in the control database like sessions do, so that any shard or
// instance answers the next call.
import { and, eq, gt, lte } from "drizzle-orm";
import type { Connection } from "../../../db/connection.ts";
import { randomToken, sha256 } from "../../../kernel/crypto.ts";
import { isoIn, nowIso } from "../../../kernel/time.ts";
import { secondFactorSteps } from "../../../tenancy/schema.ts";

/** How long the second factor may take after the password: enough to find a phone, short enough to expire. */
export const SIGN_IN_STEP_SECONDS = 5 * 60;
/** How long a passkey being added may take (the browser's own prompt times out after 60 s). */
export const REGISTRATION_STEP_SECONDS = 5 * 60;

export type Step = typeof secondFactorSteps.$inferSelect;
type Kind = Step["kind"];

async function forgetExpired(control: Connection): Promise<void> {
  await control.db.delete(secondFactorSteps).where(lte(secondFactorSteps.expiresAt, nowIso()));
}

/** A sign-in waiting for its second factor; answers the ticket the browser holds (only its hash is kept). */
export async function createSignInStep(
  control: Connection,
  step: {
    tenantId: number;
    userId: number;
    method: string;
    challenge: string;
    ip: string | null;
    userAgent: string | null;
  },
): Promise<{ ticket: string; expiresAt: string }> {
  await forgetExpired(control);
  const ticket = randomToken(32);
  const expiresAt = isoIn(SIGN_IN_STEP_SECONDS);
  await control.db.insert(secondFactorSteps).values({
    keyHash: sha256(ticket),
    kind: "signIn",
    tenantId: step.tenantId,
    userId: step.userId,
    method: step.method,
    challenge: step.challenge,
    ip: step.ip,
    userAgent: step.userAgent?.slice(0, 300) ?? null,
    createdAt: nowIso(),
    expiresAt,
  });
  return { ticket, expiresAt };
}

/** Remembers the challenge of a passkey a signed-in user is adding. */
export async function createRegistrationStep(
  control: Connection,
  step: { tenantId: number; userId: number; challenge: string },
): Promise<void> {
  await forgetExpired(control);
  await control.db.insert(secondFactorSteps).values({
    keyHash: sha256(step.challenge),
    kind: "passkeyRegistration",
    tenantId: step.tenantId,
    userId: step.userId,
    challenge: step.challenge,
    createdAt: nowIso(),
    expiresAt: isoIn(REGISTRATION_STEP_SECONDS),
  });
}

/** The step `key` (a ticket or a challenge) names, while it stands; nothing is used up. */
export async function findStep(control: Connection, kind: Kind, key: string): Promise<Step | undefined> {
  const [row] = await control.db.select().from(secondFactorSteps).where(and(
    eq(secondFactorSteps.keyHash, sha256(key)),
    eq(secondFactorSteps.kind, kind),
    gt(secondFactorSteps.expiresAt, nowIso()),
  )).limit(1);
  return row;
}

/**
 * Uses the step up: answers it if it still stood, once; of two calls racing for it, one gets it. A passed
 * factor takes its sign-in step only after passing, so a wrong code leaves the ticket for the next try.
 */
export async function takeStep(control: Connection, kind: Kind, key: string): Promise<Step | undefined> {
  const [row] = await control.db.delete(secondFactorSteps).where(and(
    eq(secondFactorSteps.keyHash, sha256(key)),
    eq(secondFactorSteps.kind, kind),
    gt(secondFactorSteps.expiresAt, nowIso()),
  )).returning();
  return row;
}
