// The security event log's table (tenant database): who tried what, from where, and how it ended. The server
// alone writes it (service.ts), so its table stays here, apart from the resource's declaration.
import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

export const securityEvents = sqliteTable("security_events", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  /** When it happened (ISO 8601, UTC). */
  at: text("at").notNull(),
  /** What happened: one of securityEventKinds (service.ts). */
  event: text("event").notNull(),
  /** succeeded, refused, throttled or changed. */
  outcome: text("outcome").notNull(),
  /** The user it concerns, when known (a failed sign-in's user, the caller refused, the administrator). */
  userId: integer("user_id"),
  userName: text("user_name"),
  ip: text("ip"),
  userAgent: text("user_agent"),
  requestId: text("request_id"),
  /** A short description without secrets: never a password, token, key or code. */
  detail: text("detail"),
}, (t) => [
  index("security_events_at").on(t.at, t.id),
  index("security_events_event").on(t.event, t.id),
  index("security_events_outcome").on(t.outcome, t.id),
  index("security_events_user_id").on(t.userId, t.id),
  index("security_events_user_name").on(t.userName, t.id),
  index("security_events_ip").on(t.ip, t.id),
  index("security_events_request_id").on(t.requestId, t.id),
]);
