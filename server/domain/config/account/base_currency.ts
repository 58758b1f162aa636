// The account's base currency changed on purpose, with the exchange rates: they are rates against the base,
// so the administrator says what becomes of them (the my-company screen asks in a dialog) and it is done in
// one transaction with the account: `recompute` restates every rate against the new base (from the new
// base's own rate; its row becomes the old base's), `keep` leaves them as typed (but for the new base's own
// row, which a base does not have), `clear` removes them all.
// Each rate changed or removed is logged and announced like an edit of it. A plain PUT of the account may
// not change the base (config/service.ts).
import { eq, sql } from "drizzle-orm";
import { z } from "zod";
import type { TenantContext } from "../../../kernel/context.ts";
import { AppError, fieldError, notFound } from "../../../kernel/errors.ts";
import { LIMITS } from "../../../../shared/limits.ts";
import { nowIso } from "../../../kernel/time.ts";
import { transactionWithEvents } from "../../../hub/outbox.ts";
import { recordChange } from "../../../engine/record_change.ts";
import { exchangeRate, exchangeRates } from "../../assortment/exchange_rates/entity.ts";
import { currencyNames, rebaseRates } from "../../assortment/exchange_rates/rebase.ts";
import type { Db } from "../../../db/connection.ts";
import type { Outbox } from "../../../hub/outbox.ts";
import { account, type ClientAccount, clientAccount, currencyCode } from "./entity.ts";

export const exchangeRateChoices = ["recompute", "keep", "clear"] as const;

export const BaseCurrencyChange = z.object({
  baseCurrency: currencyCode,
  /** What becomes of the exchange rates (required: the change is never made without saying). */
  exchangeRates: z.enum(exchangeRateChoices),
  version: z.number().int().positive(),
});

type RateRow = typeof exchangeRates.$inferSelect;

const rateRecord = (row: RateRow) => exchangeRate.entity.toRecord(row, {}, {}, {});

/**
 * Applies `recompute` or `clear` to the rates inside `tx`; each change logged and announced. Answers how many
 * rates changed. Also the demo seed's one-off move of its old rates to its base (demo/data.ts).
 */
export async function restateRates(
  tx: Db,
  outbox: Outbox,
  ctx: Pick<TenantContext, "actor" | "lang">,
  from: string,
  to: string,
  choice: "recompute" | "clear",
): Promise<number> {
  const rows = await tx.select().from(exchangeRates).orderBy(exchangeRates.id);
  const byId = new Map(rows.map((r) => [r.id, r]));
  const changes = choice === "clear"
    ? rows.map((r) => ({ kind: "delete" as const, id: r.id }))
    : rebaseRates(rows, from, to, currencyNames(from, ctx.lang));
  if (!changes) throw fieldError({ exchangeRates: ["validation.noRateForNewBase"] });
  const now = nowIso();
  // Deletions first: a row of the new base goes before the old base's row may take its sign.
  for (const c of changes.filter((c) => c.kind === "delete")) {
    const old = byId.get(c.id)!;
    await tx.delete(exchangeRates).where(eq(exchangeRates.id, c.id));
    await recordChange(tx, outbox, ctx.actor, {
      action: "deleted",
      resource: "ExchangeRate",
      id: c.id,
      title: old.currencySign,
      old: rateRecord(old),
    });
  }
  for (const c of changes) {
    if (c.kind !== "update") continue;
    if (c.set.baseRate !== undefined && !(c.set.baseRate <= LIMITS.exchangeRate.max)) {
      throw fieldError({ exchangeRates: ["validation.tooLarge"] });
    }
    const old = byId.get(c.id)!;
    const [row] = await tx.update(exchangeRates)
      .set({ ...c.set, updatedAt: now, version: sql`${exchangeRates.version} + 1` })
      .where(eq(exchangeRates.id, c.id)).returning();
    await recordChange(tx, outbox, ctx.actor, {
      action: "changed",
      resource: "ExchangeRate",
      id: c.id,
      title: row.currencySign,
      old: rateRecord(old),
      new: rateRecord(row),
    });
  }
  return changes.length;
}

/** The row of one currency removed, logged and announced, if there is one. */
async function dropRate(tx: Db, outbox: Outbox, ctx: TenantContext, sign: string): Promise<void> {
  const [old] = await tx.delete(exchangeRates).where(eq(exchangeRates.currencySign, sign)).returning();
  if (!old) return;
  await recordChange(tx, outbox, ctx.actor, {
    action: "deleted",
    resource: "ExchangeRate",
    id: old.id,
    title: old.currencySign,
    old: rateRecord(old),
  });
}

/** POST ClientAccount/base-currency (administrators). */
export async function changeBaseCurrency(
  ctx: TenantContext,
  input: z.output<typeof BaseCurrencyChange>,
): Promise<ClientAccount> {
  return await transactionWithEvents(ctx, async (tx, outbox) => {
    const [old] = await tx.select().from(clientAccount).where(eq(clientAccount.id, 1)).limit(1);
    if (!old) throw notFound();
    if (old.version !== input.version) throw new AppError("record.changedByAnotherUser");
    if (old.baseCurrency === input.baseCurrency) {
      throw fieldError({ baseCurrency: ["validation.invalidValue"] });
    }
    if (input.exchangeRates !== "keep") {
      await restateRates(tx, outbox, ctx, old.baseCurrency, input.baseCurrency, input.exchangeRates);
    } else {
      // Kept as typed, but for the new base's own row: a base has no rate (and its rate would not be 1).
      await dropRate(tx, outbox, ctx, input.baseCurrency);
    }
    const [row] = await tx.update(clientAccount)
      .set({ baseCurrency: input.baseCurrency, updatedAt: nowIso(), version: old.version + 1 })
      .where(eq(clientAccount.id, 1)).returning();
    const dto = (r: typeof row) => account.toRecord(r, {}, {}, {}) as ClientAccount;
    await recordChange(tx, outbox, ctx.actor, {
      action: "changed",
      resource: "ClientAccount",
      id: 1,
      title: row.invoiceName,
      old: dto(old),
      new: dto(row),
    });
    return dto(row);
  });
}
