// Geo locations: named places on the map (a customer's gate, a cross-dock, a parking area for trucks), each
// with its point in degrees, its address as text, and optionally the postal Address and the Company it
// belongs to. Business managers and administrators keep them, all staff read them (as addresses). A place
// outlives the address or company it named: their deletion empties the link.
import { inArray, sql } from "drizzle-orm";
import { index, integer, real, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { z } from "zod";
import { Resource } from "../../../engine/engine.ts";
import { addresses, addressText, LatLng } from "../addresses/entity.ts";
import { companies } from "../companies/entity.ts";

export const geoLocations = sqliteTable("geo_locations", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  /** Unique without regard to case. */
  name: text("name").notNull(),
  lat: real("lat").notNull(),
  lng: real("lng").notNull(),
  /** The address as text, for a place without a postal address of its own (a yard, a gate). */
  address: text("address"),
  addressId: integer("address_id").references(() => addresses.id, { onDelete: "set null" }),
  companyId: integer("company_id").references(() => companies.id, { onDelete: "set null" }),
  description: text("description"),
  createdAt: text("created_at").notNull(),
  updatedAt: text("updated_at").notNull(),
  version: integer("version").notNull().default(1),
}, (t) => [
  index("geo_locations_name_nocase").on(sql`${t.name} COLLATE NOCASE`),
  index("geo_locations_name").on(t.name, t.id),
  index("geo_locations_address").on(t.address, t.id),
  index("geo_locations_address_id").on(t.addressId, t.id),
  index("geo_locations_company").on(t.companyId, t.id),
  index("geo_locations_created_at").on(t.createdAt, t.id),
  index("geo_locations_updated_at").on(t.updatedAt, t.id),
]);

const listed = "sort filter search show";

export const geoLocation = new Resource({
  resource: "GeoLocation",
  table: geoLocations,
  title: ["name"],
  sort: "name",
  writers: "manager",
  unique: [{ fields: ["name"], nocase: true }],
  fields: {
    name: { max: 100, list: listed },
    // The point as Address keeps it (its lat/lng pair and the client's map field), required here.
    coordinates: { kind: "latlng", schema: LatLng, output: LatLng, list: "show" },
    address: { max: 300, list: listed },
    addressId: { display: "addressText", titles: ["text", "city"], list: "filter show" },
    companyId: { display: "companyName", list: "filter show" },
    description: { kind: "textarea", max: 2000, list: "search" },
    lat: { input: false, output: false, meta: false },
    lng: { input: false, output: false, meta: false },
    createdAt: { list: "sort filter" },
    updatedAt: { list: "sort filter" },
  },
  toRecord: (row, record) => ({ ...record, coordinates: { lat: row.lat, lng: row.lng } }),
  toRow: (input, row) => {
    const at = input.coordinates as z.output<typeof LatLng>;
    return { ...row, lat: at.lat, lng: at.lng };
  },
  readExtra: async (db, rows) => {
    const ids = [...new Set(rows.map((r) => r.addressId).filter((v): v is number => v !== null))];
    const places = ids.length ? await db.select().from(addresses).where(inArray(addresses.id, ids)) : [];
    const text = new Map(places.map((a) => [a.id, addressText(a)]));
    return new Map(rows.map((r) => [r.id, {
      addressText: r.addressId === null ? null : text.get(r.addressId) ?? null,
    }]));
  },
});

export const geoLocationMeta = geoLocation.meta;
