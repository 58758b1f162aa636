// A user's second factors (decision 0017): passkeys (WebAuthn credentials: the public key and its signature
// counter, never a private key), one authenticator app (TOTP, RFC 6238: its secret sealed with the
// platform's key, and the last time step used, so that no code passes twice) and recovery codes (scrypt
// hashes, each used once). They go with the user.
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { users } from "../users/entity.ts";

export const userPasskeys = sqliteTable("user_passkeys", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  userId: integer("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
  /** The name the user gave it ("Work laptop"). */
  name: text("name").notNull(),
  /** The credential's id, base64url: what the browser names when it signs. */
  credentialId: text("credential_id").notNull(),
  /** The COSE public key, base64url. */
  publicKey: text("public_key").notNull(),
  /** The authenticator's signature counter as last seen (0 for authenticators that keep none). */
  counter: integer("counter").notNull().default(0),
  /** JSON array of the transports the browser reported (internal, usb, nfc, ble, hybrid). */
  transports: text("transports").notNull().default("[]"),
  /** singleDevice or multiDevice (a synced passkey). */
  deviceType: text("device_type").notNull(),
  backedUp: integer("backed_up", { mode: "boolean" }).notNull().default(false),
  createdAt: text("created_at").notNull(),
  lastUsedAt: text("last_used_at"),
}, (t) => [
  uniqueIndex("user_passkeys_credential").on(t.credentialId),
  index("user_passkeys_user").on(t.userId, t.id),
]);

export const userTotp = sqliteTable("user_totp", {
  userId: integer("user_id").primaryKey().references(() => users.id, { onDelete: "cascade" }),
  /** The confirmed secret, sealed naming its key (auth/keys.ts); null until a first code confirmed one. */
  secret: text("secret"),
  confirmedAt: text("confirmed_at"),
  /** The time step (Unix time ÷ 30 s) of the last code accepted: a code of it or before never passes again. */
  lastStep: integer("last_step"),
  /** A secret being set up, sealed: it replaces `secret` when a code of it is confirmed. */
  pendingSecret: text("pending_secret"),
  pendingSince: text("pending_since"),
});

export const userRecoveryCodes = sqliteTable("user_recovery_codes", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  userId: integer("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
  /** scrypt hash (kernel/password.ts) of the code as typed without separators, lower case. */
  codeHash: text("code_hash").notNull(),
  createdAt: text("created_at").notNull(),
  usedAt: text("used_at"),
}, (t) => [index("user_recovery_codes_user").on(t.userId, t.usedAt)]);
