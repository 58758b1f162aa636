// What the calendar shows in a range: documents (planned date, deadline), orders (planned date, deadline,
// pack-by, unpack-by), freight tickets (pickup and delivery; not yet archived) and events of its own, each an entry with its start, finish, row (a user or a dock)
// and whether a drag may move it. Each date field is read by its own index over text bounds that hold
// every way the date may have been written; the exact range test is done on the read values.
import { and, eq, gt, gte, lt, or, sql } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import type { Db } from "../../db/connection.ts";
import { AppError } from "../../kernel/errors.ts";
import { users } from "../access/users/entity.ts";
import { wmsDocumentDefinitions } from "../config/definitions.ts";
import { storageSpaces } from "../storage/locations/entity.ts";
import { wmsOrders } from "../orders/entity.ts";
import { companies } from "../parties/companies/entity.ts";
import { wmsDocuments } from "../stock/documents/table.ts";
import { calendarEvents } from "./entity.ts";
import { shipmentTickets } from "../transport/table.ts";
import type { Entry, EntryKind } from "../../../shared/calendar/entry.ts";
import { DEFAULT_EVENT_MINUTES, MAX_EVENT_MS, MAX_RANGE_MS, readPlanned, textBounds } from "./time.ts";

export const documentDateFields = ["plannedDate", "deadline"] as const;
export const orderDateFields = ["plannedDate", "deadline", "packBy", "unpackBy"] as const;
export const shipmentDateFields = ["pickupTime", "deliveryTime"] as const;
export type { Entry, EntryKind };

/** A document's or order's row as the range reads it. */
interface Row {
  id: number;
  number: string;
  typeCode: string;
  statusCode: string;
  contractor: string | null;
  date: string | null;
  userId: number | null;
  sourceId: number | null;
  destinationId: number | null;
  version: number;
}

/** The most entries one range answers; `truncated` says when there were more. */
export const MAX_ENTRIES = 20_000;
const direction = new Map<string, string>(wmsDocumentDefinitions.map((d) => [d.typeCode, d.direction]));
const openOrder = new Set(["workingCopy", "confirmed"]);

/** Checks the range: both instants, from before to, at most MAX_RANGE_MS apart (400 request.badQuery). */
export function parseRange(from: string, to: string): { from: number; to: number } {
  const f = Date.parse(from), t = Date.parse(to);
  if (Number.isNaN(f) || Number.isNaN(t) || t <= f || t - f > MAX_RANGE_MS) {
    throw new AppError("request.badQuery");
  }
  return { from: f, to: t };
}

/** Places a stored date: null when it is outside [from, to). */
function place(v: string | null, from: number, to: number) {
  const p = readPlanned(v);
  if (!p) return null;
  if ("day" in p) {
    const start = Date.parse(`${p.day}T00:00:00Z`);
    // A day is shown wherever the user is: kept when any part of it in any time zone meets the range.
    if (start + 38 * 3600_000 <= from || start - 14 * 3600_000 >= to) return null;
    return {
      start: new Date(start).toISOString(),
      finish: new Date(start + 86_400_000).toISOString(),
      allDay: true,
    };
  }
  if (p.at < from || p.at >= to) return null;
  return {
    start: new Date(p.at).toISOString(),
    finish: new Date(p.at + DEFAULT_EVENT_MINUTES * 60_000).toISOString(),
    allDay: false,
  };
}

function inBounds(col: SQLiteColumn, from: number, to: number) {
  const b = textBounds(from, to);
  return and(gte(col, b.low), lt(col, b.high));
}

/** The docks: locations of the receipt or release zone. */
export async function dockIds(db: Db): Promise<Set<number>> {
  const rows = await db.select({ id: storageSpaces.id }).from(storageSpaces)
    .where(or(eq(storageSpaces.zoneReceipt, true), eq(storageSpaces.zoneRelease, true)));
  return new Set(rows.map((r) => r.id));
}

export async function entriesIn(
  db: Db,
  range: { from: number; to: number },
): Promise<{ entries: Entry[]; truncated: boolean }> {
  const { from, to } = range;
  const entries: Entry[] = [];
  // Each read stops past MAX_ENTRIES rows: one that did leaves some out, and the answer says so.
  let cut = false;
  const docks = await dockIds(db);

  // Documents and orders: each date field read by its own index, the same way.
  const sources = [
    {
      kind: "document" as const,
      table: wmsDocuments,
      number: wmsDocuments.documentNumber,
      fields: documentDateFields,
      // A receipt's dock is where it arrives, a release's where it leaves.
      dock: (r: Row) => {
        const l = direction.get(r.typeCode) === "out" ? r.sourceId : r.destinationId;
        return l !== null && docks.has(l) ? l : null;
      },
      movable: (status: string) => status === "workingCopy",
    },
    {
      kind: "order" as const,
      table: wmsOrders,
      number: wmsOrders.orderNumber,
      fields: orderDateFields,
      dock: (r: Row) => [r.destinationId, r.sourceId].find((l) => l !== null && docks.has(l)) ?? null,
      movable: (status: string) => openOrder.has(status),
    },
  ];
  for (const src of sources) {
    const t = src.table;
    for (const field of src.fields) {
      const col = (t as typeof wmsOrders)[field as (typeof orderDateFields)[number]];
      const rows: Row[] = await db.select({
        id: t.id,
        number: src.number,
        typeCode: t.typeCode,
        statusCode: t.statusCode,
        contractor: companies.shortName,
        date: col,
        userId: t.assignedUserId,
        sourceId: t.sourceLocationId,
        destinationId: t.destinationLocationId,
        version: t.version,
      }).from(t).leftJoin(companies, eq(companies.id, t.contractorId))
        .where(inBounds(col, from, to)).limit(MAX_ENTRIES + 1);
      cut ||= rows.length > MAX_ENTRIES;
      for (const r of rows) {
        const at = place(r.date, from, to);
        if (!at) continue;
        entries.push({
          key: `${src.kind}:${r.id}:${field}`,
          kind: src.kind,
          id: r.id,
          field,
          title: r.contractor ? `${r.number} · ${r.contractor}` : r.number,
          typeCode: r.typeCode,
          statusCode: r.statusCode,
          ...at,
          userId: r.userId,
          locationId: src.dock(r),
          movable: src.movable(r.statusCode),
          version: r.version,
        });
      }
    }
  }

  // Freight tickets: pickup and delivery, each by its own index; a working copy is planned too.
  for (const field of shipmentDateFields) {
    const col = shipmentTickets[field];
    const rows = await db.select({
      id: shipmentTickets.id,
      number: shipmentTickets.shipmentNumber,
      statusCode: shipmentTickets.statusCode,
      carrier: companies.shortName,
      point: field === "pickupTime" ? shipmentTickets.pickupPoint : shipmentTickets.deliveryPoint,
      date: col,
      version: shipmentTickets.version,
    }).from(shipmentTickets).leftJoin(companies, eq(companies.id, shipmentTickets.carrierId))
      .where(and(inBounds(col, from, to), sql`${shipmentTickets.statusCode} <> 'archived'`))
      .limit(MAX_ENTRIES + 1);
    cut ||= rows.length > MAX_ENTRIES;
    for (const r of rows) {
      const at = place(r.date, from, to);
      if (!at) continue;
      entries.push({
        key: `shipment:${r.id}:${field}`,
        kind: "shipment",
        id: r.id,
        field,
        title: [r.number, r.point, r.carrier].filter(Boolean).join(" · "),
        typeCode: null,
        statusCode: r.statusCode,
        ...at,
        userId: null,
        locationId: null,
        // Moved on the ticket itself: its times are part of what carriers offered on.
        movable: false,
        version: r.version,
      });
    }
  }

  // Events overlapping the range: starting before its end and at most MAX_EVENT_MS before its start.
  const events = await db.select().from(calendarEvents).where(and(
    gte(calendarEvents.startDate, new Date(from - MAX_EVENT_MS).toISOString()),
    lt(calendarEvents.startDate, new Date(to).toISOString()),
    gt(calendarEvents.finishDate, new Date(from).toISOString()),
  )).limit(MAX_ENTRIES + 1);
  cut ||= events.length > MAX_ENTRIES;
  for (const e of events) {
    entries.push({
      key: `event:${e.id}`,
      kind: "event",
      id: e.id,
      field: null,
      title: e.title,
      typeCode: null,
      statusCode: null,
      start: e.startDate,
      finish: e.finishDate,
      allDay: false,
      userId: e.resourceSubType === "user" ? e.userId : null,
      locationId: e.resourceSubType === "dock" ? e.locationId : null,
      movable: true,
      version: e.version,
    });
  }

  entries.sort((a, b) => (a.start < b.start ? -1 : a.start > b.start ? 1 : a.key < b.key ? -1 : 1));
  const truncated = cut || entries.length > MAX_ENTRIES;
  return { entries: truncated ? entries.slice(0, MAX_ENTRIES) : entries, truncated };
}

/** The rows of the resource planner: the tenant's active staff users and the docks. */
export async function plannerRows(db: Db) {
  const people = await db.select({
    id: users.id,
    name: sql<string>`coalesce(nullif(${users.visibleName}, ''), ${users.username})`,
  }).from(users).where(and(
    eq(users.active, true),
    eq(users.blocked, false),
    sql`${users.connectedContractorId} IS NULL`,
  )).orderBy(sql`2`);
  const docks = await db.select({
    id: storageSpaces.id,
    name: storageSpaces.label,
    receipt: storageSpaces.zoneReceipt,
    release: storageSpaces.zoneRelease,
  }).from(storageSpaces).where(or(eq(storageSpaces.zoneReceipt, true), eq(storageSpaces.zoneRelease, true)))
    .orderBy(storageSpaces.label);
  return { users: people, docks };
}
