// Moving a tenant to another server instance (the tenant directory: tenants.instance), by the provider's
// command line: `deno task tenant move <slug> <instance> <database URL>`.
//
// 1. Drain: the tenant is marked moving; every instance refuses its calls (503 with Retry-After) once its
//    cache of tenant rows has seen that (TENANT_CACHE_SECONDS), so the wait is that long.
//    Long work that writes the tenant outside a request sees the mark too and stops (decision 0018): an
//    import takes its slices back and fails with import.tenantMoving; a count's preparation stops between
//    slices, left preparing for its new owner to take up; the sender sends nothing more. The move then waits
//    (at most IMPORT_STALE_SECONDS) until no import is being written or taken back in the file, so that the
//    copy holds none half done; one still going then is taken back by the new owner, as one a dead process left.
// 2. Hold: a write transaction is opened on the tenant's file (BEGIN IMMEDIATE), which waits for a write
//    still running (a call that began before the instance saw the mark) and keeps any other out.
// 3. Copy: SQLite's online backup API copies the file, page by page, to the target's database, which is then
//    brought to this build's schema.
// 4. Switch: the directory gives the tenant to the target instance, at the new database URL, no longer
//    moving; the old instance answers 503 naming the new one, and a proxy routes there.
// 5. Fence and resume: the old file is marked moved (its header's application_id) in the held transaction,
//    which commits; a write that was waiting for the lock (a call that resolved its tenant before the
//    drain) then finds the mark and is refused with 503 instead of landing in a file nobody reads. The old
//    file stays where it was: the copy to go back to (delete it once the tenant is known to be well).
// A failure before the switch gives the tenant back to its instance unmoved.
import { backup, DatabaseSync } from "node:sqlite";
import { existsSync } from "node:fs";
import type { Services } from "../kernel/services.ts";
import { createPrivately, filePathOf, LocalConnection } from "../db/local.ts";
import { migrate } from "../db/migrate.ts";
import type { Tenant } from "./registry.ts";
import { importTenantFiles } from "./files.ts";
import { STALE_MS } from "../domain/imports/stale.ts";

export { MOVED_AWAY, movedAwayFence } from "./fence.ts";
import { MOVED_AWAY } from "./fence.ts";

/**
 * Waits until no import is being written or taken back in the file (a run touched within STALE_MS), at most
 * STALE_MS: the imports stop at the drain and take their slices back (server/domain/imports/write.ts).
 */
async function importsSettled(path: string, slug: string, log: (line: string) => void): Promise<void> {
  const until = Date.now() + STALE_MS;
  const db = new DatabaseSync(path, { readOnly: true });
  try {
    db.exec("PRAGMA busy_timeout = 5000");
    const going = db.prepare(
      "SELECT count(*) AS n FROM import_runs WHERE state IN ('writing', 'undoing') AND touched_at > ?",
    );
    for (;;) {
      const { n } = going.get(new Date(Date.now() - STALE_MS).toISOString()) as { n: number };
      if (Number(n) === 0) return;
      if (Date.now() > until) {
        log(`${slug}: ${n} import(s) still going; the new owner takes them back`);
        return;
      }
      await new Promise((r) => setTimeout(r, 100));
    }
  } finally {
    db.close();
  }
}

export interface MoveResult {
  tenant: Tenant;
  pages: number;
  ms: number;
  oldFile: string;
}

export async function moveTenant(
  platform: Pick<Services, "config" | "pool" | "registry">,
  slug: string,
  instance: string,
  dbUrl: string,
  log: (line: string) => void = () => {},
): Promise<MoveResult> {
  const started = performance.now();
  const tenant = await platform.registry.bySlug(slug);
  if (!tenant) throw new Error(`no tenant ${slug}`);
  if (tenant.movingTo) throw new Error(`${slug} is already moving to ${tenant.movingTo}`);
  if (tenant.instance === instance) throw new Error(`${slug} is already on ${instance}`);
  if (!tenant.dbUrl.startsWith("file:") || !dbUrl.startsWith("file:")) {
    throw new Error("only a tenant in a local file moves to a local file; a libSQL tenant needs no move");
  }
  const source = filePathOf(tenant.dbUrl);
  const target = filePathOf(dbUrl);
  if (existsSync(target)) throw new Error(`${target} exists already`);
  // Its attachments travel in its database (decision 0020): any still on disk are brought in first.
  const files = await importTenantFiles(platform, tenant);
  if (files.missing.length) log(`${slug}: ${files.missing.length} file(s) named by records have no bytes`);

  await platform.registry.update(tenant.id, { movingTo: instance });
  let hold: DatabaseSync | undefined;
  try {
    const wait = platform.config.tenantCacheSeconds;
    log(`${slug} draining: waiting ${wait} s until every instance has seen it`);
    if (wait > 0) await new Promise((r) => setTimeout(r, wait * 1000 + 250));
    await platform.pool.forget(tenant.dbUrl);
    await importsSettled(source, slug, log);
    hold = new DatabaseSync(source);
    hold.exec("PRAGMA busy_timeout = 60000");
    hold.exec("BEGIN IMMEDIATE");
    createPrivately(target);
    const from = new DatabaseSync(source, { readOnly: true });
    let pages: number;
    try {
      pages = await backup(from, target);
    } finally {
      from.close();
    }
    const conn = new LocalConnection(dbUrl);
    try {
      await migrate(conn, "tenant");
    } finally {
      await conn.close();
    }
    hold.exec(`PRAGMA application_id = ${MOVED_AWAY}`);
    const moved = await platform.registry.update(tenant.id, { instance, dbUrl, movingTo: null });
    hold.exec("COMMIT");
    hold.close();
    hold = undefined;
    const ms = performance.now() - started;
    log(
      `${slug} moved to ${instance} at ${dbUrl} (${pages} pages, ${
        Math.round(ms)
      } ms); the old file stays at ${source}`,
    );
    return { tenant: moved, pages, ms, oldFile: source };
  } catch (err) {
    if (hold) {
      try {
        hold.exec("ROLLBACK");
      } catch { /* nothing open */ }
      hold.close();
    }
    await platform.registry.update(tenant.id, { movingTo: null });
    throw err;
  }
}
