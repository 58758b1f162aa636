// The registry of tenants and global logins, in the control database.
import { and, asc, eq, sql } from "drizzle-orm";
import type { Connection, Db } from "../db/connection.ts";
import { globalLogins, instances, oidcIdentities, pendingAdmins, tenants } from "./schema.ts";
import type { Tenant } from "../kernel/tenant.ts";

export type { Tenant };
// The kernel's Tenant is this table's row: a column added or changed there fails the check here.
type Row = typeof tenants.$inferSelect;
const sameTenant: [Row] extends [Tenant] ? ([Tenant] extends [Row] ? true : never) : never = true;
void sameTenant;
export type TenantStatus = Tenant["status"];
export type GlobalLogin = typeof globalLogins.$inferSelect;

export const SLUG_PATTERN = /^[a-z0-9](?:[a-z0-9-]{0,38}[a-z0-9])?$/;

export class TenantRegistry {
  // Tenant rows are read on every authenticated request, so they are cached; another process (the
  // provider's CLI) may change them, so an entry is trusted for `cacheSeconds` only.
  readonly #byId = new Map<number, { tenant: Tenant; until: number }>();

  constructor(readonly control: Connection, readonly cacheSeconds = 30) {}

  get db(): Db {
    return this.control.db;
  }

  async byId(id: number): Promise<Tenant | undefined> {
    const hit = this.#byId.get(id);
    if (hit && hit.until > Date.now()) return hit.tenant;
    const [row] = await this.db.select().from(tenants).where(eq(tenants.id, id)).limit(1);
    if (row) this.#byId.set(id, { tenant: row, until: Date.now() + this.cacheSeconds * 1000 });
    else this.#byId.delete(id);
    return row;
  }

  async bySlug(slug: string): Promise<Tenant | undefined> {
    const [row] = await this.db.select().from(tenants).where(eq(tenants.slug, slug)).limit(1);
    return row;
  }

  list(): Promise<Tenant[]> {
    return this.db.select().from(tenants).orderBy(asc(tenants.id));
  }

  async insert(values: typeof tenants.$inferInsert): Promise<Tenant> {
    const [row] = await this.db.insert(tenants).values(values).returning();
    return row;
  }

  async update(id: number, values: Partial<typeof tenants.$inferInsert>): Promise<Tenant> {
    const [row] = await this.db.update(tenants).set(values).where(eq(tenants.id, id)).returning();
    this.#byId.delete(id);
    return row;
  }

  async remove(id: number): Promise<void> {
    await this.db.delete(tenants).where(eq(tenants.id, id));
    this.#byId.delete(id);
  }

  /** The administrator a registration awaiting approval holds (its database is made on approval). */
  async pendingAdmin(tenantId: number): Promise<typeof pendingAdmins.$inferSelect | undefined> {
    const [row] = await this.db.select().from(pendingAdmins).where(eq(pendingAdmins.tenantId, tenantId))
      .limit(1);
    return row;
  }

  forget(id?: number): void {
    if (id === undefined) this.#byId.clear();
    else this.#byId.delete(id);
  }

  // --- the instances sharing this control database ----------------------------------------------

  /**
   * Takes `name` for this instance at `url` as it starts. Another instance that holds the name at another
   * address and still answers there is refused: two instances of one name would both serve its tenants,
   * each from its own files.
   */
  async claimInstance(name: string, url: string, timeoutMs = 2000): Promise<void> {
    const [held] = await this.db.select().from(instances).where(eq(instances.name, name)).limit(1);
    if (held && held.url !== url) {
      let alive = false;
      try {
        const res = await fetch(`${held.url}/api/health`, { signal: AbortSignal.timeout(timeoutMs) });
        await res.body?.cancel();
        alive = res.ok;
      } catch { /* gone: the name is free */ }
      if (alive) {
        throw new Error(`instance "${name}" is already served at ${held.url}; set INSTANCE to another name`);
      }
    }
    await this.registerInstance(name, url);
  }

  /** Records (or updates) where an instance is reached; each instance does it as it starts. */
  async registerInstance(name: string, url: string): Promise<void> {
    const startedAt = new Date().toISOString();
    await this.db.insert(instances).values({ name, url, startedAt })
      .onConflictDoUpdate({ target: instances.name, set: { url, startedAt } });
  }

  listInstances(): Promise<(typeof instances.$inferSelect)[]> {
    return this.db.select().from(instances).orderBy(asc(instances.name));
  }

  // --- global logins ---------------------------------------------------------------------------

  async loginByUsername(username: string): Promise<GlobalLogin | undefined> {
    const [row] = await this.db.select().from(globalLogins)
      .where(eq(globalLogins.username, username.trim().toLowerCase())).limit(1);
    return row;
  }

  /** A user's login (username and e-mail) by tenant and user. */
  async loginOf(tenantId: number, userId: number): Promise<GlobalLogin | undefined> {
    const [row] = await this.db.select().from(globalLogins)
      .where(and(eq(globalLogins.tenantId, tenantId), eq(globalLogins.userId, userId))).limit(1);
    return row;
  }

  loginsByEmail(email: string): Promise<GlobalLogin[]> {
    return this.db.select().from(globalLogins).where(eq(globalLogins.email, email.trim().toLowerCase()));
  }

  /** Claims a username for a user; false when another user (of any tenant) holds it. */
  async claimUsername(username: string, tenantId: number, userId: number, email: string): Promise<boolean> {
    const rows = await this.db.insert(globalLogins)
      .values({ username: username.trim().toLowerCase(), tenantId, userId, email: email.toLowerCase() })
      .onConflictDoNothing().returning({ username: globalLogins.username });
    return rows.length === 1;
  }

  async isUsernameTaken(username: string, except?: { tenantId: number; userId: number }): Promise<boolean> {
    const row = await this.loginByUsername(username);
    if (!row) return false;
    return !(except && row.tenantId === except.tenantId && row.userId === except.userId);
  }

  /** Moves a user's login to a new username and e-mail; false when the username is taken. */
  async updateLogin(tenantId: number, userId: number, username: string, email: string): Promise<boolean> {
    const key = username.trim().toLowerCase();
    const holder = await this.loginByUsername(key);
    if (holder && !(holder.tenantId === tenantId && holder.userId === userId)) return false;
    // The login moves; the user's third-party identities stay theirs.
    await this.db.delete(globalLogins)
      .where(and(eq(globalLogins.tenantId, tenantId), eq(globalLogins.userId, userId)));
    return this.claimUsername(key, tenantId, userId, email);
  }

  /** Gives a user's login up (the user is deleted), with the third-party identities bound to them. */
  async releaseLogin(tenantId: number, userId: number): Promise<void> {
    await this.db.delete(globalLogins)
      .where(and(eq(globalLogins.tenantId, tenantId), eq(globalLogins.userId, userId)));
    await this.db.delete(oidcIdentities)
      .where(and(eq(oidcIdentities.tenantId, tenantId), eq(oidcIdentities.userId, userId)));
  }

  // --- third-party identities (oidc/service.ts) ---------------------------------------------------

  /** The user a provider's subject is bound to. */
  async identityOwner(
    issuer: string,
    subject: string,
  ): Promise<{ tenantId: number; userId: number } | undefined> {
    const [row] = await this.db.select({ tenantId: oidcIdentities.tenantId, userId: oidcIdentities.userId })
      .from(oidcIdentities).where(and(eq(oidcIdentities.issuer, issuer), eq(oidcIdentities.subject, subject)))
      .limit(1);
    return row;
  }

  /** The subject a user is bound to at a provider. */
  async identityOf(tenantId: number, userId: number, issuer: string): Promise<string | undefined> {
    const [row] = await this.db.select({ subject: oidcIdentities.subject }).from(oidcIdentities)
      .where(
        and(
          eq(oidcIdentities.tenantId, tenantId),
          eq(oidcIdentities.userId, userId),
          eq(oidcIdentities.issuer, issuer),
        ),
      ).limit(1);
    return row?.subject;
  }

  /** Binds a provider's subject to a user; false when it is bound already (to anyone). */
  async bindIdentity(issuer: string, subject: string, tenantId: number, userId: number): Promise<boolean> {
    const rows = await this.db.insert(oidcIdentities)
      .values({ issuer, subject, tenantId, userId, createdAt: new Date().toISOString() })
      .onConflictDoNothing().returning({ subject: oidcIdentities.subject });
    return rows.length === 1;
  }

  /** Forgets a binding whose user is gone. */
  async unbindIdentity(issuer: string, subject: string): Promise<void> {
    await this.db.delete(oidcIdentities)
      .where(and(eq(oidcIdentities.issuer, issuer), eq(oidcIdentities.subject, subject)));
  }

  async countLogins(tenantId: number): Promise<number> {
    const [row] = await this.db.select({ n: sql<number>`count(*)` }).from(globalLogins)
      .where(eq(globalLogins.tenantId, tenantId));
    return Number(row.n);
  }
}
