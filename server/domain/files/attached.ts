// A record's attachments go with the record: their rows in its delete's transaction, their bytes on disk (if any
// were left there) once it commits (handed to the engine as one of its `attached` at composition, server/app.ts).
import { and, eq } from "drizzle-orm";
import type { Attached } from "../../engine/engine.ts";
import { dropBytes } from "./store.ts";
import { fileInfos } from "./table.ts";

export const fileAttached: Attached = {
  async removeIn(tx, resource, id) {
    const rows = await tx.delete(fileInfos).where(
      and(eq(fileInfos.refResourceType, resource), eq(fileInfos.refResourceId, id)),
    )
      .returning({ key: fileInfos.storageKey });
    return rows.map((r) => r.key);
  },
  async dropAfter(ctx, keys) {
    await dropBytes(ctx.services.config.dataDir, ctx.tenant.id, keys);
  },
};
