// Messages left due by a process that stopped (issue 33): at startup, each tenant this process delivers for
// (its own, served here, active) is looked at one at a time in the background, and its sender is started
// where a recipient is still queued; the sender then delivers what is due and sets a timer for the retries
// to come. Counts left preparing are taken up the same way (their preparation goes on on a worker).
// Startup does not wait for it, and one tenant's file is opened at a time.
import type { Platform } from "../../platform.ts";
import type { TenantContext } from "../../kernel/context.ts";
import { eq } from "drizzle-orm";
import { owns, servedHere } from "../../cluster/placement.ts";
import { messageRecipients } from "./entity.ts";
import { kickSender } from "./sender.ts";
import { wmsOrders } from "../orders/entity.ts";
import { takeUpCount } from "../orders/counts.ts";

/** Looks at every tenant of this process for queued messages; resolves once all have been looked at. */
export async function sweepDueMessages(platform: Platform): Promise<number> {
  let started = 0;
  const tenants = await platform.registry.list();
  for (const tenant of tenants) {
    if (platform.pool.closed) break;
    if (tenant.status !== "active" || !owns(platform.placement, tenant.id)) continue;
    if (!servedHere(platform.config.instance, tenant)) continue;
    try {
      const queued = await platform.pool.use(tenant.dbUrl, async (conn) => {
        const [row] = await conn.db.select({ id: messageRecipients.id }).from(messageRecipients)
          .where(eq(messageRecipients.status, "queued")).limit(1);
        const counts = await conn.db.select({ id: wmsOrders.id }).from(wmsOrders)
          .where(eq(wmsOrders.countPreparing, true));
        return { conn, mail: !!row, counts: counts.map((c) => c.id) };
      });
      if (queued.mail || queued.counts.length) {
        // Nobody's request: the sender needs the tenant and its connection, never a caller.
        const ctx = {
          platform,
          tenant,
          conn: queued.conn,
          actor: { userId: 0, username: "", tenantId: tenant.id } as TenantContext["actor"],
          requestId: "startup",
          lang: "en-us",
        } as TenantContext;
        if (queued.mail) kickSender(ctx);
        for (const id of queued.counts) takeUpCount(ctx, { id, countPreparing: true });
        started++;
      }
    } catch (err) {
      console.error(`messages of ${tenant.slug}: not looked at after the start`, err);
    }
    // One tenant at a time, the event loop turning between them.
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
  return started;
}
