import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";

/**
 * The keys of writes made with an `Idempotency-Key` (server/http/idempotency.ts): per user, the request's
 * hash and, once it was sent, the answer. A key is written in the same transaction as the change it
 * guards, so it exists exactly when the change does; kept 7 days.
 */
export const idempotencyKeys = sqliteTable("idempotency_keys", {
  userId: integer("user_id").notNull(),
  key: text("key").notNull(),
  /** SHA-256 of the method, the path with its query, and the JSON body. */
  requestHash: text("request_hash").notNull(),
  /** The answer given the first time; null between the change's commit and the answer. */
  status: integer("status"),
  contentType: text("content_type"),
  body: text("body"),
  createdAt: text("created_at").notNull(),
}, (t) => [
  primaryKey({ columns: [t.userId, t.key] }),
  index("idempotency_keys_created_at").on(t.createdAt),
]);
