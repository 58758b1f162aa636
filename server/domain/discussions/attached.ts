// A record's discussion goes with the record: the engine's delete removes it in its transaction
// (handed to the engine as one of its `attached` at composition, server/app.ts).
import { and, eq } from "drizzle-orm";
import type { Attached } from "../../engine/engine.ts";
import { discussions } from "./table.ts";

export const discussionAttached: Attached = {
  async removeIn(tx, resource, id) {
    await tx.delete(discussions).where(
      and(eq(discussions.refResourceType, resource), eq(discussions.refResourceId, id)),
    );
    return [];
  },
};
