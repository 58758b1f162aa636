import { index, integer, real, sqliteTable, text } from "drizzle-orm/sqlite-core";

/** Postal addresses (of companies); a point on the map is kept as lat/lng, both set or both null. */
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
