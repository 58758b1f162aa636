// The provider sets a tenant's subscription (`deno task tenant subscription <slug> --limit --price --budget`):
// the monthly document limit (0: none), the price of a document past it in EUR and the month's budget for
// extra documents (server/domain/config/account/usage.ts). Nobody in the tenant may change them. Logged in
// the tenant's RecordLog as the provider's edit of the account, whose version moves on.
import { eq } from "drizzle-orm";
import { z } from "zod";
import type { Platform } from "../server/platform.ts";
import { parseInput } from "../server/kernel/validation.ts";
import { nowIso } from "../server/kernel/time.ts";
import { account, clientAccount } from "../server/domain/config/account/entity.ts";
import { writeRecordLog } from "../server/domain/logs/record_log/service.ts";

export const SubscriptionChange = z.object({
  monthlyDocumentLimit: z.coerce.number().int().min(0).max(100_000_000).optional(),
  extraDocumentPriceEur: z.coerce.number().min(0).max(1_000).optional(),
  extraOperationsBudget: z.coerce.number().min(0).max(10_000_000).optional(),
  subscriptionType: z.string().trim().min(1).max(50).optional(),
  subscriptionCode: z.string().trim().max(50).optional(),
});

export async function setSubscription(platform: Platform, slug: string, input: unknown) {
  const change = parseInput(SubscriptionChange, input);
  const tenant = await platform.registry.bySlug(slug);
  if (!tenant) throw new Error(`no tenant ${slug}`);
  return await platform.pool.use(tenant.dbUrl, (conn) =>
    conn.transaction(async (tx) => {
      const [old] = await tx.select().from(clientAccount).where(eq(clientAccount.id, 1)).limit(1);
      if (!old) throw new Error(`tenant ${slug} has no account`);
      const [row] = await tx.update(clientAccount)
        .set({ ...change, updatedAt: nowIso(), version: old.version + 1 })
        .where(eq(clientAccount.id, 1)).returning();
      const dto = (r: typeof row) => account.toRecord(r, {}, {}, {});
      await writeRecordLog(tx, {
        action: "changed",
        resourceType: "ClientAccount",
        resourceId: 1,
        title: row.invoiceName,
        oldObject: dto(old),
        newObject: dto(row),
        userId: null,
        userName: "provider",
      });
      return dto(row);
    }));
}
