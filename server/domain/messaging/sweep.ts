// Work a process left behind (issue 33): messages still due and counts left preparing when it stopped. At
// startup, each tenant this process writes (its own, served here, active) is looked at one at a time in the
// background, and its sender is started where a recipient is still queued; the sender then delivers what
// is due and sets a timer for the retries to come. Counts left preparing are taken up the same way (their
// preparation goes on on a worker). Startup does not wait for it, and one tenant's file is opened at a
// time. The same look is taken when a tenant's file is first opened for writing in a process (takeUpOnOpen):
// a tenant moved here (server/tenancy/move.ts) brings the work its old owner stopped at the move.
import { turn } from "../../kernel/turn.ts";
import type { Services } from "../../kernel/services.ts";
import type { TenantContext } from "../../kernel/context.ts";
import type { Hooks } from "../../kernel/hooks.ts";
import type { Tenant } from "../../tenancy/registry.ts";
import { eq, sql } from "drizzle-orm";
import { owns, servedHere } from "../../cluster/placement.ts";
import { messageRecipients } from "./entity.ts";
import { kickSender } from "./sender.ts";
import { wmsOrders } from "../orders/entity.ts";
import { takeUpCount } from "../orders/counts.ts";
import { tenants } from "../../tenancy/schema.ts";
import { FileUnreadable } from "../../db/checkpointer.ts";

/** While the start's sweep runs, it looks at every tenant itself: an opening meanwhile waits for its end. */
let sweeping = false;
/** The files the sweep has come to (looked at, and taken up if the look found work). */
const swept = new Set<string>();
/**
 * Files opened for writing while the sweep ran, before it came to them: looked at when it ends, for a sweep
 * that stops early (its look thread failing) never comes to them.
 */
const openedMeanwhile = new Set<string>();

/** Whether this thread writes the tenant now: active, given to this instance, owned by this thread. */
const writtenHere = (platform: Pick<Services, "placement" | "config">, tenant: Tenant) =>
  tenant.status === "active" && owns(platform.placement, tenant.id) &&
  servedHere(platform.config.instance, tenant);

/** Starts the tenant's sender if a recipient is queued, and the preparation of its counts left preparing. */
async function takeUpLeft(platform: Services, tenant: Tenant, hooks: Hooks): Promise<boolean> {
  const left = await platform.pool.use(tenant.dbUrl, async (conn) => {
    const [row] = await conn.db.select({ id: messageRecipients.id }).from(messageRecipients)
      .where(eq(messageRecipients.status, "queued")).limit(1);
    // As the partial index says it (migration 0044), so that the planner takes it.
    const counts = await conn.db.select({ id: wmsOrders.id }).from(wmsOrders)
      .where(sql`${wmsOrders.countPreparing} = 1`);
    return { conn, mail: !!row, counts: counts.map((c) => c.id) };
  });
  if (!left.mail && !left.counts.length) return false;
  // Nobody's request: the sender needs the tenant and its connection, never a caller (no one's rights).
  const ctx: TenantContext = {
    services: platform,
    tenant,
    conn: left.conn,
    actor: { userId: 0, username: "", tenantId: tenant.id } as TenantContext["actor"],
    requestId: "startup",
    lang: "en-us",
    hooks,
  };
  if (left.mail) kickSender(ctx);
  for (const id of left.counts) takeUpCount(ctx, { id, countPreparing: true });
  return true;
}

/**
 * Whether a tenant's file holds work left, read off this thread on a connection of its own, read-only,
 * closed at once (the pool's `look`): opening a file and parsing its schema costs 4-10 ms, which a start
 * with a thousand tenants spent on the thread answering requests (half its CPU for seconds, measured in
 * `deno task bench shards`). Only a file with work left is opened in the pool. Undefined when the file
 * cannot be read so (behind on its migrations: the pool brings it up to date).
 */
async function workLeftIn(
  look: (url: string, query: string) => Promise<Record<string, unknown> | null>,
  url: string,
): Promise<boolean | undefined> {
  try {
    const row = await look(
      url,
      `SELECT EXISTS (SELECT 1 FROM message_recipients WHERE status = 'queued')
        OR EXISTS (SELECT 1 FROM wms_orders WHERE count_preparing = 1) AS work`,
    );
    return row ? Number(row.work) === 1 : undefined;
  } catch (err) {
    // The worker failing is not the file's fault: that goes up (the sweep stops, see sweepWorkLeft).
    if (err instanceof FileUnreadable) return undefined;
    throw new LookFailed(err);
  }
}

/** The look thread could not take a look (not a file's fault). */
class LookFailed extends Error {
  constructor(readonly reason: unknown) {
    super(reason instanceof Error ? reason.message : String(reason));
  }
}

/**
 * Looks at every tenant of this process for work left; resolves once all have been looked at. `look` is the
 * pool's (a test hands one that fails, as a look thread may).
 */
export async function sweepWorkLeft(
  platform: Services,
  hooks: Hooks,
  look: (url: string, query: string) => Promise<Record<string, unknown> | null> = (url, query) =>
    platform.pool.look(url, query),
): Promise<number> {
  let started = 0;
  sweeping = true;
  swept.clear();
  openedMeanwhile.clear();
  try {
    for (const tenant of await platform.registry.list()) {
      if (platform.pool.closed) break;
      if (!writtenHere(platform, tenant)) continue;
      try {
        const local = tenant.dbUrl.startsWith("file:");
        const work = local ? await workLeftIn(look, tenant.dbUrl) : undefined;
        // Come to once its look is taken: an opening before or during a look that failed stays to be taken
        // up when the sweep ends.
        swept.add(tenant.dbUrl);
        openedMeanwhile.delete(tenant.dbUrl);
        if (work !== false && await takeUpLeft(platform, tenant, hooks)) started++;
      } catch (err) {
        // Without the look thread every tenant would be opened here, on the thread answering requests, and
        // would push the tenants in use out of the pool: the sweep stops instead, and a tenant is looked at
        // when a request first opens it (takeUpOnOpen).
        if (err instanceof LookFailed) {
          console.error(
            "work left: the start's sweep stopped, tenants are looked at when first opened",
            err.reason,
          );
          break;
        }
        console.error(`work left in ${tenant.slug}: not looked at after the start`, err);
      }
      // One tenant at a time, the event loop turning between them.
      await turn();
    }
  } finally {
    sweeping = false;
    swept.clear();
    // Opened while the sweep ran and never come to (it stopped first): looked at now, as any opening is.
    // One closed since is looked at when it is opened again (takeUpOnOpen), not reopened here.
    for (const url of openedMeanwhile) if (platform.pool.holds(url)) takeUpOnOpen(platform, url, hooks);
    openedMeanwhile.clear();
  }
  return started;
}

/**
 * The file at `url` was just opened for writing here (the pool's onOpen): the work left in it is taken up
 * once the opening is done, if a tenant served here lives in it (an old file a tenant moved away from is
 * no one's).
 */
export function takeUpOnOpen(platform: Services, url: string, hooks: Hooks): void {
  if (sweeping) {
    // The sweep takes it up when it comes to it; one it has come to already was looked at.
    if (!swept.has(url)) openedMeanwhile.add(url);
    return;
  }
  void (async () => {
    const [tenant] = await platform.control.db.select().from(tenants).where(eq(tenants.dbUrl, url)).limit(1);
    if (!tenant || !writtenHere(platform, tenant) || platform.pool.closed) return;
    await takeUpLeft(platform, tenant, hooks);
  })().catch((err) => console.error(`work left in ${url}: not looked at on opening`, err));
}
