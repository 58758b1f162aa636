// The outbox: a verb records its real-time events inside its transaction, and they are handed to the
// hub only once that transaction has committed. A change that rolls back was never seen by anyone.
import type { Db } from "../db/connection.ts";
import type { TenantContext } from "../kernel/context.ts";
import type { HubAction } from "./contract.ts";
import type { HubEventBody } from "./hub.ts";
import type { HubResource } from "./visibility.ts";

export class Outbox {
  readonly #events: HubEventBody[] = [];

  /**
   * Records a change; only resources with a visibility rule (visibility.ts) can be named. `ownerId`
   * names the one user a private record belongs to (a favorite), for its rule.
   */
  add(resource: HubResource, action: HubAction, id: number, ownerId?: number): void {
    this.#events.push(ownerId === undefined ? { resource, action, id } : { resource, action, id, ownerId });
  }

  get events(): readonly HubEventBody[] {
    return this.#events;
  }

  /**
   * Hands the events to the hub with the request id as their correlation id. Call it only after the
   * commit; delivery does not hold up the answer to the request.
   */
  publish(ctx: TenantContext): void {
    const events = this.#events.splice(0);
    if (events.length === 0) return;
    ctx.platform.hub.publish(ctx.tenant.id, events, ctx.requestId).catch((err) =>
      console.error(`hub: publishing for request ${ctx.requestId} failed:`, err)
    );
  }
}

/** Runs `fn` in the tenant's transaction; the events it records are published once it has committed. */
export async function transactionWithEvents<T>(
  ctx: TenantContext,
  fn: (tx: Db, outbox: Outbox) => Promise<T>,
): Promise<T> {
  const outbox = new Outbox();
  const result = await ctx.conn.transaction((tx) => fn(tx, outbox));
  outbox.publish(ctx);
  return result;
}
