// Face sign-in's tables (docs/decisions/0015-face-sign-in.md). A user's face samples: descriptors only
// (match.ts), never a picture; enrolling again replaces them; they go with the user. A basic user's own
// enrolment waits (confirmed_at null) until an administrator confirms it, and only confirmed samples are
// matched. The devices an administrator enrolled for face sign-in (a kiosk's or a terminal's browser): the
// public half of the key the browser keeps, which signs each face sign-in's challenge. The challenges
// already used, until they expire: a signed challenge serves once.
import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { users } from "../users/entity.ts";

export const faceSamples = sqliteTable("face_samples", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  userId: integer("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
  /** 128 float32 values, little-endian, base64 (match.ts encodeDescriptor). */
  descriptor: text("descriptor").notNull(),
  createdAt: text("created_at").notNull(),
  /** When an administrator confirmed (or made) the enrolment; null while it waits. */
  confirmedAt: text("confirmed_at"),
}, (t) => [index("face_samples_user").on(t.userId, t.id)]);

export const faceDevices = sqliteTable("face_devices", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  name: text("name").notNull(),
  /** The public key (JWK: EC P-256, x and y only); its private half never left the device's browser. */
  publicKey: text("public_key").notNull(),
  enrolledByUserId: integer("enrolled_by_user_id").references(() => users.id, { onDelete: "set null" }),
  /** Kept as written then: the administrator may be deleted later. */
  enrolledByName: text("enrolled_by_name").notNull(),
  enrolledAt: text("enrolled_at").notNull(),
  lastUsedAt: text("last_used_at"),
  withdrawnAt: text("withdrawn_at"),
  withdrawnByName: text("withdrawn_by_name"),
});

export const faceChallenges = sqliteTable("face_challenges", {
  /** The challenge's random part. */
  nonce: text("nonce").primaryKey(),
  expiresAt: text("expires_at").notNull(),
}, (t) => [index("face_challenges_expires").on(t.expiresAt)]);
