// The real-time hub client (/dataHub): one socket per page, opened once the user is signed in, that
// hands committed changes to the screens showing them and tells an editor who else edits the same
// record. Reconnects on the spec's schedule; a 4401 close (the token is no longer good) reloads the
// startup configuration, which renews the token on the way, and connects again.
import { useEffect, useMemo, useRef } from "react";
import { atom, useAtomValue } from "jotai";
import { api, recentRequestIds } from "./api.ts";
import { authAtom, startupAtom, type StartupConfig, store } from "./state.ts";
import type { ClientMessage, Editor, ServerMessage } from "../shared/hub/contract.ts";

export type ConnectionStatus = "connected" | "connecting" | "disconnected";

export interface HubEvent {
  type: "event";
  resource: string;
  action: "created" | "changed" | "deleted";
  id: number;
  correlationId?: string;
}

/** The server's close code for a token it does not accept (shared/hub/contract.ts). */
const CLOSE_UNAUTHORIZED = 4401;

/** Spec, section 7: 2 s while fewer than 8 retries were made, 4 s while fewer than 16, then no more. */
export function reconnectDelay(retries: number): number | null {
  if (retries < 8) return 2000;
  if (retries < 16) return 4000;
  return null;
}

// Until the hub starts (after hydration) the page is on its way to connecting.
export const connectionStatusAtom = atom<ConnectionStatus>("connecting");
/** The retries ran out: the indicator offers to try again. */
export const hubGaveUpAtom = atom(false);
/** Who edits each record this page edits, by `resource:id`, as the server last said. */
const editorsAtom = atom<Record<string, Editor[]>>({});

/** The part of a browser WebSocket the client uses (tests drive it with a stand-in). */
export interface HubSocket {
  send(data: string): void;
  close(code?: number): void;
  onopen: ((e: Event) => void) | null;
  onmessage: ((e: MessageEvent) => void) | null;
  onclose: ((e: CloseEvent) => void) | null;
}

export interface HubClientOptions {
  createSocket?: (url: string) => HubSocket;
  url?: () => string;
  /** Reloads the startup configuration after a 4401 (through api(), which renews the token). */
  reloadStartup?: () => Promise<unknown>;
}

const recordKey = (resource: string, id: number) => `${resource}:${id}`;

/** The hub's address for a page: the page's own host, over TLS (wss:) whenever the page came over TLS. */
export function hubUrl(pageHref: string): string {
  const url = new URL("/dataHub", pageHref);
  url.protocol = url.protocol === "https:" ? "wss:" : "ws:";
  return url.href;
}

function defaultUrl(): string {
  return hubUrl(globalThis.location.href);
}

async function reloadStartupConfig(): Promise<void> {
  const auth = store.get(authAtom);
  const startup = await api<StartupConfig>("GET", "/config/getuserstartupconfig");
  // Signed out (or another user signed in) meanwhile: this answer is not theirs to keep.
  if (store.get(authAtom) === auth && auth) store.set(startupAtom, startup);
}

export class HubClient {
  #socket: HubSocket | null = null;
  #authenticated = false;
  #sentToken: string | null = null;
  /** The user the open socket speaks for. */
  #userId: number | null = null;
  #retries = 0;
  #timer: ReturnType<typeof setTimeout> | undefined;
  /** The startup configuration is being reloaded after a 4401; the socket follows it. */
  #reloading = false;
  #started = false;
  #unsubscribe: (() => void) | null = null;
  readonly #listeners = new Map<string, Set<(e: HubEvent) => void>>();
  /** Records this page edits, with how many components hold each. */
  readonly #editing = new Map<string, { resource: string; id: number; holders: number }>();
  readonly #createSocket: (url: string) => HubSocket;
  readonly #url: () => string;
  readonly #reloadStartup: () => Promise<unknown>;

  constructor(options: HubClientOptions = {}) {
    this.#createSocket = options.createSocket ?? ((url) => new WebSocket(url));
    this.#url = options.url ?? defaultUrl;
    this.#reloadStartup = options.reloadStartup ?? reloadStartupConfig;
    // The account and the logistics configuration are part of the startup configuration: a change of either
    // (by anyone) takes effect for this user at once.
    for (const resource of ["ClientLogisticsConfig", "ClientAccount"]) {
      this.subscribe(resource, () => void this.#reloadStartup().catch(() => {}));
    }
  }

  /** Follows the signed-in state from now on: connects after sign-in, closes at sign-out. */
  start(): void {
    if (this.#started) return;
    this.#started = true;
    const online = () => {
      if (store.get(authAtom) && !this.#socket) this.reconnect();
    };
    const unsubscribe = store.sub(authAtom, () => this.#authChanged());
    globalThis.addEventListener?.("online", online);
    this.#unsubscribe = () => {
      unsubscribe();
      globalThis.removeEventListener?.("online", online);
    };
    this.#authChanged();
  }

  /** Closes the socket and stops following the signed-in state. */
  dispose(): void {
    this.#unsubscribe?.();
    this.#unsubscribe = null;
    this.#started = false;
    this.#stop();
  }

  /** Starts over with a fresh retry count (the user asked, or the browser came back online). */
  reconnect(): void {
    clearTimeout(this.#timer);
    this.#retries = 0;
    store.set(hubGaveUpAtom, false);
    if (!this.#socket && !this.#reloading) this.#connect();
  }

  #authChanged(): void {
    const auth = store.get(authAtom);
    if (!auth || (this.#socket && this.#userId !== auth.user.id)) {
      // Signed out, or another user signed in: the socket belongs to nobody now.
      this.#stop();
      if (!auth) return;
    }
    if (!this.#socket && this.#timer === undefined && !this.#reloading) {
      this.reconnect();
      return;
    }
    // A renewed token extends the open socket's authority before the old one expires.
    if (this.#authenticated && auth.token !== this.#sentToken) this.#sendAuth();
  }

  #stop(): void {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    const socket = this.#socket;
    this.#socket = null;
    this.#authenticated = false;
    socket?.close(1000);
    store.set(editorsAtom, {});
    store.set(hubGaveUpAtom, false);
    store.set(connectionStatusAtom, "disconnected");
  }

  #connect(): void {
    this.#timer = undefined;
    if (!store.get(authAtom)) {
      this.#stop();
      return;
    }
    store.set(connectionStatusAtom, "connecting");
    const socket = this.#createSocket(this.#url());
    this.#socket = socket;
    this.#userId = store.get(authAtom)?.user.id ?? null;
    this.#authenticated = false;
    socket.onopen = () => {
      if (socket === this.#socket) this.#sendAuth();
    };
    socket.onmessage = (e) => {
      if (socket === this.#socket) this.#receive(String(e.data));
    };
    socket.onclose = (e) => {
      if (socket === this.#socket) this.#closed(e.code);
    };
  }

  #send(message: ClientMessage): void {
    try {
      this.#socket?.send(JSON.stringify(message));
    } catch { /* closing: the close handler takes over */ }
  }

  #sendAuth(): void {
    const token = store.get(authAtom)?.token;
    if (!token) return;
    this.#sentToken = token;
    this.#send({ type: "auth", token });
  }

  #receive(data: string): void {
    let message: ServerMessage;
    try {
      message = JSON.parse(data);
    } catch {
      return;
    }
    if (message.type === "authenticated") {
      const first = !this.#authenticated;
      this.#authenticated = true;
      this.#retries = 0;
      store.set(connectionStatusAtom, "connected");
      if (first) {
        // A new socket knows nothing of this page: announce again what it edits.
        for (const r of this.#editing.values()) {
          this.#send({ type: "EnterEditMode", resource: r.resource, id: r.id });
        }
      }
      if (store.get(authAtom)?.token !== this.#sentToken) this.#sendAuth();
    } else if (message.type === "event") {
      // This page's own changes are already on its screen.
      if (message.correlationId && recentRequestIds.includes(message.correlationId)) return;
      const event: HubEvent = {
        type: "event",
        resource: message.resource,
        action: message.action,
        id: message.id,
        ...(message.correlationId ? { correlationId: message.correlationId } : {}),
      };
      for (const fn of this.#listeners.get(message.resource.toLowerCase()) ?? []) {
        try {
          fn(event);
        } catch (err) {
          console.error("a real-time event listener failed:", err);
        }
      }
    } else if (message.type === "EditModeChange") {
      const key = recordKey(message.resource, message.id);
      if (this.#editing.has(key)) store.set(editorsAtom, (all) => ({ ...all, [key]: message.users }));
    }
  }

  #closed(code: number): void {
    this.#socket = null;
    this.#authenticated = false;
    store.set(editorsAtom, {});
    if (!store.get(authAtom)) {
      this.#stop();
      return;
    }
    if (code === CLOSE_UNAUTHORIZED && reconnectDelay(this.#retries) !== null) {
      this.#retries++;
      store.set(connectionStatusAtom, "connecting");
      // Spec, section 7: the startup configuration is loaded again when the hub reports 401. A refused
      // renewal signs the user out (api.ts), which stops the hub.
      this.#reloading = true;
      this.#reloadStartup().then(
        () => {
          this.#reloading = false;
          if (!this.#socket) this.#connect();
        },
        () => {
          this.#reloading = false;
          this.#schedule();
        },
      );
      return;
    }
    this.#schedule();
  }

  #schedule(): void {
    if (!store.get(authAtom)) {
      this.#stop();
      return;
    }
    const delay = reconnectDelay(this.#retries);
    if (delay === null) {
      this.#timer = undefined;
      store.set(connectionStatusAtom, "disconnected");
      store.set(hubGaveUpAtom, true);
      return;
    }
    this.#retries++;
    store.set(connectionStatusAtom, "connecting");
    this.#timer = setTimeout(() => this.#connect(), delay);
  }

  /** Calls `fn` for events about `resource` (any letter case); answers the unsubscribe. */
  subscribe(resource: string, fn: (e: HubEvent) => void): () => void {
    const key = resource.toLowerCase();
    let set = this.#listeners.get(key);
    if (!set) this.#listeners.set(key, set = new Set());
    set.add(fn);
    return () => {
      set.delete(fn);
      if (set.size === 0) this.#listeners.delete(key);
    };
  }

  enterEditMode(resource: string, id: number): void {
    const key = recordKey(resource, id);
    const held = this.#editing.get(key);
    if (held) {
      held.holders++;
      return;
    }
    this.#editing.set(key, { resource, id, holders: 1 });
    if (this.#authenticated) this.#send({ type: "EnterEditMode", resource, id });
  }

  leaveEditMode(resource: string, id: number): void {
    const key = recordKey(resource, id);
    const held = this.#editing.get(key);
    if (!held || --held.holders > 0) return;
    this.#editing.delete(key);
    store.set(editorsAtom, (all) => {
      const { [key]: _gone, ...rest } = all;
      return rest;
    });
    if (this.#authenticated) this.#send({ type: "LeaveEditMode", resource, id });
  }
}

/** The page's one hub connection. */
export const hub = new HubClient();

/** The connection status for the indicator; rendering it starts the hub. */
export function useConnectionStatus(): ConnectionStatus {
  useEffect(() => hub.start(), []);
  return useAtomValue(connectionStatusAtom);
}

/** Calls `onEvent` for events about `resource` caused by others (own request ids are ignored). */
export function useResourceEvents(resource: string, onEvent: (e: HubEvent) => void): void {
  const latest = useRef(onEvent);
  useEffect(() => {
    latest.current = onEvent;
  });
  useEffect(() => {
    hub.start();
    return hub.subscribe(resource, (e) => latest.current(e));
  }, [resource]);
}

/**
 * While `active`, announces that this user edits `resource` `id` (EnterEditMode / LeaveEditMode) and
 * answers the other users editing it now (from EditModeChange).
 */
export function useEditMode(
  resource: string,
  id: number | null,
  active: boolean,
): { otherEditors: string[] } {
  useEffect(() => {
    hub.start();
    if (!active || id === null) return;
    hub.enterEditMode(resource, id);
    return () => hub.leaveEditMode(resource, id);
  }, [resource, id, active]);
  const editors = useAtomValue(editorsAtom);
  const me = useAtomValue(authAtom)?.user.id;
  const list = active && id !== null ? editors[recordKey(resource, id)] : undefined;
  return useMemo(
    () => ({ otherEditors: (list ?? []).filter((u) => u.id !== me).map((u) => u.username) }),
    [list, me],
  );
}
