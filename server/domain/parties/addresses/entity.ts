// Postal addresses (of companies). Business managers and administrators keep them, all staff read them; an
// address a company uses cannot be deleted. A point on the map is kept as lat/lng, both set or both null.
import { index, integer, real, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { z } from "zod";
import { Resource } from "../../../engine/engine.ts";

export const addresses = sqliteTable("addresses", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  street: text("street"),
  number: text("number"),
  city: text("city").notNull(),
  /** Saved in capitals. */
  postalCode: text("postal_code"),
  province: text("province"),
  /** Saved in capitals. */
  country: text("country"),
  comment: text("comment"),
  lat: real("lat"),
  lng: real("lng"),
  createdAt: text("created_at").notNull(),
  updatedAt: text("updated_at").notNull(),
  version: integer("version").notNull().default(1),
}, (t) => [
  index("addresses_street").on(t.street, t.id),
  index("addresses_city").on(t.city, t.id),
  index("addresses_postal_code").on(t.postalCode, t.id),
  index("addresses_province").on(t.province, t.id),
  index("addresses_country").on(t.country, t.id),
  index("addresses_created_at").on(t.createdAt, t.id),
  index("addresses_updated_at").on(t.updatedAt, t.id),
]);

type AddressRow = typeof addresses.$inferSelect;

/** An address on one line, as lists of other records show it: "Long 5, 00-950 WARSAW, PL". */
export function addressText(a: AddressRow): string {
  const street = [a.street, a.number].filter(Boolean).join(" ");
  const city = [a.postalCode, a.city].filter(Boolean).join(" ");
  return [street, city, a.country].filter(Boolean).join(", ");
}

/** A point on the map in degrees, or null. */
export const LatLng = z.object({ lat: z.number().min(-90).max(90), lng: z.number().min(-180).max(180) });

const listed = "sort filter search show";

export const address = new Resource({
  resource: "Address",
  table: addresses,
  title: ["city", "street"],
  sort: "city",
  writers: "manager",
  fields: {
    street: { max: 200, list: listed },
    number: { max: 50, list: "show" },
    city: { max: 100, list: listed },
    postalCode: { max: 20, upper: true, list: listed },
    province: { max: 100, list: listed },
    country: { max: 100, upper: true, list: listed },
    comment: { kind: "textarea", max: 2000, list: "search" },
    coordinates: {
      kind: "latlng",
      schema: LatLng.nullish().transform((v) => v ?? null),
      output: z.object({ lat: z.number(), lng: z.number() }).nullable(),
    },
    /** The address on one line ("Prosta 20, 00-850 Warsaw, PL"), as a company's addressText shows it. */
    text: { output: z.string(), input: false, meta: false },
    lat: { input: false, output: false, meta: false },
    lng: { input: false, output: false, meta: false },
  },
  toRecord: (row, record) => ({
    ...record,
    coordinates: row.lat === null || row.lng === null ? null : { lat: row.lat, lng: row.lng },
    text: addressText(row as AddressRow),
  }),
  toRow: (input, row) => {
    const at = input.coordinates as z.output<typeof LatLng> | null;
    return { ...row, lat: at?.lat ?? null, lng: at?.lng ?? null };
  },
});

export const addressMeta = address.meta;
