import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { companies } from "../../parties/companies/table.ts";

export const users = sqliteTable("users", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  username: text("username").notNull(),
  visibleName: text("visible_name"),
  /** Stored lower-cased: e-mail is unique within a tenant. */
  email: text("email").notNull(),
  phoneNumber: text("phone_number"),
  passwordHash: text("password_hash").notNull(),
  defaultLanguage: text("default_language"),
  description: text("description"),
  blocked: integer("blocked", { mode: "boolean" }).notNull().default(false),
  active: integer("active", { mode: "boolean" }).notNull().default(true),
  isSuperUser: integer("is_super_user", { mode: "boolean" }).notNull().default(false),
  isPowerUser: integer("is_power_user", { mode: "boolean" }).notNull().default(false),
  logisticsEnabled: integer("logistics_enabled", { mode: "boolean" }).notNull().default(false),
  terminalEnabled: integer("terminal_enabled", { mode: "boolean" }).notNull().default(false),
  shippingEnabled: integer("shipping_enabled", { mode: "boolean" }).notNull().default(false),
  transportEnabled: integer("transport_enabled", { mode: "boolean" }).notNull().default(false),
  contractorPortalEnabled: integer("contractor_portal_enabled", { mode: "boolean" }).notNull().default(false),
  /** The contractor company a contractor user belongs to: such a user sees only that contractor's data. */
  connectedContractorId: integer("connected_contractor_id").references(() => companies.id, {
    onDelete: "restrict",
  }),
  /** Per-user interface settings changed with `changeuserconfig` (JSON object). */
  settings: text("settings").notNull().default("{}"),
  createdAt: text("created_at").notNull(),
  updatedAt: text("updated_at").notNull(),
  lastLoginDate: text("last_login_date"),
  version: integer("version").notNull().default(1),
}, (t) => [
  uniqueIndex("users_username_unique").on(t.username),
  uniqueIndex("users_email_unique").on(t.email),
  index("users_visible_name").on(t.visibleName, t.id),
  index("users_created_at").on(t.createdAt, t.id),
  index("users_connected_contractor").on(t.connectedContractorId),
]);
