// A shop's product linked to one of ours by hand (decision 0014), or unlinked.
import { eq } from "drizzle-orm";
import { z } from "zod";
import type { TenantContext } from "../../kernel/context.ts";
import { fieldError, notFound } from "../../kernel/errors.ts";
import { nowIso } from "../../kernel/time.ts";
import { transactionWithEvents } from "../../hub/outbox.ts";
import { recordChange } from "../../engine/record_change.ts";
import { products } from "../assortment/products/entity.ts";
import { productExternal } from "./entity.ts";
import { productExternals } from "./table.ts";
import { rowById } from "../../db/prepared.ts";

export const LinkInput = z.object({ productId: z.number().int().positive().nullable() });

/** POST ProductExternal/{id}/link: a shop's product linked to one of ours by hand (null: unlinked). */
export async function linkProduct(ctx: TenantContext, id: number, productId: number | null) {
  return await transactionWithEvents(ctx, async (tx, outbox) => {
    const before = await productExternal.getIn(tx, ctx, id);
    const row = await rowById(tx, productExternals, id);
    if (!row) throw notFound();
    if (productId !== null) {
      const [p] = await tx.select({ id: products.id }).from(products).where(eq(products.id, productId));
      if (!p) throw fieldError({ productId: ["validation.invalidValue"] });
    }
    await tx.update(productExternals).set({
      productId,
      linkedBy: productId === null ? null : "hand",
      updatedAt: nowIso(),
      version: row.version + 1,
    }).where(eq(productExternals.id, id));
    const after = await productExternal.getIn(tx, ctx, id);
    await recordChange(tx, outbox, ctx.actor, {
      action: "changed",
      resource: "ProductExternal",
      id,
      title: row.name,
      old: before,
      new: after,
    });
    return after;
  });
}
