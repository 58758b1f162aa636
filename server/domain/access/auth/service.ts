// Sign-in and token refresh. A wrong username and a wrong password look the same from outside, in
// answer and in time (the password is checked against a dummy hash when there is no user); account and
// tenant states are told only to a caller who knows the password. Failed attempts are limited per
// client address and per username.
import { and, eq } from "drizzle-orm";
import type { IssuedSession, Services } from "../../../kernel/services.ts";
import { slowDownMs } from "./attempts.ts";
import { AppError } from "../../../kernel/errors.ts";
import { hashPassword, needsRehash, verifyAgainstDummy, verifyPassword } from "../../../kernel/password.ts";
import { nowIso } from "../../../kernel/time.ts";
import type { Tenant } from "../../../tenancy/registry.ts";
import { recordChange } from "../../../engine/record_change.ts";
import { users } from "../users/entity.ts";
import { findUserOf, toUserDto, type UserRow } from "../users/service.ts";
import { servedHere, tenantOp } from "../../../cluster/placement.ts";
import { signAccessToken } from "./tokens.ts";
import {
  securityEventFor,
  type SecurityEventInput,
  securityEventOutside,
  writeSecurityEvents,
} from "../../logs/security_log/service.ts";
import { type SecondFactorChallenge, secondFactorChallenge, signInState } from "../mfa/gate.ts";
import { hasFactor, mustHaveSecondFactor } from "../mfa/policy.ts";

export type { ClientInfo } from "../../../engine/http/client_info.ts";
import type { ClientInfo } from "../../../engine/http/client_info.ts";

export interface TokenData {
  token: string;
  refreshToken: string;
  expiresAt: string;
  refreshExpiresAt: string;
  user: ReturnType<typeof toUserDto>;
  /** The company requires a second factor of this user, who has none: only its setup may be called. */
  secondFactorSetupRequired?: true;
}

/** What a first factor (a password, the identity provider) earns: a session, or the second factor's step. */
export type SignInAnswer = TokenData | SecondFactorChallenge;

function tooMany(resetAt: number): AppError {
  const wait = Math.max(1, Math.ceil((resetAt - Date.now()) / 1000));
  return new AppError("auth.tooManyAttempts", {
    params: { minutes: Math.max(1, Math.ceil(wait / 60)) },
    headers: { "Retry-After": String(wait) },
  });
}

/**
 * Counts a sign-in attempt before its password is checked (auth/attempts.ts): the address and the user at
 * that address are each refused past their limit; the user's attempts from anywhere only slow it down.
 * Answers what a success gives back.
 */
async function countAttempt(
  platform: Pick<Services, "attempts" | "config">,
  username: string,
  ip: string | null,
) {
  const c = platform.config;
  const name = username.trim().toLowerCase();
  const byIp = ip ? `ip:${ip}` : undefined;
  const pair = `user-at:${name}@${ip ?? "unknown"}`;
  const byUser = `user:${name}`;
  if (byIp) {
    const a = await platform.attempts.take(byIp);
    if (a.count > c.loginLimitPerIp) throw tooMany(a.resetAt);
  }
  const p = await platform.attempts.take(pair);
  if (p.count > c.loginLimitPerUser) throw tooMany(p.resetAt);
  const u = await platform.attempts.take(byUser);
  const wait = slowDownMs(u.count - 1, c.loginSlowDownAfter);
  if (wait > 0) await new Promise((r) => setTimeout(r, wait));
  return async () => {
    if (byIp) await platform.attempts.giveBack(byIp);
    await platform.attempts.clear(pair);
    await platform.attempts.clear(byUser);
  };
}

/** Refuses a tenant or user that may not sign in, with the contract's code for each case. */
export function assertMaySignIn(tenant: Tenant, user: UserRow): void {
  if (tenant.status === "pendingApproval") throw new AppError("auth.awaitingApproval");
  if (tenant.status === "suspended") throw new AppError("auth.suspended");
  if (user.blocked) throw new AppError("auth.blocked");
  if (!user.active) throw new AppError("auth.notActivated");
}

async function issue(
  platform: Pick<Services, "config" | "keys">,
  tenant: Tenant,
  user: UserRow,
  refresh: IssuedSession,
): Promise<TokenData> {
  const access = await signAccessToken(platform.keys, platform.config, tenant.id, refresh.session.id, user);
  return {
    token: access.token,
    expiresAt: access.expiresAt,
    refreshToken: refresh.refreshToken,
    refreshExpiresAt: refresh.refreshExpiresAt,
    user: toUserDto(user),
  };
}

/** Marks the sign-in on the user (last sign-in, RecordLog), on the tenant's shard; answers the user. */
const markSignedIn = tenantOp(
  "auth.markSignedIn",
  (
    conn,
    args: { userId: number; method: string; client: ClientInfo; rehash?: { from: string; to: string } },
    tenant,
  ) =>
    conn.transaction(async (tx) => {
      const now = nowIso();
      // A hash made with less than today's parameters, made again from the password just proven (unless
      // the password changed meanwhile).
      if (args.rehash) {
        await tx.update(users).set({ passwordHash: args.rehash.to })
          .where(and(eq(users.id, args.userId), eq(users.passwordHash, args.rehash.from)));
      }
      const [row] = await tx.update(users).set({ lastLoginDate: now }).where(eq(users.id, args.userId))
        .returning();
      if (!row) throw new AppError("auth.wrongCredentials");
      assertMaySignIn(tenant, row);
      // The entry names the user signing in (no one is signed in yet); a sign-in is no hub event.
      await recordChange(tx, null, { userId: row.id, username: row.username }, {
        action: "loggedIn",
        resource: "User",
        id: row.id,
        title: row.username,
        new: { method: args.method, ip: args.client.ip },
      });
      // The security log's record of the sign-in, committed with it.
      await writeSecurityEvents(tx, [{
        kind: "signIn.succeeded",
        detail: args.method,
        userId: row.id,
        userName: row.username,
        ...args.client,
      }]);
      return row;
    }),
);

/** A weaker password hash made again, for a user whose session waits for a second factor. */
const rehashPassword = tenantOp(
  "auth.rehashPassword",
  (conn, args: { userId: number; rehash: { from: string; to: string } }) =>
    conn.transaction(async (tx) => {
      await tx.update(users).set({ passwordHash: args.rehash.to })
        .where(and(eq(users.id, args.userId), eq(users.passwordHash, args.rehash.from)));
      return null;
    }),
);

/** Starts a session for a user already proven (password or identity provider). */
export async function startSession(
  platform: Pick<Services, "config" | "keys" | "placement" | "sessions">,
  tenant: Tenant,
  userId: number,
  client: ClientInfo,
  method: string,
  rehash?: { from: string; to: string },
): Promise<TokenData> {
  // A registration awaiting approval has no database to open yet.
  if (tenant.status === "pendingApproval") throw new AppError("auth.awaitingApproval");
  const user = await markSignedIn(platform, tenant, { userId, method, client: plainClient(client), rehash });
  const refresh = await platform.sessions.create(tenant.id, user.id, client.ip, client.userAgent);
  return issue(platform, tenant, user, refresh);
}

/** The client as plain data (it crosses threads in a tenant operation). */
function plainClient(client: ClientInfo): ClientInfo {
  return { ip: client.ip, userAgent: client.userAgent, requestId: client.requestId };
}

/**
 * A sign-in's security event: in the log of the tenant the login name belongs to; of an unknown name (or a
 * tenant without a database yet) in the system log, without the name, which may be a password typed into
 * the wrong field. Never the password.
 */
function signInEvent(
  platform: Pick<Services, "config" | "control" | "security">,
  found: { login?: { userId: number; username: string }; tenant?: Tenant },
  event: Omit<SecurityEventInput, "userId" | "userName">,
): void {
  const { login, tenant } = found;
  if (
    login && tenant && tenant.status !== "pendingApproval" && servedHere(platform.config.instance, tenant)
  ) {
    securityEventFor(platform, tenant, { ...event, userId: login.userId, userName: login.username });
  } else {
    const why = login ? "a tenant without a database here" : "an unknown username";
    securityEventOutside(platform, { ...event, detail: `${event.detail ?? ""} (${why})`.trim() });
  }
}

/**
 * After the first factor passed (a password, or the identity provider vouching for the e-mail): a user with a
 * second factor gets its step instead of a session (mfa/gate.ts); the others get the session.
 */
export async function afterFirstFactor(
  platform: Pick<Services, "config" | "control" | "keys" | "placement" | "sessions">,
  tenant: Tenant,
  userId: number,
  client: ClientInfo,
  method: string,
  /** A password hash made with less than today's parameters, made again from the password just proven. */
  rehash?: { from: string; to: string },
): Promise<SignInAnswer> {
  if (tenant.status === "pendingApproval") throw new AppError("auth.awaitingApproval");
  const state = await signInState(platform, tenant, userId);
  if (!state) throw new AppError("auth.wrongCredentials");
  assertMaySignIn(tenant, state.user);
  if (hasFactor(state.factors)) {
    if (rehash) await rehashPassword(platform, tenant, { userId, rehash });
    return await secondFactorChallenge(platform, tenant, userId, client, method, state.factors);
  }
  const data = await startSession(platform, tenant, userId, client, method, rehash);
  return mustHaveSecondFactor(state.policy, state.user) ? { ...data, secondFactorSetupRequired: true } : data;
}

export async function signIn(
  platform: Pick<
    Services,
    "attempts" | "config" | "control" | "keys" | "placement" | "registry" | "security" | "sessions"
  >,
  input: { username: string; password: string },
  client: ClientInfo,
): Promise<SignInAnswer> {
  const event = { ...plainClient(client) };
  let succeeded: () => Promise<void>;
  try {
    succeeded = await countAttempt(platform, input.username, client.ip);
  } catch (err) {
    if (err instanceof AppError && err.code === "auth.tooManyAttempts") {
      const login = await platform.registry.loginByUsername(input.username);
      const tenant = login ? await platform.registry.byId(login.tenantId) : undefined;
      signInEvent(platform, { login, tenant }, { ...event, kind: "signIn.throttled", detail: "password" });
    }
    throw err;
  }
  const login = await platform.registry.loginByUsername(input.username);
  const tenant = login ? await platform.registry.byId(login.tenantId) : undefined;
  try {
    return await checkedSignIn(platform, input, client, succeeded, login, tenant);
  } catch (err) {
    if (err instanceof AppError && err.code === "auth.wrongCredentials") {
      signInEvent(platform, { login, tenant }, { ...event, kind: "signIn.failed", detail: "password" });
    } else if (err instanceof AppError && err.status === 401) {
      signInEvent(platform, { login, tenant }, { ...event, kind: "signIn.refused", detail: err.code });
    }
    throw err;
  }
}

async function checkedSignIn(
  platform: Pick<Services, "config" | "control" | "keys" | "placement" | "registry" | "sessions">,
  input: { username: string; password: string },
  client: ClientInfo,
  succeeded: () => Promise<void>,
  login: Awaited<ReturnType<Services["registry"]["loginByUsername"]>>,
  tenant: Tenant | undefined,
): Promise<SignInAnswer> {
  if (tenant?.status === "pendingApproval") {
    // No database yet: the held administrator's password is in the control database. Only a caller who
    // knows it learns that the registration waits.
    const pending = await platform.registry.pendingAdmin(tenant.id);
    const known = pending
      ? await verifyPassword(input.password, pending.passwordHash)
      : await verifyAgainstDummy(input.password, platform.config.passwordHashCost);
    throw new AppError(known ? "auth.awaitingApproval" : "auth.wrongCredentials");
  }
  // A tenant another instance serves (or one moving) cannot check the password here: answered as a wrong
  // password after the same work, so that the answer never tells which usernames exist (the tenant proxy
  // sends a sign-in to its tenant's instance).
  const here = tenant !== undefined && servedHere(platform.config.instance, tenant);
  const user = login && tenant && here ? await findUserOf(platform, tenant, login.userId) : undefined;
  const ok = user
    ? await verifyPassword(input.password, user.passwordHash)
    : await verifyAgainstDummy(input.password, platform.config.passwordHashCost);
  if (!ok || !user || !tenant) throw new AppError("auth.wrongCredentials");
  await succeeded();
  assertMaySignIn(tenant, user);
  const cost = platform.config.passwordHashCost;
  const rehash = needsRehash(user.passwordHash, cost)
    ? { from: user.passwordHash, to: await hashPassword(input.password, cost) }
    : undefined;
  return afterFirstFactor(platform, tenant, user.id, client, "password", rehash);
}

export async function refresh(
  platform: Pick<Services, "config" | "keys" | "placement" | "registry" | "security" | "sessions">,
  refreshToken: string | undefined,
  client?: ClientInfo,
): Promise<TokenData> {
  if (!refreshToken) throw new AppError("auth.refreshInvalid");
  // The user is read before the token rotates: if their tenant cannot be reached now (its shard restarting,
  // the tenant moving or served elsewhere: 503), the token the client holds stays good for its retry.
  const owner = await platform.sessions.ownerOfRefresh(refreshToken);
  if (!owner) throw new AppError("auth.refreshInvalid");
  const known = await platform.registry.byId(owner.tenantId);
  const found = known ? await findUserOf(platform, known, owner.userId) : undefined;
  const issued = await platform.sessions.rotate(refreshToken, (reason) => {
    // A rotated token presented again: someone else holds a copy; the whole sign-in has just been ended.
    if (reason === "reuse" && known && servedHere(platform.config.instance, known)) {
      securityEventFor(platform, known, {
        kind: "refreshToken.reused",
        detail: "a refresh token used a second time: the sign-in is ended",
        userId: owner.userId,
        userName: found?.username ?? null,
        ...plainClient(client ?? { ip: null, userAgent: null }),
      });
    }
  });
  const tenant = known;
  const user = issued.session.userId === owner.userId ? found : undefined;
  if (!tenant || !user) {
    await platform.sessions.revokeSession(issued.session.id, "userRemoved");
    throw new AppError("auth.refreshInvalid");
  }
  try {
    assertMaySignIn(tenant, user);
  } catch (err) {
    await platform.sessions.revokeSession(issued.session.id, "accountState");
    throw err;
  }
  return issue(platform, tenant, user, issued);
}
