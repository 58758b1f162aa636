// A site's print-agent key (as shared access keys, decision 0010: a random secret answered once, only its
// SHA-256 kept). The key names its tenant in clear (`wpa.<tenant>.<secret>`) so that the socket finds the
// tenant's database without the control database; the tenant's database alone decides whether it stands.
// One key per site: making a new one replaces the old at once, withdrawing it leaves the site without one;
// either way the agent holding the old key is disconnected (the channel hears the site's change).
// The key opens the agent's channel and nothing else: no API call takes it (the middleware knows only
// access tokens and API keys of shared accesses, which are other secrets).
import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { TenantContext } from "../../../kernel/context.ts";
import { notFound } from "../../../kernel/errors.ts";
import { nowIso } from "../../../kernel/time.ts";
import { transactionWithEvents } from "../../../hub/outbox.ts";
import { recordChange } from "../../../engine/record_change.ts";
import { securityEventIn } from "../../logs/security_log/service.ts";
import { keyHash } from "../../sharing/keys.ts";
import { printSite, printSites } from "../sites/entity.ts";
import { rowById } from "../../../db/prepared.ts";

export { keyHash };

/** A new key of the tenant: 256 random bits. */
export function newAgentKey(tenantId: number): string {
  return `wpa.${tenantId}.${randomBytes(32).toString("base64url")}`;
}

/**
 * Sets (a new key's hash) or clears (null) the site's key, with its RecordLog entry, its security event (in
 * the same transaction) and its hub event.
 */
async function setKey(ctx: TenantContext, siteId: number, hash: string | null) {
  return await transactionWithEvents(ctx, async (tx, outbox) => {
    const row = await rowById(tx, printSites, siteId);
    if (!row) throw notFound();
    const before = await printSite.getIn(tx, ctx, siteId);
    if (hash === null && row.agentKeyHash === null) return before;
    const now = nowIso();
    await tx.update(printSites).set({
      agentKeyHash: hash,
      agentKeyMadeAt: hash === null ? row.agentKeyMadeAt : now,
      agentKeyMadeByName: hash === null ? row.agentKeyMadeByName : ctx.actor.username,
      updatedAt: now,
      version: row.version + 1,
    }).where(eq(printSites.id, siteId));
    const after = await printSite.getIn(tx, ctx, siteId);
    await recordChange(tx, outbox, ctx.actor, {
      action: "changed",
      resource: "PrintSite",
      id: siteId,
      title: row.name,
      old: before,
      new: after,
    });
    await securityEventIn(
      tx,
      ctx,
      hash === null ? "printAgent.keyWithdrawn" : "printAgent.keyMade",
      `site ${siteId} (${row.name})${hash !== null && row.agentKeyHash !== null ? ": its key replaced" : ""}`,
    );
    return after;
  });
}

/** POST PrintSite/{id}/agentKey: a new key for the site (answered this once); the old one stops at once. */
export async function makeAgentKey(ctx: TenantContext, siteId: number) {
  const key = newAgentKey(ctx.tenant.id);
  const record = await setKey(ctx, siteId, keyHash(key));
  return { ...record, key };
}

/** POST PrintSite/{id}/agentKey/withdraw: the site's key stops at once; its agent is disconnected. */
export async function withdrawAgentKey(ctx: TenantContext, siteId: number) {
  return await setKey(ctx, siteId, null);
}
