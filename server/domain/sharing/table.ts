// Shared access (docs/decisions/0010-shared-access-keys.md): a pre-signed key a contractor (or its web shop,
// or its own system) uses without signing in, for its total stock, its detailed inventory, or read-only API
// calls. Only hashes of its secrets are stored here; the control database maps each hash to the tenant.
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { companies } from "../parties/companies/entity.ts";
import { persons } from "../parties/persons/entity.ts";

export const sharedAccessContentTypes = ["wmsstock", "wmsinventory", "api", "urlLink"] as const;
/** The durations an access may have (minutes); null: no limit. */
export const sharedAccessDurations = [30, 60, 1440, 10080] as const;

export const sharedAccesses = sqliteTable("shared_accesses", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  contentType: text("content_type", { enum: sharedAccessContentTypes }).notNull(),
  contractorId: integer("contractor_id").notNull().references(() => companies.id, { onDelete: "restrict" }),
  personId: integer("person_id").references(() => persons.id, { onDelete: "set null" }),
  /** Minutes from its making; null: no limit. */
  durationMin: integer("duration_min"),
  singleUse: integer("single_use", { mode: "boolean" }).notNull().default(false),
  /** JSON array of origins (scheme://host[:port]) allowed to embed its widgets and read its data. */
  allowedOrigins: text("allowed_origins").notNull().default("[]"),
  /** SHA-256 (hex) of the token and of the short URL key; the secrets themselves are never stored. */
  tokenHash: text("token_hash").notNull(),
  shortKeyHash: text("short_key_hash").notNull(),
  expiresAt: text("expires_at"),
  /** A single-use access's one redemption. */
  usedAt: text("used_at"),
  createdAt: text("created_at").notNull(),
  createdByUserId: integer("created_by_user_id"),
  createdByName: text("created_by_name"),
  lastActivationAt: text("last_activation_at"),
  lastActivationIp: text("last_activation_ip"),
  withdrawnAt: text("withdrawn_at"),
  withdrawnByName: text("withdrawn_by_name"),
  updatedAt: text("updated_at").notNull(),
  version: integer("version").notNull().default(1),
}, (t) => [
  uniqueIndex("shared_accesses_token_hash").on(t.tokenHash),
  uniqueIndex("shared_accesses_short_key_hash").on(t.shortKeyHash),
  index("shared_accesses_contractor").on(t.contractorId, t.id),
  index("shared_accesses_person").on(t.personId),
  index("shared_accesses_created_at").on(t.createdAt, t.id),
  index("shared_accesses_content_type").on(t.contentType, t.id),
  index("shared_accesses_updated_at").on(t.updatedAt, t.id),
]);

/** Every call made with an API key (an `api` access): when, what, from where, and what it answered. */
export const sharedAccessUses = sqliteTable("shared_access_uses", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  accessId: integer("access_id").notNull().references(() => sharedAccesses.id, { onDelete: "cascade" }),
  at: text("at").notNull(),
  method: text("method").notNull(),
  path: text("path").notNull(),
  ip: text("ip"),
}, (t) => [index("shared_access_uses_access").on(t.accessId, t.id)]);
