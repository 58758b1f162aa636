// A user's own second factors (the security screen, /my-account): passkeys (several, named, removable), one
// authenticator app (set up with a QR code and confirmed by a first code before it counts) and recovery
// codes (made with the first factor, shown once, made anew on request). Every change asks for the current
// password again (ASVS 7.5.1; wrong guesses count as users/service.ts's do). The last factor cannot be
// removed while the company requires one of the user. An administrator can remove all of another user's
// factors (a lost phone), which ends that user's sign-ins.
import { and, eq } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "../../../db/connection.ts";
import { AppError, fieldError, notFound } from "../../../kernel/errors.ts";
import type { TenantContext } from "../../../kernel/context.ts";
import { nowIso } from "../../../kernel/time.ts";
import { checkCurrentPassword, findUser } from "../users/service.ts";
import { sealSecret, unsealSecret } from "../auth/keys.ts";
import { securityEventIn } from "../../logs/security_log/service.ts";
import type { NewPasskey } from "./contract.ts";
import { factorsOf, forgetOwed, hasFactor, mustHaveSecondFactor, policyOf } from "./policy.ts";
import { challengeOf, creationOptions, relyingParty, userHandle, verifiedRegistration } from "./passkeys.ts";
import { hashRecoveryCodes, newRecoveryCodes } from "./recovery.ts";
import { totpContext } from "./sign_in.ts";
import { createRegistrationStep, takeStep } from "./steps.ts";
import { userPasskeys, userRecoveryCodes, userTotp } from "./table.ts";
import { newTotpSecret, totpStep, totpUri } from "./totp.ts";

/** Wrong first codes one user may send per attempt window while setting up an app (then 429). */
export const CONFIRM_TRIES = 5;

type PasskeyRow = typeof userPasskeys.$inferSelect;

function passkeyDto(row: PasskeyRow) {
  return {
    id: row.id,
    name: row.name,
    createdAt: row.createdAt,
    lastUsedAt: row.lastUsedAt,
    synced: row.deviceType === "multiDevice",
  };
}

async function me(ctx: TenantContext) {
  const row = await findUser(ctx.conn.db, ctx.actor.userId);
  if (!row) throw notFound();
  return row;
}

/** The current password, checked again before any change of the caller's factors. */
async function reauthenticate(ctx: TenantContext, currentPassword: string | undefined) {
  const row = await me(ctx);
  await checkCurrentPassword(ctx, currentPassword, row);
  return row;
}

export async function secondFactorStatus(ctx: TenantContext) {
  const db = ctx.conn.db;
  const policy = await policyOf(db);
  const factors = await factorsOf(db, ctx.actor.userId);
  const passkeys = await db.select().from(userPasskeys).where(eq(userPasskeys.userId, ctx.actor.userId))
    .orderBy(userPasskeys.id);
  const [totp] = await db.select({ confirmedAt: userTotp.confirmedAt }).from(userTotp)
    .where(eq(userTotp.userId, ctx.actor.userId)).limit(1);
  const required = mustHaveSecondFactor(policy, ctx.actor);
  return {
    policy,
    required,
    setupRequired: required && !hasFactor(factors),
    totp: { enabled: !!totp?.confirmedAt, confirmedAt: totp?.confirmedAt ?? null },
    passkeys: passkeys.map(passkeyDto),
    recoveryCodesLeft: factors.recoveryCodesLeft,
  };
}

/**
 * New recovery codes for a user getting their first factor (none are left), hashed before the transaction
 * that stores them (scrypt is slow); undefined when the user has codes already.
 */
async function codesForFirstFactor(ctx: TenantContext) {
  const factors = await factorsOf(ctx.conn.db, ctx.actor.userId);
  if (hasFactor(factors) && factors.recoveryCodesLeft > 0) return undefined;
  const codes = newRecoveryCodes();
  return { codes, hashes: await hashRecoveryCodes(codes, ctx.services.config.passwordHashCost) };
}

async function replaceRecoveryCodes(tx: Db, userId: number, hashes: string[]): Promise<void> {
  await tx.delete(userRecoveryCodes).where(eq(userRecoveryCodes.userId, userId));
  const now = nowIso();
  for (const codeHash of hashes) {
    await tx.insert(userRecoveryCodes).values({ userId, codeHash, createdAt: now });
  }
}

/** Step one of an authenticator app: a new secret (not counting until a code of it is confirmed). */
export async function beginTotp(ctx: TenantContext, currentPassword: string | undefined) {
  const user = await reauthenticate(ctx, currentPassword);
  const secret = newTotpSecret();
  const sealed = sealSecret(ctx.services.keys, secret, totpContext(ctx.tenant.id, user.id));
  const now = nowIso();
  await ctx.conn.transaction(async (tx) => {
    await tx.insert(userTotp).values({ userId: user.id, pendingSecret: sealed, pendingSince: now })
      .onConflictDoUpdate({ target: userTotp.userId, set: { pendingSecret: sealed, pendingSince: now } });
  });
  const issuer = ctx.tenant.companyName;
  return { secret, uri: totpUri(secret, issuer, user.username), issuer, account: user.username };
}

/**
 * Step two: a code of the new secret confirms it, and it replaces the app before (if any). The code's time
 * step counts as used. The user's first factor comes with recovery codes, answered once.
 */
export async function confirmTotp(ctx: TenantContext, code: string) {
  const userId = ctx.actor.userId;
  const [row] = await ctx.conn.db.select().from(userTotp).where(eq(userTotp.userId, userId)).limit(1);
  if (!row?.pendingSecret) throw new AppError("secondFactor.notSetUp");
  const key = `totp-confirm:${ctx.tenant.id}:${userId}`;
  const wait = await ctx.services.attempts.retryAfter(key, CONFIRM_TRIES);
  if (wait > 0) {
    throw new AppError("auth.tooManyAttempts", {
      params: { minutes: Math.max(1, Math.ceil(wait / 60)) },
      headers: { "Retry-After": String(wait) },
    });
  }
  const secret = unsealSecret(ctx.services.keys, row.pendingSecret, totpContext(ctx.tenant.id, userId));
  const step = totpStep(secret, code);
  if (step === null) {
    await ctx.services.attempts.take(key);
    throw fieldError({ code: ["validation.codeWrong"] });
  }
  const fresh = await codesForFirstFactor(ctx);
  await ctx.conn.transaction(async (tx) => {
    const [changed] = await tx.update(userTotp).set({
      secret: row.pendingSecret,
      confirmedAt: nowIso(),
      lastStep: step,
      pendingSecret: null,
      pendingSince: null,
    }).where(and(eq(userTotp.userId, userId), eq(userTotp.pendingSecret, row.pendingSecret!))).returning();
    // Another confirmation (or a new setup) came first.
    if (!changed) throw new AppError("secondFactor.notSetUp");
    if (fresh) await replaceRecoveryCodes(tx, userId, fresh.hashes);
    await securityEventIn(tx, ctx, "secondFactor.added", `authenticator app${withCodes(fresh)}`);
  });
  await ctx.services.attempts.clear(key);
  forgetOwed(ctx.services, ctx.tenant.id, userId);
  return { recoveryCodes: fresh?.codes ?? null };
}

/** A passkey as the security log names it: its id and the name its user gave it. */
const describePasskey = (p: { id: number; name: string }) => `passkey ${p.id} (${p.name})`;

/** Said of a first factor, which comes with recovery codes. */
const withCodes = (fresh: unknown) => (fresh ? ", with new recovery codes" : "");

/** A passkey being added that is refused, and the security event the error handler writes of it. */
function passkeyRefused(why: string): AppError {
  return new AppError("secondFactor.passkeyNotVerified", {
    security: { kind: "secondFactor.addRefused", detail: `a new passkey: ${why}` },
  });
}

/** The factors left besides the one being removed must still satisfy the company's setting. */
async function assertMayRemove(ctx: TenantContext, remaining: { passkeys: unknown[]; totp: boolean }) {
  if (hasFactor(remaining)) return;
  if (mustHaveSecondFactor(await policyOf(ctx.conn.db), ctx.actor)) {
    throw new AppError("secondFactor.lastRequired");
  }
}

/** After a removal: a user left with no factor keeps no recovery codes (they would be a factor alone). */
async function dropCodesIfNoFactor(tx: Db, userId: number): Promise<void> {
  const factors = await factorsOf(tx, userId);
  if (!hasFactor(factors)) await tx.delete(userRecoveryCodes).where(eq(userRecoveryCodes.userId, userId));
}

export async function removeTotp(ctx: TenantContext, currentPassword: string | undefined): Promise<void> {
  const user = await reauthenticate(ctx, currentPassword);
  const factors = await factorsOf(ctx.conn.db, user.id);
  if (!factors.totp) throw notFound();
  await assertMayRemove(ctx, { ...factors, totp: false });
  await ctx.conn.transaction(async (tx) => {
    await tx.delete(userTotp).where(eq(userTotp.userId, user.id));
    await dropCodesIfNoFactor(tx, user.id);
    await securityEventIn(tx, ctx, "secondFactor.removed", "authenticator app");
  });
  forgetOwed(ctx.services, ctx.tenant.id, user.id);
}

/** Step one of a passkey: the options for navigator.credentials.create, their challenge kept (steps.ts). */
export async function passkeyOptions(ctx: TenantContext, currentPassword: string | undefined) {
  const user = await reauthenticate(ctx, currentPassword);
  const existing = (await factorsOf(ctx.conn.db, user.id)).passkeys;
  const options = await creationOptions(relyingParty(ctx.services.config), {
    handle: userHandle(ctx.services.keys.sealKey, ctx.tenant.id, user.id),
    username: user.username,
    displayName: user.visibleName || user.username,
  }, existing);
  await createRegistrationStep(ctx.services.control, {
    tenantId: ctx.tenant.id,
    userId: user.id,
    challenge: options.challenge,
  });
  return { ...options };
}

/** Step two: the browser's new credential, checked against the challenge of step one, kept by its name. */
export async function addPasskey(ctx: TenantContext, input: z.output<typeof NewPasskey>) {
  const userId = ctx.actor.userId;
  const challenge = await challengeOf(input.response.response.clientDataJSON);
  const step = challenge ? await takeStep(ctx.services.control, "passkeyRegistration", challenge) : undefined;
  if (!step || !challenge || step.tenantId !== ctx.tenant.id || step.userId !== userId) {
    throw passkeyRefused("its challenge is not one this user was given, or it expired");
  }
  const credential = await verifiedRegistration(
    relyingParty(ctx.services.config),
    input.response as never,
    challenge,
  );
  if (!credential) throw passkeyRefused("the authenticator's answer does not verify");
  const fresh = await codesForFirstFactor(ctx);
  const row = await ctx.conn.transaction(async (tx) => {
    const [taken] = await tx.select({ id: userPasskeys.id }).from(userPasskeys)
      .where(eq(userPasskeys.credentialId, credential.credentialId)).limit(1);
    if (taken) throw new AppError("record.uniqueConflict");
    const [added] = await tx.insert(userPasskeys).values({
      userId,
      name: input.name,
      credentialId: credential.credentialId,
      publicKey: credential.publicKey,
      counter: credential.counter,
      transports: JSON.stringify(credential.transports),
      deviceType: credential.deviceType,
      backedUp: credential.backedUp,
      createdAt: nowIso(),
    }).returning();
    if (fresh) await replaceRecoveryCodes(tx, userId, fresh.hashes);
    await securityEventIn(tx, ctx, "secondFactor.added", `${describePasskey(added)}${withCodes(fresh)}`);
    return added;
  });
  forgetOwed(ctx.services, ctx.tenant.id, userId);
  return { passkey: passkeyDto(row), recoveryCodes: fresh?.codes ?? null };
}

export async function removePasskey(
  ctx: TenantContext,
  id: number,
  currentPassword: string | undefined,
): Promise<void> {
  const userId = ctx.actor.userId;
  const [row] = await ctx.conn.db.select({
    id: userPasskeys.id,
    name: userPasskeys.name,
    credentialId: userPasskeys.credentialId,
  }).from(userPasskeys).where(and(eq(userPasskeys.id, id), eq(userPasskeys.userId, userId))).limit(1);
  if (!row) throw notFound();
  await reauthenticate(ctx, currentPassword);
  const factors = await factorsOf(ctx.conn.db, userId);
  await assertMayRemove(ctx, {
    ...factors,
    passkeys: factors.passkeys.filter((p) => p.id !== row.credentialId),
  });
  await ctx.conn.transaction(async (tx) => {
    await tx.delete(userPasskeys).where(and(eq(userPasskeys.id, id), eq(userPasskeys.userId, userId)));
    await dropCodesIfNoFactor(tx, userId);
    await securityEventIn(tx, ctx, "secondFactor.removed", describePasskey(row));
  });
  forgetOwed(ctx.services, ctx.tenant.id, userId);
}

/** Ten new recovery codes; the ones before stop working. */
export async function renewRecoveryCodes(ctx: TenantContext, currentPassword: string | undefined) {
  const user = await reauthenticate(ctx, currentPassword);
  if (!hasFactor(await factorsOf(ctx.conn.db, user.id))) throw new AppError("secondFactor.notSetUp");
  const codes = newRecoveryCodes();
  const hashes = await hashRecoveryCodes(codes, ctx.services.config.passwordHashCost);
  await ctx.conn.transaction(async (tx) => {
    await replaceRecoveryCodes(tx, user.id, hashes);
    await securityEventIn(tx, ctx, "recoveryCodes.renewed", `${codes.length} new codes; the ones before end`);
  });
  return { recoveryCodes: codes };
}

/**
 * An administrator removes all of a user's second factors and recovery codes (the phone is lost, the codes
 * too), having checked who they are talking to; the user's sign-ins end. A user who must have a factor is
 * led to set one up at their next sign-in. Removing one's own is held to the company's setting as on
 * one's own screen.
 */
export async function resetSecondFactor(
  ctx: TenantContext,
  userId: number,
  currentPassword: string | undefined,
): Promise<void> {
  await reauthenticate(ctx, currentPassword);
  if (userId === ctx.actor.userId) await assertMayRemove(ctx, { passkeys: [], totp: false });
  await ctx.conn.transaction(async (tx) => {
    const target = await findUser(tx, userId);
    if (!target) throw notFound();
    await removeSecondFactors(tx, userId);
    await securityEventIn(tx, ctx, "secondFactor.reset", resetDetail(target, "an administrator"));
  });
  forgetOwed(ctx.services, ctx.tenant.id, userId);
  await ctx.services.sessions.revokeUser(ctx.tenant.id, userId, "secondFactorReset");
}

/** What a reset's security event says (an administrator's, or the provider's from the host). */
export function resetDetail(user: { id: number; username: string }, by: string): string {
  return `user ${user.id} (${user.username}): every second factor and recovery code removed by ${by}; ` +
    "their sign-ins ended";
}

/** Every second factor and recovery code of a user, inside the caller's transaction (also the provider's CLI). */
export async function removeSecondFactors(tx: Db, userId: number): Promise<void> {
  await tx.delete(userPasskeys).where(eq(userPasskeys.userId, userId));
  await tx.delete(userTotp).where(eq(userTotp.userId, userId));
  await tx.delete(userRecoveryCodes).where(eq(userRecoveryCodes.userId, userId));
}
