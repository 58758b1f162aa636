// What a job is, on every thread: a module of ours and its input, whose tenant it serves, how long it may
// take and what its caller answers when it goes past a limit. Plain data, so that a shard can hand a job
// to the front's pool (server/cluster/) as well as to a pool of its own thread.
import { deserialize, serialize } from "node:v8";
import { AppError, type ErrorCode } from "../errors.ts";

export interface JobSpec {
  /**
   * The job's module, a file: URL under server/ (`new URL("./x_job.ts", import.meta.url).href`). It exports
   * `run(input)`, which answers the result (plain data; Uint8Arrays are handed over, never copied).
   */
  module: string;
  input: unknown;
  /** Buffers of the input handed over to the worker (the caller no longer reads them). */
  transfer?: ArrayBuffer[];
  /**
   * The input already sealed (`input` is then unused), and the result wanted sealed: how the front passes a
   * shard's job to its pool and the result back without reading either.
   */
  sealed?: Sealed;
  keepSealed?: boolean;
  /** Whose job (a tenant's database): one job of an owner runs at a time, owners take turns. */
  owner: string;
  /** At most this long from the moment a worker takes it (and never longer than JOB_SECONDS). */
  timeoutMs?: number;
  /** What the caller answers when the job goes past its time or memory (413 or 422 of the spec). */
  refusal: { code: ErrorCode; params?: Record<string, string | number> };
}

/** Runs jobs off the thread that asks: the pool of this process (JobPool) or the front's, through it. */
export interface Jobs {
  run<T>(spec: JobSpec): Promise<T>;
  close(): Promise<void>;
}

/** A job's failure as it crosses threads: an AppError keeps its code and details, anything else its text. */
export type JobError = { code: ErrorCode; details: Omit<AppError["details"], "cause"> } | { message: string };

export function jobError(err: unknown): JobError {
  if (err instanceof AppError) {
    const { cause: _cause, ...details } = err.details;
    return { code: err.code, details };
  }
  return { message: err instanceof Error ? (err.stack ?? err.message) : String(err) };
}

export function fromJobError(err: JobError): Error {
  return "code" in err ? new AppError(err.code, err.details) : new Error(err.message);
}

/** A buffer, or a typed array over one. */
type Bytes = ArrayBuffer | ArrayBufferView;

/**
 * A job's input or result as it crosses threads: the buffers of its top-level fields (or the value itself,
 * when it is one) handed over as they are, everything else as one buffer of V8's serialisation. A thread
 * that only passes it on (the front, between a shard and its pool) moves buffers and never copies or reads
 * the rest: a 20 MB text structured-cloned there held every other tenant's requests for tens of ms.
 */
export interface Sealed {
  /** The value without its buffers, serialised (node:v8). */
  rest: ArrayBuffer;
  /** The value itself, when it is a buffer. */
  whole?: Bytes;
  /** Top-level fields holding a buffer, or an array of them (a form's files). */
  fields: Record<string, Bytes | Bytes[]>;
}

const isBytes = (v: unknown): v is Bytes =>
  v instanceof ArrayBuffer || (ArrayBuffer.isView(v) && !(v instanceof DataView));

/**
 * Seals a value. Its buffers are handed over when `handed` names them (an input: the caller's choice) or,
 * without `handed`, whenever they are the whole of their own memory (a result); others are copied, so that
 * nothing the caller still reads is taken away.
 */
export function seal(value: unknown, handed?: ArrayBuffer[]): Sealed {
  const keep = handed && new Set(handed);
  const own = (v: Bytes): Bytes => {
    if (v instanceof ArrayBuffer) return keep && !keep.has(v) ? v.slice(0) : v;
    const whole = v.buffer instanceof ArrayBuffer && v.byteOffset === 0 &&
      v.byteLength === v.buffer.byteLength;
    // A typed array's slice is a copy of its own kind.
    return whole && (!keep || keep.has(v.buffer as ArrayBuffer))
      ? v
      : (v as unknown as { slice(): Bytes }).slice();
  };
  const pack = (v: unknown) => {
    const bytes = serialize(v);
    return bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength
      ? bytes.buffer as ArrayBuffer
      : bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
  };
  if (isBytes(value)) return { rest: pack(null), whole: own(value), fields: {} };
  if (!value || typeof value !== "object" || Array.isArray(value)) return { rest: pack(value), fields: {} };
  const rest: Record<string, unknown> = {};
  const fields: Sealed["fields"] = {};
  for (const [key, v] of Object.entries(value)) {
    if (isBytes(v)) fields[key] = own(v);
    else if (Array.isArray(v) && v.length > 0 && v.every(isBytes)) fields[key] = v.map(own);
    else rest[key] = v;
  }
  return { rest: pack(rest), fields };
}

/** The value a seal holds (its buffers as they came, the rest read again). */
export function unseal(sealed: Sealed): unknown {
  if (sealed.whole) return sealed.whole;
  const rest = deserialize(new Uint8Array(sealed.rest));
  return Object.keys(sealed.fields).length ? Object.assign(rest, sealed.fields) : rest;
}

/** The buffers a seal hands over when it is posted. */
export function transferOf(sealed: Sealed): ArrayBuffer[] {
  const found = new Set<ArrayBuffer>([sealed.rest]);
  const take = (v: Bytes) => found.add(v instanceof ArrayBuffer ? v : v.buffer as ArrayBuffer);
  if (sealed.whole) take(sealed.whole);
  for (const v of Object.values(sealed.fields)) (Array.isArray(v) ? v : [v]).forEach(take);
  return [...found];
}

/**
 * Bytes to hand to a job: themselves when they are the whole of their buffer (which is then handed over: the
 * caller no longer reads them), else a copy (a view into a larger buffer, node's pooled Buffers among them,
 * must not take the rest of that buffer away).
 */
export function handOver(bytes: Uint8Array): { bytes: Uint8Array<ArrayBuffer>; transfer: ArrayBuffer[] } {
  const whole = bytes.buffer instanceof ArrayBuffer && bytes.byteOffset === 0 &&
    bytes.byteLength === bytes.buffer.byteLength;
  const own = (whole ? bytes : bytes.slice()) as Uint8Array<ArrayBuffer>;
  return { bytes: own, transfer: [own.buffer] };
}

/** A job of the caller's tenant, on the pool the composition root handed in. */
export function runJob<T>(
  ctx: { services: { jobs: Pick<Jobs, "run"> }; tenant: { dbUrl: string } },
  module: URL,
  input: unknown,
  options: Pick<JobSpec, "transfer" | "timeoutMs" | "refusal">,
): Promise<T> {
  return ctx.services.jobs.run<T>({ module: module.href, input, owner: ctx.tenant.dbUrl, ...options });
}
