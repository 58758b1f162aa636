// The outbox: a verb records its real-time events inside its transaction, and they are handed to the
// hub only once that transaction has committed. A change that rolls back was never seen by anyone.
import type { Db } from "../db/connection.ts";
import type { TenantContext } from "../kernel/context.ts";
import type { HubAction } from "../../shared/hub/contract.ts";
import type { HubEventBody } from "./hub.ts";
import type { HubResource } from "./visibility.ts";

export class Outbox {
  readonly #events: HubEventBody[] = [];

  /**
   * Records a change; only resources with a visibility rule (visibility.ts) can be named. `ownerId`
   * names whom a private record belongs to, for its rule: the user of a favorite, the contractor of an
   * external order.
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
    ctx.services.hub.publish(ctx.tenant.id, events, ctx.requestId).catch((err) =>
      console.error(`hub: publishing for request ${ctx.requestId} failed:`, err)
    );
  }
}

/**
 * Events that follow from others, found in the same transaction: an order's change is also a change of the
 * portal order it came from (server/domain/portal/follow.ts). An area registers its follower once.
 */
export type Follower = (tx: Db, events: readonly HubEventBody[]) => Promise<HubEventBody[]>;
const followers: Follower[] = [];

export function addFollower(follower: Follower): void {
  if (!followers.includes(follower)) followers.push(follower);
}

/** Runs `fn` in the tenant's transaction; the events it records are published once it has committed. */
export async function transactionWithEvents<T>(
  ctx: TenantContext,
  fn: (tx: Db, outbox: Outbox) => Promise<T>,
): Promise<T> {
  const outbox = new Outbox();
  const result = await ctx.conn.transaction(async (tx) => {
    const answer = await fn(tx, outbox);
    if (outbox.events.length > 0) {
      for (const follower of followers) {
        for (const e of await follower(tx, outbox.events)) outbox.add(e.resource, e.action, e.id, e.ownerId);
      }
    }
    return answer;
  });
  outbox.publish(ctx);
  return result;
}
