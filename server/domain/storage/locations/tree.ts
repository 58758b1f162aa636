// The tree browser's view of the locations: one level at a time, each row with how many children it has.
import { count, eq, inArray, isNull } from "drizzle-orm";
import type { TenantContext } from "../../../kernel/context.ts";
import type { ListQuery } from "../../../kernel/list.ts";
import { storageSpace as storageSpaceResource, storageSpaces } from "./entity.ts";
import type { StorageSpaceNode } from "./contract.ts";

/** The locations directly under `parentId` (0: the roots), paged, sorted and filtered like the list. */
export async function listChildren(
  ctx: TenantContext,
  parentId: number,
  query: ListQuery,
): Promise<{ results: StorageSpaceNode[]; allFilteredRowCount: number }> {
  // A parent the caller cannot read answers 404, as the record itself would.
  if (parentId !== 0) await storageSpaceResource.get(ctx, parentId);
  const page = await storageSpaceResource.list(
    ctx,
    query,
    parentId === 0 ? isNull(storageSpaces.parentId) : eq(storageSpaces.parentId, parentId),
  );
  const ids = page.results.map((r) => r.id);
  const counts = ids.length
    ? await ctx.conn.db.select({ parentId: storageSpaces.parentId, n: count() }).from(storageSpaces)
      .where(inArray(storageSpaces.parentId, ids)).groupBy(storageSpaces.parentId)
    : [];
  const byParent = new Map(counts.map((c) => [c.parentId, c.n]));
  return {
    results: page.results.map((r) => ({ ...r, childCount: byParent.get(r.id) ?? 0 })),
    allFilteredRowCount: page.allFilteredRowCount,
  };
}
