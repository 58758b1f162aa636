// Rows a request leaves to be written later, off its path: queued per tenant on this thread and appended
// together by one call of `write` (a tenant operation, so on the thread that owns the tenant) every
// `flushMs`, or at once when a tenant's queue reaches `flushAt`. The security log and API keys' use log are
// written this way: a call costs its caller a push onto an array, not a transaction.
import { onBegin } from "../db/connection.ts";
import type { Tenant } from "../tenancy/registry.ts";

/**
 * Runs `fn` (and what it schedules) outside any request's onBegin work. AsyncLocalStorage.exit() is not
 * enough on Deno: timers and promise continuations made inside it still see the request's store.
 */
function outsideRequest<T>(fn: () => T): T {
  return onBegin.run(undefined as never, fn);
}

export interface BatchOptions {
  /** How long rows wait to be written together. */
  flushMs: number;
  /** A tenant's queue this long is written at once. */
  flushAt: number;
  /** What the rows are, for the error line of a batch that could not be written. */
  what: string;
}

export class TenantBatches<R> {
  readonly #queues = new Map<number, { tenant: Tenant; rows: R[] }>();
  readonly #inFlight = new Set<Promise<void>>();
  #timer: ReturnType<typeof setTimeout> | undefined;
  #closed = false;

  constructor(
    readonly write: (tenant: Tenant, rows: R[]) => Promise<unknown>,
    readonly options: BatchOptions,
  ) {}

  /** Queues `rows` for `tenant`; nothing once closed. */
  add(tenant: Tenant, ...rows: R[]): void {
    if (this.#closed || rows.length === 0) return;
    let queue = this.#queues.get(tenant.id);
    if (!queue) this.#queues.set(tenant.id, queue = { tenant, rows: [] });
    queue.tenant = tenant;
    queue.rows.push(...rows);
    if (queue.rows.length >= this.options.flushAt) void this.flush();
    else if (this.#timer === undefined) {
      // Outside any request's async context: the append's transaction must not run a request's onBegin
      // work (its idempotency key) on the tenant's connection.
      this.#timer = outsideRequest(() => setTimeout(() => this.flush(), this.options.flushMs));
      Deno.unrefTimer(this.#timer as unknown as number);
    }
  }

  /** Writes every queued row now; answers when they are written (or their failure logged). */
  flush(): Promise<void> {
    if (this.#timer !== undefined) clearTimeout(this.#timer);
    this.#timer = undefined;
    const batches = [...this.#queues.values()].filter((q) => q.rows.length > 0);
    this.#queues.clear();
    const done = outsideRequest(() =>
      Promise.all(
        batches.map((q) =>
          this.write(q.tenant, q.rows).catch((err) =>
            console.error(
              `${this.options.what}: ${q.rows.length} rows of tenant ${q.tenant.id} were not written:`,
              err,
            )
          )
        ),
      )
    ).then(() => {});
    this.#inFlight.add(done);
    done.finally(() => this.#inFlight.delete(done));
    return done;
  }

  /** Writes what is queued (within a few seconds at most) and takes no more. */
  async close(): Promise<void> {
    const done = Promise.all([this.flush(), ...this.#inFlight]);
    this.#closed = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    await Promise.race([done, new Promise((r) => (timer = setTimeout(r, 5000)))]);
    clearTimeout(timer);
  }
}
