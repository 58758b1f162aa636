// A calendar event of its own (a dock booked for a delivery, a user's shift, a reminder): the spec's Calendar
// resource (startDate, finishDate, resourceSubType), served by the generic routes. Its row in the resource
// planner is a user or a dock (a location of the receipt or release zone), by its sub-type.
import { eq } from "drizzle-orm";
import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { z } from "zod";
import { fieldError } from "../../kernel/errors.ts";
import { users } from "../access/users/entity.ts";
import { storageSpaces } from "../storage/locations/entity.ts";
import { Resource } from "../../engine/engine.ts";
import { DEFAULT_EVENT_MINUTES, instant, MAX_EVENT_MS } from "./time.ts";

export const calendarResourceSubTypes = ["none", "user", "dock"] as const;

export const calendarEvents = sqliteTable("calendar_events", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  title: text("title").notNull(),
  description: text("description"),
  /** ISO 8601 instants in UTC (`2026-11-26T08:00:00.000Z`): compared as text in the range queries. */
  startDate: text("start_date").notNull(),
  finishDate: text("finish_date").notNull(),
  resourceSubType: text("resource_sub_type", { enum: calendarResourceSubTypes }).notNull().default("none"),
  /** The user row (sub-type user); a deleted user's events lose their row, not themselves. */
  userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
  /** The dock row (sub-type dock). */
  locationId: integer("location_id").references(() => storageSpaces.id, { onDelete: "restrict" }),
  createdAt: text("created_at").notNull(),
  updatedAt: text("updated_at").notNull(),
  version: integer("version").notNull().default(1),
}, (t) => [
  // The range query reads events starting up to MAX_EVENT_MS before the range by this index.
  index("calendar_events_start").on(t.startDate, t.id),
  index("calendar_events_finish").on(t.finishDate, t.id),
  index("calendar_events_title").on(t.title, t.id),
  index("calendar_events_sub_type").on(t.resourceSubType, t.id),
  index("calendar_events_user").on(t.userId, t.id),
  index("calendar_events_location").on(t.locationId, t.id),
  index("calendar_events_created_at").on(t.createdAt, t.id),
  index("calendar_events_updated_at").on(t.updatedAt, t.id),
]);

/** The finish after the start and at most MAX_EVENT_MS later; the row that goes with the sub-type. */
function checkEvent(v: Record<string, unknown>, ctx: z.RefinementCtx): void {
  const start = Date.parse(v.startDate as string);
  const finish = v.finishDate == null ? start + 1 : Date.parse(v.finishDate as string);
  if (finish <= start) {
    ctx.addIssue({ code: "custom", path: ["finishDate"], params: { code: "validation.finishBeforeStart" } });
  } else if (finish - start > MAX_EVENT_MS) {
    ctx.addIssue({ code: "custom", path: ["finishDate"], params: { code: "validation.tooLarge" } });
  }
  if (v.resourceSubType === "user" && v.userId === null) {
    ctx.addIssue({ code: "custom", path: ["userId"], params: { code: "validation.required" } });
  }
  if (v.resourceSubType === "dock" && v.locationId === null) {
    ctx.addIssue({ code: "custom", path: ["locationId"], params: { code: "validation.required" } });
  }
}

export const calendarEvent = new Resource({
  resource: "Calendar",
  key: "calendarEvent",
  table: calendarEvents,
  title: ["title"],
  sort: "startDate",
  fields: {
    title: { max: 200, list: "sort filter search show" },
    description: { kind: "textarea", max: 2000, list: "search" },
    startDate: { kind: "date", schema: instant, list: "sort filter show" },
    // Left out, the event lasts the default 15 minutes (withFinish).
    finishDate: { kind: "date", schema: instant.nullish(), optional: true, list: "sort filter show" },
    resourceSubType: {
      schema: z.enum(calendarResourceSubTypes).default("none"),
      formDefault: "none",
      list: "sort filter show",
    },
    userId: { list: "filter" },
    locationId: { display: "locationLabel", list: "filter" },
  },
  writeAccess: "logistics",
  refine: checkEvent,
  toRow: (_input, row) => ({
    ...row,
    // An event without a finish lasts the default (the spec's 15 minutes).
    finishDate: row.finishDate ??
      new Date(Date.parse(row.startDate as string) + DEFAULT_EVENT_MINUTES * 60_000).toISOString(),
  }),
  // A dock row is a location of the receipt or release zone.
  validate: async (tx, _ctx, values) => {
    if (values.resourceSubType !== "dock" || values.locationId == null) return;
    const [loc] = await tx.select({ receipt: storageSpaces.zoneReceipt, release: storageSpaces.zoneRelease })
      .from(storageSpaces).where(eq(storageSpaces.id, values.locationId as number));
    if (loc && !loc.receipt && !loc.release) throw fieldError({ locationId: ["validation.invalidValue"] });
  },
});

export const calendarEventMeta = calendarEvent.meta;
