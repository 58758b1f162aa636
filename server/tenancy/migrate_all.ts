// Brings the control database and every tenant database up to the latest migration.
import type { Services } from "../kernel/services.ts";
import type { TenantPool } from "./pool.ts";

export async function migrateAll(
  platform: Pick<Services, "registry"> & { pool: Pick<TenantPool, "stats" | "use"> },
  log: (line: string) => void = console.log,
): Promise<number> {
  let failures = 0;
  for (const tenant of await platform.registry.list()) {
    if (tenant.status === "pendingApproval" && await platform.registry.pendingAdmin(tenant.id)) {
      log(`${tenant.slug}: awaiting approval, no database yet`);
      continue;
    }
    try {
      const before = platform.pool.stats.migrated;
      await platform.pool.use(tenant.dbUrl, () => Promise.resolve());
      const applied = platform.pool.stats.migrated - before;
      log(`${tenant.slug}: ${applied ? `${applied} migration(s) applied` : "up to date"}`);
    } catch (err) {
      failures++;
      log(`${tenant.slug}: migration failed: ${err instanceof Error ? err.message : err}`);
    }
  }
  return failures;
}
