// The control database: tenants, global logins (a username is unique across all tenants), sign-in
// sessions with their rotating refresh tokens, single-use activation and reset codes, and the log of
// failures that happen before a tenant is known.
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

export const tenants = sqliteTable("tenants", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  slug: text("slug").notNull(),
  companyName: text("company_name").notNull(),
  taxId: text("tax_id"),
  status: text("status", { enum: ["pendingApproval", "active", "suspended"] }).notNull(),
  dbUrl: text("db_url").notNull(),
  language: text("language").notNull().default("en-us"),
  adminUserId: integer("admin_user_id"),
  createdAt: text("created_at").notNull(),
  approvedAt: text("approved_at"),
  suspendedAt: text("suspended_at"),
  /**
   * The tenant directory: the server instance that owns the tenant's database (INSTANCE; "main" when there
   * is one). Only that instance serves it; a proxy in front of several routes its calls there.
   */
  instance: text("instance").notNull().default("main"),
  /** Set while the tenant moves to another instance (`tenant move`): no instance serves it meanwhile. */
  movingTo: text("moving_to"),
}, (t) => [uniqueIndex("tenants_slug_unique").on(t.slug)]);

/** The server instances sharing this control database, and where a proxy reaches each. */
export const instances = sqliteTable("instances", {
  name: text("name").primaryKey(),
  url: text("url").notNull(),
  /** When the instance last started. */
  startedAt: text("started_at").notNull(),
});

export const globalLogins = sqliteTable("global_logins", {
  /** Lower-cased username: the key that makes usernames unique across tenants. */
  username: text("username").primaryKey(),
  tenantId: integer("tenant_id").notNull().references(() => tenants.id, { onDelete: "cascade" }),
  userId: integer("user_id").notNull(),
  email: text("email"),
}, (t) => [
  uniqueIndex("global_logins_tenant_user").on(t.tenantId, t.userId),
  index("global_logins_email").on(t.email),
]);

export const authSessions = sqliteTable("auth_sessions", {
  id: text("id").primaryKey(),
  tenantId: integer("tenant_id").notNull().references(() => tenants.id, { onDelete: "cascade" }),
  userId: integer("user_id").notNull(),
  createdAt: text("created_at").notNull(),
  expiresAt: text("expires_at").notNull(),
  lastUsedAt: text("last_used_at"),
  revokedAt: text("revoked_at"),
  revokedReason: text("revoked_reason"),
  ip: text("ip"),
  userAgent: text("user_agent"),
}, (t) => [index("auth_sessions_user").on(t.tenantId, t.userId)]);

export const refreshTokens = sqliteTable("refresh_tokens", {
  /** SHA-256 of the token, hex: the token itself is never stored. */
  tokenHash: text("token_hash").primaryKey(),
  sessionId: text("session_id").notNull().references(() => authSessions.id, { onDelete: "cascade" }),
  createdAt: text("created_at").notNull(),
  expiresAt: text("expires_at").notNull(),
  rotatedAt: text("rotated_at"),
}, (t) => [index("refresh_tokens_session").on(t.sessionId)]);

export const authCodes = sqliteTable("auth_codes", {
  codeHash: text("code_hash").primaryKey(),
  kind: text("kind", { enum: ["activation", "reset"] }).notNull(),
  tenantId: integer("tenant_id").notNull().references(() => tenants.id, { onDelete: "cascade" }),
  userId: integer("user_id").notNull(),
  createdAt: text("created_at").notNull(),
  expiresAt: text("expires_at").notNull(),
  usedAt: text("used_at"),
}, (t) => [index("auth_codes_user").on(t.tenantId, t.userId, t.kind)]);

/**
 * Second-factor steps (server/domain/access/mfa/steps.ts), each short-lived and used once: a sign-in whose
 * password (or identity provider) passed and whose second factor is still to come (no session exists until
 * it passes), keyed by the SHA-256 of the ticket the browser holds; and a passkey being added, keyed by the
 * SHA-256 of its WebAuthn challenge.
 */
export const secondFactorSteps = sqliteTable("second_factor_steps", {
  keyHash: text("key_hash").primaryKey(),
  kind: text("kind", { enum: ["signIn", "passkeyRegistration"] }).notNull(),
  tenantId: integer("tenant_id").notNull().references(() => tenants.id, { onDelete: "cascade" }),
  userId: integer("user_id").notNull(),
  /** How the first factor was proven (password, oidc): the session's method names both. */
  method: text("method"),
  /** The WebAuthn challenge a passkey must sign (base64url). */
  challenge: text("challenge"),
  ip: text("ip"),
  userAgent: text("user_agent"),
  createdAt: text("created_at").notNull(),
  expiresAt: text("expires_at").notNull(),
}, (t) => [index("second_factor_steps_expires_at").on(t.expiresAt)]);

/**
 * Third-party identities bound to users (ASVS 10.5.2): the provider's issuer and subject, which the
 * provider never gives to another person, against the user who first signed in with them. Later sign-ins
 * find the user by these, not by the e-mail address (which a provider may give to someone else).
 */
export const oidcIdentities = sqliteTable("oidc_identities", {
  issuer: text("issuer").notNull(),
  subject: text("subject").notNull(),
  tenantId: integer("tenant_id").notNull().references(() => tenants.id, { onDelete: "cascade" }),
  userId: integer("user_id").notNull(),
  createdAt: text("created_at").notNull(),
}, (t) => [
  uniqueIndex("oidc_identities_subject").on(t.issuer, t.subject),
  index("oidc_identities_user").on(t.tenantId, t.userId),
]);

/**
 * The first administrator of a registration awaiting the provider's approval: the tenant's database is made
 * only on approval (server/tenancy/provision.ts), so until then its administrator waits here, password hashed.
 */
export const pendingAdmins = sqliteTable("pending_admins", {
  tenantId: integer("tenant_id").primaryKey().references(() => tenants.id, { onDelete: "cascade" }),
  username: text("username").notNull(),
  email: text("email").notNull(),
  passwordHash: text("password_hash").notNull(),
  /** The rest of the administrator's values (name, language, roles and modules), as JSON. */
  user: text("user").notNull(),
  createdAt: text("created_at").notNull(),
});

/**
 * Sign-in attempts in a fixed window, per key (an address, a user at an address, a user): shared by every
 * server process on the control database and counted before a password is checked (auth/attempts.ts).
 */
export const loginAttempts = sqliteTable("login_attempts", {
  key: text("key").primaryKey(),
  count: integer("count").notNull(),
  /** When the window ends (milliseconds since the epoch). */
  resetAt: integer("reset_at").notNull(),
}, (t) => [index("login_attempts_reset_at").on(t.resetAt)]);

export const controlSystemLog = sqliteTable("system_log", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  level: text("level").notNull(),
  message: text("message").notNull(),
  exception: text("exception"),
  source: text("source"),
  machineName: text("machine_name"),
  httpCode: integer("http_code"),
  elapsedMs: integer("elapsed_ms"),
  raiseDate: text("raise_date").notNull(),
  properties: text("properties"),
  requestId: text("request_id"),
}, (t) => [index("system_log_raise_date").on(t.raiseDate)]);

/**
 * Shared access keys (docs/decisions/0010): the SHA-256 of each secret of a tenant's shared access (its token
 * and its short URL key) with the tenant it belongs to, so that a call carrying a key and nothing else finds
 * its tenant. The access itself, its contractor and its state live in the tenant's database.
 */
export const sharedKeys = sqliteTable("shared_keys", {
  keyHash: text("key_hash").primaryKey(),
  tenantId: integer("tenant_id").notNull(),
  accessId: integer("access_id").notNull(),
  createdAt: text("created_at").notNull(),
}, (t) => [index("shared_keys_tenant").on(t.tenantId, t.accessId)]);
