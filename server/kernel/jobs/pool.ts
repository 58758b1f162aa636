// The job pool: parsing and drawing of what users send or ask for (a map's SVG cleaned, an import file read,
// a workbook drawn as a PDF, a printout) run here, on worker threads, never on a thread that answers
// requests. A bounded number of workers (JOB_WORKERS) each runs one job at a time under a heap limit V8
// enforces (JOB_MEMORY_MB, node:worker_threads' resourceLimits, which Deno honours) and a time limit
// (JOB_SECONDS, or less by the job); past either the worker is terminated, a new one takes its place and the
// job's caller answers its refusal (413/422). Jobs wait in one queue per owner (a tenant's database): an
// owner has one job running at most, and owners take turns, so one tenant's uploads cannot hold the pool.
import { Worker } from "node:worker_threads";
import { AppError } from "../errors.ts";
import { fromJobError, type Jobs, type JobSpec, seal, transferOf, unseal } from "./contract.ts";
import type { JobReply, JobRequest } from "./worker.ts";

export interface PoolOptions {
  /** Workers at most. */
  size: number;
  /** A worker's heap limit (V8's old generation), MiB. */
  memoryMb: number;
  /** The longest any job may take, ms. */
  timeoutMs: number;
}

interface Task {
  spec: JobSpec & { sealed: NonNullable<JobSpec["sealed"]> };
  resolve(value: unknown): void;
  reject(err: unknown): void;
}

interface Slot {
  worker: Worker;
  task?: Task;
  timer?: ReturnType<typeof setTimeout>;
  /** Set when the worker is being ended: its events no longer count. */
  ended?: boolean;
}

/** A worker whose heap stays above this share of its limit after a job is retired (a new one is clean). */
const RETIRE_SHARE = 0.6;

export class JobPool implements Jobs {
  readonly #slots = new Set<Slot>();
  readonly #queues = new Map<string, Task[]>();
  readonly #running = new Set<string>();
  #next = 1;
  #closed = false;
  /** Workers started and workers ended past a limit, for tests and the logs. */
  started = 0;
  recycled = 0;

  constructor(readonly options: PoolOptions) {}

  run<T>(spec: JobSpec): Promise<T> {
    if (this.#closed) return Promise.reject(new AppError("server.unavailable"));
    // Sealed here, on the asking thread: what waits in the queue is one buffer, not the caller's objects.
    const sealed = spec.sealed ?? seal(spec.input, spec.transfer ?? []);
    return new Promise<T>((resolve, reject) => {
      const queue = this.#queues.get(spec.owner) ?? [];
      queue.push({
        spec: { ...spec, input: undefined, sealed },
        resolve: resolve as (v: unknown) => void,
        reject,
      });
      this.#queues.set(spec.owner, queue);
      this.#dispatch();
    });
  }

  /** Jobs waiting, and jobs running. */
  get load(): { waiting: number; running: number } {
    let waiting = 0;
    for (const q of this.#queues.values()) waiting += q.length;
    return { waiting, running: this.#running.size };
  }

  #dispatch(): void {
    while (!this.#closed) {
      const slot = this.#idleSlot();
      if (!slot) return;
      const task = this.#take();
      if (!task) return;
      this.#start(slot, task);
    }
  }

  /** The next task: the first owner in turn with nothing running; that owner goes to the back of the line. */
  #take(): Task | undefined {
    for (const [owner, queue] of this.#queues) {
      if (this.#running.has(owner)) continue;
      const task = queue.shift()!;
      this.#queues.delete(owner);
      if (queue.length) this.#queues.set(owner, queue);
      return task;
    }
    return undefined;
  }

  #idleSlot(): Slot | undefined {
    for (const slot of this.#slots) if (!slot.task) return slot;
    if (this.#slots.size >= Math.max(1, this.options.size)) return undefined;
    if (![...this.#queues.keys()].some((owner) => !this.#running.has(owner))) return undefined;
    const slot: Slot = { worker: this.#spawn() };
    this.#slots.add(slot);
    return slot;
  }

  #spawn(): Worker {
    this.started++;
    const worker = new Worker(new URL("./worker.ts", import.meta.url), {
      name: "job",
      // The young generation's default (96 MiB) would add itself to the heap a job may fill.
      resourceLimits: {
        maxOldGenerationSizeMb: this.options.memoryMb,
        maxYoungGenerationSizeMb: Math.min(32, Math.max(4, this.options.memoryMb / 8)),
      },
    });
    worker.unref();
    return worker;
  }

  #start(slot: Slot, task: Task): void {
    const { spec } = task;
    slot.task = task;
    this.#running.add(spec.owner);
    const id = this.#next++;
    const worker = slot.worker;
    const limitMs = Math.min(spec.timeoutMs ?? this.options.timeoutMs, this.options.timeoutMs);
    const done = (settle: () => void) => {
      clearTimeout(slot.timer);
      worker.off("message", onMessage);
      worker.off("error", onError);
      worker.off("exit", onExit);
      slot.task = undefined;
      // Idle, it keeps nothing alive: a process with nothing else to do may end.
      if (!slot.ended) worker.unref();
      this.#running.delete(spec.owner);
      // The owner just served goes behind those waiting.
      const queue = this.#queues.get(spec.owner);
      if (queue) {
        this.#queues.delete(spec.owner);
        this.#queues.set(spec.owner, queue);
      }
      settle();
      this.#dispatch();
    };
    const overLimit = (limit: "time" | "memory") => {
      this.recycled++;
      this.#end(slot);
      done(() =>
        task.reject(
          new AppError(spec.refusal.code, {
            params: {
              ...spec.refusal.params,
              variant: "tooCostly",
              seconds: Math.round(limitMs / 100) / 10,
              memory: this.options.memoryMb,
              exceeded: limit,
            },
          }),
        )
      );
    };
    const onMessage = (reply: JobReply) => {
      if (reply.id !== id) return;
      // A worker that kept much of its heap is retired: the next job starts on a clean one.
      if (reply.heapBytes > this.options.memoryMb * 1024 * 1024 * RETIRE_SHARE) this.#end(slot);
      done(() =>
        reply.ok
          ? task.resolve(spec.keepSealed ? reply.value : unseal(reply.value))
          : task.reject(fromJobError(reply.error))
      );
    };
    const onError = (err: Error & { code?: string }) => {
      if (slot.ended) return;
      if (err.code === "ERR_WORKER_OUT_OF_MEMORY") return overLimit("memory");
      this.#end(slot);
      done(() => task.reject(new Error(`job worker failed: ${err.message}`, { cause: err })));
    };
    const onExit = () => {
      if (slot.ended) return;
      this.#end(slot);
      done(() => task.reject(new Error("job worker ended")));
    };
    worker.on("message", onMessage);
    worker.on("error", onError);
    worker.on("exit", onExit);
    slot.timer = setTimeout(() => overLimit("time"), limitMs);
    worker.ref();
    worker.postMessage(
      { id, module: spec.module, input: spec.sealed } satisfies JobRequest,
      transferOf(spec.sealed),
    );
  }

  /** Terminates a worker (it is replaced when next needed). */
  #end(slot: Slot): void {
    if (slot.ended) return;
    slot.ended = true;
    this.#slots.delete(slot);
    void slot.worker.terminate();
  }

  async close(): Promise<void> {
    this.#closed = true;
    for (const queue of this.#queues.values()) {
      for (const task of queue) task.reject(new AppError("server.unavailable"));
    }
    this.#queues.clear();
    const slots = [...this.#slots];
    for (const slot of slots) {
      slot.task?.reject(new AppError("server.unavailable"));
      slot.ended = true;
      clearTimeout(slot.timer);
    }
    this.#slots.clear();
    await Promise.all(slots.map((s) => s.worker.terminate()));
  }
}
