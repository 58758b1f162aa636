// Account configuration, logistics configuration, per-user settings and the startup configuration the
// client loads after sign-in.
import { changeSummary, securityEventIn } from "../logs/security_log/service.ts";
import { eq } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "../../db/connection.ts";
import type { TenantContext } from "../../kernel/context.ts";
import { AppError, fieldError, notFound } from "../../kernel/errors.ts";
import { nowIso } from "../../kernel/time.ts";
import { recordChange } from "../../engine/record_change.ts";
import { transactionWithEvents } from "../../hub/outbox.ts";
import { users } from "../access/users/entity.ts";
import { findUser, toUserDto } from "../access/users/service.ts";
import { clientLogisticsConfig } from "./table.ts";
import { account, type ClientAccount, clientAccount } from "./account/entity.ts";
import { currentUsage } from "./account/usage.ts";
import { forgetOwed } from "../access/mfa/policy.ts";
import {
  type ChangeUserConfig,
  type ClientLogisticsConfigUpdate,
  defaultLogisticsConfig,
  LogisticsConfigData,
} from "../../../shared/config/contract.ts";
import { documentStatusNumbers, processStatusNumbers } from "../../../shared/config/statuses.ts";
import {
  drawerSectionsFor,
  wmsDocumentActions,
  wmsDocumentDefinitions,
  wmsOrderActions,
  wmsOrderDefinitions,
} from "./definitions.ts";

type AccountRow = typeof clientAccount.$inferSelect;

function accountDto(row: AccountRow): ClientAccount {
  return account.toRecord(row, {}, {}, {}) as ClientAccount;
}

/** Creates the configuration rows of a new tenant (inside its provisioning transaction). */
export async function seedTenantConfig(tx: Db, companyName: string, taxId: string | null): Promise<void> {
  const now = nowIso();
  await tx.insert(clientAccount).values({
    id: 1,
    invoiceName: companyName,
    taxId,
    createdAt: now,
    updatedAt: now,
  })
    .onConflictDoNothing();
  await tx.insert(clientLogisticsConfig)
    .values({ id: 1, data: JSON.stringify(defaultLogisticsConfig()), createdAt: now, updatedAt: now })
    .onConflictDoNothing();
}

export async function getClientAccount(ctx: TenantContext) {
  const [row] = await ctx.conn.db.select().from(clientAccount).where(eq(clientAccount.id, 1)).limit(1);
  if (!row) throw notFound();
  return accountDto(row);
}

export async function updateClientAccount(ctx: TenantContext, input: z.output<typeof account.update>) {
  const updated = await transactionWithEvents(ctx, async (tx, outbox) => {
    const [old] = await tx.select().from(clientAccount).where(eq(clientAccount.id, 1)).limit(1);
    if (!old) throw notFound();
    if (old.version !== input.version) throw new AppError("record.changedByAnotherUser");
    // The base currency has its own call, which says what becomes of the exchange rates: never silently.
    if (input.baseCurrency !== undefined && input.baseCurrency !== old.baseCurrency) {
      throw fieldError({ baseCurrency: ["validation.baseCurrencyByItsOwnCall"] });
    }
    const [row] = await tx.update(clientAccount)
      .set({ ...account.toRow(input, "edit"), updatedAt: nowIso(), version: old.version + 1 })
      .where(eq(clientAccount.id, 1)).returning();
    await recordChange(tx, outbox, ctx.actor, {
      action: "changed",
      resource: "ClientAccount",
      id: row.id,
      title: row.invoiceName,
      old: accountDto(old),
      new: accountDto(row),
    });
    const changed = changeSummary(accountDto(old), accountDto(row));
    if (changed) await securityEventIn(tx, ctx, "account.changed", changed);
    return accountDto(row);
  });
  // Who owes a second factor follows the setting at once on this thread (elsewhere within seconds).
  forgetOwed(ctx.services, ctx.tenant.id);
  return updated;
}

type LogisticsRow = typeof clientLogisticsConfig.$inferSelect;

function logisticsDto(row: LogisticsRow) {
  const { data, ...meta } = row;
  // Stored data is re-read through the schema so that fields added later get their defaults.
  const parsed = LogisticsConfigData.safeParse({ ...defaultLogisticsConfig(), ...JSON.parse(data) });
  return { ...meta, ...(parsed.success ? parsed.data : defaultLogisticsConfig()) };
}

export async function getLogisticsConfig(ctx: TenantContext) {
  const [row] = await ctx.conn.db.select().from(clientLogisticsConfig).where(eq(clientLogisticsConfig.id, 1))
    .limit(1);
  if (!row) throw notFound();
  return logisticsDto(row);
}

export async function updateLogisticsConfig(
  ctx: TenantContext,
  input: z.output<typeof ClientLogisticsConfigUpdate>,
) {
  return await transactionWithEvents(ctx, async (tx, outbox) => {
    const [old] = await tx.select().from(clientLogisticsConfig).where(eq(clientLogisticsConfig.id, 1)).limit(
      1,
    );
    if (!old) throw notFound();
    if (old.version !== input.version) throw new AppError("record.changedByAnotherUser");
    const { version: _v, ...data } = input;
    const [row] = await tx.update(clientLogisticsConfig)
      .set({ data: JSON.stringify(data), updatedAt: nowIso(), version: old.version + 1 })
      .where(eq(clientLogisticsConfig.id, 1)).returning();
    await recordChange(tx, outbox, ctx.actor, {
      action: "changed",
      resource: "ClientLogisticsConfig",
      id: row.id,
      title: "ClientLogisticsConfig",
      old: logisticsDto(old),
      new: logisticsDto(row),
    });
    return logisticsDto(row);
  });
}

export async function changeUserConfig(ctx: TenantContext, input: z.output<typeof ChangeUserConfig>) {
  await ctx.conn.transaction(async (tx) => {
    const user = await findUser(tx, ctx.actor.userId);
    if (!user) throw notFound();
    if (input.paramName === "defaultLanguage") {
      await tx.update(users).set({ defaultLanguage: input.paramValue }).where(eq(users.id, user.id));
    } else {
      const settings = { ...JSON.parse(user.settings), [input.paramName]: input.paramValue };
      await tx.update(users).set({ settings: JSON.stringify(settings) }).where(eq(users.id, user.id));
    }
  });
  return { paramName: input.paramName, paramValue: input.paramValue };
}

export async function userStartupConfig(ctx: TenantContext) {
  const user = await findUser(ctx.conn.db, ctx.actor.userId);
  if (!user) throw notFound();
  return {
    clientAccount: await getClientAccount(ctx),
    clientLogisticsConfig: await getLogisticsConfig(ctx),
    wmsDocumentActions,
    wmsOrderActions,
    wmsDocumentDefinitions,
    wmsOrderDefinitions,
    // The numbered statuses the screens colour (shared/config/statuses.ts).
    statusNumbers: { document: documentStatusNumbers, process: processStatusNumbers },
    user: { ...toUserDto(user), settings: JSON.parse(user.settings) },
    drawerSections: drawerSectionsFor(ctx.actor),
    tenant: { id: ctx.tenant.id, slug: ctx.tenant.slug, companyName: ctx.tenant.companyName },
    // The month's documents against the account's limit, for administrators (the shell warns them).
    documentUsage: ctx.actor.isSuperUser && ctx.actor.contractorId === null
      ? await currentUsage(ctx.conn.db)
      : null,
  };
}
