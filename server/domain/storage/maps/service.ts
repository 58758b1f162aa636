// Warehouse maps (StorageSpace/{id}/schema): a manager uploads an SVG drawing for a location, cleaned before
// it is stored (sanitize.ts); every staff user reads it. POST puts a map (a new one or a replacement), PATCH
// replaces the map a location has (404 map.noMap when it has none), GET answers it (the same 404).
import { eq } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../../db/connection.ts";
import type { TenantContext } from "../../../kernel/context.ts";
import { AppError } from "../../../kernel/errors.ts";
import { nowIso } from "../../../kernel/time.ts";
import { transactionWithEvents } from "../../../hub/outbox.ts";
import { recordChange } from "../../../engine/record_change.ts";
import { storageSpace } from "../locations/entity.ts";
import { runJob } from "../../../kernel/jobs/contract.ts";
import { type CleanMap, MAP_MAX_BYTES } from "./sanitize.ts";
import { scanUpload } from "../../files/antivirus.ts";
import { storageSpaceMaps } from "./table.ts";

/** An upload: the file's name and its text (an SVG file is text; the client reads it and sends it as is). */
export const MapUpload = z.object({
  fileName: z.string().trim().min(1).max(255),
  content: z.string().min(1),
});
/** The body may carry the file's text escaped in JSON: up to twice its size, and a little more. */
export const MAP_BODY_LIMIT = 2 * MAP_MAX_BYTES + 64 * 1024;

export const LocationMap = z.object({
  locationId: z.number(),
  fileName: z.string(),
  svg: z.string(),
  viewBox: z.string().nullable(),
  sizeBytes: z.number(),
  uploadedAt: z.string(),
  uploadedByName: z.string().nullable(),
  version: z.number(),
});

async function mapOf(db: Db, locationId: number) {
  const [row] = await db.select().from(storageSpaceMaps).where(eq(storageSpaceMaps.locationId, locationId));
  return row;
}

/** GET StorageSpace/{id}/schema: the location's map (a location the caller may not read, or none, is 404). */
export async function getMap(ctx: TenantContext, locationId: number) {
  await storageSpace.get(ctx, locationId);
  const row = await mapOf(ctx.conn.db, locationId);
  if (!row) throw new AppError("map.noMap");
  return row;
}

/**
 * POST (`replace` false: a map put, new or not) and PATCH (`replace` true: only a map there is) of
 * StorageSpace/{id}/schema: the file cleaned first, then stored with its record log, in one transaction.
 */
export async function putMap(
  ctx: TenantContext,
  locationId: number,
  upload: z.output<typeof MapUpload>,
  replace: boolean,
) {
  // Who may: the route's access (the locations' writers: administrators and business managers).
  const sizeBytes = new TextEncoder().encode(upload.content).length;
  if (sizeBytes > MAP_MAX_BYTES) {
    throw new AppError("map.fileTooLarge", { params: { limit: `${MAP_MAX_BYTES / (1024 * 1024)} MB` } });
  }
  if (ctx.services.config.clamdAddress) {
    await scanUpload(ctx.services, new TextEncoder().encode(upload.content));
  }
  // Cleaned on the job pool (jsdom and DOMPurify take seconds on a big drawing): never on this thread.
  const clean = await runJob<CleanMap>(ctx, new URL("./sanitize.ts", import.meta.url), upload, {
    refusal: { code: "map.fileTooLarge", params: { limit: `${MAP_MAX_BYTES / (1024 * 1024)} MB` } },
  });
  return await transactionWithEvents(ctx, async (tx, outbox) => {
    const location = await storageSpace.getIn(tx, ctx, locationId);
    const old = await mapOf(tx, locationId);
    if (replace && !old) throw new AppError("map.noMap");
    const row = {
      locationId,
      fileName: upload.fileName,
      svg: clean.svg,
      viewBox: clean.viewBox,
      sizeBytes,
      uploadedAt: nowIso(),
      uploadedByName: ctx.actor.username,
      version: (old?.version ?? 0) + 1,
    };
    await tx.insert(storageSpaceMaps).values(row)
      .onConflictDoUpdate({ target: storageSpaceMaps.locationId, set: row });
    await recordChange(tx, outbox, ctx.actor, {
      action: "changed",
      resource: "StorageSpace",
      id: locationId,
      title: String(location.label),
      old: old ? { map: old.fileName, mapVersion: old.version } : { map: null },
      new: { map: row.fileName, mapVersion: row.version, mapSizeBytes: row.sizeBytes },
    });
    return row;
  });
}
