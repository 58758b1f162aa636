// Imports a process left behind (decision 0017): it ended while an import was writing its slices or taking
// them back. When the tenant's file is next opened for writing, before any request may use it, the records
// those runs wrote are held again (hold.ts); they are then taken back, slice by slice, while the tenant
// works, and each run stays `interrupted` for its job's wizard to say so.
import type { Connection } from "../../db/connection.ts";
import type { TenantPool } from "../../../tenants/pool.ts";
import { dropJournal, holdAgain, leftRuns, orphanJournals, takeBack } from "./write.ts";

export async function recoverImports(pool: TenantPool, conn: Connection, url: string): Promise<void> {
  const runs = await leftRuns(conn.db);
  const orphans = await orphanJournals(conn.db);
  if (runs.length === 0 && orphans.length === 0) return;
  if (runs.length) await holdAgain(conn, runs.map((r) => r.id));
  // After the opening, with the connection borrowed (so it is not closed under the work).
  pool.use(url, async (c) => {
    for (const run of runs) await takeBack(c, run.id, { interrupted: true });
    for (const run of orphans) await dropJournal(c, run);
  }).catch((err) => console.error(`imports left in ${url}: taking back failed`, err));
}
