import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

export const systemLog = sqliteTable("system_log", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  level: text("level").notNull(),
  message: text("message").notNull(),
  exception: text("exception"),
  source: text("source"),
  machineName: text("machine_name"),
  httpCode: integer("http_code"),
  elapsedMs: integer("elapsed_ms"),
  raiseDate: text("raise_date").notNull(),
  properties: text("properties"),
  requestId: text("request_id"),
}, (t) => [
  index("system_log_raise_date").on(t.raiseDate, t.id),
  index("system_log_level").on(t.level, t.id),
  index("system_log_source").on(t.source, t.id),
  index("system_log_http_code").on(t.httpCode, t.id),
  index("system_log_elapsed_ms").on(t.elapsedMs, t.id),
  index("system_log_request_id").on(t.requestId, t.id),
]);
