// Rows a request leaves to be written later, off its path: queued per tenant on this thread and appended
// together by one call of `write` (a tenant operation, so on the thread that owns the tenant) every
// `flushMs`, or at once when a tenant's queue reaches `flushAt`. The security log and API keys' use log are
// written this way: a call costs its caller a push onto an array, not a transaction. A write that fails (the
// tenant moving, its lock held too long) is tried again with the next flush, a few times, before its rows go.
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

/** Times a tenant's rows are tried again (after `flushMs` each) when their write fails, before they go. */
const ATTEMPTS = 5;

export class TenantBatches<R> {
  readonly #queues = new Map<number, { tenant: Tenant; rows: R[] }>();
  /** Failed writes in a row, by tenant: a tenant moving or a lock held too long, tried again a few times. */
  readonly #failures = new Map<number, number>();
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
    this.#queue(tenant, rows, false);
  }

  #queue(tenant: Tenant, rows: R[], first: boolean): void {
    let queue = this.#queues.get(tenant.id);
    if (!queue) this.#queues.set(tenant.id, queue = { tenant, rows: [] });
    queue.tenant = tenant;
    // Rows tried again go before those queued meanwhile, so that a log keeps its order.
    if (first) queue.rows.unshift(...rows);
    else queue.rows.push(...rows);
    // Rows tried again wait for the timer, so that a failing write is not tried again at once.
    if (!first && queue.rows.length >= this.options.flushAt) void this.flush();
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
          this.write(q.tenant, q.rows).then(
            () => void this.#failures.delete(q.tenant.id),
            (err) => {
              const failures = (this.#failures.get(q.tenant.id) ?? 0) + 1;
              this.#failures.set(q.tenant.id, failures);
              if (!this.#closed && failures < ATTEMPTS) return this.#queue(q.tenant, q.rows, true);
              this.#failures.delete(q.tenant.id);
              console.error(
                `${this.options.what}: ${q.rows.length} rows of tenant ${q.tenant.id} were not written:`,
                err,
              );
            },
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
