// The containers table, apart from its resource (entity.ts): the ledger's stock lines name a container, and
// the resource's rule reads the stock lines (a container holding stock does not move).
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { storageSpaces } from "../../storage/locations/entity.ts";

export const containerKinds = ["bin", "pallet"] as const;

export const containers = sqliteTable("containers", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  /** From the container numbering schema, unique, never reused. */
  number: text("number").notNull(),
  kind: text("kind", { enum: containerKinds }).notNull(),
  locationId: integer("location_id").notNull().references(() => storageSpaces.id, { onDelete: "restrict" }),
  description: text("description"),
  lockedIn: integer("locked_in", { mode: "boolean" }).notNull().default(false),
  lockedOut: integer("locked_out", { mode: "boolean" }).notNull().default(false),
  createdAt: text("created_at").notNull(),
  updatedAt: text("updated_at").notNull(),
  version: integer("version").notNull().default(1),
}, (t) => [
  uniqueIndex("containers_number").on(t.number),
  index("containers_kind").on(t.kind, t.id),
  index("containers_location").on(t.locationId, t.id),
  index("containers_locked_in").on(t.lockedIn, t.id),
  index("containers_locked_out").on(t.lockedOut, t.id),
  index("containers_created_at").on(t.createdAt, t.id),
  index("containers_updated_at").on(t.updatedAt, t.id),
]);
