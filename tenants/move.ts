// Moving a tenant to another server instance (the tenant directory: tenants.instance), by the provider's
// command line: `deno task tenant move <slug> <instance> <database URL>`.
//
// 1. Drain: the tenant is marked moving; every instance refuses its calls (503 with Retry-After) once its
//    cache of tenant rows has seen that (TENANT_CACHE_SECONDS), so the wait is that long.
// 2. Hold: a write transaction is opened on the tenant's file (BEGIN IMMEDIATE), which waits for a write
//    still running (a call that began before the instance saw the mark) and keeps any other out.
// 3. Copy: SQLite's online backup API copies the file, page by page, to the target's database, which is then
//    brought to this build's schema.
// 4. Switch: the directory gives the tenant to the target instance, at the new database URL, no longer
//    moving; the old instance answers 503 naming the new one, and a proxy routes there.
// 5. Resume: the hold is released. The old file stays where it was, untouched since the drain: the copy to
//    go back to (delete it once the tenant is known to be well on its new instance).
// A failure before the switch gives the tenant back to its instance unmoved.
import { backup, DatabaseSync } from "node:sqlite";
import { existsSync } from "node:fs";
import type { Platform } from "../server/platform.ts";
import { createPrivately, filePathOf, LocalConnection } from "../server/db/local.ts";
import { migrate } from "../server/db/migrate.ts";
import type { Tenant } from "./registry.ts";

export interface MoveResult {
  tenant: Tenant;
  pages: number;
  ms: number;
  oldFile: string;
}

export async function moveTenant(
  platform: Platform,
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

  await platform.registry.update(tenant.id, { movingTo: instance });
  let hold: DatabaseSync | undefined;
  try {
    const wait = platform.config.tenantCacheSeconds;
    log(`${slug} draining: waiting ${wait} s until every instance has seen it`);
    if (wait > 0) await new Promise((r) => setTimeout(r, wait * 1000 + 250));
    await platform.pool.forget(tenant.dbUrl);
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
    const moved = await platform.registry.update(tenant.id, { instance, dbUrl, movingTo: null });
    hold.exec("ROLLBACK");
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
