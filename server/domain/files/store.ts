// Where attachments' bytes lie: in the tenant's own database, table file_chunks, by a random key (base64url,
// made here, so no uploaded name ever becomes part of anything), cut in chunks of CHUNK_BYTES (decision
// 0020): the replica, a backup and a tenant's move carry them with the records that name them. Before
// migration 0042 they lay in DATA_DIR/files/<tenant id>/<2 characters>/<key>; such a file is still read
// from there until `importDiskFiles` (at the tenant's first open, by `deno task tenant files`, before a
// backup or a move) has brought it into the database.
import { createHash } from "node:crypto";
import { readFile, rm } from "node:fs/promises";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { and, eq, sql } from "drizzle-orm";
import { randomToken } from "../../kernel/crypto.ts";
import type { Connection, Db } from "../../db/connection.ts";
import { fileChunks, fileInfos } from "./table.ts";

const KEY = /^[A-Za-z0-9_-]{32}$/;

/** A chunk's size: small enough that a write or a read holds little at once, large enough to be few rows. */
export const CHUNK_BYTES = 256 * 1024;

export function newKey(): string {
  return randomToken(24);
}

/** Where a file lay on disk before migration 0042. */
export function diskPathOf(dataDir: string, tenantId: number, key: string): string {
  if (!KEY.test(key) || !Number.isSafeInteger(tenantId)) throw new Error(`not a storage key: ${key}`);
  return join(dataDir, "files", String(tenantId), key.slice(0, 2), key);
}

function asBytes(value: unknown): Uint8Array {
  if (value instanceof Uint8Array) return value;
  if (value instanceof ArrayBuffer) return new Uint8Array(value);
  throw new Error("a file chunk is not bytes");
}

/** Writes `bytes` under `key` in the caller's transaction (the file_infos row goes in the same one). */
export async function putBytes(tx: Db, key: string, bytes: Uint8Array): Promise<void> {
  if (!KEY.test(key)) throw new Error(`not a storage key: ${key}`);
  let seq = 0;
  for (let at = 0; at < bytes.byteLength || seq === 0; at += CHUNK_BYTES, seq++) {
    const chunk = bytes.subarray(at, Math.min(at + CHUNK_BYTES, bytes.byteLength));
    await tx.insert(fileChunks).values({ storageKey: key, seq, bytes: Buffer.from(chunk) });
  }
}

async function chunk(db: Db, key: string, seq: number): Promise<Uint8Array | undefined> {
  const [row] = await db.select({ bytes: fileChunks.bytes }).from(fileChunks)
    .where(and(eq(fileChunks.storageKey, key), eq(fileChunks.seq, seq)));
  return row ? asBytes(row.bytes) : undefined;
}

/** Where the bytes of a tenant's files are read: its database, and the disk for a file not yet brought in. */
export interface FileSource {
  db: Db;
  dataDir: string;
  tenantId: number;
}

/** A file's bytes as a stream read a chunk at a time (a download holds one chunk, not the whole file). */
export async function streamBytes(src: FileSource, key: string): Promise<ReadableStream<Uint8Array>> {
  const first = await chunk(src.db, key, 0);
  if (!first) {
    const bytes = await readFile(diskPathOf(src.dataDir, src.tenantId, key));
    return new Blob([bytes]).stream();
  }
  let seq = 1;
  let pending: Uint8Array | undefined = first;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next: Uint8Array | undefined = pending ?? await chunk(src.db, key, seq++);
      pending = undefined;
      if (next) controller.enqueue(next);
      else controller.close();
    },
  }, { highWaterMark: 1 });
}

/** A file's whole bytes (an e-mail's attachment, a workbook to convert). */
export async function getBytes(src: FileSource, key: string): Promise<Uint8Array> {
  return new Uint8Array(await new Response(await streamBytes(src, key)).arrayBuffer());
}

/**
 * Removes what is left on disk of files whose rows are gone (after the transaction that removed them
 * commits); their chunks went in that transaction (the trigger of migration 0042).
 */
export async function dropBytes(dataDir: string, tenantId: number, keys: string[]): Promise<void> {
  for (const key of keys) await rm(diskPathOf(dataDir, tenantId, key), { force: true });
}

export interface DiskImport {
  /** Files brought into the database by this call. */
  imported: number;
  /** Files a record names whose bytes are neither in the database nor on disk. */
  missing: string[];
}

/**
 * Brings the files a tenant's records name from DATA_DIR/files into its database, `slice` read at a time
 * and one a transaction, each checked against its sha256; a disk file is removed only once its chunks are committed.
 * Resumable: a file already in the database is skipped, so a run stopped anywhere is simply run again.
 * When nothing is left, the tenant's folder goes.
 */
export async function importDiskFiles(
  conn: Connection,
  dataDir: string,
  tenantId: number,
  slice = 8,
): Promise<DiskImport> {
  const folder = join(dataDir, "files", String(tenantId));
  const result: DiskImport = { imported: 0, missing: [] };
  if (!existsSync(folder)) return result;
  let afterId = 0;
  for (;;) {
    const rows = await conn.db.select({
      id: fileInfos.id,
      key: fileInfos.storageKey,
      sha256: fileInfos.sha256,
    })
      .from(fileInfos)
      .where(and(
        sql`${fileInfos.id} > ${afterId}`,
        sql`NOT EXISTS (SELECT 1 FROM ${fileChunks} WHERE ${fileChunks.storageKey} = ${fileInfos.storageKey})`,
      ))
      .orderBy(fileInfos.id).limit(slice);
    if (!rows.length) break;
    afterId = rows[rows.length - 1].id;
    const found: { key: string; bytes: Uint8Array }[] = [];
    for (const row of rows) {
      const path = diskPathOf(dataDir, tenantId, row.key);
      if (!existsSync(path)) {
        result.missing.push(row.key);
        continue;
      }
      const bytes = new Uint8Array(await readFile(path));
      if (createHash("sha256").update(bytes).digest("hex") !== row.sha256) {
        // Bytes that are not the file's are not brought in as if they were; the file stays where it is.
        result.missing.push(row.key);
        continue;
      }
      found.push({ key: row.key, bytes });
    }
    // One transaction a file: a 25 MB file holds the tenant's write lock for one file's chunks, no longer.
    for (const f of found) {
      await conn.transaction(async (tx) => {
        // A row deleted meanwhile takes no chunks (nothing would remove them).
        const [still] = await tx.select({ id: fileInfos.id }).from(fileInfos)
          .where(eq(fileInfos.storageKey, f.key));
        const [has] = await tx.select({ seq: fileChunks.seq }).from(fileChunks)
          .where(eq(fileChunks.storageKey, f.key)).limit(1);
        if (still && !has) await putBytes(tx, f.key, f.bytes);
      });
      await rm(diskPathOf(dataDir, tenantId, f.key), { force: true });
    }
    result.imported += found.length;
  }
  if (!result.missing.length) await rm(folder, { recursive: true, force: true });
  return result;
}
