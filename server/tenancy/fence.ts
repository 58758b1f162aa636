// The fence a moved-away tenant file puts up: below the tenant pool (which opens every file with it) and the
// count worker, apart from the move itself (server/tenancy/move.ts), which works over the areas.
import type { DatabaseSync } from "node:sqlite";
import { AppError } from "../kernel/errors.ts";

/** The application_id a tenant file is marked with once its tenant has moved away ("MOVD"). */
export const MOVED_AWAY = 0x4d4f5644;

/**
 * The check every write transaction of a tenant connection makes under its lock (server/db/local.ts
 * `fence`): a file marked moved refuses the write, 503 with Retry-After, as a moving tenant is refused.
 */
export function movedAwayFence(): (sqlite: DatabaseSync) => void {
  let statement: ReturnType<DatabaseSync["prepare"]> | undefined;
  return (sqlite) => {
    statement ??= sqlite.prepare("PRAGMA application_id");
    const row = statement.get() as { application_id: number } | undefined;
    if (row?.application_id === MOVED_AWAY) {
      throw new AppError("server.unavailable", { headers: { "Retry-After": "1" } });
    }
  };
}
