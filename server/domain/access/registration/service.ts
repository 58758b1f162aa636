// Company registration (a tenant awaiting the provider's approval), approval with the activation e-mail,
// activation, and password reset by e-mailed single-use code.
import { eq } from "drizzle-orm";
import type { z } from "zod";
import type { Services } from "../../../kernel/services.ts";
import { AppError } from "../../../kernel/errors.ts";
import { hashPassword } from "../../../kernel/password.ts";
import { checkNewPassword } from "../users/password_policy.ts";
import { isLanguage, type Language, translate } from "../../../../shared/i18n/api/mod.ts";
import { formatInstant } from "../../../../shared/i18n/dates.ts";
import { nowIso } from "../../../kernel/time.ts";
import { createApprovedDatabase, freeSlug, provisionTenant, slugify } from "../../../tenancy/provision.ts";
import type { Tenant } from "../../../tenancy/registry.ts";
import { recordChange } from "../../../engine/record_change.ts";
import { writeSystemLog } from "../../logs/system_log/service.ts";
import { users } from "../users/entity.ts";
import { findUserOf, type UserRow } from "../users/service.ts";
import { servedHere, tenantOp } from "../../../cluster/placement.ts";
import { assertCodeServedHere, codeOwner, consumeCode, issueCode } from "./codes.ts";
import type { MakeReset, Register } from "./contract.ts";

const APP_NAME = "WMS";

function userLanguage(user: UserRow, tenant: Tenant): Language {
  if (isLanguage(user.defaultLanguage)) return user.defaultLanguage;
  return isLanguage(tenant.language) ? tenant.language : "en-us";
}

/** Refuses a key past `max` attempts in the window (429); `count` counts this attempt first, atomically. */
/** Registrations one address may make per attempt window (LOGIN_LIMIT_WINDOW). */
export const REGISTRATIONS_PER_ADDRESS = 10;
/** Reset requests per window: from one address, and for one e-mail address whoever asks. */
export const RESETS_PER_ADDRESS = 10;
export const RESETS_PER_EMAIL = 3;
/** Wrong reset codes one address may send per window. */
export const RESET_CODE_TRIES = 10;

async function limit(
  platform: Pick<Services, "attempts">,
  key: string,
  max: number,
  count = false,
): Promise<void> {
  const wait = count
    ? await platform.attempts.takeWithin(key, max)
    : await platform.attempts.retryAfter(key, max);
  if (wait > 0) {
    throw new AppError("auth.tooManyAttempts", {
      params: { minutes: Math.max(1, Math.ceil(wait / 60)) },
      headers: { "Retry-After": String(wait) },
    });
  }
}

export async function register(
  platform: Pick<Services, "attempts" | "config" | "control" | "mailer" | "pool" | "registry">,
  input: z.output<typeof Register>,
  ip: string | null,
) {
  const key = `register:${ip ?? "unknown"}`;
  await limit(platform, key, REGISTRATIONS_PER_ADDRESS, true); // every registration counts against the address's budget
  await checkNewPassword(platform, input.password, {
    username: input.username,
    email: input.email,
    companyName: input.companyName,
    slug: slugify(input.companyName),
  });
  const slug = await freeSlug(platform, slugify(input.companyName));
  const { tenant, adminUserId } = await provisionTenant(platform, {
    slug,
    companyName: input.companyName,
    taxId: input.taxId,
    language: input.language,
    status: "pendingApproval",
    admin: {
      username: input.username,
      email: input.email,
      password: input.password,
      visibleName: input.username,
      defaultLanguage: input.language,
      active: false,
    },
  });
  const lang = input.language;
  try {
    await platform.mailer.send({
      to: input.email,
      subject: translate(lang, "mail.registered.subject", { company: input.companyName }),
      text: translate(lang, "mail.registered.body", { name: input.username, company: input.companyName }),
    });
  } catch (err) {
    // The registration is stored; the confirmation mail is a courtesy. The activation mail is what counts.
    const cause = err instanceof AppError ? err.details.cause ?? err : err;
    await writeSystemLog(platform, undefined, {
      level: "warning",
      message: `registration mail for tenant ${tenant.slug} failed`,
      exception: cause instanceof Error ? cause.stack ?? cause.message : String(cause),
      source: "POST /api/Register",
      properties: { tenant: tenant.slug },
    });
  }
  return { slug: tenant.slug, status: "pendingApproval" as const, adminUserId };
}

async function sendActivation(
  platform: Pick<Services, "config" | "control" | "mailer">,
  tenant: Tenant,
  user: UserRow,
): Promise<void> {
  const { code, expiresAt } = await issueCode(
    platform,
    "activation",
    tenant.id,
    user.id,
    platform.config.activationCodeTtlSeconds,
  );
  const lang = userLanguage(user, tenant);
  await platform.mailer.send({
    to: user.email,
    subject: translate(lang, "mail.activation.subject", { appName: APP_NAME }),
    text: translate(lang, "mail.activation.body", {
      name: user.visibleName ?? user.username,
      company: tenant.companyName,
      link: `${platform.config.publicUrl}/activate?code=${code}`,
      // Nobody's time zone is known here (the provider's command line, a reset asked by address alone):
      // UTC, and said so.
      expires: formatInstant(lang, expiresAt, "UTC"),
      timeZone: "UTC",
    }),
  });
}

/** The provider confirms a registration: the tenant becomes active and its administrator gets the link. */
export async function approveTenant(
  platform: Pick<Services, "config" | "control" | "mailer" | "placement" | "pool" | "registry">,
  slug: string,
): Promise<Tenant> {
  const tenant = await platform.registry.bySlug(slug);
  if (!tenant) throw new AppError("record.notFoundOrNoPermission");
  // A registration gets its database now, with the administrator it held.
  await createApprovedDatabase(platform, tenant);
  const updated = tenant.status === "active" ? tenant : await platform.registry.update(tenant.id, {
    status: "active",
    approvedAt: nowIso(),
    suspendedAt: null,
  });
  if (updated.adminUserId) {
    const admin = await findUserOf(platform, updated, updated.adminUserId);
    if (admin && !admin.active) await sendActivation(platform, updated, admin);
  }
  return updated;
}

export async function suspendTenant(
  platform: Pick<Services, "pool" | "registry">,
  slug: string,
): Promise<Tenant> {
  const tenant = await platform.registry.bySlug(slug);
  if (!tenant) throw new AppError("record.notFoundOrNoPermission");
  const updated = await platform.registry.update(tenant.id, { status: "suspended", suspendedAt: nowIso() });
  await platform.pool.forget(updated.dbUrl);
  return updated;
}

/** Activates a user by their code, on the tenant's shard; answers the user. */
const activateUser = tenantOp("register.activate", (conn, userId: number) =>
  conn.transaction(async (tx) => {
    const [row] = await tx.update(users).set({ active: true, updatedAt: nowIso() }).where(
      eq(users.id, userId),
    )
      .returning();
    if (!row) throw new AppError("register.activationCodeNotFound");
    // The user acts by their code, signed in as no one: the entry names them.
    await recordChange(tx, null, { userId: row.id, username: row.username }, {
      action: "changed",
      resource: "User",
      id: row.id,
      title: row.username,
      new: { active: true, via: "activationCode" },
    });
    return row;
  }));

/** Sets a password by a reset code, on the tenant's shard; answers the username. */
const setPassword = tenantOp(
  "register.reset",
  (conn, args: { userId: number; passwordHash: string }) =>
    conn.transaction(async (tx) => {
      const [row] = await tx.update(users).set({ passwordHash: args.passwordHash, updatedAt: nowIso() })
        .where(eq(users.id, args.userId)).returning();
      if (!row) throw new AppError("register.wrongResetCode");
      // The user acts by their code, signed in as no one: the entry names them.
      await recordChange(tx, null, { userId: row.id, username: row.username }, {
        action: "changed",
        resource: "User",
        id: row.id,
        title: row.username,
        new: { password: "changed", via: "resetCode" },
      });
      return row.username;
    }),
);

export async function activate(
  platform: Pick<Services, "config" | "control" | "placement" | "registry">,
  code: string,
): Promise<{ activated: true; username: string }> {
  await assertCodeServedHere(platform, "activation", code);
  const owner = await consumeCode(platform, "activation", code);
  if (!owner) throw new AppError("register.activationCodeNotFound");
  const tenant = await platform.registry.byId(owner.tenantId);
  if (!tenant) throw new AppError("register.activationCodeNotFound");
  const user = await activateUser(platform, tenant, owner.userId);
  return { activated: true, username: user.username };
}

export async function sendReset(
  platform: Pick<Services, "attempts" | "config" | "control" | "mailer" | "placement" | "registry">,
  email: string,
  ip: string | null,
): Promise<{ sent: number }> {
  const normalized = email.trim().toLowerCase();
  const keys = [`reset:ip:${ip ?? "unknown"}`, `reset:email:${normalized}`];
  await limit(platform, keys[0], RESETS_PER_ADDRESS, true);
  await limit(platform, keys[1], RESETS_PER_EMAIL, true);
  const logins = await platform.registry.loginsByEmail(normalized);
  let sent = 0;
  for (const login of logins) {
    const tenant = await platform.registry.byId(login.tenantId);
    // A registration awaiting approval has no database yet, and nobody to reset. A tenant another instance
    // serves gets its mail from there (the tenant proxy sends the call to the first login's instance).
    if (!tenant || tenant.status !== "active" || !servedHere(platform.config.instance, tenant)) continue;
    const user = await findUserOf(platform, tenant, login.userId);
    if (!user || user.blocked) continue;
    const { code, expiresAt } = await issueCode(
      platform,
      "reset",
      tenant.id,
      user.id,
      platform.config.resetCodeTtlSeconds,
    );
    const lang = userLanguage(user, tenant);
    await platform.mailer.send({
      to: user.email,
      subject: translate(lang, "mail.reset.subject", { appName: APP_NAME }),
      text: translate(lang, "mail.reset.body", {
        name: user.visibleName ?? user.username,
        username: user.username,
        code,
        link: `${platform.config.publicUrl}/recovery?code=${code}`,
        // Nobody's time zone is known here (the provider's command line, a reset asked by address alone):
        // UTC, and said so.
        expires: formatInstant(lang, expiresAt, "UTC"),
        timeZone: "UTC",
      }),
    });
    sent++;
  }
  if (sent === 0) throw new AppError("register.emailNotFound");
  return { sent };
}

export async function makeReset(
  platform: Pick<Services, "attempts" | "config" | "control" | "placement" | "registry" | "sessions">,
  input: z.output<typeof MakeReset>,
  ip: string | null,
) {
  const key = `resetcode:${ip ?? "unknown"}`;
  await limit(platform, key, RESET_CODE_TRIES);
  await assertCodeServedHere(platform, "reset", input.code);
  // The new password is judged before the code is used up: a refused one leaves the code for the next try.
  const holder = await codeOwner(platform, "reset", input.code);
  if (holder) {
    const tenant = await platform.registry.byId(holder.tenantId);
    const login = await platform.registry.loginOf(holder.tenantId, holder.userId);
    await checkNewPassword(platform, input.password, {
      username: login?.username,
      email: login?.email,
      companyName: tenant?.companyName,
      slug: tenant?.slug,
    });
  }
  const owner = await consumeCode(platform, "reset", input.code);
  if (!owner) {
    await platform.attempts.take(key);
    throw new AppError("register.wrongResetCode");
  }
  const tenant = await platform.registry.byId(owner.tenantId);
  if (!tenant) throw new AppError("register.wrongResetCode");
  const passwordHash = await hashPassword(input.password, platform.config.passwordHashCost);
  const username = await setPassword(platform, tenant, { userId: owner.userId, passwordHash });
  await platform.sessions.revokeUser(tenant.id, owner.userId, "passwordReset");
  return { reset: true, username };
}
