// Discussions on records (GET Discussion/{type}/{id}, GET {id}/messages/{lastMessageId}, POST {id}/message):
// staff who may read a record read and write its discussion; the topic is opened on first reading, named
// after the record. A new message is a real-time event of the discussion, so every open dialog shows it.
import { and, asc, eq, gt } from "drizzle-orm";
import { z } from "zod";
import type { TenantContext } from "../../kernel/context.ts";
import { AppError, notFound } from "../../kernel/errors.ts";
import { nowIso } from "../../kernel/time.ts";
import { transactionWithEvents } from "../../hub/outbox.ts";
import { users } from "../access/users/entity.ts";
import { readableRecord } from "../files/service.ts";
import { discussionMessages, discussions } from "./table.ts";

/** Most characters a message holds, and most messages one read answers. */
export const DISCUSSION_TEXT_MAX = 4000;
export const MESSAGES_PAGE = 200;

export const DiscussionMessage = z.object({
  id: z.number(),
  userId: z.number().nullable(),
  author: z.string().nullable(),
  text: z.string(),
  createdAt: z.string(),
});
export const Discussion = z.object({
  id: z.number(),
  refResourceType: z.string(),
  refResourceId: z.number(),
  topic: z.string(),
  messages: z.array(DiscussionMessage),
});
export const NewMessage = z.object({
  text: z.string().trim().min(1).max(DISCUSSION_TEXT_MAX),
});

/** The discussion's record, checked: another's or a missing one is 404, as the record itself would be. */
async function ofRecord(ctx: TenantContext, type: string, id: number) {
  if (ctx.actor.contractorId !== null) throw notFound();
  const resource = await readableRecord(ctx, type, id);
  if (resource.meta.readOnly) throw notFound();
  return resource;
}

async function messagesAfter(ctx: TenantContext, discussionId: number, lastId: number) {
  return await ctx.conn.db.select({
    id: discussionMessages.id,
    userId: discussionMessages.userId,
    author: users.visibleName,
    username: users.username,
    text: discussionMessages.text,
    createdAt: discussionMessages.createdAt,
  }).from(discussionMessages).leftJoin(users, eq(users.id, discussionMessages.userId))
    .where(and(eq(discussionMessages.discussionId, discussionId), gt(discussionMessages.id, lastId)))
    .orderBy(asc(discussionMessages.id)).limit(MESSAGES_PAGE)
    .then((rows) => rows.map(({ username, author, ...m }) => ({ ...m, author: author ?? username })));
}

/** GET Discussion/{type}/{id}: the record's discussion with its first messages (opened if it has none). */
export async function discussionOf(ctx: TenantContext, type: string, id: number) {
  const resource = await ofRecord(ctx, type, id);
  const db = ctx.conn.db;
  let [row] = await db.select().from(discussions)
    .where(and(eq(discussions.refResourceType, type), eq(discussions.refResourceId, id)));
  if (!row) {
    const record = await resource.get(ctx, id) as Record<string, unknown>;
    const title = resource.meta.titleFields.map((f) => record[f]).find((v) => typeof v === "string" && v) as
      | string
      | undefined;
    await db.insert(discussions).values({
      refResourceType: type,
      refResourceId: id,
      topic: title ?? `${type} #${id}`,
      createdAt: nowIso(),
    }).onConflictDoNothing();
    [row] = await db.select().from(discussions)
      .where(and(eq(discussions.refResourceType, type), eq(discussions.refResourceId, id)));
  }
  return { ...row, createdAt: undefined, messages: await messagesAfter(ctx, row.id, 0) };
}

/** A discussion by id, if the caller may read its record. */
async function discussion(ctx: TenantContext, id: number) {
  const [row] = await ctx.conn.db.select().from(discussions).where(eq(discussions.id, id));
  if (!row) throw new AppError("record.notFoundOrNoPermission");
  await ofRecord(ctx, row.refResourceType, row.refResourceId);
  return row;
}

/** GET Discussion/{id}/messages/{lastMessageId}: the messages after the last one the caller has. */
export async function messagesSince(ctx: TenantContext, id: number, lastId: number) {
  await discussion(ctx, id);
  return await messagesAfter(ctx, id, lastId);
}

/** POST Discussion/{id}/message: a message added, and the discussion's event for everyone reading it. */
export async function addMessage(ctx: TenantContext, id: number, text: string) {
  await discussion(ctx, id);
  const messageId = await transactionWithEvents(ctx, async (tx, outbox) => {
    const [row] = await tx.insert(discussionMessages).values({
      discussionId: id,
      userId: ctx.actor.userId,
      text,
      createdAt: nowIso(),
    }).returning({ id: discussionMessages.id });
    outbox.add("Discussion", "changed", id);
    return row.id;
  });
  return (await messagesAfter(ctx, id, messageId - 1))[0];
}
