// Apart from write.ts, so that the tenant move (server/tenancy/move.ts, loaded by the count worker too) needs none
// of the import's machinery; apart from table.ts, which drizzle-kit loads under Node.

/**
 * A run untouched this long (IMPORT_STALE_SECONDS; 60) was left behind by a process that ended: longer than
 * a slice may wait for the lock (30 s) before it gives up, so a run another process is still writing (the
 * command line migrating a file a server is importing into) is never taken for one.
 */
export const STALE_MS = Math.max(0, Number(Deno.env.get("IMPORT_STALE_SECONDS") ?? 60) || 0) * 1000;
