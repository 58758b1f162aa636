// The demo tenant's plan (issue 17): zone A's floor plan (a drawing made here: walls, doors, aisles) with its
// twelve racks placed on it and given capacities, so the warehouse map shows every shade of full; and the
// week's dock bookings and shifts on the calendar. Added once (when the tenant has no calendar events yet),
// in one transaction, through the same verbs as the API; a refusal leaves none of it and the demo still starts.
import { eq, sql } from "drizzle-orm";
import type { Platform } from "../server/platform.ts";
import type { Tenant } from "./registry.ts";
import { parseInput } from "../server/kernel/validation.ts";
import { storageSpaces } from "../server/domain/infrastructure/locations/entity.ts";
import { putMap } from "../server/domain/infrastructure/maps/service.ts";
import { occupancy, savePlacements } from "../server/domain/infrastructure/maps/occupancy.ts";
import { storageSpace } from "../server/domain/infrastructure/locations/entity.ts";
import { calendarEvent } from "../server/domain/calendar/entity.ts";
import { users } from "../server/domain/access/users/entity.ts";
import { demoContext } from "./demo_data.ts";

/** Zone A's hall, 34 m by 26 m: the drawing's units are centimetres, north up. */
const HALL = { w: 3400, h: 2600 };

function hallDrawing(): string {
  const racks = Array.from({ length: 12 }, (_, i) => {
    const x = 300 + (i % 6) * 500;
    const y = i < 6 ? 300 : 1500;
    return `<rect x="${x}" y="${y}" width="300" height="800" fill="#f4f4f4" stroke="#9aa5b1" stroke-width="6"/>`;
  }).join("");
  return `<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${HALL.w} ${HALL.h}" width="1360" height="1040">
  <title>Zone A, high-bay</title>
  <rect x="0" y="0" width="${HALL.w}" height="${HALL.h}" fill="#ffffff"/>
  <rect x="40" y="40" width="${HALL.w - 80}" height="${
    HALL.h - 80
  }" fill="none" stroke="#334155" stroke-width="40"/>
  <rect x="1500" y="${HALL.h - 60}" width="400" height="40" fill="#ffffff"/>
  <rect x="${HALL.w - 60}" y="1100" width="40" height="400" fill="#ffffff"/>
  <line x1="200" y1="1300" x2="${
    HALL.w - 200
  }" y2="1300" stroke="#cbd5e1" stroke-width="20" stroke-dasharray="80 60"/>
  ${racks}
  <text x="1700" y="${HALL.h - 100}" font-size="70" text-anchor="middle" fill="#334155">Gate</text>
  <text x="${
    HALL.w - 100
  }" y="1300" font-size="70" text-anchor="middle" fill="#334155" transform="rotate(-90 ${
    HALL.w - 100
  } 1300)">To docks</text>
</svg>`;
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

        // The hall's drawing and its bounds (the drawing's own centimetres).
        await putMap(ctx, zone.id, { fileName: "zone-a.svg", content: hallDrawing() }, false);
        const z = await storageSpace.get(ctx, zone.id);
        await storageSpace.patch(ctx, zone.id, z.version as number, () => ({
          mapSouthWestX: 0,
          mapSouthWestY: 0,
          mapNorthEastX: HALL.w,
          mapNorthEastY: HALL.h,
        }));
        // The racks: each given a capacity so that the map shows every shade, and placed on the drawing.
        // The racks with the weight already on them, as the map's overlay reads it.
        const racks = (await occupancy(ctx, zone.id)).places;
        const loadKg = new Map(racks.map((r) => [r.id, r.loadKg]));
        const shares = [0.15, 0.35, 0.6, 0.75, 0.9, 0.98, 1.1, 0.45, 0.25, 0.7, 0.85, 0.55];
        const placements = [];
        for (const [i, rack] of racks.slice(0, 12).entries()) {
          const kg = loadKg.get(rack.id) ?? 0;
          const capacityKg = Math.max(500, Math.round(kg / shares[i] / 10) * 10);
          const r = await storageSpace.patch(ctx, rack.id, rack.version, () => ({ capacityKg }));
          placements.push({
            id: rack.id,
            version: r.version as number,
            coordinateX: 300 + (i % 6) * 500,
            // North up: the drawing's top row is the northern one.
            coordinateY: i < 6 ? HALL.h - 300 - 800 : HALL.h - 1500 - 800,
            dimensionX: 300,
            dimensionY: 800,
          });
        }
        if (placements.length) await savePlacements(ctx, zone.id, { placements });

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
