// The hub client's own rules, with the browser's WebSocket replaced by a stand-in and the clock by
// vitest's: the reconnect schedule of spec section 7, the renewal after a 4401, the page's own events
// ignored, and edit mode announced again on every new socket. The server side is tested for real in
// tests/integration/hub.test.ts.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  connectionStatusAtom,
  HubClient,
  type HubEvent,
  hubGaveUpAtom,
  type HubSocket,
  hubUrl,
  reconnectDelay,
} from "./hub.ts";
import { recentRequestIds } from "./api.ts";
import { authAtom, store, type TokenData } from "./state.ts";

class FakeSocket implements HubSocket {
  readonly sent: Record<string, unknown>[] = [];
  closedWith: number | undefined;
  onopen: ((e: Event) => void) | null = null;
  onmessage: ((e: MessageEvent) => void) | null = null;
  onclose: ((e: CloseEvent) => void) | null = null;

  send(data: string): void {
    this.sent.push(JSON.parse(data));
  }
  close(code = 1005): void {
    this.closedWith = code;
  }
  open(): void {
    this.onopen?.(new Event("open"));
  }
  receive(message: unknown): void {
    this.onmessage?.({ data: JSON.stringify(message) } as MessageEvent);
  }
  drop(code = 1006): void {
    this.onclose?.({ code } as CloseEvent);
  }
}

function tokenData(token: string): TokenData {
  return {
    token,
    refreshToken: "r",
    expiresAt: "2099-01-01T00:00:00Z",
    refreshExpiresAt: "2099-01-01T00:00:00Z",
    user: { id: 7, username: "ann", visibleName: null, defaultLanguage: null },
  };
}

let sockets: FakeSocket[];
let created: number[];
let reloads: number;
let client: HubClient;

/** Stands in for GET config/getuserstartupconfig, whose api() call renews the token on the way. */
function renewToken(): Promise<void> {
  reloads++;
  store.set(authAtom, tokenData(`renewed-${reloads}`));
  return Promise.resolve();
}

function newClient(reloadStartup: () => Promise<unknown> = renewToken) {
  return new HubClient({
    url: () => "ws://wms.test/dataHub",
    createSocket: () => {
      const socket = new FakeSocket();
      sockets.push(socket);
      created.push(Date.now());
      return socket;
    },
    reloadStartup,
  });
}

/** The newest socket opens and the server accepts its token. */
function accept(): FakeSocket {
  const socket = sockets.at(-1)!;
  socket.open();
  socket.receive({ type: "authenticated", userId: 7 });
  return socket;
}

beforeEach(() => {
  vi.useFakeTimers({ now: 0 });
  sockets = [];
  created = [];
  reloads = 0;
  store.set(authAtom, null);
  client = newClient();
});
afterEach(() => {
  client.dispose();
  store.set(authAtom, null);
  vi.useRealTimers();
});

describe("reconnect schedule (spec section 7)", () => {
  it("waits 2 s while fewer than 8 retries were made, 4 s while fewer than 16, then stops", () => {
    expect([0, 1, 7].map(reconnectDelay)).toEqual([2000, 2000, 2000]);
    expect([8, 9, 15].map(reconnectDelay)).toEqual([4000, 4000, 4000]);
    expect([16, 17, 100].map(reconnectDelay)).toEqual([null, null, null]);
  });

  it("is what the client really does when the server cannot be reached, and it then stays down", () => {
    store.set(authAtom, tokenData("t1"));
    client.start();
    expect(sockets).toHaveLength(1);
    expect(store.get(connectionStatusAtom)).toBe("connecting");
    for (let i = 0; i < 16; i++) {
      sockets.at(-1)!.drop();
      expect(store.get(connectionStatusAtom)).toBe("connecting");
      const before = sockets.length;
      vi.advanceTimersByTime((reconnectDelay(i) ?? 0) - 1);
      expect(sockets.length, `retry ${i + 1} came early`).toBe(before);
      vi.advanceTimersByTime(1);
      expect(sockets.length, `retry ${i + 1} did not come`).toBe(before + 1);
    }
    const gaps = created.slice(1).map((t, i) => t - created[i]);
    expect(gaps).toEqual([...Array(8).fill(2000), ...Array(8).fill(4000)]);
    sockets.at(-1)!.drop();
    vi.advanceTimersByTime(10 * 60_000);
    expect(sockets).toHaveLength(17);
    expect(store.get(connectionStatusAtom)).toBe("disconnected");
    expect(store.get(hubGaveUpAtom)).toBe(true);
    // Asked to, it starts over at once with a fresh count.
    client.reconnect();
    expect(sockets).toHaveLength(18);
    expect(store.get(hubGaveUpAtom)).toBe(false);
  });

  it("counts retries from the last accepted connection", () => {
    store.set(authAtom, tokenData("t1"));
    client.start();
    for (let i = 0; i < 10; i++) {
      sockets.at(-1)!.drop();
      vi.advanceTimersByTime(4000);
    }
    accept();
    expect(store.get(connectionStatusAtom)).toBe("connected");
    const before = sockets.length;
    sockets.at(-1)!.drop();
    vi.advanceTimersByTime(2000);
    expect(sockets.length).toBe(before + 1);
  });
});

describe("the connection", () => {
  it("opens after sign-in with the current token and closes at sign-out without coming back", () => {
    client.start();
    expect(sockets).toHaveLength(0);
    expect(store.get(connectionStatusAtom)).toBe("disconnected");
    store.set(authAtom, tokenData("t1"));
    const socket = accept();
    expect(socket.sent[0]).toEqual({ type: "auth", token: "t1" });
    expect(store.get(connectionStatusAtom)).toBe("connected");
    store.set(authAtom, null);
    expect(socket.closedWith).toBe(1000);
    socket.drop(1000);
    vi.advanceTimersByTime(60_000);
    expect(sockets).toHaveLength(1);
    expect(store.get(connectionStatusAtom)).toBe("disconnected");
  });

  it("starts a new socket when another user signs in", () => {
    store.set(authAtom, tokenData("t1"));
    client.start();
    const first = accept();
    store.set(authAtom, { ...tokenData("other"), user: { ...tokenData("other").user, id: 8 } });
    expect(first.closedWith).toBe(1000);
    expect(sockets).toHaveLength(2);
    expect(accept().sent[0]).toEqual({ type: "auth", token: "other" });
  });

  it("sends a renewed token on the open socket", () => {
    store.set(authAtom, tokenData("t1"));
    client.start();
    const socket = accept();
    store.set(authAtom, tokenData("t2"));
    expect(socket.sent.at(-1)).toEqual({ type: "auth", token: "t2" });
    expect(sockets).toHaveLength(1);
  });

  it("on 4401 reloads the startup configuration (renewing the token) and connects again at once", async () => {
    store.set(authAtom, tokenData("t1"));
    client.start();
    accept().drop(4401);
    expect(reloads).toBe(1);
    await vi.advanceTimersByTimeAsync(0);
    expect(sockets).toHaveLength(2);
    const socket = accept();
    expect(socket.sent[0]).toEqual({ type: "auth", token: "renewed-1" });
    expect(store.get(connectionStatusAtom)).toBe("connected");
  });

  it("falls back to the schedule when the reload fails, and gives up on endless 4401s", async () => {
    client.dispose();
    client = newClient(() => Promise.reject(new Error("offline")));
    store.set(authAtom, tokenData("t1"));
    client.start();
    sockets.at(-1)!.drop(4401);
    await vi.advanceTimersByTimeAsync(1999);
    expect(sockets).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(sockets).toHaveLength(2);
    for (let i = 0; i < 20; i++) {
      sockets.at(-1)!.drop(4401);
      await vi.advanceTimersByTimeAsync(4000);
    }
    expect(store.get(hubGaveUpAtom)).toBe(true);
    expect(sockets.length).toBeLessThanOrEqual(17);
  });
});

describe("events", () => {
  it("reach the listeners of their resource, except those caused by this page's own requests", () => {
    store.set(authAtom, tokenData("t1"));
    client.start();
    const socket = accept();
    const seen: HubEvent[] = [];
    const unsubscribe = client.subscribe("user", (e) => seen.push(e));
    client.subscribe("Product", () => {
      throw new Error("not for products");
    });
    recentRequestIds.push("mine");
    socket.receive({ type: "event", resource: "User", action: "changed", id: 3, correlationId: "mine" });
    socket.receive({ type: "event", resource: "User", action: "deleted", id: 4, correlationId: "theirs" });
    socket.receive({
      type: "event",
      resource: "ClientAccount",
      action: "changed",
      id: 1,
      correlationId: null,
    });
    expect(seen).toEqual([
      { type: "event", resource: "User", action: "deleted", id: 4, correlationId: "theirs" },
    ]);
    unsubscribe();
    socket.receive({ type: "event", resource: "User", action: "created", id: 5, correlationId: "x" });
    expect(seen).toHaveLength(1);
  });
});

describe("edit mode", () => {
  it("is announced once accepted, again on every new socket, and left when the last holder leaves", () => {
    store.set(authAtom, tokenData("t1"));
    client.start();
    client.enterEditMode("User", 3);
    client.enterEditMode("User", 3);
    const first = accept();
    expect(first.sent.slice(1)).toEqual([{ type: "EnterEditMode", resource: "User", id: 3 }]);
    first.drop();
    vi.advanceTimersByTime(2000);
    const second = accept();
    expect(second.sent.slice(1)).toEqual([{ type: "EnterEditMode", resource: "User", id: 3 }]);
    client.leaveEditMode("User", 3);
    expect(second.sent).toHaveLength(2);
    client.leaveEditMode("User", 3);
    expect(second.sent.at(-1)).toEqual({ type: "LeaveEditMode", resource: "User", id: 3 });
  });
});

describe("the hub's address", () => {
  it("is the page's own host, over TLS (wss:) whenever the page came over TLS", () => {
    expect(hubUrl("https://wms.example.com/documents?tab=1#x")).toBe("wss://wms.example.com/dataHub");
    expect(hubUrl("https://wms.example.com:8443/")).toBe("wss://wms.example.com:8443/dataHub");
    // Plain HTTP only where the page itself is (a development machine); HSTS keeps real pages on HTTPS.
    expect(hubUrl("http://localhost:8000/")).toBe("ws://localhost:8000/dataHub");
  });
});
