// The account's monthly document limit (the spec's ClientAccount: monthly document limit, extra document
// price in EUR, budget for extra operations), counted and enforced. A warehouse document counts once, when
// it is confirmed and numbered (stock/documents/confirm.ts), in the calendar month of its confirmation in
// UTC; the count is a summary row per month kept in the confirmation's own transaction. Past the limit each
// document is an extra one charged at the extra price against the month's budget; when the budget cannot pay
// for one more, confirming is refused (402 account.documentLimitReached) and nothing of it is written. A
// limit of 0 is no limit, and the default: nothing is limited until the provider sets a subscription
// (tenants/subscription.ts); an extra price of 0 makes extras free (the limit then only warns).
import { eq, sql } from "drizzle-orm";
import { z } from "zod";
import { integer, real, sqliteTable, text } from "drizzle-orm/sqlite-core";
import type { Db } from "../../../db/connection.ts";
import type { TenantContext } from "../../../kernel/context.ts";
import { AppError } from "../../../kernel/errors.ts";
import { nowIso } from "../../../kernel/time.ts";
import { prepared } from "../../../db/prepared.ts";
import { clientAccount } from "./entity.ts";

export const documentUsage = sqliteTable("document_usage", {
  /** The calendar month in UTC, "2026-11". */
  month: text("month").primaryKey(),
  /** Documents confirmed in the month, the extra ones included. */
  documents: integer("documents").notNull().default(0),
  /** Of those, the ones past the monthly limit. */
  extraDocuments: integer("extra_documents").notNull().default(0),
  /** What the extra ones cost, in EUR. */
  extraCost: real("extra_cost").notNull().default(0),
  updatedAt: text("updated_at").notNull(),
});

export interface Plan {
  /** 0: no limit. */
  limit: number;
  /** EUR per document past the limit. */
  price: number;
  /** EUR a month for extra documents. */
  budget: number;
}

export interface MonthUsage {
  documents: number;
  extraDocuments: number;
  extraCost: number;
}

/** Money kept to a millionth of a euro: sums of small prices do not drift. */
const eur = (v: number) => Math.round(v * 1e6) / 1e6;

/** What one more confirmed document does in the month: counted within the limit, charged, or refused. */
export function nextDocument(plan: Plan, month: MonthUsage): { extra: boolean; cost: number } | "refused" {
  if (plan.limit <= 0 || month.documents < plan.limit) return { extra: false, cost: 0 };
  if (plan.price <= 0) return { extra: true, cost: 0 };
  if (eur(month.extraCost + plan.price) > eur(plan.budget)) return "refused";
  return { extra: true, cost: plan.price };
}

export const usageStates = ["unlimited", "ok", "nearLimit", "limitReached", "budgetSpent"] as const;

export type UsageState = (typeof usageStates)[number];

/** How the month stands, for the warning administrators see (near: 90% of the limit). */
export function usageState(plan: Plan, month: MonthUsage): UsageState {
  if (plan.limit <= 0) return "unlimited";
  if (nextDocument(plan, month) === "refused") return "budgetSpent";
  if (month.documents >= plan.limit) return "limitReached";
  return month.documents >= plan.limit * 0.9 ? "nearLimit" : "ok";
}

export const monthOf = (at: Date) => at.toISOString().slice(0, 7);

// Read and written by every confirmation: prepared once per connection (db/prepared.ts), not built each time.
async function planOf(db: Db): Promise<Plan> {
  const a = await prepared<Record<string, never>, Plan>(db, "usage.plan", (on) =>
    on.select({
      limit: clientAccount.monthlyDocumentLimit,
      price: clientAccount.extraDocumentPriceEur,
      budget: clientAccount.extraOperationsBudget,
    }).from(clientAccount).limit(1).prepare()).get({});
  return a ?? { limit: 0, price: 0, budget: 0 };
}

async function monthUsage(db: Db, month: string): Promise<MonthUsage> {
  const row = await prepared<{ month: string }, MonthUsage>(
    db,
    "usage.month",
    (on) =>
      on.select().from(documentUsage).where(eq(documentUsage.month, sql.placeholder("month"))).limit(1)
        .prepare(),
  ).get({ month });
  return row ?? { documents: 0, extraDocuments: 0, extraCost: 0 };
}

type Counted = { month: string; extra: number; cost: number; costEur: number; at: string };

/**
 * Counts a document confirmed at `at`, inside the confirmation's transaction `tx`; refuses it (402) when the
 * month's limit is reached and its budget cannot pay for one more, so that the confirmation rolls back.
 */
export async function countConfirmedDocument(tx: Db, at: Date): Promise<void> {
  const month = monthOf(at);
  const plan = await planOf(tx);
  // Without a limit every document is within it: the month's count is only added to, never read.
  const next = plan.limit <= 0 ? { extra: false, cost: 0 } : nextDocument(plan, await monthUsage(tx, month));
  if (next === "refused") {
    throw new AppError("account.documentLimitReached", {
      params: { limit: plan.limit, budget: plan.budget },
    });
  }
  const p = sql.placeholder;
  await prepared<Counted, never>(tx, "usage.count", (on) =>
    on.insert(documentUsage).values({
      month: p("month"),
      documents: 1,
      extraDocuments: p("extra"),
      extraCost: p("costEur"),
      updatedAt: p("at"),
    }).onConflictDoUpdate({
      target: documentUsage.month,
      set: {
        documents: sql`${documentUsage.documents} + 1`,
        extraDocuments: sql`${documentUsage.extraDocuments} + ${p("extra")}`,
        extraCost: sql`round(${documentUsage.extraCost} + ${p("cost")}, 6)`,
        updatedAt: sql`${p("at")}`,
      },
    }).prepare()).run({
      month,
      extra: next.extra ? 1 : 0,
      cost: next.cost,
      costEur: eur(next.cost),
      at: nowIso(),
    });
}

/** This month's usage as the API answers it. */
export const DocumentUsage = z.object({
  month: z.string(),
  documents: z.number(),
  limit: z.number(),
  extraDocuments: z.number(),
  extraCost: z.number(),
  extraDocumentPriceEur: z.number(),
  extraOperationsBudget: z.number(),
  /** EUR of the month's budget still to spend on extra documents; null without a limit. */
  budgetLeft: z.number().nullable(),
  state: z.enum(usageStates),
});

/** This month's usage against the plan (administrators: the startup config, my-company). */
export async function currentUsage(db: Db, now = new Date()): Promise<z.output<typeof DocumentUsage>> {
  const month = monthOf(now);
  const plan = await planOf(db);
  const used = await monthUsage(db, month);
  const left = plan.limit <= 0 ? null : eur(Math.max(0, plan.budget - used.extraCost));
  return {
    month,
    documents: used.documents,
    limit: plan.limit,
    extraDocuments: used.extraDocuments,
    extraCost: eur(used.extraCost),
    extraDocumentPriceEur: plan.price,
    extraOperationsBudget: plan.budget,
    budgetLeft: left,
    state: usageState(plan, used),
  };
}

/** GET ClientAccount/document-usage. */
export function documentUsageOf(ctx: TenantContext) {
  return currentUsage(ctx.conn.db);
}
