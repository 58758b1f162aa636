// The sign-in's second step: the ticket of a sign-in whose first factor passed (steps.ts), and a passkey's
// signature of its challenge, an authenticator app's code or a recovery code. Every attempt is counted
// before it is checked (auth/attempts.ts): from the address with password sign-ins, and for the user from
// anywhere, refused (429) past the user's limit, since a six-digit code cannot stand unlimited guesses. An
// app's code passes once (its time step is kept: the same code, or an older one, is refused), a recovery
// code once. Only a passed factor starts the session, the one way sessions start (auth/service.ts).
import { and, eq, isNull, lt, or } from "drizzle-orm";
import { tenantOp } from "../../../cluster/placement.ts";
import { AppError } from "../../../kernel/errors.ts";
import { nowIso } from "../../../kernel/time.ts";
import type { Services } from "../../../kernel/services.ts";
import type { Tenant } from "../../../tenancy/registry.ts";
import {
  securityEventFor,
  type SecurityEventKind,
  securityEventOutside,
} from "../../logs/security_log/service.ts";
import { type ClientInfo, startSession, type TokenData } from "../auth/service.ts";
import { unsealSecret } from "../auth/keys.ts";
import type { PassSecondFactor } from "./contract.ts";
import { relyingParty, verifiedAssertion } from "./passkeys.ts";
import { matchRecoveryCode } from "./recovery.ts";
import { findStep, type Step, takeStep } from "./steps.ts";
import { userPasskeys, userRecoveryCodes, userTotp } from "./table.ts";
import { totpStep } from "./totp.ts";

/** The context a user's TOTP secret is sealed under: it opens for that tenant's user only. */
export const totpContext = (tenantId: number, userId: number) => `user_totp.secret:${tenantId}:${userId}`;

const totpOf = tenantOp("mfa.totpOf", async (conn, userId: number) => {
  const [row] = await conn.db.select({ secret: userTotp.secret, lastStep: userTotp.lastStep }).from(userTotp)
    .where(eq(userTotp.userId, userId)).limit(1);
  return row?.secret ? { secret: row.secret, lastStep: row.lastStep } : null;
});

/** Keeps `step` as the last one used, unless it or a later one was used meanwhile: true when it was kept. */
const useTotpStep = tenantOp(
  "mfa.useTotpStep",
  (conn, a: { userId: number; secret: string; step: number }) =>
    conn.transaction(async (tx) => {
      const rows = await tx.update(userTotp).set({ lastStep: a.step }).where(and(
        eq(userTotp.userId, a.userId),
        eq(userTotp.secret, a.secret),
        or(isNull(userTotp.lastStep), lt(userTotp.lastStep, a.step)),
      )).returning({ userId: userTotp.userId });
      return rows.length === 1;
    }),
);

const recoveryCodesOf = tenantOp(
  "mfa.recoveryCodesOf",
  (conn, userId: number) =>
    conn.db.select({ id: userRecoveryCodes.id, codeHash: userRecoveryCodes.codeHash }).from(userRecoveryCodes)
      .where(and(eq(userRecoveryCodes.userId, userId), isNull(userRecoveryCodes.usedAt))),
);

const useRecoveryCode = tenantOp(
  "mfa.useRecoveryCode",
  (conn, a: { userId: number; id: number }) =>
    conn.transaction(async (tx) => {
      const rows = await tx.update(userRecoveryCodes).set({ usedAt: nowIso() }).where(and(
        eq(userRecoveryCodes.id, a.id),
        eq(userRecoveryCodes.userId, a.userId),
        isNull(userRecoveryCodes.usedAt),
      )).returning({ id: userRecoveryCodes.id });
      return rows.length === 1;
    }),
);

const passkeyOf = tenantOp("mfa.passkeyOf", async (conn, a: { userId: number; credentialId: string }) => {
  const [row] = await conn.db.select().from(userPasskeys).where(and(
    eq(userPasskeys.userId, a.userId),
    eq(userPasskeys.credentialId, a.credentialId),
  )).limit(1);
  return row ?? null;
});

/** Keeps the passkey's new counter, unless another sign-in moved it meanwhile: true when it was kept. */
const usePasskey = tenantOp(
  "mfa.usePasskey",
  (conn, a: { id: number; counter: number; newCounter: number }) =>
    conn.transaction(async (tx) => {
      const rows = await tx.update(userPasskeys).set({ counter: a.newCounter, lastUsedAt: nowIso() })
        .where(and(eq(userPasskeys.id, a.id), eq(userPasskeys.counter, a.counter)))
        .returning({ id: userPasskeys.id });
      return rows.length === 1;
    }),
);

function tooMany(wait: number): AppError {
  return new AppError("auth.tooManyAttempts", {
    params: { minutes: Math.max(1, Math.ceil(wait / 60)) },
    headers: { "Retry-After": String(wait) },
  });
}

/**
 * Whether the factor `input` names passes for the step's user (and is used up if it does): `replayed` for
 * an app's good code of a time step already used (seen over a shoulder, or intercepted).
 */
async function passes(
  platform: Pick<Services, "config" | "keys" | "placement">,
  tenant: Tenant,
  step: Step,
  input: PassSecondFactor,
): Promise<"passed" | "failed" | "replayed"> {
  const userId = step.userId;
  const verdict = (ok: boolean) => (ok ? "passed" : "failed");
  switch (input.method) {
    case "totp": {
      const totp = await totpOf(platform, tenant, userId);
      if (!totp) return "failed";
      const secret = unsealSecret(platform.keys, totp.secret, totpContext(tenant.id, userId));
      const used = totpStep(secret, input.code);
      if (used === null) return "failed";
      if (totp.lastStep !== null && used <= totp.lastStep) return "replayed";
      const kept = await useTotpStep(platform, tenant, { userId, secret: totp.secret, step: used });
      return kept ? "passed" : "replayed";
    }
    case "recovery": {
      const id = await matchRecoveryCode(input.code, await recoveryCodesOf(platform, tenant, userId));
      return verdict(id !== undefined && await useRecoveryCode(platform, tenant, { userId, id }));
    }
    case "passkey": {
      const passkey = await passkeyOf(platform, tenant, { userId, credentialId: input.response.id });
      if (!passkey || !step.challenge) return "failed";
      const newCounter = await verifiedAssertion(
        relyingParty(platform.config),
        input.response,
        step.challenge,
        { ...passkey, transports: JSON.parse(passkey.transports) },
      );
      if (newCounter === undefined) return "failed";
      return verdict(
        await usePasskey(platform, tenant, { id: passkey.id, counter: passkey.counter, newCounter }),
      );
    }
  }
}

/** What a factor that did not pass was, for the security log. */
const failures: Record<PassSecondFactor["method"], string> = {
  totp: "a wrong code",
  recovery: "a wrong or used recovery code",
  passkey: "the passkey did not sign",
};

/**
 * A second step's security event, off the request's path: in the log of the step's tenant, naming the
 * user; never the code, the ticket or the passkey's answer.
 */
async function stepEvent(
  platform: Pick<Services, "registry" | "security">,
  tenant: Tenant,
  step: Step,
  client: ClientInfo,
  event: { kind: SecurityEventKind; detail: string },
): Promise<void> {
  const login = await platform.registry.loginOf(tenant.id, step.userId);
  securityEventFor(platform, tenant, {
    ...event,
    userId: step.userId,
    userName: login?.username ?? null,
    ip: client.ip,
    userAgent: client.userAgent,
    requestId: client.requestId,
  });
}

/** POST /Auth/SecondFactor: the session of a sign-in whose second factor passes now. */
export async function passSecondFactor(
  platform: Pick<
    Services,
    "attempts" | "config" | "control" | "keys" | "placement" | "registry" | "security" | "sessions"
  >,
  input: PassSecondFactor,
  client: ClientInfo,
): Promise<TokenData> {
  const { config, attempts } = platform;
  // Counted with the address's sign-ins, before anything is looked up.
  const ipKey = client.ip ? `ip:${client.ip}` : undefined;
  const outside = { ip: client.ip, userAgent: client.userAgent, requestId: client.requestId };
  if (ipKey) {
    const wait = await attempts.takeWithin(ipKey, config.loginLimitPerIp);
    if (wait) {
      // Of the address (its password sign-ins count too), before any ticket is looked up: the system log.
      securityEventOutside(platform, {
        ...outside,
        kind: "secondFactor.throttled",
        detail: `${input.method}: too many sign-in attempts from the address`,
      });
      throw tooMany(wait);
    }
  }
  const step = await findStep(platform.control, "signIn", input.ticket);
  const tenant = step ? await platform.registry.byId(step.tenantId) : undefined;
  if (!step || !tenant) {
    securityEventOutside(platform, {
      ...outside,
      kind: "secondFactor.failed",
      detail: `${input.method}: an unknown or expired sign-in ticket`,
    });
    throw new AppError("auth.secondFactorExpired");
  }
  const userKey = `second-factor:${tenant.id}:${step.userId}`;
  const wait = await attempts.takeWithin(userKey, config.loginLimitPerUser);
  if (wait) {
    await stepEvent(platform, tenant, step, client, {
      kind: "secondFactor.throttled",
      detail: `${input.method}: too many attempts for the user, from any address`,
    });
    throw tooMany(wait);
  }
  const verdict = await passes(platform, tenant, step, input);
  if (verdict !== "passed") {
    await stepEvent(platform, tenant, step, client, {
      kind: verdict === "replayed" ? "secondFactor.replayed" : "secondFactor.failed",
      detail: verdict === "replayed"
        ? `${input.method}: a code of a time step already used`
        : `${input.method}: ${failures[input.method]}`,
    });
    throw new AppError("auth.secondFactorInvalid");
  }
  // The step goes once: a second call racing this one with another good factor gets no second session.
  if (!(await takeStep(platform.control, "signIn", input.ticket))) {
    throw new AppError("auth.secondFactorExpired");
  }
  if (ipKey) await attempts.giveBack(ipKey);
  await attempts.clear(userKey);
  return startSession(platform, tenant, step.userId, client, `${step.method ?? "password"}+${input.method}`);
}
