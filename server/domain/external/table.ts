// Credentials for external services (docs/decisions/0014-external-services.md): an online shop (WooCommerce's
// REST API) whose products are imported and linked to ours and whose stock we keep, and a delivery carrier
// (ShipEngine's API) that makes a shipment's label and tracking number. The secret is sealed with the
// platform's key, bound to the tenant (kernel/crypto.ts); a shop is connected by WooCommerce's own key
// exchange (an activation code names the exchange until the keys arrive), or by keys typed in.
import { index, integer, real, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { products } from "../assortment/products/entity.ts";

export const serviceTypes = ["onlineShop", "delivery"] as const;
export type ServiceType = (typeof serviceTypes)[number];
/** The protocols spoken: each service type's one. */
export const serviceCodeNames = ["woocommerce", "shipengine"] as const;
export type ServiceCodeName = (typeof serviceCodeNames)[number];
export const serviceOf: Record<ServiceCodeName, ServiceType> = {
  woocommerce: "onlineShop",
  shipengine: "delivery",
};

export const jobStatuses = ["idle", "running", "done", "failed"] as const;
export const jobKinds = ["import", "push"] as const;

export const externalCredentials = sqliteTable("external_credentials", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  serviceType: text("service_type", { enum: serviceTypes }).notNull(),
  serviceCodeName: text("service_code_name", { enum: serviceCodeNames }).notNull(),
  /** The shop's address (https://shop.example.com) or the carrier API's base. */
  baseUrl: text("base_url").notNull(),
  /** The shop's consumer key (ck_...), or the carrier account's name. */
  username: text("username"),
  /** The consumer secret or API key, sealed (AES-256-GCM, bound to the tenant and the column). */
  secret: text("secret"),
  description: text("description"),
  /** The service answered the credentials (the last call that said either way). */
  valid: integer("valid", { mode: "boolean" }).notNull().default(false),
  /** After this instant the credentials are no longer used (null: they do not expire). */
  refreshTokenValidUntil: text("refresh_token_valid_until"),
  /** A pending key exchange: its code's hash, when it ends, and whether the shop has sent the keys. */
  activationCodeHash: text("activation_code_hash"),
  activationExpiresAt: text("activation_expires_at"),
  activatedAt: text("activated_at"),
  lastCheckedAt: text("last_checked_at"),
  /** The error code of the last failed call (external.refreshTokenInvalid, external.serviceFailed). */
  lastError: text("last_error"),
  /** The last import or stock push: kind, status, progress, error code, when. */
  jobKind: text("job_kind", { enum: jobKinds }),
  jobStatus: text("job_status", { enum: jobStatuses }).notNull().default("idle"),
  jobProcessed: integer("job_processed").notNull().default(0),
  jobTotal: integer("job_total"),
  jobError: text("job_error"),
  jobStartedAt: text("job_started_at"),
  jobFinishedAt: text("job_finished_at"),
  /** The last time a running job moved: one that has not for a while was cut short by a restart. */
  jobBeatAt: text("job_beat_at"),
  createdAt: text("created_at").notNull(),
  createdByName: text("created_by_name"),
  updatedAt: text("updated_at").notNull(),
  version: integer("version").notNull().default(1),
}, (t) => [
  index("external_credentials_service_type").on(t.serviceType, t.id),
  index("external_credentials_code_name").on(t.serviceCodeName, t.id),
  index("external_credentials_username").on(t.username, t.id),
  index("external_credentials_created_at").on(t.createdAt, t.id),
  index("external_credentials_updated_at").on(t.updatedAt, t.id),
  uniqueIndex("external_credentials_activation").on(t.activationCodeHash),
]);

/** A shop's product as imported, and the product of ours it is linked to (by EAN, or by hand). */
export const productExternals = sqliteTable("product_externals", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  credentialsId: integer("credentials_id").notNull().references(() => externalCredentials.id, {
    onDelete: "cascade",
  }),
  /** The shop's id of the product. */
  externalId: text("external_id").notNull(),
  name: text("name").notNull(),
  sku: text("sku"),
  ean: text("ean"),
  description: text("description"),
  imageUrl: text("image_url"),
  serviceCodeName: text("service_code_name").notNull(),
  username: text("username"),
  /** The shop's own stock figure when imported (null: the shop does not manage its stock). */
  shopStock: real("shop_stock"),
  productId: integer("product_id").references(() => products.id, { onDelete: "set null" }),
  linkedBy: text("linked_by", { enum: ["ean", "hand"] }),
  importedAt: text("imported_at").notNull(),
  pushedStock: real("pushed_stock"),
  pushedAt: text("pushed_at"),
  createdAt: text("created_at").notNull(),
  updatedAt: text("updated_at").notNull(),
  version: integer("version").notNull().default(1),
}, (t) => [
  uniqueIndex("product_externals_external").on(t.credentialsId, t.externalId),
  index("product_externals_name").on(t.name, t.id),
  index("product_externals_sku").on(t.sku, t.id),
  index("product_externals_ean").on(t.ean, t.id),
  index("product_externals_product").on(t.productId, t.id),
  index("product_externals_code_name").on(t.serviceCodeName, t.id),
  index("product_externals_imported_at").on(t.importedAt, t.id),
  index("product_externals_created_at").on(t.createdAt, t.id),
  index("product_externals_updated_at").on(t.updatedAt, t.id),
]);
