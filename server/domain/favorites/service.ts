// FavoriteAction verbs. A favorite belongs to the user who made it: every read and write is scoped to
// the acting user, so another user's favorite is indistinguishable from a missing one (404). Each change
// is one transaction with its RecordLog entry.
import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "../../db/connection.ts";
import type { TenantContext } from "../../kernel/context.ts";
import { AppError, notFound } from "../../kernel/errors.ts";
import { nowIso } from "../../kernel/time.ts";
import { type ListField, listPage, type ListQuery } from "../../kernel/list.ts";
import { listFieldsOf } from "../../engine/engine.ts";
import { recordChange } from "../../engine/record_change.ts";
import {
  favorite,
  type FavoriteAction,
  type FavoriteActionCreate,
  favoriteActions,
  type FavoriteActionUpdate,
} from "./entity.ts";
import { transactionWithEvents } from "../../hub/outbox.ts";

type Row = typeof favoriteActions.$inferSelect;

const RESOURCE = "FavoriteAction";

function toDto(row: Row): FavoriteAction {
  return favorite.toRecord(row, {}, {}, {}) as FavoriteAction;
}

/** The columns a favorite's input stores; a colour or description left out is cleared. */
function stored(input: FavoriteActionCreate, mode: "add" | "edit") {
  const row = favorite.toRow(input, mode) as Omit<typeof favoriteActions.$inferInsert, "userId">;
  return { ...row, colour: row.colour ?? null, description: row.description ?? null };
}

/** The list's fields, as the declaration says. */
export const favoriteListFields: Record<string, ListField> = listFieldsOf(favorite.meta, favoriteActions);

export function listFavorites(ctx: TenantContext, query: ListQuery) {
  const own = eq(favoriteActions.userId, ctx.actor.userId);
  return listPage(
    ctx.conn.db,
    {
      table: favoriteActions,
      id: favoriteActions.id,
      fields: favoriteListFields,
      defaultSort: "title",
      scope: [own],
    },
    query,
    async (ids) =>
      (await ctx.conn.db.select().from(favoriteActions).where(and(own, inArray(favoriteActions.id, ids))))
        .map(toDto),
    { countCache: ctx.conn.countCache },
  );
}

async function findOwn(db: Db, ctx: TenantContext, id: number): Promise<Row | undefined> {
  const [row] = await db.select().from(favoriteActions)
    .where(and(eq(favoriteActions.id, id), eq(favoriteActions.userId, ctx.actor.userId))).limit(1);
  return row;
}

export async function getFavorite(ctx: TenantContext, id: number): Promise<FavoriteAction> {
  const row = await findOwn(ctx.conn.db, ctx, id);
  if (!row) throw notFound();
  return toDto(row);
}

export async function addFavorite(ctx: TenantContext, input: FavoriteActionCreate): Promise<FavoriteAction> {
  return await transactionWithEvents(ctx, async (tx, outbox) => {
    const now = nowIso();
    const [row] = await tx.insert(favoriteActions).values({
      ...stored(input, "add"),
      userId: ctx.actor.userId,
      createdAt: now,
      updatedAt: now,
    }).returning();
    await recordChange(tx, outbox, ctx.actor, {
      action: "created",
      resource: RESOURCE,
      id: row.id,
      title: row.title,
      new: toDto(row),
      ownerId: ctx.actor.userId,
    });
    return toDto(row);
  });
}

export async function editFavorite(ctx: TenantContext, input: FavoriteActionUpdate): Promise<FavoriteAction> {
  return await transactionWithEvents(ctx, async (tx, outbox) => {
    const old = await findOwn(tx, ctx, input.id);
    if (!old) throw notFound();
    if (old.version !== input.version) throw new AppError("record.changedByAnotherUser");
    const [row] = await tx.update(favoriteActions).set({
      ...stored(input, "edit"),
      updatedAt: nowIso(),
      version: old.version + 1,
    }).where(and(eq(favoriteActions.id, old.id), eq(favoriteActions.version, old.version))).returning();
    if (!row) throw new AppError("record.changedByAnotherUser");
    await recordChange(tx, outbox, ctx.actor, {
      action: "changed",
      resource: RESOURCE,
      id: row.id,
      title: row.title,
      old: toDto(old),
      new: toDto(row),
      ownerId: ctx.actor.userId,
    });
    return toDto(row);
  });
}

export async function deleteFavorite(ctx: TenantContext, id: number): Promise<void> {
  await transactionWithEvents(ctx, async (tx, outbox) => {
    const old = await findOwn(tx, ctx, id);
    if (!old) throw notFound();
    await tx.delete(favoriteActions).where(eq(favoriteActions.id, old.id));
    await recordChange(tx, outbox, ctx.actor, {
      action: "deleted",
      resource: RESOURCE,
      id: old.id,
      title: old.title,
      old: toDto(old),
      ownerId: ctx.actor.userId,
    });
  });
}
