// The demo tenant's plans (issue 17, issue 31): a floor plan for every zone (drawings made here: walls, doors,
// aisles; zone A's high-bay, B's picking hall, the C cold room, the F freezer, the IN and OUT docks) with the
// zone's racks or docks placed on it and given capacities, so the warehouse map shows every shade of full;
// and the week's dock bookings and shifts on the calendar. Zone A's plan and the week are added once (when
// the tenant has no calendar events yet); the other zones' plans once (when none of those zones has a map:
// a demo made before they existed gets them too), each in one transaction, through the same verbs as the
// API; a refusal leaves none of it and the demo still starts.
import { eq, inArray, sql } from "drizzle-orm";
import type { Platform } from "../server/platform.ts";
import type { Tenant } from "../server/tenancy/registry.ts";
import { parseInput } from "../server/kernel/validation.ts";
import { storageSpaces } from "../server/domain/storage/locations/entity.ts";
import { putMap } from "../server/domain/storage/maps/service.ts";
import { occupancy, savePlacements } from "../server/domain/storage/maps/occupancy.ts";
import { storageSpace } from "../server/domain/storage/locations/entity.ts";
import { calendarEvent } from "../server/domain/calendar/entity.ts";
import { users } from "../server/domain/access/users/entity.ts";
import type { TenantContext } from "../server/kernel/context.ts";
import { storageSpaceMaps } from "../server/domain/storage/maps/table.ts";
import { demoContext } from "./data.ts";

/** A rectangle of a drawing, in its own units (centimetres), y downwards as SVG draws. */
interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** A zone's plan: its drawing, its size, where each of its locations stands (in label order) and how full. */
interface ZonePlan {
  file: string;
  w: number;
  h: number;
  svg: string;
  places: Box[];
  /** Each place's load against the capacity it is given (1.1: over capacity). */
  shares: number[];
}

const rect = (b: Box, fill: string, stroke = "#9aa5b1", width = 6) =>
  `<rect x="${b.x}" y="${b.y}" width="${b.w}" height="${b.h}" fill="${fill}" stroke="${stroke}" stroke-width="${width}"/>`;
const label = (x: number, y: number, text: string, size = 70, extra = "") =>
  `<text x="${x}" y="${y}" font-size="${size}" text-anchor="middle" fill="#334155"${extra}>${text}</text>`;

/** A hall of w × h cm: its floor, its walls (thicker for a cold room) and a gap in them for each door. */
function hall(title: string, w: number, h: number, wall: number, doors: Box[], body: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${h}" width="${Math.round(w / 2.5)}" height="${
    Math.round(h / 2.5)
  }">
  <title>${title}</title>
  <rect x="0" y="0" width="${w}" height="${h}" fill="#ffffff"/>
  <rect x="${wall / 2}" y="${wall / 2}" width="${w - wall}" height="${
    h - wall
  }" fill="none" stroke="#334155" stroke-width="${wall}"/>
  ${doors.map((d) => `<rect x="${d.x}" y="${d.y}" width="${d.w}" height="${d.h}" fill="#ffffff"/>`).join("")}
  ${body}
</svg>`;
}

/** Zone A, the ambient high-bay: 34 m by 26 m, twelve racks in two rows either side of the main aisle. */
function zoneA(): ZonePlan {
  const w = 3400, h = 2600;
  const places = Array.from({ length: 12 }, (_, i) => ({
    x: 300 + (i % 6) * 500,
    y: i < 6 ? 300 : 1500,
    w: 300,
    h: 800,
  }));
  const svg = hall(
    "Zone A, high-bay",
    w,
    h,
    40,
    [{ x: 1500, y: h - 60, w: 400, h: 40 }, {
      x: w - 60,
      y: 1100,
      w: 40,
      h: 400,
    }],
    [
      `<line x1="200" y1="1300" x2="${
        w - 200
      }" y2="1300" stroke="#cbd5e1" stroke-width="20" stroke-dasharray="80 60"/>`,
      ...places.map((b) => rect(b, "#f4f4f4")),
      label(1700, h - 100, "Gate"),
      label(w - 100, 1300, "To docks", 70, ` transform="rotate(-90 ${w - 100} 1300)"`),
    ].join(""),
  );
  return {
    file: "zone-a.svg",
    w,
    h,
    svg,
    places,
    shares: [0.15, 0.35, 0.6, 0.75, 0.9, 0.98, 1.1, 0.45, 0.25, 0.7, 0.85, 0.55],
  };
}

/** Zone B, ambient picking: 28 m by 18 m, eight flow racks in two rows facing the pick aisle, and pack benches. */
function zoneB(): ZonePlan {
  const w = 2800, h = 1800;
  const places = Array.from({ length: 8 }, (_, i) => ({
    x: 250 + (i % 4) * 520,
    y: i < 4 ? 250 : 1050,
    w: 420,
    h: 380,
  }));
  const svg = hall(
    "Zone B, picking",
    w,
    h,
    40,
    [{ x: 0, y: 780, w: 40, h: 240 }],
    [
      `<line x1="200" y1="${h / 2}" x2="2300" y2="${
        h / 2
      }" stroke="#cbd5e1" stroke-width="20" stroke-dasharray="80 60"/>`,
      ...places.map((b) => rect(b, "#f4f4f4")),
      rect({ x: 2400, y: 250, w: 250, h: 1300 }, "#eef2f7", "#9aa5b1", 4),
      label(2525, 900, "Pack benches", 60, ` transform="rotate(-90 2525 900)"`),
      label(140, 760, "From A", 50),
    ].join(""),
  );
  return { file: "zone-b.svg", w, h, svg, places, shares: [0.2, 0.55, 0.85, 0.4, 0.95, 0.65, 0.3, 0.75] };
}

/** Zone C, the cold room at 2–6 °C: 16 m by 12 m, insulated panels, four racks along the long walls. */
function zoneC(): ZonePlan {
  const w = 1600, h = 1200;
  const places = [
    { x: 200, y: 150, w: 550, h: 220 },
    { x: 850, y: 150, w: 550, h: 220 },
    { x: 200, y: 830, w: 550, h: 220 },
    { x: 850, y: 830, w: 550, h: 220 },
  ];
  const svg = hall(
    "Zone C, cold room 2-6 °C",
    w,
    h,
    40,
    [{ x: 0, y: 480, w: 40, h: 240 }],
    [
      `<rect x="60" y="60" width="${w - 120}" height="${
        h - 120
      }" fill="#f0f7ff" stroke="#93c5fd" stroke-width="12"/>`,
      ...places.map((b) => rect(b, "#ffffff")),
      label(260, 615, "Strip curtain", 40),
      label(w / 2 + 150, h / 2 + 30, "2–6 °C", 90),
    ].join(""),
  );
  return { file: "zone-c.svg", w, h, svg, places, shares: [0.3, 0.7, 0.92, 0.5] };
}

/** Zone F, the freezer at −18 °C: 14 m by 10 m, entered through an airlock on its east wall, four racks. */
function zoneF(): ZonePlan {
  const w = 1400, h = 1000;
  const places = [
    { x: 150, y: 120, w: 450, h: 200 },
    { x: 680, y: 120, w: 450, h: 200 },
    { x: 150, y: 680, w: 450, h: 200 },
    { x: 680, y: 680, w: 450, h: 200 },
  ];
  const svg = hall(
    "Zone F, freezer -18 °C",
    w,
    h,
    50,
    [{ x: w - 50, y: 420, w: 50, h: 160 }],
    [
      `<rect x="70" y="70" width="${w - 140}" height="${
        h - 140
      }" fill="#eef6ff" stroke="#60a5fa" stroke-width="12"/>`,
      rect({ x: 1180, y: 380, w: 150, h: 240 }, "#f8fafc", "#64748b", 6),
      label(1255, 510, "Airlock", 36),
      ...places.map((b) => rect(b, "#ffffff")),
      label(640, h / 2 + 30, "−18 °C", 90),
    ].join(""),
  );
  return { file: "zone-f.svg", w, h, svg, places, shares: [0.6, 0.88, 0.35, 0.97] };
}

/** A dock hall: `n` dock doors along the north (receipt) or south (release) wall, staging lanes in front. */
function docks(zone: "IN" | "OUT", n: number): ZonePlan {
  const w = 400 + n * 520, h = 1400;
  const north = zone === "IN";
  const places = Array.from({ length: n }, (_, i) => ({
    x: 260 + i * 520,
    y: north ? 60 : h - 60 - 320,
    w: 400,
    h: 320,
  }));
  const doors = places.map((b) => ({ x: b.x + 40, y: north ? 0 : h - 40, w: 320, h: 40 }));
  const lanes = places.map((b) =>
    `<rect x="${b.x + 60}" y="${north ? 460 : 380}" width="280" height="560" fill="none" stroke="#cbd5e1" ` +
    `stroke-width="10" stroke-dasharray="40 30"/>`
  );
  const svg = hall(
    zone === "IN" ? "Goods receipt docks" : "Goods release docks",
    w,
    h,
    40,
    doors,
    [
      ...lanes,
      ...places.map((b) => rect(b, "#f4f4f4")),
      label(
        w / 2,
        north ? h - 150 : 190,
        zone === "IN" ? "Staging, to zones A–F" : "Marshalling, from B",
        60,
      ),
    ].join(""),
  );
  const shares = Array.from({ length: n }, (_, i) => [0.1, 0.45, 0.8, 0.3, 0.65, 0.95, 0.2, 0.55][i % 8]);
  return { file: `docks-${zone.toLowerCase()}.svg`, w, h, svg, places, shares };
}

/** The zones' plans added once to the demo beside zone A's (whose plan came first, with the calendar). */
const laterPlans: Array<[string, () => ZonePlan]> = [
  ["B", zoneB],
  ["C", zoneC],
  ["F", zoneF],
  ["IN", () => docks("IN", 6)],
  ["OUT", () => docks("OUT", 8)],
];

/**
 * Puts a zone's drawing with its bounds (the drawing's own centimetres), gives each location directly in it
 * a capacity for its share of the weight it carries and places it on the drawing (north up), through the
 * verbs the map's upload and planner use.
 */
async function placeZone(ctx: TenantContext, zoneId: number, plan: ZonePlan): Promise<void> {
  await putMap(ctx, zoneId, { fileName: plan.file, content: plan.svg }, false);
  const z = await storageSpace.get(ctx, zoneId);
  await storageSpace.patch(ctx, zoneId, z.version as number, () => ({
    mapSouthWestX: 0,
    mapSouthWestY: 0,
    mapNorthEastX: plan.w,
    mapNorthEastY: plan.h,
  }));
  // The racks with the weight already on them, as the map's overlay reads it.
  const racks = (await occupancy(ctx, zoneId)).places;
  const placements = [];
  for (const [i, rack] of racks.slice(0, plan.places.length).entries()) {
    const capacityKg = Math.max(500, Math.round(rack.loadKg / plan.shares[i] / 10) * 10);
    const r = await storageSpace.patch(ctx, rack.id, rack.version, () => ({ capacityKg }));
    const b = plan.places[i];
    placements.push({
      id: rack.id,
      version: r.version as number,
      coordinateX: b.x,
      // North up: the drawing's y runs down from its northern edge.
      coordinateY: plan.h - b.y - b.h,
      dimensionX: b.w,
      dimensionY: b.h,
    });
  }
  if (placements.length) await savePlacements(ctx, zoneId, { placements });
}

/** Answers whether the other zones' plans were added now. */
export async function seedDemoZonePlans(platform: Platform, tenant: Tenant): Promise<boolean> {
  try {
    return await platform.pool.use(tenant.dbUrl, (conn) =>
      conn.transaction(async (tx) => {
        const zones = await tx.select({ id: storageSpaces.id, label: storageSpaces.label }).from(
          storageSpaces,
        )
          .where(inArray(storageSpaces.label, laterPlans.map(([l]) => l)));
        if (zones.length !== laterPlans.length) return false;
        const mapped = await tx.select({ id: storageSpaceMaps.locationId }).from(storageSpaceMaps)
          .where(inArray(storageSpaceMaps.locationId, zones.map((z) => z.id)));
        if (mapped.length) return false;
        const ctx = await demoContext(platform, tenant, conn, tx);
        for (const [zoneLabel, plan] of laterPlans) {
          await placeZone(ctx, zones.find((z) => z.label === zoneLabel)!.id, plan());
        }
        return true;
      }));
  } catch (err) {
    console.warn(`demo zone plans not added: ${err instanceof Error ? err.message : err}`);
    return false;
  }
}

const at = (dayOffset: number, hour: number, minute = 0) => {
  const d = new Date();
  d.setUTCHours(hour, minute, 0, 0);
  return new Date(d.getTime() + dayOffset * 86_400_000).toISOString();
};

/** Answers whether the plan was added now. */
export async function seedDemoPlan(platform: Platform, tenant: Tenant): Promise<boolean> {
  try {
    return await platform.pool.use(tenant.dbUrl, (conn) =>
      conn.transaction(async (tx) => {
        const [[n]] = await tx.all<[number]>(sql`SELECT count(*) FROM calendar_events`);
        if (Number(n) > 0) return false;
        const [zone] = await tx.select().from(storageSpaces).where(eq(storageSpaces.label, "A"));
        if (!zone) return false;
        const ctx = await demoContext(platform, tenant, conn, tx);

        await placeZone(ctx, zone.id, zoneA());

        // The week on the calendar: dock bookings at the receipt and release docks, and the shifts.
        const docks = await tx.select({ id: storageSpaces.id, label: storageSpaces.label }).from(
          storageSpaces,
        )
          .where(sql`${storageSpaces.label} LIKE 'IN-D%' OR ${storageSpaces.label} LIKE 'OUT-D%'`)
          .orderBy(storageSpaces.label);
        const people = await tx.select({ id: users.id }).from(users)
          .where(sql`${users.connectedContractorId} IS NULL`).orderBy(users.id).limit(3);
        const event = (body: Record<string, unknown>) =>
          calendarEvent.add(ctx, parseInput(calendarEvent.entity.create, body));
        const carriers = ["DHL Freight", "Raben", "DB Schenker", "Fercam", "Geodis"];
        for (let d = -1; d <= 5; d++) {
          for (let k = 0; k < 3 && docks.length; k++) {
            const dock = docks[(d + 1 + k * 3) % docks.length];
            const hour = 6 + k * 3 + ((d + 7) % 2);
            await event({
              title: `${carriers[(d + 1 + k) % carriers.length]}: ${
                dock.label.startsWith("IN") ? "delivery" : "pickup"
              }`,
              startDate: at(d, hour),
              finishDate: at(d, hour + 1, 30),
              resourceSubType: "dock",
              locationId: dock.id,
            });
          }
        }
        for (const [i, person] of people.entries()) {
          await event({
            title: i === 0 ? "Stocktaking, zone C" : "Forklift training",
            startDate: at(1 + i, 13),
            finishDate: at(1 + i, 15),
            resourceSubType: "user",
            userId: person.id,
          });
        }
        return true;
      }));
  } catch (err) {
    console.warn(`demo plan not added: ${err instanceof Error ? err.message : err}`);
    return false;
  }
}
