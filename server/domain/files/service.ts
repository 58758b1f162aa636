// Attachments (issue 18): a record's files listed, uploaded, downloaded and deleted. Who may read the record
// may read its files, staff who may read it may add and remove them; a record of another tenant or contractor is
// 404, so are its files. A file's type is found from its bytes on the job pool (sniff.ts: file-type; text only
// when it is valid UTF-8 without control bytes); anything else is 415. Files go with their record (the engine's
// remove).
import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { paramId } from "../../kernel/params.ts";
import type { TenantContext } from "../../kernel/context.ts";
import { demand } from "../../kernel/access.ts";
import { AppError, notFound } from "../../kernel/errors.ts";
import { nowIso } from "../../kernel/time.ts";
import { type AnyResource, resourcesByName } from "../../engine/engine.ts";
import { recordChange } from "../../engine/record_change.ts";
import { fileInfos } from "./table.ts";
import { dropBytes, type FileSource, getBytes, newKey, putBytes, streamBytes } from "./store.ts";
import { scanUpload } from "./antivirus.ts";
import { handOver, runJob } from "../../kernel/jobs/contract.ts";
import type { Sniffed } from "./sniff.ts";

/** The largest attachment. */
export const FILE_MAX_BYTES = 25 * 1024 * 1024;

export const FileRef = z.object({
  refResourceType: z.string().min(1).max(64),
  refResourceId: paramId,
});

export const FileInfo = z.object({
  id: z.number(),
  refResourceType: z.string(),
  refResourceId: z.number(),
  fileName: z.string(),
  contentType: z.string(),
  sizeBytes: z.number(),
  createdAt: z.string(),
  createdByName: z.string().nullable(),
  /** An image or a PDF: the client may show it. */
  previewable: z.boolean(),
});

const PREVIEWABLE = new Set(["image/png", "image/jpeg", "image/gif", "image/webp", "application/pdf"]);

/** A name to show: its last path part, without control characters, at most 200 characters; never empty. */
export function cleanName(name: string): string {
  const last = name.split(/[\\/]/).pop() ?? "";
  // Control characters (C0, C1) and the marks that reorder text (a name shown as "invoice\u202Efdp.exe") are
  // taken out.
  // deno-lint-ignore no-control-regex -- control characters are what is taken out
  const clean = last.replace(/[\u0000-\u001f\u007f-\u009f"\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, "")
    .trim().slice(0, 200);
  return clean === "" || clean === "." || clean === ".." ? "file" : clean;
}

/** A text file is handed out as text: its name ends .txt unless it says .txt, .csv or .tsv already. */
function textName(name: string, contentType: string): string {
  return contentType === "text/plain" && !/\.(txt|csv|tsv)$/i.test(name) ? `${name}.txt` : name;
}

/** Bytes whose rows are gone: a failure to remove them is logged, it changes nothing of the answer. */
async function dropQuietly(dataDir: string, tenantId: number, keys: string[]): Promise<void> {
  try {
    await dropBytes(dataDir, tenantId, keys);
  } catch (err) {
    console.error("attachment bytes not removed:", err);
  }
}

/** The record a file belongs to, if the caller may read it (404 otherwise, as for the record itself). */
export async function readableRecord(ctx: TenantContext, type: string, id: number): Promise<AnyResource> {
  const resource = resourcesByName.get(type);
  if (!resource) throw notFound();
  demand(resource.readAccess, ctx.actor);
  await resource.get(ctx, id);
  return resource;
}

/**
 * The record a file is added to or removed from: any staff user who may read it (a photo of a damaged pallet,
 * a delivery note: attachments add to a record, they do not change its data); the routes keep contractors out.
 */
export async function attachableRecord(ctx: TenantContext, type: string, id: number): Promise<AnyResource> {
  if (ctx.actor.contractorId !== null) throw notFound();
  const resource = await readableRecord(ctx, type, id);
  // Logs and other records nobody writes take no files either.
  if (resource.meta.readOnly) throw notFound();
  return resource;
}

function dto(row: typeof fileInfos.$inferSelect) {
  return {
    id: row.id,
    refResourceType: row.refResourceType,
    refResourceId: row.refResourceId,
    fileName: row.fileName,
    contentType: row.contentType,
    sizeBytes: row.sizeBytes,
    createdAt: row.createdAt,
    createdByName: row.createdByName,
    previewable: PREVIEWABLE.has(row.contentType),
  };
}

/** GET File/list: the record's files, oldest first. */
export async function listFiles(ctx: TenantContext, ref: z.output<typeof FileRef>) {
  await readableRecord(ctx, ref.refResourceType, ref.refResourceId);
  const rows = await ctx.conn.db.select().from(fileInfos).where(and(
    eq(fileInfos.refResourceType, ref.refResourceType),
    eq(fileInfos.refResourceId, ref.refResourceId),
  )).orderBy(fileInfos.id);
  return rows.map(dto);
}

/**
 * POST File/upload: one file added to the record, written to the record's history. The bytes are handed to
 * the job pool to be sniffed (the caller no longer reads them).
 */
export async function uploadFile(
  ctx: TenantContext,
  ref: z.output<typeof FileRef>,
  file: { name: string; bytes: Uint8Array },
) {
  const resource = await attachableRecord(ctx, ref.refResourceType, ref.refResourceId);
  if (file.bytes.byteLength === 0) throw new AppError("file.typeNotAllowed");
  // The type and hash are found on the job pool (sniff.ts), the bytes handed there and back.
  const input = handOver(file.bytes);
  const { contentType, sha256, bytes } = await runJob<Sniffed>(
    ctx,
    new URL("./sniff.ts", import.meta.url),
    { bytes: input.bytes },
    {
      transfer: input.transfer,
      refusal: { code: "file.tooLarge", params: { limit: `${FILE_MAX_BYTES / (1024 * 1024)} MB` } },
    },
  );
  if (!contentType) throw new AppError("file.typeNotAllowed");
  await scanUpload(ctx.services, bytes);
  const key = newKey();
  // The bytes in the same transaction as their row (decision 0020): both or neither.
  return await ctx.conn.transaction(async (tx) => {
    await putBytes(tx, key, bytes);
    const [row] = await tx.insert(fileInfos).values({
      refResourceType: ref.refResourceType,
      refResourceId: ref.refResourceId,
      fileName: textName(cleanName(file.name), contentType),
      contentType,
      sizeBytes: bytes.byteLength,
      sha256,
      storageKey: key,
      createdAt: nowIso(),
      createdByName: ctx.actor.username,
    }).returning();
    await recordChange(tx, null, ctx.actor, {
      action: "changed",
      resource: resource.meta.resource,
      id: ref.refResourceId,
      title: `#${ref.refResourceId}`,
      old: {},
      new: { fileAdded: row.fileName, sizeBytes: row.sizeBytes },
    });
    return dto(row);
  });
}

export async function fileRow(ctx: TenantContext, id: number) {
  const [row] = await ctx.conn.db.select().from(fileInfos).where(eq(fileInfos.id, id));
  if (!row) throw notFound();
  return row;
}

/** Where the tenant's file bytes are read. */
export function fileSource(ctx: TenantContext): FileSource {
  return { db: ctx.conn.db, dataDir: ctx.services.config.dataDir, tenantId: ctx.tenant.id };
}

/** A file's row and its bytes as a stream, if the caller may read its record. */
export async function fileStream(ctx: TenantContext, id: number) {
  const row = await fileRow(ctx, id);
  await readableRecord(ctx, row.refResourceType, row.refResourceId);
  return { row: dto(row), stream: await streamBytes(fileSource(ctx), row.storageKey) };
}

/** A file's bytes and how to answer them, if the caller may read its record. */
export async function fileContent(ctx: TenantContext, id: number) {
  const row = await fileRow(ctx, id);
  await readableRecord(ctx, row.refResourceType, row.refResourceId);
  const bytes = await getBytes(fileSource(ctx), row.storageKey);
  return { row: dto(row), bytes };
}

/** DELETE File/delete/{id}: the file gone from its record, its bytes with it (and any copy left on disk). */
export async function deleteFile(ctx: TenantContext, id: number): Promise<void> {
  const row = await fileRow(ctx, id);
  const resource = await attachableRecord(ctx, row.refResourceType, row.refResourceId);
  await ctx.conn.transaction(async (tx) => {
    await tx.delete(fileInfos).where(eq(fileInfos.id, id));
    await recordChange(tx, null, ctx.actor, {
      action: "changed",
      resource: resource.meta.resource,
      id: row.refResourceId,
      title: `#${row.refResourceId}`,
      old: { fileRemoved: row.fileName },
      new: {},
    });
  });
  await dropQuietly(ctx.services.config.dataDir, ctx.tenant.id, [row.storageKey]);
}
