// Imports a process left behind (decision 0018): it ended while an import was writing its slices or taking
// them back. When the tenant's file is next opened for writing, before any request may use it, the records
// of runs nobody here is working on are held again (hold.ts). A run untouched for STALE_MS is then taken back,
// slice by slice, while the tenant works, and stays `interrupted` for its job's wizard to say so. A run
// touched more lately may still be written by another process (the command line migrating a file a server is
// importing into): its records stay held here and it is looked at again once it would be stale, until it is
// published or taken back there, or left behind.
import type { Connection } from "../../db/connection.ts";
import type { TenantPool } from "../../tenancy/pool.ts";
import {
  dropJournal,
  holdAgain,
  isLive,
  leftRuns,
  letGo,
  orphanJournals,
  runState,
  STALE_MS,
  takeBack,
} from "./write.ts";

export async function recoverImports(pool: TenantPool, conn: Connection, url: string): Promise<void> {
  const runs = await leftRuns(conn.db);
  const orphans = await orphanJournals(conn.db);
  if (runs.length === 0 && orphans.length === 0) return;
  if (runs.length) await holdAgain(conn, runs.map((r) => r.id));
  for (const run of runs) later(pool, url, run.id, Date.parse(run.touchedAt) + STALE_MS - Date.now());
  if (orphans.length) {
    // After the opening, with the connection borrowed (so it is not closed under the work).
    pool.use(url, async (c) => {
      for (const run of orphans) await dropJournal(c, run);
    }).catch((err) => console.error(`imports left in ${url}: dropping their journal failed`, err));
  }
}

/** Looks at run `runId` after `ms`: taken back if still left behind, let go if it ended elsewhere. */
function later(pool: TenantPool, url: string, runId: string, ms: number): void {
  const timer = setTimeout(() => {
    if (pool.closed) return;
    pool.use(url, async (conn) => {
      if (isLive(runId)) return;
      const run = await runState(conn.db, runId);
      if (!run || run.state === "interrupted") return await letGo(conn, runId);
      const left = Date.parse(run.touchedAt) + STALE_MS - Date.now();
      if (left > 0) return later(pool, url, runId, left);
      await takeBack(conn, runId, { interrupted: true });
    }).catch((err) => console.error(`import ${runId} left in ${url}: taking it back failed`, err));
  }, Math.max(0, ms));
  Deno.unrefTimer(timer);
}
