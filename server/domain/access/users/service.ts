// User verbs. A username is unique across all tenants (the control database's global logins), an e-mail
// within the tenant. Each change is one tenant transaction with its RecordLog entry; the global login is
// claimed inside it and given back if the transaction does not commit.
import { and, eq, inArray, ne, sql } from "drizzle-orm";
import { tenantOp } from "../../../cluster/placement.ts";
import type { Db } from "../../../db/connection.ts";
import type { TenantContext } from "../../../kernel/context.ts";
import type { Services } from "../../../kernel/services.ts";
import { AppError, type FieldCode, fieldError, notFound } from "../../../kernel/errors.ts";
import { hashPassword, verifyPassword } from "../../../kernel/password.ts";
import { nowIso } from "../../../kernel/time.ts";
import { type ListField, listPage, type ListQuery } from "../../../kernel/list.ts";
import { recordChange } from "../../../engine/record_change.ts";
import { changeSummary, securityEvent, securityEventIn } from "../../logs/security_log/service.ts";
import { transactionWithEvents } from "../../../hub/outbox.ts";
import { companies } from "../../parties/companies/entity.ts";
import { listFieldsOf } from "../../../engine/engine.ts";
import { forgetRoles, userById } from "./current.ts";
import { type User, user, type UserCreate, userMeta, users, type UserUpdate } from "./entity.ts";
import { checkNewPassword } from "./password_policy.ts";

export type UserRow = typeof users.$inferSelect;

export function toUserDto(row: UserRow): User {
  return user.toRecord(row, {}, { createdDate: row.createdAt }, {}) as User;
}

function title(row: { username: string; visibleName?: string | null }): string {
  return row.visibleName ? `${row.visibleName} (${row.username})` : row.username;
}

/** The list's fields, sortable, filterable and searchable exactly as the declaration says. */
export const userListFields: Record<string, ListField> = listFieldsOf(userMeta, users);

/** Business managers read users too (to assign them to records); only administrators change them. */
function readsUsers(actor: TenantContext["actor"]): boolean {
  return actor.isSuperUser || (actor.isPowerUser && actor.contractorId === null);
}

export function listUsers(ctx: TenantContext, query: ListQuery) {
  if (!readsUsers(ctx.actor)) throw notFound();
  return listPage(
    ctx.conn.db,
    { table: users, id: users.id, fields: userListFields, defaultSort: "username" },
    query,
    async (ids) => (await ctx.conn.db.select().from(users).where(inArray(users.id, ids))).map(toUserDto),
    { countCache: ctx.conn.countCache },
  );
}

export async function getUser(ctx: TenantContext, id: number): Promise<User> {
  if (!readsUsers(ctx.actor) && ctx.actor.userId !== id) throw notFound();
  const row = await userById(ctx.conn.db).get({ id });
  if (!row) throw notFound();
  return toUserDto(row);
}

/** A user by id (prepared once per connection handle; a transaction's handle prepares it for itself). */
export function findUser(db: Db, id: number): Promise<UserRow | undefined> {
  return userById(db).get({ id });
}

/** A user of a tenant this request did not sign in to (sign-in, reset mail), read on the tenant's shard. */
export const findUserOf = tenantOp("user.find", (conn, id: number) => findUser(conn.db, id));

async function assertEmailFree(tx: Db, email: string, exceptId?: number): Promise<void> {
  const cond = exceptId ? and(eq(users.email, email), ne(users.id, exceptId)) : eq(users.email, email);
  const [hit] = await tx.select({ id: users.id }).from(users).where(cond).limit(1);
  if (hit) throw fieldError({ email: ["validation.emailExists"] });
}

export interface Claim {
  platform: Pick<Services, "registry">;
  tenantId: number;
  userId: number;
}

/**
 * Runs `fn` in a tenant transaction; logins claimed in the control database during it are given back
 * if it does not commit.
 */
async function withLoginClaims<T>(
  platform: Pick<Services, "registry">,
  run: (fn: (tx: Db) => Promise<T>) => Promise<T>,
  fn: (tx: Db, claims: Claim[]) => Promise<T>,
): Promise<T> {
  const claims: Claim[] = [];
  try {
    return await run((tx) => fn(tx, claims));
  } catch (err) {
    for (const c of claims) await platform.registry.releaseLogin(c.tenantId, c.userId);
    throw err;
  }
}

/** A new user's values; the password arrives already hashed (hashing is slow: never inside a transaction). */
export interface NewUserValues extends Omit<UserCreate, "repeatPassword" | "password"> {
  passwordHash: string;
}

/**
 * A user tied to a company is a contractor's user (the company's key role is contractor; portal access
 * needs that tie) or a carrier's (key role carrier, with the transport module: they see published freight
 * tickets and make offers), and holds no staff role. Answers the fields that break the rule.
 */
export async function checkContractorLink(
  tx: Db,
  v: Pick<
    UserRow,
    "connectedContractorId" | "contractorPortalEnabled" | "transportEnabled" | "isSuperUser" | "isPowerUser"
  >,
): Promise<Record<string, FieldCode[]>> {
  const fields: Record<string, FieldCode[]> = {};
  if (v.connectedContractorId !== null && v.connectedContractorId !== undefined) {
    const [company] = await tx.select({ keyRole: companies.keyRole }).from(companies)
      .where(eq(companies.id, v.connectedContractorId)).limit(1);
    const role = company?.keyRole;
    if (role !== "contractor" && role !== "carrier") {
      fields.connectedContractorId = ["validation.invalidValue"];
    }
    // The portal is a contractor's, freight offers a carrier's.
    if (role === "carrier" && v.contractorPortalEnabled) {
      fields.contractorPortalEnabled = ["validation.invalidValue"];
    }
    if (role === "contractor" && v.transportEnabled) fields.transportEnabled = ["validation.invalidValue"];
    if (v.isSuperUser) fields.isSuperUser = ["validation.invalidValue"];
    if (v.isPowerUser) fields.isPowerUser = ["validation.invalidValue"];
  } else if (v.contractorPortalEnabled) {
    fields.connectedContractorId = ["validation.required"];
  }
  return fields;
}

/** Hashes the password of a new user's input (outside any transaction). */
export async function withPasswordHash(
  platform: Pick<Services, "config">,
  input: UserCreate,
): Promise<NewUserValues> {
  const { repeatPassword: _r, password, ...rest } = input;
  return { ...rest, passwordHash: await hashPassword(password, platform.config.passwordHashCost) };
}

/** Inserts a user inside an open transaction and claims its global login. */
export async function insertUser(
  platform: Pick<Services, "registry">,
  tenantId: number,
  tx: Db,
  input: NewUserValues,
  actor: { userId: number; username: string } | null,
  claims: Claim[],
  /** The username is already this user's (a registration held it until approval). */
  claimed = false,
): Promise<UserRow> {
  if (!claimed && await platform.registry.isUsernameTaken(input.username)) {
    throw fieldError({ username: ["validation.usernameExists"] });
  }
  await assertEmailFree(tx, input.email);
  const contractorFields = await checkContractorLink(tx, {
    connectedContractorId: input.connectedContractorId ?? null,
    contractorPortalEnabled: input.contractorPortalEnabled,
    transportEnabled: input.transportEnabled,
    isSuperUser: input.isSuperUser,
    isPowerUser: input.isPowerUser,
  });
  if (Object.keys(contractorFields).length) throw fieldError(contractorFields);
  const now = nowIso();
  const [row] = await tx.insert(users).values({
    username: input.username,
    visibleName: input.visibleName ?? null,
    email: input.email,
    phoneNumber: input.phoneNumber ?? null,
    passwordHash: input.passwordHash,
    defaultLanguage: input.defaultLanguage ?? null,
    description: input.description ?? null,
    blocked: input.blocked,
    active: input.active,
    isSuperUser: input.isSuperUser,
    isPowerUser: input.isPowerUser,
    logisticsEnabled: input.logisticsEnabled,
    terminalEnabled: input.terminalEnabled,
    shippingEnabled: input.shippingEnabled,
    transportEnabled: input.transportEnabled,
    contractorPortalEnabled: input.contractorPortalEnabled,
    connectedContractorId: input.connectedContractorId ?? null,
    createdAt: now,
    updatedAt: now,
  }).returning();
  if (!claimed) {
    if (!(await platform.registry.claimUsername(row.username, tenantId, row.id, row.email))) {
      throw fieldError({ username: ["validation.usernameExists"] });
    }
    claims.push({ platform, tenantId, userId: row.id });
  }
  // The caller announces it (createUser); a tenant being provisioned or seeded has no one listening yet.
  await recordChange(tx, null, actor ?? null, {
    action: "created",
    resource: "User",
    id: row.id,
    title: title(row),
    new: toUserDto(row),
  });
  return row;
}

export async function createUser(ctx: TenantContext, input: UserCreate): Promise<User> {
  await checkNewPassword(ctx.services, input.password, {
    username: input.username,
    email: input.email,
    companyName: ctx.tenant.companyName,
    slug: ctx.tenant.slug,
  });
  const values = await withPasswordHash(ctx.services, input);
  return await withLoginClaims(
    ctx.services,
    (fn) =>
      transactionWithEvents(ctx, async (tx, outbox) => {
        const user = await fn(tx);
        await securityEventIn(tx, ctx, "user.created", `${describe(user)}: ${rolesOf(user)}`);
        outbox.add("User", "created", user.id);
        return user;
      }),
    async (tx, claims) =>
      toUserDto(await insertUser(ctx.services, ctx.tenant.id, tx, values, ctx.actor, claims)),
  );
}

async function countOtherActiveAdmins(tx: Db, exceptId: number): Promise<number> {
  const [row] = await tx.select({ n: sql<number>`count(*)` }).from(users).where(and(
    eq(users.isSuperUser, true),
    eq(users.blocked, false),
    eq(users.active, true),
    ne(users.id, exceptId),
  ));
  return Number(row.n);
}

/** The fields only an administrator sets (the declaration's `adminOnly`); anyone else's are ignored. */
export const adminOnlyFields = [
  "blocked",
  "active",
  "isSuperUser",
  "isPowerUser",
  "logisticsEnabled",
  "terminalEnabled",
  "shippingEnabled",
  "transportEnabled",
  "contractorPortalEnabled",
  "connectedContractorId",
] as const;

/**
 * Edits a user. Administrators edit anyone; any user edits their own profile (not roles, flags or
 * contractor). The password changes only when one is sent.
 */
export async function updateUser(ctx: TenantContext, input: UserUpdate): Promise<User> {
  const self = ctx.actor.userId === input.id;
  if (!ctx.actor.isSuperUser && !self) throw notFound();
  // One's own password, and one's own e-mail (where password resets go, and what third-party sign-in
  // matches), change only with the current password: a stolen access token must not become a permanent
  // takeover. Wrong guesses count like failed sign-ins.
  const stored = self ? await findUser(ctx.conn.db, input.id) : undefined;
  const reauthenticated = self &&
    (!!input.password || (stored !== undefined && stored.email !== input.email));
  if (reauthenticated) await checkCurrentPassword(ctx, input.currentPassword, stored);
  if (input.password) {
    await checkNewPassword(ctx.services, input.password, {
      username: input.username,
      email: input.email,
      companyName: ctx.tenant.companyName,
      slug: ctx.tenant.slug,
    });
  }
  const passwordHash = input.password
    ? await hashPassword(input.password, ctx.services.config.passwordHashCost)
    : undefined;
  const result = await transactionWithEvents(ctx, async (tx, outbox) => {
    const old = await findUser(tx, input.id);
    if (!old) throw notFound();
    if (old.version !== input.version) throw new AppError("record.changedByAnotherUser");
    // The e-mail read above may have changed meanwhile: a change found only now needs the password too.
    if (self && !reauthenticated && old.email !== input.email) {
      throw fieldError({ currentPassword: ["validation.required"] });
    }
    await assertEmailFree(tx, input.email, old.id);
    const changes: Partial<typeof users.$inferInsert> = {
      username: input.username,
      visibleName: input.visibleName ?? null,
      email: input.email,
      phoneNumber: input.phoneNumber ?? null,
      defaultLanguage: input.defaultLanguage ?? null,
      description: input.description ?? null,
    };
    if (ctx.actor.isSuperUser) {
      for (const k of adminOnlyFields) {
        if (input[k] !== undefined) (changes as Record<string, unknown>)[k] = input[k];
      }
    }
    if (passwordHash) changes.passwordHash = passwordHash;
    const next = { ...old, ...changes };
    const losesAdmin = old.isSuperUser && old.active && !old.blocked &&
      (!next.isSuperUser || !next.active || next.blocked);
    if (losesAdmin && (await countOtherActiveAdmins(tx, old.id)) === 0) {
      // The last active administrator stays one; the form marks the flag that would end that.
      const field = !next.isSuperUser ? "isSuperUser" : next.blocked ? "blocked" : "active";
      throw fieldError({ [field]: ["validation.invalidValue"] });
    }
    const contractorFields = await checkContractorLink(tx, next);
    if (Object.keys(contractorFields).length) throw fieldError(contractorFields);
    if (old.username.toLowerCase() !== input.username.toLowerCase() || old.email !== input.email) {
      if (!(await ctx.services.registry.updateLogin(ctx.tenant.id, old.id, input.username, input.email))) {
        throw fieldError({ username: ["validation.usernameExists"] });
      }
    }
    const [row] = await tx.update(users)
      .set({ ...changes, updatedAt: nowIso(), version: old.version + 1 })
      .where(and(eq(users.id, old.id), eq(users.version, old.version)))
      .returning();
    if (!row) throw new AppError("record.changedByAnotherUser");
    await recordChange(tx, outbox, ctx.actor, {
      action: "changed",
      resource: "User",
      id: row.id,
      title: title(row),
      old: toUserDto(old),
      new: toUserDto(row),
    });
    // The security log keeps an administrator's every change of a user, and anyone's change of a sign-in's
    // keys (username, e-mail, password) or roles; a user's own language or phone is no security event.
    const changed = [changeSummary(toUserDto(old), toUserDto(row)), passwordHash ? "password" : ""]
      .filter((c) => c !== "").join(", ");
    const sensitive =
      /\b(username|email|password|blocked|active|is\w+User|\w+Enabled|connectedContractorId)\b/;
    if (changed && (ctx.actor.isSuperUser || sensitive.test(changed))) {
      await securityEventIn(tx, ctx, "user.changed", `${describe(row)}: ${changed}`);
    }
    return { old, row };
  }).catch(async (err) => {
    // The login moved in the control database but the tenant change did not commit: move it back.
    const [current] = await ctx.conn.db.select().from(users).where(eq(users.id, input.id)).limit(1);
    if (current) {
      await ctx.services.registry.updateLogin(ctx.tenant.id, current.id, current.username, current.email);
    }
    throw err;
  });
  // Roles, modules and contractor take effect on the user's next call (current.ts).
  forgetRoles(ctx.services, ctx.tenant.id, result.row.id);
  if (passwordHash || result.row.blocked || !result.row.active) {
    // A changed password or a blocked account ends the user's other sign-ins.
    await ctx.services.sessions.revokeUser(
      ctx.tenant.id,
      result.row.id,
      passwordHash ? "passwordChanged" : "blocked",
    );
  }
  return toUserDto(result.row);
}

/** A user as a security event names the one changed: id and username. */
const describe = (u: { id: number; username: string }) => `user ${u.id} (${u.username})`;

/** A user's roles and modules, as a security event lists them. */
function rolesOf(u: Partial<Record<(typeof adminOnlyFields)[number], unknown>>): string {
  const on = adminOnlyFields.filter((k) => k !== "connectedContractorId" && u[k] === true);
  const contractor = u.connectedContractorId ? [`connectedContractorId ${u.connectedContractorId}`] : [];
  return [...on, ...contractor].join(", ") || "no roles";
}

/** Wrong current passwords one user may send per attempt window before waiting (429). */
export const CURRENT_PASSWORD_TRIES = 5;

/**
 * The acting user's current password, checked against the stored hash (outside any transaction); `row` is
 * the acting user as already read.
 */
export async function checkCurrentPassword(
  ctx: TenantContext,
  given: string | null | undefined,
  row: UserRow | undefined,
): Promise<void> {
  if (!given) throw fieldError({ currentPassword: ["validation.required"] });
  const key = `password-change:${ctx.tenant.id}:${ctx.actor.userId}`;
  const wait = await ctx.services.attempts.retryAfter(key, CURRENT_PASSWORD_TRIES);
  if (wait > 0) {
    securityEvent(ctx, "password.wrongCurrent", "too many wrong current passwords: refused", {
      outcome: "throttled",
    });
    throw new AppError("auth.tooManyAttempts", {
      params: { minutes: Math.max(1, Math.ceil(wait / 60)) },
      headers: { "Retry-After": String(wait) },
    });
  }
  if (!row || !(await verifyPassword(given, row.passwordHash))) {
    await ctx.services.attempts.take(key);
    securityEvent(
      ctx,
      "password.wrongCurrent",
      "a wrong current password to change one's password or e-mail",
    );
    throw fieldError({ currentPassword: ["validation.currentPasswordWrong"] });
  }
}

export async function deleteUser(ctx: TenantContext, id: number): Promise<void> {
  if (id === ctx.actor.userId) throw new AppError("record.statusForbidsDelete");
  await transactionWithEvents(ctx, async (tx, outbox) => {
    const old = await findUser(tx, id);
    if (!old) throw notFound();
    if (old.isSuperUser && old.active && !old.blocked && (await countOtherActiveAdmins(tx, id)) === 0) {
      throw new AppError("record.statusForbidsDelete");
    }
    await tx.delete(users).where(eq(users.id, id));
    await recordChange(tx, outbox, ctx.actor, {
      action: "deleted",
      resource: "User",
      id,
      title: title(old),
      old: toUserDto(old),
    });
    await securityEventIn(tx, ctx, "user.deleted", `${describe(old)}: ${rolesOf(old)}`);
  });
  await ctx.services.registry.releaseLogin(ctx.tenant.id, id);
  await ctx.services.sessions.revokeUser(ctx.tenant.id, id, "deleted");
}
