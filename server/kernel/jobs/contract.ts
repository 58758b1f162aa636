// What a job is, on every thread: a module of ours and its input, whose tenant it serves, how long it may
// take and what its caller answers when it goes past a limit. Plain data, so that a shard can hand a job
// to the front's pool (server/cluster/) as well as to a pool of its own thread.
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

/**
 * The buffers of a result to hand over rather than copy: its own, those of its top-level fields, and those
 * in a top-level field's array (a form's files).
 */
export function buffersOf(value: unknown): ArrayBuffer[] {
  const found = new Set<ArrayBuffer>();
  const take = (v: unknown) => {
    if (v instanceof ArrayBuffer) found.add(v);
    else if (ArrayBuffer.isView(v) && v.buffer instanceof ArrayBuffer) found.add(v.buffer);
  };
  take(value);
  if (value && typeof value === "object" && !ArrayBuffer.isView(value)) {
    for (const v of Object.values(value)) {
      if (Array.isArray(v)) v.forEach(take);
      else take(v);
    }
  }
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

/** A job of the caller's tenant, on the platform's pool. */
export function runJob<T>(
  ctx: { platform: { jobs: Jobs }; tenant: { dbUrl: string } },
  module: URL,
  input: unknown,
  options: Pick<JobSpec, "transfer" | "timeoutMs" | "refusal">,
): Promise<T> {
  return ctx.platform.jobs.run<T>({ module: module.href, input, owner: ctx.tenant.dbUrl, ...options });
}
