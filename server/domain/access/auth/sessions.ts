// Sign-in sessions and their refresh tokens, in the control database. A refresh token is random, stored
// only as its SHA-256, and used once: refreshing rotates it. Presenting a rotated token again means it
// leaked, so the whole session (every token of that sign-in) is revoked. A session ends at its absolute
// lifetime (rotation never extends it), after its idle time unused, and when its user has more than the
// allowed sign-ins (the least recently used ends): docs/security.md, Sessions.
import { and, asc, desc, eq, gt, isNull, ne } from "drizzle-orm";
import type { Connection } from "../../../db/connection.ts";
import { randomToken, sha256 } from "../../../kernel/crypto.ts";
import { isoIn, nowIso } from "../../../kernel/time.ts";
import { AppError } from "../../../kernel/errors.ts";
import type { SessionView } from "../../../kernel/services.ts";
import { authSessions, refreshTokens } from "../../../tenancy/schema.ts";

export type { SessionView };

export type Session = typeof authSessions.$inferSelect;

export interface IssuedRefresh {
  session: Session;
  refreshToken: string;
  refreshExpiresAt: string;
}

/** How long a positive "session is active" answer is trusted without asking the control database. */
const ACTIVE_CACHE_MS = 5_000;
const ACTIVE_CACHE_MAX = 50_000;

/** What one thread tells the others of this process when it ends sign-ins. */
type Revoked = { session: string } | { tenantId: number; userId?: number };

export interface SessionLimits {
  /** Absolute lifetime of a sign-in, from its start (REFRESH_TOKEN_TTL). */
  ttlSeconds: number;
  /** A sign-in unused this long ends (SESSION_IDLE_TIMEOUT). */
  idleSeconds: number;
  /** Sign-ins one user may hold at once; a new one past it ends the least recently used (SESSIONS_PER_USER). */
  perUser: number;
}

export class SessionStore {
  // Sessions checked recently and found active. Revocations made by any thread of this process (the front
  // and every shard, told through a BroadcastChannel) drop their entries at once; another process's
  // revocation is seen within ACTIVE_CACHE_MS.
  readonly #active = new Map<string, { tenantId: number; userId: number; until: number }>();
  readonly #channel: BroadcastChannel;

  readonly ttlSeconds: number;
  readonly idleSeconds: number;
  readonly perUser: number;

  constructor(readonly control: Connection, limits: SessionLimits) {
    this.ttlSeconds = limits.ttlSeconds;
    this.idleSeconds = limits.idleSeconds;
    this.perUser = limits.perUser;
    this.#channel = new BroadcastChannel(`wms-sessions:${control.url}`);
    this.#channel.onmessage = (e: MessageEvent<Revoked>) => this.#forget(e.data);
  }

  #forget(revoked: Revoked): void {
    if ("session" in revoked) {
      this.#active.delete(revoked.session);
      return;
    }
    for (const [id, s] of this.#active) {
      if (
        s.tenantId === revoked.tenantId && (revoked.userId === undefined || s.userId === revoked.userId)
      ) this.#active.delete(id);
    }
  }

  /** Forgets `revoked` here and in every other thread of this process. */
  #revoked(revoked: Revoked): void {
    this.#forget(revoked);
    this.#channel.postMessage(revoked);
  }

  close(): void {
    this.#channel.close();
  }

  async create(
    tenantId: number,
    userId: number,
    ip: string | null,
    userAgent: string | null,
  ): Promise<IssuedRefresh> {
    const refreshToken = randomToken(32);
    const now = nowIso();
    const expiresAt = isoIn(this.ttlSeconds);
    const session = await this.control.transaction(async (tx) => {
      const [session] = await tx.insert(authSessions).values({
        id: crypto.randomUUID(),
        tenantId,
        userId,
        createdAt: now,
        expiresAt,
        lastUsedAt: now,
        ip,
        userAgent: userAgent?.slice(0, 300) ?? null,
      }).returning();
      await tx.insert(refreshTokens).values({
        tokenHash: sha256(refreshToken),
        sessionId: session.id,
        createdAt: now,
        expiresAt,
      });
      // Past the user's allowed sign-ins, the least recently used end (the new one is the most recent).
      const others = await tx.select({ id: authSessions.id }).from(authSessions)
        .where(
          and(
            this.#standing(now),
            eq(authSessions.tenantId, tenantId),
            eq(authSessions.userId, userId),
            ne(authSessions.id, session.id),
          ),
        )
        .orderBy(desc(authSessions.lastUsedAt), desc(authSessions.createdAt));
      const beyond = others.slice(Math.max(0, this.perUser - 1)).map((r) => r.id);
      for (const id of beyond) {
        await tx.update(authSessions).set({ revokedAt: now, revokedReason: "sessionLimit" })
          .where(eq(authSessions.id, id));
      }
      return { session, beyond };
    });
    for (const id of session.beyond) this.#revoked({ session: id });
    return { session: session.session, refreshToken, refreshExpiresAt: expiresAt };
  }

  /** The SQL condition of a sign-in that still stands at `now`: not revoked, not expired, not idle too long. */
  #standing(now: string) {
    return and(
      isNull(authSessions.revokedAt),
      gt(authSessions.expiresAt, now),
      gt(authSessions.lastUsedAt, this.#idleSince(now)),
    );
  }

  /** Sign-ins last used at or before this instant have been idle too long at `now`. */
  #idleSince(now: string): string {
    return new Date(Date.parse(now) - this.idleSeconds * 1000).toISOString();
  }

  /**
   * Exchanges a refresh token for a new one. Unknown, expired or revoked: auth.refreshInvalid. A token
   * that was already rotated revokes its session (reuse detection) and is refused the same way.
   */
  async rotate(
    refreshToken: string,
    /** Told when the token was already rotated (its session is now revoked): the security log's event. */
    onReuse?: (reason: "reuse") => void,
  ): Promise<IssuedRefresh> {
    const hash = sha256(refreshToken);
    const outcome = await this.control.transaction(async (tx) => {
      const [hit] = await tx.select({ token: refreshTokens, session: authSessions }).from(refreshTokens)
        .innerJoin(authSessions, eq(authSessions.id, refreshTokens.sessionId))
        .where(eq(refreshTokens.tokenHash, hash)).limit(1);
      if (!hit) return { error: "unknown" as const };
      const { token, session } = hit;
      const now = nowIso();
      if (session.revokedAt) return { error: "revoked" as const };
      if (token.rotatedAt) {
        await tx.update(authSessions).set({ revokedAt: now, revokedReason: "refreshTokenReuse" })
          .where(eq(authSessions.id, session.id));
        return { error: "reuse" as const, sessionId: session.id };
      }
      if (token.expiresAt <= now || session.expiresAt <= now) return { error: "expired" as const };
      if ((session.lastUsedAt ?? session.createdAt) <= this.#idleSince(now)) {
        // Unused past the idle limit: the sign-in ends, and its next use needs the password again.
        await tx.update(authSessions).set({ revokedAt: now, revokedReason: "idle" })
          .where(eq(authSessions.id, session.id));
        return { error: "idle" as const, sessionId: session.id };
      }
      const rotated = await tx.update(refreshTokens).set({ rotatedAt: now })
        .where(and(eq(refreshTokens.tokenHash, hash), isNull(refreshTokens.rotatedAt)))
        .returning({ h: refreshTokens.tokenHash });
      if (rotated.length !== 1) return { error: "reuse" as const, sessionId: session.id };
      const next = randomToken(32);
      await tx.insert(refreshTokens).values({
        tokenHash: sha256(next),
        sessionId: session.id,
        createdAt: now,
        expiresAt: session.expiresAt,
      });
      await tx.update(authSessions).set({ lastUsedAt: now }).where(eq(authSessions.id, session.id));
      return { issued: { session, refreshToken: next, refreshExpiresAt: session.expiresAt } };
    });
    if ("error" in outcome) {
      if ("sessionId" in outcome && outcome.sessionId) this.#revoked({ session: outcome.sessionId });
      if (outcome.error === "reuse") onReuse?.("reuse");
      throw new AppError("auth.refreshInvalid");
    }
    return outcome.issued;
  }

  async revokeSession(sessionId: string, reason: string): Promise<void> {
    await this.control.db.update(authSessions).set({ revokedAt: nowIso(), revokedReason: reason })
      .where(and(eq(authSessions.id, sessionId), isNull(authSessions.revokedAt)));
    this.#revoked({ session: sessionId });
  }

  async revokeUser(tenantId: number, userId: number, reason: string): Promise<void> {
    await this.control.db.update(authSessions).set({ revokedAt: nowIso(), revokedReason: reason })
      .where(
        and(
          eq(authSessions.tenantId, tenantId),
          eq(authSessions.userId, userId),
          isNull(authSessions.revokedAt),
        ),
      );
    this.#revoked({ tenantId, userId });
  }

  /** The sign-ins of a user that still stand, the most recently used first. */
  async list(tenantId: number, userId: number): Promise<SessionView[]> {
    const now = nowIso();
    const rows = await this.control.db.select().from(authSessions)
      .where(and(this.#standing(now), eq(authSessions.tenantId, tenantId), eq(authSessions.userId, userId)))
      .orderBy(desc(authSessions.lastUsedAt), asc(authSessions.createdAt));
    return rows.map((r) => {
      const lastUsedAt = r.lastUsedAt ?? r.createdAt;
      const idle = new Date(Date.parse(lastUsedAt) + this.idleSeconds * 1000).toISOString();
      return {
        id: r.id,
        createdAt: r.createdAt,
        lastUsedAt,
        expiresAt: r.expiresAt,
        idleExpiresAt: idle < r.expiresAt ? idle : r.expiresAt,
        ip: r.ip,
        userAgent: r.userAgent,
      };
    });
  }

  /** Ends one sign-in of this user (none of another's): whether there was such a sign-in standing. */
  async revokeOwn(tenantId: number, userId: number, sessionId: string, reason: string): Promise<boolean> {
    const now = nowIso();
    const ended = await this.control.db.update(authSessions).set({ revokedAt: now, revokedReason: reason })
      .where(
        and(
          eq(authSessions.id, sessionId),
          eq(authSessions.tenantId, tenantId),
          eq(authSessions.userId, userId),
          this.#standing(now),
        ),
      ).returning({ id: authSessions.id });
    if (ended.length) this.#revoked({ session: sessionId });
    return ended.length > 0;
  }

  /**
   * Ends the sign-ins of a user (`userId`) or of every user of a tenant, but `keep` (the caller's own
   * sign-in): how many ended.
   */
  async revokeAllBut(
    tenantId: number,
    userId: number | undefined,
    keep: string | undefined,
    reason: string,
  ): Promise<number> {
    const now = nowIso();
    const ended = await this.control.db.update(authSessions).set({ revokedAt: now, revokedReason: reason })
      .where(
        and(
          eq(authSessions.tenantId, tenantId),
          userId === undefined ? undefined : eq(authSessions.userId, userId),
          keep === undefined ? undefined : ne(authSessions.id, keep),
          isNull(authSessions.revokedAt),
        ),
      ).returning({ id: authSessions.id });
    if (keep === undefined) this.#revoked({ tenantId, userId });
    else for (const { id } of ended) this.#revoked({ session: id });
    return ended.length;
  }

  /** The tenant and user a refresh token's sign-in belongs to (nothing is checked or changed: rotate does). */
  async ownerOfRefresh(refreshToken: string): Promise<{ tenantId: number; userId: number } | undefined> {
    const [row] = await this.control.query(
      "SELECT s.tenant_id, s.user_id FROM refresh_tokens r JOIN auth_sessions s ON s.id = r.session_id " +
        "WHERE r.token_hash = ?",
      [sha256(refreshToken)],
    );
    return row ? { tenantId: Number(row.tenant_id), userId: Number(row.user_id) } : undefined;
  }

  /** Whether a sign-in still stands (not revoked, not expired). */
  async isActive(sessionId: string): Promise<boolean> {
    return (await this.activeOwner(sessionId)) !== undefined;
  }

  /** The tenant and user of a sign-in that still stands: checked on every authenticated call. */
  async activeOwner(sessionId: string): Promise<{ tenantId: number; userId: number } | undefined> {
    const now = Date.now();
    const hit = this.#active.get(sessionId);
    if (hit && hit.until > now) return { tenantId: hit.tenantId, userId: hit.userId };
    const [row] = await this.control.query(
      "SELECT tenant_id, user_id, revoked_at, expires_at, created_at, last_used_at FROM auth_sessions WHERE id = ?",
      [sessionId],
    );
    const at = new Date(now).toISOString();
    const active = !!row && row.revoked_at === null && String(row.expires_at) > at &&
      String(row.last_used_at ?? row.created_at) > this.#idleSince(at);
    if (!active) {
      this.#active.delete(sessionId);
      return undefined;
    }
    if (this.#active.size >= ACTIVE_CACHE_MAX) this.#active.clear();
    const owner = { tenantId: Number(row.tenant_id), userId: Number(row.user_id) };
    this.#active.set(sessionId, { ...owner, until: now + ACTIVE_CACHE_MS });
    return owner;
  }
}
