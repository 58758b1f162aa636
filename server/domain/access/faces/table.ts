// A user's face samples for face sign-in: descriptors only (match.ts), never a picture. Enrolling again
// replaces them; they go with the user.
import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { users } from "../users/entity.ts";

export const faceSamples = sqliteTable("face_samples", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  userId: integer("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
  /** 128 float32 values, little-endian, base64 (match.ts encodeDescriptor). */
  descriptor: text("descriptor").notNull(),
  createdAt: text("created_at").notNull(),
}, (t) => [index("face_samples_user").on(t.userId, t.id)]);
