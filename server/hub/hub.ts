// The real-time hub's registry: the open sockets of each tenant, who edits which record, and the fan-out
// of committed changes. It holds no database handle; the socket endpoint (routes.ts) verifies tokens and
// the outbox (outbox.ts) hands it events only after their transaction has committed.
import type { Actor } from "../kernel/context.ts";
import {
  CLOSE_GOING_AWAY,
  CLOSE_UNAUTHORIZED,
  type Editor,
  type HubAction,
  type ServerMessage,
} from "../../shared/hub/contract.ts";
import { canSee, type HubResource } from "./visibility.ts";

/** The part of a WebSocket the hub uses. */
export interface HubSocket {
  send(data: string): void;
  close(code: number, reason: string): void;
}

export interface HubEventBody {
  resource: HubResource;
  action: HubAction;
  id: number;
  /** For a record private to one user or one contractor (visibility.ts); never sent to clients. */
  ownerId?: number;
}

export interface HubOptions {
  /** Whether a sign-in session still stands (sign-out, blocking or a password change end it). */
  isSessionActive(sessionId: string): Promise<boolean>;
  /** A socket that has not sent a valid token within this time is closed. */
  authTimeoutMs?: number;
  /**
   * On a shard or reader (server/cluster/): the sockets live on the front, so committed changes are handed
   * to it instead of being sent from here.
   */
  forward?(tenantId: number, events: HubEventBody[], correlationId: string | null): void;
}

/**
 * Another channel that follows committed changes on the thread holding the sockets (the print agents':
 * server/domain/printing/agent/channel.ts hears of new jobs and of changed keys this way).
 */
export interface HubObserver {
  published(tenantId: number, events: HubEventBody[], correlationId: string | null): void;
  closing(): void;
}

/** Enough for every dialog a person can have open; a socket asking for more is ignored beyond it. */
const MAX_EDITING_PER_SOCKET = 64;
/** setTimeout's upper bound; a token living longer is re-checked then. */
const MAX_TIMER_MS = 2 ** 31 - 1;

export class HubConnection {
  actor: Actor | null = null;
  closed = false;
  readonly editing = new Set<string>();
  authTimer?: ReturnType<typeof setTimeout>;
  expiryTimer?: ReturnType<typeof setTimeout>;

  constructor(readonly id: number, readonly socket: HubSocket) {}

  send(message: ServerMessage): void {
    this.sendText(JSON.stringify(message));
  }

  /** A message already serialised (the same event to many sockets is serialised once). */
  sendText(text: string): void {
    if (this.closed) return;
    try {
      this.socket.send(text);
    } catch { /* closing under us: its close event cleans up */ }
  }
}

const recordKey = (resource: string, id: number) => `${resource}:${id}`;

export class Hub {
  readonly #all = new Set<HubConnection>();
  readonly #tenants = new Map<number, Set<HubConnection>>();
  /** tenant → record key → the sockets editing it, in the order they started. */
  readonly #editors = new Map<number, Map<string, Set<HubConnection>>>();
  readonly #observers = new Set<HubObserver>();
  #nextId = 1;

  constructor(readonly options: HubOptions) {}

  /** Adds an observer of committed changes (on the thread holding the sockets); answers its removal. */
  observe(observer: HubObserver): () => void {
    this.#observers.add(observer);
    return () => this.#observers.delete(observer);
  }

  /** A socket opened: it has until the auth timeout to present a token. */
  connect(socket: HubSocket): HubConnection {
    const conn = new HubConnection(this.#nextId++, socket);
    this.#all.add(conn);
    conn.authTimer = setTimeout(
      () => this.close(conn, CLOSE_UNAUTHORIZED, "auth.tokenMissing"),
      this.options.authTimeoutMs ?? 10_000,
    );
    return conn;
  }

  /**
   * A verified token for this socket. A later token (the client's refreshed one) extends it, but only for
   * the same user of the same tenant; its claims replace the old ones.
   */
  authenticate(conn: HubConnection, actor: Actor, expiresAtMs: number): void {
    if (conn.closed) return;
    const before = conn.actor;
    if (before && (before.tenantId !== actor.tenantId || before.userId !== actor.userId)) {
      this.close(conn, CLOSE_UNAUTHORIZED, "auth.tokenInvalid");
      return;
    }
    clearTimeout(conn.authTimer);
    clearTimeout(conn.expiryTimer);
    conn.actor = actor;
    // An access token's authority ends at its expiry, on a socket as on an HTTP call.
    const left = Math.min(Math.max(0, expiresAtMs - Date.now()), MAX_TIMER_MS);
    conn.expiryTimer = setTimeout(() => this.close(conn, CLOSE_UNAUTHORIZED, "auth.tokenExpired"), left);
    if (!before) {
      let set = this.#tenants.get(actor.tenantId);
      if (!set) this.#tenants.set(actor.tenantId, set = new Set());
      set.add(conn);
    }
    // Claims may have narrowed (an administrator no more): records no longer visible are left.
    for (const key of [...conn.editing]) {
      const [resource, id] = splitKey(key);
      if (!canSee(actor, resource, { id })) this.leaveEditMode(conn, resource, id);
    }
    conn.send({ type: "authenticated", userId: actor.userId });
  }

  enterEditMode(conn: HubConnection, resource: string, id: number): void {
    const actor = conn.actor;
    if (!actor || conn.closed || !canSee(actor, resource, { id })) return;
    const key = recordKey(resource, id);
    if (!conn.editing.has(key) && conn.editing.size >= MAX_EDITING_PER_SOCKET) return;
    let records = this.#editors.get(actor.tenantId);
    if (!records) this.#editors.set(actor.tenantId, records = new Map());
    let set = records.get(key);
    if (!set) records.set(key, set = new Set());
    set.add(conn);
    conn.editing.add(key);
    this.#announce(actor.tenantId, resource, id);
  }

  leaveEditMode(conn: HubConnection, resource: string, id: number): void {
    const actor = conn.actor;
    const key = recordKey(resource, id);
    if (!actor || !conn.editing.delete(key)) return;
    const records = this.#editors.get(actor.tenantId);
    const set = records?.get(key);
    if (!records || !set) return;
    set.delete(conn);
    if (set.size === 0) {
      records.delete(key);
      if (records.size === 0) this.#editors.delete(actor.tenantId);
      return;
    }
    this.#announce(actor.tenantId, resource, id);
  }

  /** Answers who edits a record now; a record the caller may not see has no editors for them. */
  getEditMode(conn: HubConnection, resource: string, id: number): void {
    const actor = conn.actor;
    if (!actor) return;
    const users = canSee(actor, resource, { id }) ? this.editorsOf(actor.tenantId, resource, id) : [];
    conn.send({ type: "EditModeChange", resource, id, users });
  }

  /** The users editing a record, each once, in the order they started. */
  editorsOf(tenantId: number, resource: string, id: number): Editor[] {
    const set = this.#editors.get(tenantId)?.get(recordKey(resource, id));
    const users = new Map<number, Editor>();
    for (const c of set ?? []) {
      if (c.actor && !users.has(c.actor.userId)) {
        users.set(c.actor.userId, { id: c.actor.userId, username: c.actor.username });
      }
    }
    return [...users.values()];
  }

  #announce(tenantId: number, resource: string, id: number): void {
    const users = this.editorsOf(tenantId, resource, id);
    for (const c of this.#editors.get(tenantId)?.get(recordKey(resource, id)) ?? []) {
      c.send({ type: "EditModeChange", resource, id, users });
    }
  }

  /** The socket is gone: it leaves the registry and every record it was editing. */
  disconnect(conn: HubConnection): void {
    if (!this.#all.delete(conn)) return;
    clearTimeout(conn.authTimer);
    clearTimeout(conn.expiryTimer);
    for (const key of [...conn.editing]) this.leaveEditMode(conn, ...splitKey(key));
    conn.closed = true;
    const actor = conn.actor;
    if (!actor) return;
    const set = this.#tenants.get(actor.tenantId);
    set?.delete(conn);
    if (set?.size === 0) this.#tenants.delete(actor.tenantId);
  }

  close(conn: HubConnection, code: number, reason: string): void {
    this.disconnect(conn);
    try {
      conn.socket.close(code, reason);
    } catch { /* already closed */ }
  }

  /**
   * Sends committed changes to the tenant's sockets whose user may see each record. A socket whose
   * sign-in has ended since it authenticated is closed instead (the client then signs in again).
   */
  async publish(tenantId: number, events: HubEventBody[], correlationId: string | null): Promise<void> {
    if (this.options.forward) {
      if (events.length > 0) this.options.forward(tenantId, events, correlationId);
      return;
    }
    if (events.length > 0) {
      for (const o of this.#observers) {
        try {
          o.published(tenantId, events, correlationId);
        } catch (err) {
          console.error("hub: an observer failed:", err);
        }
      }
    }
    const conns = this.#tenants.get(tenantId);
    if (!conns || events.length === 0) return;
    // A thousand sockets of one tenant share a few sign-ins and the same few events: each sign-in is checked
    // once and each event serialised once, then every socket is sent its events in one synchronous loop
    // (measured: the front's fan-out is what an edit's event waits for, bench/README.md, shards).
    const recipients: [HubConnection, string][] = [];
    const sessions = new Map<string, Promise<boolean | undefined>>();
    for (const conn of conns) {
      const actor = conn.actor;
      // A socket that may see none of the events is left alone: its sign-in is not checked for them.
      if (!actor || !events.some((e) => canSee(actor, e.resource, e))) continue;
      recipients.push([conn, actor.sessionId]);
      if (!sessions.has(actor.sessionId)) {
        sessions.set(
          actor.sessionId,
          // A check that fails (the control database busy) skips the sign-in's sockets this time; it never
          // closes them, which would send every client of the tenant to sign in again at once.
          this.options.isSessionActive(actor.sessionId).catch((err) => {
            console.error(`hub: session check failed for socket ${conn.id}:`, err);
            return undefined;
          }),
        );
      }
    }
    const active = new Map<string, boolean | undefined>();
    await Promise.all([...sessions].map(async ([id, check]) => active.set(id, await check)));
    const texts = events.map((e) =>
      JSON.stringify({ type: "event", resource: e.resource, action: e.action, id: e.id, correlationId })
    );
    for (const [conn, sessionId] of recipients) {
      // The claims as they are now: a socket may have presented a refreshed token during the check (a new
      // actor of the same sign-in), or narrowed ones.
      const actor = conn.actor;
      if (conn.closed || !actor || actor.sessionId !== sessionId) continue;
      const state = active.get(sessionId);
      if (state === undefined) continue;
      if (!state) {
        this.close(conn, CLOSE_UNAUTHORIZED, "auth.tokenInvalid");
        continue;
      }
      for (let i = 0; i < events.length; i++) {
        if (canSee(actor, events[i].resource, events[i])) conn.sendText(texts[i]);
      }
    }
  }

  /** Open sockets, and how many have authenticated. */
  stats(): { sockets: number; authenticated: number } {
    let authenticated = 0;
    for (const set of this.#tenants.values()) authenticated += set.size;
    return { sockets: this.#all.size, authenticated };
  }

  closeAll(): void {
    for (const o of [...this.#observers]) o.closing();
    for (const conn of [...this.#all]) this.close(conn, CLOSE_GOING_AWAY, "server.shutdown");
  }
}

function splitKey(key: string): [string, number] {
  const i = key.lastIndexOf(":");
  return [key.slice(0, i), Number(key.slice(i + 1))];
}
