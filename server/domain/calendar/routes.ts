// The calendar's calls: its entries in a range, the planner's rows, a drag's reschedule, each user's ICS
// feed (its state, renewing and stopping it, and the feed itself by its secret), and the Calendar resource
// (events of its own) through the generic routes.
import type { Hono } from "hono";
import { z } from "zod";
import type { Services } from "../../kernel/services.ts";
import type { Env } from "../../engine/http/types.ts";
import { mount } from "../../engine/http/route.ts";
import { resourceRoutes } from "../../engine/routes.ts";
import { calendarEvent } from "./entity.ts";
import { entriesIn, parseRange, plannerRows } from "./entries.ts";
import { dropFeed, feedIcs, feedState, renewFeed } from "./feed.ts";
import { reschedule, RescheduleBody } from "./reschedule.ts";

const Entry = z.object({
  key: z.string(),
  kind: z.enum(["document", "order", "event"]),
  id: z.number(),
  field: z.string().nullable(),
  title: z.string(),
  typeCode: z.string().nullable(),
  statusCode: z.string().nullable(),
  start: z.string(),
  finish: z.string(),
  allDay: z.boolean(),
  userId: z.number().nullable(),
  locationId: z.number().nullable(),
  movable: z.boolean(),
  version: z.number(),
});
const Entries = z.object({ entries: z.array(Entry), truncated: z.boolean() });
const Range = z.object({ from: z.string().max(40), to: z.string().max(40) });
const Rows = z.object({
  users: z.array(z.object({ id: z.number(), name: z.string() })),
  docks: z.array(z.object({ id: z.number(), name: z.string(), receipt: z.boolean(), release: z.boolean() })),
});
const FeedState = z.object({
  active: z.boolean(),
  createdAt: z.string().nullable(),
  lastReadAt: z.string().nullable(),
  url: z.string().optional(),
});

export function calendarRoutes(app: Hono<Env>, platform: Services): void {
  const tag = "Calendar";
  mount(app, platform, {
    method: "get",
    path: "/Calendar/entries",
    summary: "What the calendar shows from `from` to `to` (instants, at most 62 days apart): documents' " +
      "planned dates and deadlines, orders' planned dates, deadlines, pack-by and unpack-by dates, and " +
      "events of its own; each with its row (user or dock) and whether a drag may move it",
    tag,
    access: "staff",
    query: Range,
    response: Entries,
  }, async (c, { query }) => await entriesIn(c.get("ctx").conn.db, parseRange(query.from, query.to)));

  mount(app, platform, {
    method: "get",
    path: "/Calendar/rows",
    summary: "The resource planner's rows: active staff users and docks (locations of the receipt and " +
      "release zones)",
    tag,
    access: "staff",
    response: Rows,
  }, async (c) => await plannerRows(c.get("ctx").conn.db));

  mount(app, platform, {
    method: "post",
    path: "/Calendar/reschedule",
    summary: "Move an entry to a new time (and, dropped on another row, to that user or dock), with the " +
      "version check: 409 record.changedByAnotherUser for a stale drag; a confirmed document cannot move",
    tag,
    access: "staff",
    body: RescheduleBody,
  }, async (c, { body }) => await reschedule(c.get("ctx"), body));

  mount(app, platform, {
    method: "get",
    path: "/Calendar/feed",
    summary: "Whether your ICS feed exists, since when, and when a calendar program last read it",
    tag,
    access: "staff",
    response: FeedState,
  }, async (c) => await feedState(c.get("ctx")));

  mount(app, platform, {
    method: "post",
    path: "/Calendar/feed",
    summary: "Make your ICS feed's secret address anew and answer it, this once (the old one stops working)",
    tag,
    access: "staff",
    answersSecret: true,
    response: FeedState,
  }, async (c) => await renewFeed(c.get("ctx"), platform.config.publicUrl));

  mount(app, platform, {
    method: "delete",
    path: "/Calendar/feed",
    summary: "Stop your ICS feed: its address answers 404",
    tag,
    access: "staff",
    status: 204,
  }, async (c) => await dropFeed(c.get("ctx")));

  mount(app, platform, {
    method: "get",
    path: "/Calendar/feed/:secret",
    summary: "The ICS feed (text/calendar) by its secret address, for calendar programs; no token. 404 for " +
      "an unknown or renewed address or a blocked user",
    tag,
    access: "public",
  }, async (_c, { params }) => {
    const ics = await feedIcs(
      platform,
      (params.secret ?? "").replace(/\.ics$/, ""),
      platform.config.publicUrl,
    );
    return new Response(ics, {
      headers: {
        "content-type": "text/calendar; charset=utf-8",
        "cache-control": "private, max-age=300",
      },
    });
  });

  resourceRoutes(app, platform, calendarEvent);
}
