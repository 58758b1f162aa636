// A warehouse order's change is also a change of the portal order it came from: its status follows it (the
// trigger of migrations/tenant/0020) and its contractor's users hear of it on the hub (ownerId: the
// contractor, visibility.ts), found in the same transaction as the order's own event.
import { inArray } from "drizzle-orm";
import type { Db } from "../../db/connection.ts";
import { addFollower } from "../../hub/outbox.ts";
import type { HubEventBody } from "../../hub/hub.ts";
import { externalOrders } from "./table.ts";

async function followOrders(tx: Db, events: readonly HubEventBody[]): Promise<HubEventBody[]> {
  const ids = [...new Set(events.filter((e) => e.resource === "WmsOrder").map((e) => e.id))];
  if (ids.length === 0) return [];
  const known = new Set(events.filter((e) => e.resource === "ExternalOrder").map((e) => e.id));
  const rows = await tx.select({ id: externalOrders.id, contractorId: externalOrders.contractorId })
    .from(externalOrders).where(inArray(externalOrders.wmsOrderId, ids));
  return rows.filter((r) => !known.has(r.id)).map((r) => ({
    resource: "ExternalOrder" as const,
    action: "changed" as const,
    id: r.id,
    ownerId: r.contractorId,
  }));
}

addFollower(followOrders);
