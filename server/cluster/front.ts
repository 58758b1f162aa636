// The front of a sharded server (docs/decisions/0007-tenant-shards.md): it accepts connections, serves the
// pages, assets and the hub's sockets itself, and hands every /api request whole to a worker: the shard
// that owns the caller's tenant (by the access token's tenant claim), a reader for a long read, or any
// shard for a call that names no tenant yet (sign-in, refresh, registration), whose tenant work then runs
// on the owner as a tenant operation relayed here. A worker that dies or stalls is restarted; meanwhile
// its requests answer 503 server.unavailable, never hang.
import type { Hono } from "hono";
import { getPath } from "hono/utils/url";
import { decodeJwt } from "jose";
import { tenantIdOfKey } from "../domain/sharing/keys.ts";
import { createPlatform, type Platform } from "../platform.ts";
import { createApp } from "../app.ts";
import type { Config } from "../config.ts";
import type { Env } from "../engine/http/types.ts";
import { canonicalPath, routePattern, routes, SERVED_METHODS } from "../engine/http/openapi.ts";
import { bearerToken } from "../engine/http/bearer.ts";
import { errorResponse } from "../http/errors.ts";
import { AppError } from "../kernel/errors.ts";
import { type Sealed, transferOf } from "../kernel/jobs/contract.ts";
import type { Actor } from "../kernel/context.ts";
import type { Tenant } from "../tenancy/registry.ts";
import { type Role, shardOf } from "./placement.ts";
import {
  Batch,
  fromWire,
  type FromWorker,
  headerList,
  type RemoteAddr,
  toWire,
  type ToWorker,
  type WireError,
} from "./protocol.ts";

/** A list page starting this far in is a long read (a reader answers it). */
const DEEP_PAGE_OFFSET = 10_000;
/** Tokens whose tenant claim is remembered (cleared when full). */
const TOKEN_CACHE_MAX = 10_000;
const RESTART_FIRST_MS = 100;
const RESTART_MAX_MS = 5_000;
/** A worker that has not loaded within this time is started again. */
const START_LIMIT_MS = 120_000;
/** Heartbeat ticks (four per stall limit) an unanswered ping must have waited before the worker is judged. */
const STALL_TICKS = 3;
/**
 * Bytes of a request's body pushed to a worker ahead of what its app has read. A body handed over as a
 * stream went one piece per round trip through this thread's turns (a 20 MB upload: 300 of them, half a
 * second and more while it was busy); pushed, its pieces follow each other and the reads give the room back.
 */
const BODY_WINDOW = 2 * 1024 * 1024;

/** A request's body being pushed to a worker: the room it has left, and whether the worker wants no more. */
interface BodyFlow {
  room: number;
  stopped: boolean;
  reader: ReadableStreamDefaultReader<Uint8Array>;
  wake?: () => void;
}

type Origin =
  | { kind: "worker"; handle: WorkerHandle; worker: Worker; id: number }
  | { kind: "front"; waiter: PromiseWithResolvers<unknown> };

/** One worker thread as the front sees it: started, ready, or down (and being restarted). */
export class WorkerHandle {
  worker!: Worker;
  #outgoing!: Batch<ToWorker>;
  state: "starting" | "ready" | "down" | "stopped" = "starting";
  /** Requests handed to this worker, by id. */
  readonly requests = new Map<number, { resolve(res: Response): void; req: Request }>();
  /** Bodies of those requests still being pushed, by id. */
  readonly bodies = new Map<number, BodyFlow>();
  /** Tenant operations this worker runs for others, by the id the front gave them. */
  readonly ops = new Map<number, Origin>();
  readonly verifies = new Map<number, PromiseWithResolvers<{ actor: Actor; expiresAtMs: number }>>();
  #seq = 0;
  /** When the ping now awaiting its pong was sent, and the heartbeat ticks since (0: none awaited). */
  #pingSentAt = 0;
  #ticksSincePing = 0;
  #startedAt = 0;
  #failures = 0;
  #readyAt = 0;
  #stopped?: PromiseWithResolvers<void>;
  /** Answers handed back so far (for tests and the bench). */
  served = 0;
  /** Called once when the worker is first ready. */
  onReady?: () => void;
  /** Transactions the worker has open now (it counts them in this shared memory: server/db/local.ts). */
  transactions = new Int32Array(new SharedArrayBuffer(4));
  restarts = 0;

  constructor(
    readonly front: Front,
    readonly role: Exclude<Role, "single" | "front">,
    readonly index: number,
  ) {}

  start(): void {
    this.state = "starting";
    this.#startedAt = Date.now();
    this.#pingSentAt = 0;
    const worker = this.worker = new Worker(new URL("./worker.ts", import.meta.url), {
      type: "module",
      name: `${this.role}-${this.index}`,
    });
    this.#outgoing = new Batch((messages, transfer) => worker.postMessage(messages, transfer));
    worker.onmessage = (e: MessageEvent<FromWorker[]>) => {
      if (worker !== this.worker) return;
      for (const m of e.data) this.front.received(this, m);
    };
    worker.onerror = (e) => {
      e.preventDefault();
      if (worker === this.worker) this.down(`crashed: ${e.message}`);
    };
    worker.onmessageerror = () => {
      if (worker === this.worker) this.down("sent a message that could not be read");
    };
    this.transactions = new Int32Array(new SharedArrayBuffer(4));
    this.post({
      t: "init",
      role: this.role,
      index: this.index,
      shards: this.front.config.workers,
      config: this.front.config,
      transactions: this.transactions,
    });
  }

  post(message: ToWorker, transfer?: Transferable[]): void {
    this.#outgoing.push(message, transfer);
  }

  nextId(): number {
    return ++this.#seq;
  }

  ready(): void {
    this.state = "ready";
    this.#readyAt = Date.now();
    this.#pingSentAt = 0;
  }

  pong(): void {
    this.#pingSentAt = 0;
  }

  /**
   * Pings the worker; one that leaves a ping unanswered for longer than the stall limit is taken down and
   * restarted. The ping must also have waited a few of the front's own ticks, so that a front that was
   * itself held up (its pongs queued behind) does not mistake that for a stalled worker. A worker still
   * loading its modules is given START_LIMIT_MS.
   */
  heartbeat(stallMs: number): void {
    const now = Date.now();
    if (this.state === "starting") {
      if (now - this.#startedAt > START_LIMIT_MS) {
        this.down(`did not start within ${START_LIMIT_MS / 1000} s`);
      }
      return;
    }
    if (this.state !== "ready") return;
    if (this.#pingSentAt === 0) {
      this.#pingSentAt = now;
      this.#ticksSincePing = 0;
      this.post({ t: "ping", id: this.nextId() });
      return;
    }
    if (++this.#ticksSincePing >= STALL_TICKS && now - this.#pingSentAt > stallMs) {
      this.down(`answered no heartbeat for ${Math.round((now - this.#pingSentAt) / 1000)} s`, true);
    }
  }

  /** Hands a request to the worker and answers what it answers (503 if it is not up or dies meanwhile). */
  request(req: Request, remoteAddr: RemoteAddr): Promise<Response> {
    if (this.state !== "ready") return Promise.resolve(unavailable(req));
    const id = this.nextId();
    const waiter = Promise.withResolvers<Response>();
    this.requests.set(id, { resolve: waiter.resolve, req });
    this.post({
      t: "req",
      id,
      method: req.method,
      url: req.url,
      headers: headerList(req.headers),
      body: req.body ? "pushed" : null,
      remoteAddr,
    });
    if (req.body) void this.#push(id, req.body);
    return waiter.promise;
  }

  /** Pushes a request's body to the worker as it arrives, BODY_WINDOW bytes ahead of its app at most. */
  async #push(id: number, body: ReadableStream<Uint8Array>): Promise<void> {
    const worker = this.worker;
    const reader = body.getReader();
    const flow: BodyFlow = { room: BODY_WINDOW, stopped: false, reader };
    this.bodies.set(id, flow);
    const live = () => !flow.stopped && this.worker === worker;
    try {
      while (live()) {
        if (flow.room <= 0) {
          await new Promise<void>((resolve) => (flow.wake = resolve));
          continue;
        }
        const { done, value } = await reader.read();
        if (!live()) break;
        if (done) {
          this.post({ t: "body", id, chunk: null });
          return;
        }
        flow.room -= value.byteLength;
        this.post({ t: "body", id, chunk: value });
      }
      reader.cancel().catch(() => {});
    } catch {
      // The client's stream broke: the app reads that as a body it cannot read.
      if (live()) this.post({ t: "body", id, chunk: null, failed: true });
    } finally {
      this.bodies.delete(id);
    }
  }

  /** The body of request `id` wants no more pushing (answered, refused, or its worker gone). */
  stopBody(id: number): void {
    const flow = this.bodies.get(id);
    if (!flow) return;
    flow.stopped = true;
    // A read still waiting for the client ends now.
    flow.reader.cancel().catch(() => {});
    flow.wake?.();
  }

  bodyRead(id: number, bytes: number): void {
    const flow = this.bodies.get(id);
    if (!flow) return;
    flow.room += bytes;
    flow.wake?.();
    flow.wake = undefined;
  }

  /** The worker died or stalled: everything waiting on it is answered, and it is started again. */
  down(reason: string, stalled = false): void {
    if (this.state === "down" || this.state === "stopped") return;
    this.state = "down";
    // A worker stopped from outside while it holds a transaction keeps that SQLite lock for the life of
    // the process (its connections are never closed): its tenants could never be written again. Only a
    // new process clears it, so the whole server exits and its supervisor starts it again.
    if (stalled && Atomics.load(this.transactions, 0) > 0) {
      console.error(`${this.role} ${this.index} ${reason} inside a transaction; exiting for a restart`);
      Deno.exit(70);
    }
    console.error(`${this.role} ${this.index} ${reason}; restarting it`);
    this.worker.terminate();
    this.#settle();
    // A worker that keeps failing at once waits longer each time; one that ran a minute starts afresh.
    if (Date.now() - this.#readyAt > 60_000) this.#failures = 0;
    const delay = Math.min(RESTART_MAX_MS, RESTART_FIRST_MS * 2 ** this.#failures++);
    this.restarts++;
    setTimeout(() => {
      if (this.state === "down") this.start();
    }, delay);
  }

  async stop(): Promise<void> {
    if (this.state === "stopped") return;
    const wasUp = this.state === "ready";
    this.state = "stopped";
    if (wasUp) {
      this.#stopped = Promise.withResolvers<void>();
      this.post({ t: "stop" });
      let timer: ReturnType<typeof setTimeout> | undefined;
      const timeout = new Promise<void>((r) => (timer = setTimeout(r, 5_000)));
      await Promise.race([this.#stopped.promise, timeout]);
      clearTimeout(timer);
    }
    this.worker.terminate();
    this.#settle();
  }

  /** Answers everything still waiting on this worker: 503, nothing was or will be run. */
  #settle(): void {
    for (const { resolve, req } of this.requests.values()) resolve(unavailable(req));
    this.requests.clear();
    for (const id of [...this.bodies.keys()]) this.stopBody(id);
    for (const origin of this.ops.values()) {
      this.front.replyOp(origin, { ok: false, error: toWire(new AppError("server.unavailable")) });
    }
    this.ops.clear();
    for (const waiter of this.verifies.values()) waiter.reject(new AppError("server.unavailable"));
    this.verifies.clear();
  }

  stoppedNow(): void {
    this.#stopped?.resolve();
  }
}

export class Front {
  readonly shards: WorkerHandle[] = [];
  readonly readers: WorkerHandle[] = [];
  app!: Hono<Env>;
  platform!: Platform;
  readonly #tenantOfToken = new Map<string, number | null>();
  #longRoutes: RegExp[] = [];
  #roundRobin = 0;
  #heartbeat?: ReturnType<typeof setInterval>;

  constructor(readonly config: Config) {}

  async start(): Promise<void> {
    this.platform = await createPlatform(this.config, {
      role: "front",
      placement: () => ({
        role: "front",
        index: 0,
        shards: this.config.workers,
        run: (tenant, name, args) => this.#runOnOwner(tenant, name, args),
        verifySocket: (token) => this.#verifySocket(token),
      }),
    });
    this.app = createApp(this.platform);
    this.#longRoutes = routes.filter((r) => r.method === "get" && r.reads === "long")
      .map((r) => routePattern(r.path));
    for (let i = 0; i < this.config.workers; i++) this.shards.push(new WorkerHandle(this, "shard", i));
    for (let i = 0; i < this.config.readers; i++) this.readers.push(new WorkerHandle(this, "reader", i));
    const all = [...this.shards, ...this.readers];
    const ready = all.map((h) => new Promise<void>((resolve) => (h.onReady = resolve)));
    for (const h of all) h.start();
    await Promise.all(ready);
    const stallMs = this.config.shardStallSeconds * 1000;
    this.#heartbeat = setInterval(() => {
      for (const h of all) h.heartbeat(stallMs);
    }, Math.max(250, stallMs / 4));
    Deno.unrefTimer(this.#heartbeat as unknown as number);
  }

  /** The server's handler: pages, assets and the hub here; /api on the worker it belongs to. */
  fetch = (req: Request, remoteAddr: Deno.NetAddr): Response | Promise<Response> => {
    // The path as Hono routes it (%xx decoded: /%61pi/Auth is /api/Auth, never to be answered here).
    const path = getPath(req);
    // A method the app does not serve is answered here as the app answers it (405 and the path's methods):
    // a worker could not be handed TRACE or CONNECT at all (fetch's Request refuses them).
    if (!isApi(path) || !SERVED_METHODS.has(req.method)) {
      return this.app.fetch(req, { remoteAddr });
    }
    const addr: RemoteAddr = { hostname: remoteAddr.hostname, port: remoteAddr.port, transport: "tcp" };
    return this.#workerFor(req, path).then((worker) => worker.request(req, addr));
  };

  async #workerFor(req: Request, path: string): Promise<WorkerHandle> {
    // A call by API key goes to its tenant's shard: its use is written down (readers only read).
    const apiKey = req.headers.get("x-api-key");
    if (this.readers.length > 0 && req.method === "GET" && !apiKey && this.#isLong(path, req.url)) {
      let best: WorkerHandle | undefined;
      for (const r of this.readers) {
        if (r.state === "ready" && (!best || r.requests.size < best.requests.size)) best = r;
      }
      if (best) return best;
    }
    const tenantId = this.#tenantOf(bearerToken(req.headers.get("authorization") ?? undefined)) ??
      await this.#tenantOfKey(apiKey);
    if (tenantId !== null) return this.shards[shardOf(tenantId, this.shards.length)];
    // No tenant yet (sign-in, refresh, registration, health): any shard that is up.
    for (let i = 0; i < this.shards.length; i++) {
      const h = this.shards[this.#roundRobin++ % this.shards.length];
      if (h.state === "ready") return h;
    }
    return this.shards[0];
  }

  /** The tenant of an API key (decision 0010), from the control database: it only routes. */
  async #tenantOfKey(key: string | null): Promise<number | null> {
    // Remembered there: a key's tenant never changes.
    return key ? await tenantIdOfKey(this.platform, key) : null;
  }

  /** The tenant claim of an access token, unverified: it only routes; the shard verifies the token. */
  #tenantOf(token: string | undefined): number | null {
    if (!token) return null;
    let tenantId = this.#tenantOfToken.get(token);
    if (tenantId !== undefined) return tenantId;
    try {
      const tid = Number(decodeJwt(token).tid);
      tenantId = Number.isSafeInteger(tid) && tid > 0 ? tid : null;
    } catch {
      tenantId = null; // a refresh token (opaque) or garbage: any shard answers it
    }
    if (this.#tenantOfToken.size >= TOKEN_CACHE_MAX) this.#tenantOfToken.clear();
    this.#tenantOfToken.set(token, tenantId);
    return tenantId;
  }

  #isLong(path: string, url: string): boolean {
    const canonical = canonicalPath(path);
    if (this.#longRoutes.some((re) => re.test(canonical))) return true;
    const q = url.indexOf("?");
    if (q < 0) return false;
    const params = new URLSearchParams(url.slice(q + 1));
    let page = 1;
    let size = 0;
    for (const [k, v] of params) {
      const key = k.toLowerCase();
      if (key === "pagenumber") page = Number(v);
      else if (key === "pagesize") size = Number(v);
    }
    return (page - 1) * size >= DEEP_PAGE_OFFSET;
  }

  /** A message from a worker. */
  received(from: WorkerHandle, m: FromWorker): void {
    switch (m.t) {
      case "ready":
        from.ready();
        from.onReady?.();
        from.onReady = undefined;
        return;
      case "res": {
        const pending = from.requests.get(m.id);
        if (!pending) return;
        from.requests.delete(m.id);
        // What the app did not read of the body is no longer wanted.
        from.stopBody(m.id);
        from.served++;
        pending.resolve(new Response(m.body, { status: m.status, headers: m.headers }));
        return;
      }
      case "op":
        this.#relayOp(
          { kind: "worker", handle: from, worker: from.worker, id: m.id },
          m.tenant,
          m.name,
          m.args,
        );
        return;
      case "opres": {
        const origin = from.ops.get(m.id);
        if (!origin) return;
        from.ops.delete(m.id);
        this.replyOp(origin, m.ok ? { ok: true, value: m.value } : { ok: false, error: m.error });
        return;
      }
      case "verified": {
        const waiter = from.verifies.get(m.id);
        from.verifies.delete(m.id);
        if (m.ok) waiter?.resolve({ actor: m.actor, expiresAtMs: m.expiresAtMs });
        else waiter?.reject(fromWire(m.error));
        return;
      }
      case "job": {
        // Run on this process's pool, input and result sealed: this thread moves their buffers and never
        // reads or copies them. The answer goes back to the worker that asked, if it still runs.
        const worker = from.worker;
        this.platform.jobs.run<Sealed>({ ...m.spec, input: undefined, sealed: m.input, keepSealed: true })
          .then(
            (value) => ({ t: "jobres" as const, id: m.id, ok: true as const, value }),
            (error) => ({ t: "jobres" as const, id: m.id, ok: false as const, error: toWire(error) }),
          ).then((reply) => {
            if (from.worker !== worker || from.state !== "ready") return;
            from.post(reply, reply.ok ? transferOf(reply.value) : []);
          });
        return;
      }
      case "hub":
        this.platform.hub.publish(m.tenantId, m.events, m.correlationId).catch((err) =>
          console.error("hub: publishing a shard's events failed:", err)
        );
        return;
      case "pong":
        from.pong();
        return;
      case "bodyack":
        from.bodyRead(m.id, m.bytes);
        return;
      case "bodycancel":
        from.stopBody(m.id);
        return;
      case "stopped":
        from.stoppedNow();
        return;
    }
  }

  /** Hands a tenant operation to the tenant's shard. */
  #relayOp(origin: Origin, tenant: Tenant, name: string, args: unknown): void {
    const owner = this.shards[shardOf(tenant.id, this.shards.length)];
    if (owner.state !== "ready") {
      this.replyOp(origin, { ok: false, error: toWire(new AppError("server.unavailable")) });
      return;
    }
    const id = owner.nextId();
    owner.ops.set(id, origin);
    owner.post({ t: "op", id, tenant, name, args });
  }

  replyOp(origin: Origin, result: { ok: true; value: unknown } | { ok: false; error: WireError }): void {
    if (origin.kind === "front") {
      if (result.ok) origin.waiter.resolve(result.value);
      else origin.waiter.reject(fromWire(result.error));
      return;
    }
    // An answer for a worker that has since been restarted is dropped: its ids started over.
    if (origin.handle.worker !== origin.worker || origin.handle.state !== "ready") return;
    origin.handle.post({ t: "opres", id: origin.id, ...result });
  }

  #runOnOwner(tenant: Tenant, name: string, args: unknown): Promise<unknown> {
    const waiter = Promise.withResolvers<unknown>();
    this.#relayOp({ kind: "front", waiter }, tenant, name, args);
    return waiter.promise;
  }

  #verifySocket(token: string): Promise<{ actor: Actor; expiresAtMs: number }> {
    const tenantId = this.#tenantOf(token);
    if (tenantId === null) return Promise.reject(new AppError("auth.tokenInvalid"));
    const owner = this.shards[shardOf(tenantId, this.shards.length)];
    if (owner.state !== "ready") return Promise.reject(new AppError("server.unavailable"));
    const id = owner.nextId();
    const waiter = Promise.withResolvers<{ actor: Actor; expiresAtMs: number }>();
    owner.verifies.set(id, waiter);
    owner.post({ t: "verify", id, token });
    return waiter.promise;
  }

  async close(): Promise<void> {
    clearInterval(this.#heartbeat);
    await Promise.all([...this.shards, ...this.readers].map((h) => h.stop()));
    await this.platform.close();
  }
}

/** Starts the front and its workers; answers once every worker is ready. */
export async function startFront(config: Config): Promise<Front> {
  const front = new Front(config);
  await front.start();
  return front;
}

function isApi(path: string): boolean {
  return path.length >= 4 && path.slice(0, 4).toLowerCase() === "/api" &&
    (path.length === 4 || path[4] === "/");
}

/** 503 server.unavailable in the caller's language: the worker for this request is not up. */
function unavailable(req: Request): Response {
  return errorResponse(req, new AppError("server.unavailable", { headers: { "Retry-After": "1" } }));
}
