// The messages between the front and its workers (shards and readers). A request's body is pushed in the
// pieces it arrives in, a response's travels as a transferred ArrayBuffer; everything else is
// structured-cloned plain data.
import type { Config } from "../config.ts";
import type { Role } from "./placement.ts";
import type { Actor } from "../kernel/context.ts";
import type { Tenant } from "../tenancy/registry.ts";
import type { HubEventBody } from "../hub/hub.ts";
import { AppError, type ErrorCode } from "../kernel/errors.ts";
import type { JobSpec, Sealed } from "../kernel/jobs/contract.ts";

export interface RemoteAddr {
  hostname: string;
  port: number;
  transport: "tcp" | "udp";
}

/** An error that crossed a thread: an AppError keeps its code and details, anything else its message. */
export type WireError = { code: ErrorCode; details: Omit<AppError["details"], "cause"> } | {
  message: string;
};

export function toWire(err: unknown): WireError {
  if (err instanceof AppError) {
    const { cause: _cause, ...details } = err.details;
    return { code: err.code, details };
  }
  return { message: err instanceof Error ? (err.stack ?? err.message) : String(err) };
}

export function fromWire(err: WireError): Error {
  return "code" in err ? new AppError(err.code, err.details) : new Error(err.message);
}

/**
 * Messages to one thread, sent together at the end of the current turn: under load many requests and
 * answers share one message (one wake-up of the other thread, one serialisation) instead of one each.
 */
export class Batch<M> {
  #queue: M[] = [];
  #transfer: Transferable[] = [];
  #scheduled = false;

  constructor(readonly send: (messages: M[], transfer: Transferable[]) => void) {}

  push(message: M, transfer?: Transferable[]): void {
    this.#queue.push(message);
    if (transfer?.length) this.#transfer.push(...transfer);
    if (this.#scheduled) return;
    this.#scheduled = true;
    queueMicrotask(() => this.flush());
  }

  flush(): void {
    this.#scheduled = false;
    if (this.#queue.length === 0) return;
    const messages = this.#queue;
    const transfer = this.#transfer;
    this.#queue = [];
    this.#transfer = [];
    this.send(messages, transfer);
  }
}

/** A response's or request's headers as a flat list, without the sorting copy the iterator makes. */
export function headerList(headers: Headers): [string, string][] {
  const list: [string, string][] = [];
  headers.forEach((value, name) => void list.push([name, value]));
  return list;
}

export type ToWorker =
  | {
    t: "init";
    role: Exclude<Role, "single" | "front">;
    index: number;
    shards: number;
    config: Config;
    /** Where the worker counts its open transactions, for the front to read if it must stop it. */
    transactions: Int32Array;
  }
  | {
    t: "req";
    id: number;
    method: string;
    url: string;
    headers: [string, string][];
    /** "pushed": the body follows in `body` messages. */
    body: "pushed" | null;
    remoteAddr: RemoteAddr;
  }
  /**
   * A piece of a request's body, pushed as it arrives (null: the end; `failed`: the client's stream broke).
   * The front keeps at most BODY_WINDOW bytes the worker has not read yet (`bodyack` gives them back).
   */
  | { t: "body"; id: number; chunk: Uint8Array | null; failed?: boolean }
  /** Run a tenant operation this shard owns (asked by another worker through the front). */
  | { t: "op"; id: number; tenant: Tenant; name: string; args: unknown }
  /** The answer to an operation this worker asked for. */
  | { t: "opres"; id: number; ok: true; value: unknown }
  | { t: "opres"; id: number; ok: false; error: WireError }
  | { t: "verify"; id: number; token: string }
  /** The answer of a job this worker handed to the front's pool (sealed: the front never read it). */
  | { t: "jobres"; id: number; ok: true; value: Sealed }
  | { t: "jobres"; id: number; ok: false; error: WireError }
  | { t: "ping"; id: number }
  /** Tests only: fail as a crash would (an uncaught error), or hang as an endless loop would. */
  | { t: "crash" }
  | { t: "hang" }
  | { t: "stop" };

export type FromWorker =
  | { t: "ready" }
  | {
    t: "res";
    id: number;
    status: number;
    headers: [string, string][];
    body: ArrayBuffer | null;
  }
  | { t: "op"; id: number; tenant: Tenant; name: string; args: unknown }
  | { t: "opres"; id: number; ok: true; value: unknown }
  | { t: "opres"; id: number; ok: false; error: WireError }
  | { t: "verified"; id: number; ok: true; actor: Actor; expiresAtMs: number }
  | { t: "verified"; id: number; ok: false; error: WireError }
  | { t: "hub"; tenantId: number; events: HubEventBody[]; correlationId: string | null }
  /**
   * A job for the front's pool (parsing and drawing off this worker's thread: kernel/jobs/), its input
   * sealed: the front hands it on without reading it.
   */
  | { t: "job"; id: number; spec: Omit<JobSpec, "transfer" | "input" | "sealed">; input: Sealed }
  | { t: "pong"; id: number }
  /** Bytes of a request's body the app has read (the front may push as many more). */
  | { t: "bodyack"; id: number; bytes: number }
  /** The app wants no more of a request's body (it answered, or refused it). */
  | { t: "bodycancel"; id: number }
  | { t: "stopped" };
