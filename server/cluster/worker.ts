// A shard or reader worker: the same Hono app and services as a server without shards, with a platform
// whose placement says which tenants it owns. The front hands it whole requests and takes whole answers;
// a tenant operation for a tenant owned elsewhere goes out through the front, and committed changes go to
// the front's hub, which holds the sockets.
/// <reference lib="deno.worker" />
import { createPlatform, type Platform } from "../platform.ts";
import { createApp } from "../app.ts";
import { owns, type Placement, runHere } from "./placement.ts";
import { Batch, fromWire, type FromWorker, headerList, toWire, type ToWorker } from "./protocol.ts";
import { verifySocketToken } from "../hub/routes.ts";
import { errorResponse } from "../http/errors.ts";
import { AppError } from "../kernel/errors.ts";
import { countTransactionsIn } from "../db/local.ts";
import type { Hono } from "hono";
import type { Env } from "../engine/http/types.ts";
import { type Jobs, type JobSpec, seal, transferOf, unseal } from "../kernel/jobs/contract.ts";

const self = globalThis as unknown as {
  postMessage(message: FromWorker[], transfer?: Transferable[]): void;
  onmessage: ((e: MessageEvent<ToWorker[]>) => void) | null;
  close(): void;
};

const outgoing = new Batch<FromWorker>((messages, transfer) => self.postMessage(messages, transfer));
const post = (message: FromWorker, transfer?: Transferable[]) => outgoing.push(message, transfer);

let platform: Platform | undefined;
let app: Hono<Env> | undefined;
/** Started before any other message is handled: requests that arrive during the start wait for it. */
let started: Promise<void> | undefined;
const asked = new Map<number, PromiseWithResolvers<unknown>>();
let nextAsk = 1;

/**
 * Jobs go to the front's pool sealed (their input's buffers handed over, the rest serialised here, so the
 * front only passes them on); the answer comes back as `jobres`, sealed too, and is unsealed here.
 */
const jobs: Jobs = {
  run<T>({ transfer, input, sealed: _sealed, keepSealed: _keep, ...spec }: JobSpec): Promise<T> {
    const id = nextAsk++;
    const waiter = Promise.withResolvers<unknown>();
    asked.set(id, waiter);
    const sealed = seal(input, transfer ?? []);
    post({ t: "job", id, spec, input: sealed }, transferOf(sealed));
    return waiter.promise as Promise<T>;
  },
  close: () => Promise.resolve(),
};

async function start(init: Extract<ToWorker, { t: "init" }>): Promise<void> {
  countTransactionsIn(init.transactions);
  platform = await createPlatform(init.config, {
    role: init.role,
    placement: (here): Placement => ({
      role: init.role,
      index: init.index,
      shards: init.shards,
      run(tenant, name, args) {
        // A shard runs its own tenants' operations; the others go to their owner through the front.
        if (owns(this, tenant.id)) return runHere(here, tenant, name, args);
        const id = nextAsk++;
        const waiter = Promise.withResolvers<unknown>();
        asked.set(id, waiter);
        post({ t: "op", id, tenant, name, args });
        return waiter.promise;
      },
    }),
    forwardEvents: (tenantId, events, correlationId) => post({ t: "hub", tenantId, events, correlationId }),
    jobs,
  });
  app = createApp(platform);
  post({ t: "ready" });
  // Messages its tenants' last process left due, delivered, and their attachments left on disk brought into
  // their databases, in the background (issue 33).
  if (init.role === "shard") {
    const { sweepWorkLeft } = await import("../domain/messaging/sweep.ts");
    void sweepWorkLeft(platform, platform.hooks).catch((err) =>
      console.error("work left by the last process, after the start:", err)
    );
    const { importLeftFiles } = await import("../tenancy/files.ts");
    void importLeftFiles(platform);
  }
}

/**
 * A request's body as the front pushes it: its pieces wait here until the app reads them, and each one read
 * gives the front room for as many bytes more; cancelled, it tells the front to stop.
 */
class PushedBody {
  readonly #pieces: Uint8Array[] = [];
  #ended = false;
  #failed = false;
  #wake?: () => void;
  readonly stream: ReadableStream<Uint8Array>;

  constructor(readonly id: number) {
    this.stream = new ReadableStream<Uint8Array>({
      pull: async (controller) => {
        while (!this.#pieces.length && !this.#ended) await new Promise<void>((r) => (this.#wake = r));
        const piece = this.#pieces.shift();
        if (piece) {
          controller.enqueue(piece);
          post({ t: "bodyack", id, bytes: piece.byteLength });
          return;
        }
        bodies.delete(id);
        if (this.#failed) controller.error(new Error("the request's body broke off"));
        else controller.close();
      },
      cancel: () => {
        bodies.delete(id);
        post({ t: "bodycancel", id });
      },
    }, { highWaterMark: 0 });
  }

  push(piece: Uint8Array | null, failed = false): void {
    if (piece) this.#pieces.push(piece);
    else [this.#ended, this.#failed] = [true, failed];
    this.#wake?.();
    this.#wake = undefined;
  }
}

const bodies = new Map<number, PushedBody>();

async function answer(m: Extract<ToWorker, { t: "req" }>): Promise<void> {
  let pushed: PushedBody | undefined;
  if (m.body === "pushed") bodies.set(m.id, pushed = new PushedBody(m.id));
  try {
    const req = new Request(m.url, {
      method: m.method,
      headers: m.headers,
      body: pushed?.stream ?? null,
      // @ts-ignore: a streamed request body must say so (fetch spec); Deno's RequestInit knows it.
      duplex: "half",
    });
    const res = await app!.fetch(req, { remoteAddr: m.remoteAddr });
    const body = res.body ? await res.arrayBuffer() : null;
    post(
      { t: "res", id: m.id, status: res.status, headers: headerList(res.headers), body },
      body ? [body] : [],
    );
  } catch (err) {
    // The app answers every failure itself; this is a fault in the worker's own plumbing.
    // The path only: a query may carry a shared access's key.
    console.error(`worker: request ${m.method} ${new URL(m.url).pathname} failed outside the app:`, err);
    const res = errorResponse(new Request(m.url, { headers: m.headers }), new AppError("server.unknown"));
    const body = await res.arrayBuffer();
    post({ t: "res", id: m.id, status: res.status, headers: headerList(res.headers), body }, [body]);
  } finally {
    // Answered: the front stops pushing what the app did not read.
    bodies.delete(m.id);
  }
}

async function handle(m: ToWorker): Promise<void> {
  if (m.t === "init") {
    started = start(m);
    return started;
  }
  await started;
  switch (m.t) {
    case "req":
      return answer(m);
    case "body":
      bodies.get(m.id)?.push(m.chunk, m.failed);
      return;
    case "op":
      try {
        post({
          t: "opres",
          id: m.id,
          ok: true,
          value: await runHere(platform!, m.tenant, m.name, m.args),
        });
      } catch (err) {
        post({ t: "opres", id: m.id, ok: false, error: toWire(err) });
      }
      return;
    case "opres":
    case "jobres": {
      const waiter = asked.get(m.id);
      asked.delete(m.id);
      if (!m.ok) waiter?.reject(fromWire(m.error));
      else if (m.t === "jobres") waiter?.resolve(unseal(m.value));
      else waiter?.resolve(m.value);
      return;
    }
    case "verify":
      try {
        const { actor, expiresAtMs } = await verifySocketToken(platform!, m.token);
        post({ t: "verified", id: m.id, ok: true, actor, expiresAtMs });
      } catch (err) {
        post({ t: "verified", id: m.id, ok: false, error: toWire(err) });
      }
      return;
    case "ping":
      post({ t: "pong", id: m.id });
      return;
    case "crash":
      queueMicrotask(() => {
        throw new Error("crash asked for by a test");
      });
      return;
    case "hang":
      for (;;) { /* an endless loop: only the front's heartbeat can end it */ }
    case "stop":
      await platform!.close();
      post({ t: "stopped" });
      outgoing.flush();
      self.close();
      return;
  }
}

self.onmessage = (e) => {
  for (const m of e.data) handle(m).catch((err) => console.error(`worker: message ${m.t} failed:`, err));
};
