// Attachments of records (the spec's fileInfo): one row a file, naming its record by resource and id; the
// bytes lie in file_chunks by a random key, never by the name the user gave (store.ts).
import { blob, index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

export const fileInfos = sqliteTable("file_infos", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  /** The record's resource (`WmsDocument`) and id: whoever may read that record may read its files. */
  refResourceType: text("ref_resource_type").notNull(),
  refResourceId: integer("ref_resource_id").notNull(),
  /** The name as uploaded, for showing and downloading (cleaned of paths and control characters). */
  fileName: text("file_name").notNull(),
  /** What the content is, found from its bytes (not from its name). */
  contentType: text("content_type").notNull(),
  sizeBytes: integer("size_bytes").notNull(),
  sha256: text("sha256").notNull(),
  /** Where the bytes are: random, so no name can reach outside the tenant's folder. */
  storageKey: text("storage_key").notNull(),
  createdAt: text("created_at").notNull(),
  createdByName: text("created_by_name"),
}, (t) => [index("file_infos_ref").on(t.refResourceType, t.refResourceId, t.id)]);

/**
 * An attachment's bytes, in the tenant's own database (decision 0020): so the replica, every backup and a
 * tenant's move carry them with its records. Cut in chunks of CHUNK_BYTES (store.ts) so a 25 MB file is
 * written and read a piece at a time; a trigger of migration 0042 removes them with their file_infos row.
 */
export const fileChunks = sqliteTable("file_chunks", {
  storageKey: text("storage_key").notNull(),
  seq: integer("seq").notNull(),
  bytes: blob("bytes", { mode: "buffer" }).notNull(),
}, (t) => [uniqueIndex("file_chunks_key_seq").on(t.storageKey, t.seq)]);
