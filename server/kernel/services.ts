// What outlives a request, as the narrow ports the code below the composition root uses: each names only
// the calls its callers make. The composition root (server/app.ts, main.ts, cluster/ and the platform it
// builds) makes the concrete objects (the tenant pool and registry, the session store, the hub, ...) and
// hands them in; a verb reaches them through `ctx.services`, a function outside a request takes the few it
// uses (`Pick<Services, "config" | "registry">`). Nothing below the composition root imports its Platform.
import type { Config } from "../config.ts";
import type { Connection } from "./database.ts";
import type { Tenant } from "./tenant.ts";
import type { Actor } from "./actor.ts";
import type { SigningKeys } from "./crypto.ts";
import type { Jobs } from "./jobs/contract.ts";
import type { Mailer } from "./mail.ts";

/** The tenants' databases, opened once and shared (server/tenancy/pool.ts). */
export interface TenantConnections {
  /** Set once the server is closing: long work stops taking up more. */
  readonly closed: boolean;
  /** A connection borrowed until `release`. */
  acquire(url: string): Promise<{ conn: Connection; release: () => void }>;
  use<T>(url: string, fn: (conn: Connection) => Promise<T>): Promise<T>;
  /** Closes a tenant's connection (its file moved, restored or replaced). */
  forget(url: string): Promise<void>;
  /** The first row of a read-only `query` in a tenant's file, read off this thread without opening it here. */
  look(url: string, query: string): Promise<Record<string, unknown> | null>;
  /** Whether the tenant's file is open here now. */
  holds(url: string): boolean;
}

/** A user's login in the tenant directory: usernames are unique across tenants. */
export interface DirectoryLogin {
  username: string;
  tenantId: number;
  userId: number;
  email: string | null;
}

/** The tenant directory in the control database (server/tenancy/registry.ts): tenants, logins, identities. */
export interface TenantDirectory {
  byId(id: number): Promise<Tenant | undefined>;
  bySlug(slug: string): Promise<Tenant | undefined>;
  list(): Promise<Tenant[]>;
  /** A new tenant (a registration, the provider's CLI); `remove` takes it back with its logins. */
  insert(
    values: Pick<Tenant, "slug" | "companyName" | "status" | "dbUrl" | "createdAt"> & Partial<Tenant>,
  ): Promise<Tenant>;
  update(id: number, values: Partial<Omit<Tenant, "id">>): Promise<Tenant>;
  remove(id: number): Promise<void>;
  /** Drops a cached tenant row (all of them without `id`). */
  forget(id?: number): void;
  /** The administrator a registration holds until the provider approves it. */
  pendingAdmin(
    tenantId: number,
  ): Promise<{ username: string; email: string; passwordHash: string; user: string } | undefined>;
  loginByUsername(username: string): Promise<DirectoryLogin | undefined>;
  loginOf(tenantId: number, userId: number): Promise<DirectoryLogin | undefined>;
  loginsByEmail(email: string): Promise<DirectoryLogin[]>;
  claimUsername(username: string, tenantId: number, userId: number, email: string): Promise<boolean>;
  isUsernameTaken(username: string, except?: { tenantId: number; userId: number }): Promise<boolean>;
  updateLogin(tenantId: number, userId: number, username: string, email: string): Promise<boolean>;
  releaseLogin(tenantId: number, userId: number): Promise<void>;
  identityOwner(issuer: string, subject: string): Promise<{ tenantId: number; userId: number } | undefined>;
  identityOf(tenantId: number, userId: number, issuer: string): Promise<string | undefined>;
  bindIdentity(issuer: string, subject: string, tenantId: number, userId: number): Promise<boolean>;
  unbindIdentity(issuer: string, subject: string): Promise<void>;
}

/** A sign-in as its user (or an administrator) sees it in the list of sign-ins. */
export interface SessionView {
  id: string;
  createdAt: string;
  lastUsedAt: string;
  expiresAt: string;
  /** When it ends if unused until then: the idle limit from its last use, or its expiry if sooner. */
  idleExpiresAt: string;
  ip: string | null;
  userAgent: string | null;
}

/** A sign-in just started or refreshed: its session and its new refresh token. */
export interface IssuedSession {
  session: { id: string; tenantId: number; userId: number; expiresAt: string };
  refreshToken: string;
  refreshExpiresAt: string;
}

/** Sign-in sessions and their refresh tokens (server/domain/access/auth/sessions.ts). */
export interface Sessions {
  create(
    tenantId: number,
    userId: number,
    ip: string | null,
    userAgent: string | null,
  ): Promise<IssuedSession>;
  rotate(refreshToken: string, onReuse?: (reason: "reuse") => void): Promise<IssuedSession>;
  list(tenantId: number, userId: number): Promise<SessionView[]>;
  /** The user of a session still standing, or undefined. */
  activeOwner(sessionId: string): Promise<{ tenantId: number; userId: number } | undefined>;
  ownerOfRefresh(refreshToken: string): Promise<{ tenantId: number; userId: number } | undefined>;
  revokeSession(sessionId: string, reason: string): Promise<void>;
  revokeUser(tenantId: number, userId: number, reason: string): Promise<void>;
  revokeOwn(tenantId: number, userId: number, sessionId: string, reason: string): Promise<boolean>;
  revokeAllBut(
    tenantId: number,
    userId: number | undefined,
    keep: string | undefined,
    reason: string,
  ): Promise<number>;
}

/** An attempt counted: how many in the current window (this one included) and when the window ends (ms). */
export interface Attempt {
  count: number;
  resetAt: number;
}

/** Failed-attempt limits shared by every process (server/domain/access/auth/attempts.ts). */
export interface Attempts {
  take(key: string, now?: number): Promise<Attempt>;
  /** Seconds to wait before another attempt under `limit`, 0 if one may be made now. */
  retryAfter(key: string, limit: number, now?: number): Promise<number>;
  /** Counts an attempt; seconds to wait if it is past `limit`, else 0. */
  takeWithin(key: string, limit: number, now?: number): Promise<number>;
  giveBack(key: string): Promise<void>;
  clear(key: string): Promise<void>;
}

/** A committed change as the hub fans it out (server/hub/hub.ts's HubEventBody). */
export interface HubEvent {
  resource: string;
  action: "created" | "changed" | "deleted";
  id: number;
  ownerId?: number;
}

/** The real-time hub as verbs use it: committed changes handed on, and watched (server/hub/hub.ts). */
export interface EventHub {
  publish(tenantId: number, events: HubEvent[], correlationId: string | null): Promise<void>;
  /** Told of every change published here; the answer stops it. */
  observe(
    observer: { published(tenantId: number, events: HubEvent[], correlationId: string | null): void },
  ): () => void;
}

/** A security event as the log's writer takes it (server/domain/logs/security_log/service.ts). */
export interface SecurityEventRecord {
  kind: string;
  outcome?: string;
  detail?: string | null;
  userId?: number | null;
  userName?: string | null;
  ip?: string | null;
  userAgent?: string | null;
  requestId?: string | null;
}

/** The security event log's writer: an event queued for its tenant, appended off the request's path. */
export interface SecurityEvents {
  add(tenant: Tenant, event: SecurityEventRecord): void;
}

/** What a thread keeps of API keys (domain/sharing/keys.ts ApiKeys, decision 0023). */
export interface ApiKeyMemory {
  /** The record `read` answers for a key, remembered a few seconds by tenant database and key hash. */
  remembered<T extends { id: number }>(
    url: string,
    hash: string,
    read: () => Promise<T | null>,
  ): Promise<T | null>;
  /** An access ended: no thread of this process answers it from memory any more. */
  withdrawn(url: string, accessId: number): void;
  /** A call of a key, for its access's log (written off the call's path). */
  add(
    tenant: Tenant,
    use: { accessId: number; at: string; method: string; path: string; ip: string | null },
  ): void;
}

/** Which thread this is (server/cluster/placement.ts): the only one, the front, a shard or a reader. */
export type Role = "single" | "front" | "shard" | "reader";

/** Where this thread stands: which tenants it owns, and how it runs work on their owner. */
export interface Placement {
  readonly role: Role;
  /** This shard's number (0 for the other roles). */
  readonly index: number;
  /** How many shards own the tenants (1 for `single`). */
  readonly shards: number;
  /** Runs a named tenant operation on the thread that owns the tenant: here, or its shard. */
  run(tenant: Tenant, op: string, args: unknown): Promise<unknown>;
  /** On the front: verifies a hub socket's token on the tenant's shard (it reads the user's roles). */
  verifySocket?(token: string): Promise<{ actor: Actor; expiresAtMs: number }>;
}

/** Every port the composition root hands down: route tables take it all, to hand each request its part. */
export interface Services {
  config: Config;
  /** The control database: the tenant directory, sessions, shared keys, the system log of no tenant. */
  control: Connection;
  registry: TenantDirectory;
  pool: TenantConnections;
  keys: SigningKeys;
  mailer: Mailer;
  attempts: Attempts;
  sessions: Sessions;
  hub: EventHub;
  /** Parsing and drawing off the request thread (kernel/jobs/). */
  jobs: Pick<Jobs, "run">;
  security: SecurityEvents;
  apiKeys: ApiKeyMemory;
  /** Which thread this is and where a tenant's named operations run (server/cluster/placement.ts). */
  placement: Placement;
}

/**
 * What a request's verbs reach through `ctx.services`: all but the system's mailer (registrations and resets
 * send outside a request; a tenant's messages go by its own account) and the thread's placement.
 */
export type RequestServices = Omit<Services, "mailer" | "placement">;
