// Each user's ICS feed: a secret address calendar programs subscribe to (decision 0012). The secret names
// its tenant in front (`<tenant id>-<256 random bits>`) so that a request without a token finds its
// tenant; only its hash is kept, in the tenant's database; renewing it replaces the hash, so the old address
// answers 404 at once, as does the address of a blocked or deactivated user.
import { and, eq, isNull } from "drizzle-orm";
import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import ical, { ICalCalendarMethod } from "ical-generator";
import type { Connection } from "../../db/connection.ts";
import type { TenantContext } from "../../kernel/context.ts";
import { randomToken } from "../../kernel/crypto.ts";
import { notFound } from "../../kernel/errors.ts";
import { isLanguage, type Language, translate } from "../../../shared/i18n/api/mod.ts";
import { nowIso } from "../../kernel/time.ts";
import { tenantOp } from "../../cluster/placement.ts";
import type { Services } from "../../kernel/services.ts";
import { users } from "../access/users/entity.ts";
import { keyHash } from "../sharing/keys.ts";
import { entriesIn, type Entry } from "./entries.ts";
import { MAX_RANGE_MS } from "./time.ts";

export const calendarFeeds = sqliteTable("calendar_feeds", {
  /** One feed a user; a deleted user's feed goes with them. */
  userId: integer("user_id").primaryKey().references(() => users.id, { onDelete: "cascade" }),
  secretHash: text("secret_hash").notNull(),
  createdAt: text("created_at").notNull(),
  /** When a calendar program last read it. */
  lastReadAt: text("last_read_at"),
}, (t) => [index("calendar_feeds_secret").on(t.secretHash)]);

/** What the feed holds: two weeks back and two months ahead (a calendar program reads it every few hours). */
const FEED_BACK_MS = 14 * 86_400_000;
const FEED_AHEAD_MS = 62 * 86_400_000;

/** The feed's state for its user (the address itself is shown only when it is made). */
export async function feedState(ctx: TenantContext) {
  const [row] = await ctx.conn.db.select().from(calendarFeeds).where(
    eq(calendarFeeds.userId, ctx.actor.userId),
  );
  return { active: !!row, createdAt: row?.createdAt ?? null, lastReadAt: row?.lastReadAt ?? null };
}

/** Makes the user's feed address anew (the old one stops working) and answers it, this once. */
export async function renewFeed(ctx: TenantContext, origin: string) {
  const secret = `${ctx.tenant.id}-${randomToken(32)}`;
  const createdAt = nowIso();
  await ctx.conn.db.insert(calendarFeeds).values({
    userId: ctx.actor.userId,
    secretHash: keyHash(secret),
    createdAt,
  }).onConflictDoUpdate({
    target: calendarFeeds.userId,
    set: { secretHash: keyHash(secret), createdAt, lastReadAt: null },
  });
  return { active: true, createdAt, lastReadAt: null, url: `${origin}/api/Calendar/feed/${secret}.ics` };
}

/** Stops the user's feed: its address answers 404. */
export async function dropFeed(ctx: TenantContext): Promise<void> {
  await ctx.conn.db.delete(calendarFeeds).where(eq(calendarFeeds.userId, ctx.actor.userId));
}

const readFeed = tenantOp("calendar.feed", async (conn: Connection, args: { hash: string; now: number }) => {
  const [row] = await conn.db.select({
    userId: calendarFeeds.userId,
    lang: users.defaultLanguage,
  }).from(calendarFeeds).innerJoin(users, eq(users.id, calendarFeeds.userId)).where(and(
    eq(calendarFeeds.secretHash, args.hash),
    eq(users.active, true),
    eq(users.blocked, false),
    // Staff only: a user since tied to a contractor reads no more of everyone's plans.
    isNull(users.connectedContractorId),
  ));
  if (!row) throw notFound();
  // The API's widest range a query: the feed's span read in such steps; an entry met in two (an event across
  // the step, a day at its edge) is one event of the feed (a UID is unique in it).
  const entries = new Map<string, Entry>();
  for (let from = args.now - FEED_BACK_MS; from < args.now + FEED_AHEAD_MS; from += MAX_RANGE_MS) {
    const to = Math.min(from + MAX_RANGE_MS, args.now + FEED_AHEAD_MS);
    for (const e of (await entriesIn(conn.db, { from, to })).entries) entries.set(e.key, e);
  }
  await conn.db.update(calendarFeeds).set({ lastReadAt: new Date(args.now).toISOString() })
    .where(eq(calendarFeeds.userId, row.userId));
  return { entries: [...entries.values()], lang: isLanguage(row.lang) ? row.lang : "en-us" as Language };
});

/** GET Calendar/feed/{secret}.ics: the calendar as iCalendar text; 404 for an unknown or renewed secret. */
export async function feedIcs(
  platform: Pick<Services, "placement" | "registry">,
  secret: string,
  origin: string,
): Promise<string> {
  const m = /^(\d{1,9})-[A-Za-z0-9_-]{43}$/.exec(secret);
  if (!m) throw notFound();
  const tenant = await platform.registry.byId(Number(m[1]));
  if (!tenant || tenant.status !== "active") throw notFound();
  const { entries, lang } = await readFeed(platform, tenant, { hash: keyHash(secret), now: Date.now() });
  return renderIcs(entries, lang, origin, tenant.companyName);
}

const fieldLabel = {
  plannedDate: "calendar.entry.plannedDate",
  deadline: "calendar.entry.deadline",
  packBy: "calendar.entry.packBy",
  unpackBy: "calendar.entry.unpackBy",
  pickupTime: "calendar.entry.pickupTime",
  deliveryTime: "calendar.entry.deliveryTime",
} as const;

/** iCalendar text of the entries (ical-generator): one VEVENT each, UID stable across reads. */
export function renderIcs(entries: Entry[], lang: Language, origin: string, tenantName: string): string {
  const host = new URL(origin).host;
  const cal = ical({
    name: translate(lang, "calendar.feed.name", { name: tenantName }),
    prodId: { company: "wms", product: "calendar", language: lang.slice(0, 2).toUpperCase() },
    method: ICalCalendarMethod.PUBLISH,
    ttl: 15 * 60,
  });
  for (const e of entries) {
    const label = e.field ? translate(lang, fieldLabel[e.field as keyof typeof fieldLabel]) : null;
    const path = e.kind === "document"
      ? `/warehouse-documents/${e.id}`
      : e.kind === "order"
      ? `/warehouse-orders/${e.id}`
      : e.kind === "shipment"
      ? `/direct-transport-offer/${e.id}`
      : `/warehouse-calendar-day`;
    cal.createEvent({
      id: `${e.key.replaceAll(":", "-")}@${host}`,
      start: new Date(e.start),
      end: new Date(e.finish),
      allDay: e.allDay,
      summary: label ? `${label}: ${e.title}` : e.title,
      url: `${origin}${path}`,
      sequence: e.version,
    });
  }
  return cal.toString();
}
