// Attachments kept on disk before migration 0042 brought into their tenant's database (decision 0020), so
// that a backup, a move and the replica carry them: by `deno task tenant files <slug>|--all`, before every
// backup and move, and in the background when a server first opens the tenant.
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import type { Services } from "../kernel/services.ts";
import { type DiskImport, importDiskFiles } from "../domain/files/store.ts";
import type { Tenant } from "./registry.ts";
import { owns } from "../cluster/placement.ts";

export function importTenantFiles(
  platform: Pick<Services, "config" | "pool">,
  tenant: Tenant,
): Promise<DiskImport> {
  return platform.pool.use(
    tenant.dbUrl,
    (conn) => importDiskFiles(conn, platform.config.dataDir, tenant.id),
  );
}

/** Says what `importTenantFiles` did, and names files whose bytes were found nowhere. */
export function describeImport(slug: string, r: DiskImport): string {
  const missing = r.missing.length
    ? `; ${r.missing.length} file(s) named by records have no bytes (storage keys ${r.missing.join(", ")})`
    : "";
  return `${slug}: ${r.imported} file(s) brought from disk into the database${missing}`;
}

/**
 * At a server's start, in the background, on the thread that writes each tenant (one thread, or each shard for
 * its own): every tenant with a folder left in DATA_DIR/files gets its files brought into its database (a
 * server upgraded past migration 0042 carries them in its backups at once).
 */
export async function importLeftFiles(
  platform: Pick<Services, "config" | "placement" | "pool" | "registry">,
): Promise<void> {
  const root = join(platform.config.dataDir, "files");
  if (!existsSync(root)) return;
  const ids = new Set(readdirSync(root).filter((n) => /^\d+$/.test(n)).map(Number));
  if (!ids.size) return;
  for (const tenant of await platform.registry.list()) {
    if (!ids.has(tenant.id) || tenant.movingTo || !owns(platform.placement, tenant.id)) continue;
    try {
      console.log(describeImport(tenant.slug, await importTenantFiles(platform, tenant)));
    } catch (err) {
      console.error(
        `files of ${tenant.slug} not brought into its database (run deno task tenant files):`,
        err,
      );
    }
  }
}
