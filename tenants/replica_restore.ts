// A tenant restored from its Litestream replica (`deno task tenant restore <slug> --from-replica [--at <ISO
// instant>]`, or `--all`): decision 0019. Litestream writes the replica's state (the latest, or as of the
// instant) to a scratch file; the file must pass integrity_check, be a tenant database of this server and
// keep the stock ledger's invariant before it replaces the live one, which today's restore does with the
// tenant suspended meanwhile (server/tenancy/backups.ts), into a stopped or a running server.
import { chmodSync, existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import type { Platform } from "../server/platform.ts";
import type { Config } from "../server/config.ts";
import { filePathOf, MMAP_MIB } from "../server/db/local.ts";
import { checkBackup } from "../server/db/backup.ts";
import {
  LITESTREAM_BIN,
  replicaHost,
  replicaOf,
  storeOptions,
} from "../server/replication/litestream_config.ts";
import { egressOf } from "../server/kernel/egress/egress.ts";
import { replicationDir } from "../server/replication/view.ts";
import { stockLedgerFaults } from "../server/domain/stock/ledger/invariant.ts";
import { restoreTenant } from "../server/tenancy/backups.ts";
import type { Tenant } from "../server/tenancy/registry.ts";

/** Litestream's restore of `slug`'s replica (null: the control database's) into `out` (the latest, or as of `at`). */
export async function restoreReplica(
  replicaUrl: string,
  slug: string | null,
  out: string,
  at?: Date,
): Promise<void> {
  const replica = replicaOf(replicaUrl, slug);
  const options = storeOptions(replica);
  // A store that needs more than its URL (an S3-compatible endpoint) is named in a configuration of one
  // database, restored by that database's path.
  const config = Object.keys(options).length > 0 ? `${out}.yml` : undefined;
  const source = `${out}.source`;
  if (config) {
    writeFileSync(
      config,
      JSON.stringify({ dbs: [{ path: source, replicas: [{ url: replica, ...options }] }] }),
      {
        mode: 0o600,
      },
    );
  }
  const args = [
    "restore",
    ...(config ? ["-no-expand-env", "-config", config] : []),
    "-o",
    out,
    ...(at ? ["-timestamp", at.toISOString()] : []),
    config ? source : replica,
  ];
  const r = await new Deno.Command(LITESTREAM_BIN, { args, stdout: "piped", stderr: "piped" }).output()
    .finally(() => config && rmSync(config, { force: true }));
  if (r.code !== 0 || !existsSync(out)) {
    const said = new TextDecoder().decode(r.stderr).trim() || new TextDecoder().decode(r.stdout).trim();
    throw new Error(
      `no replica of ${slug ?? "the control database"}${at ? ` as of ${at.toISOString()}` : ""}: ${
        said || `exit ${r.code}`
      }`,
    );
  }
}

/** The replica's host (an S3 endpoint, an SFTP host) refused as any outbound connection the policy refuses. */
async function assertReplicaHost(config: Config): Promise<void> {
  const host = replicaHost(config.replicaUrl!);
  if (host) await egressOf(config).assert(host);
}

/** Refuses a restored file that is damaged, not a tenant database of ours, or whose stock ≠ its ledger. */
export function checkRestored(file: string): void {
  const db = new DatabaseSync(file, { readOnly: true });
  try {
    // Read through a memory map, as the server's connections read: at 1,000,000 stock lines the checks take
    // half the time (bench replication).
    db.exec(`PRAGMA mmap_size = ${MMAP_MIB * 1024 * 1024}`);
    const rows = db.prepare("PRAGMA integrity_check").all() as Record<string, unknown>[];
    const said = rows.map((r) => String(Object.values(r)[0]));
    if (said.join() !== "ok") {
      throw new Error(`${file} fails integrity_check: ${said.slice(0, 5).join("; ")}`);
    }
    const faults = stockLedgerFaults(db);
    if (faults.length > 0) {
      throw new Error(`${file} breaks the stock ledger's invariant: ${faults.join("; ")}`);
    }
  } finally {
    db.close();
  }
  checkBackup(file, "tenant");
}

/**
 * The control database brought back from its replica when its file is gone (the disk was lost): the latest
 * state, or as of `at`. Answers whether it did; a control database present is left alone (a running server
 * may hold it). It must be in place before anything opens the control database, which would otherwise create
 * an empty one that lists no tenant.
 */
export async function restoreControlIfGone(config: Config, at?: Date): Promise<boolean> {
  if (!config.replicaUrl || !config.controlDbUrl.startsWith("file:")) return false;
  const path = filePathOf(config.controlDbUrl);
  if (existsSync(path)) return false;
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  const scratch = `${path}.restore-${crypto.randomUUID()}`;
  try {
    await assertReplicaHost(config);
    await restoreReplica(config.replicaUrl, null, scratch, at);
    checkBackup(scratch, "control");
    chmodSync(scratch, 0o600);
    // Renamed in whole once checked: a restore cut short leaves no control database that lists half.
    renameSync(scratch, path);
  } finally {
    for (const f of [scratch, `${scratch}-wal`, `${scratch}-shm`]) rmSync(f, { force: true });
  }
  return true;
}

/** Restores `slug` from its replica (as of `at`, or the latest); answers the tenant, serving again. */
export async function restoreFromReplica(
  platform: Platform,
  slug: string,
  at?: Date,
  log: (line: string) => void = () => {},
): Promise<Tenant> {
  const url = platform.config.replicaUrl;
  if (!url) throw new Error("REPLICA_URL is not set: there is no replica to restore from");
  const tenant = await platform.registry.bySlug(slug);
  if (!tenant) throw new Error(`no tenant ${slug}`);
  if (!tenant.dbUrl.startsWith("file:")) throw new Error(`${slug} is on a libSQL server: restore it there`);
  mkdirSync(replicationDir(platform.config), { recursive: true, mode: 0o700 });
  const scratch = join(replicationDir(platform.config), `restore-${slug}-${crypto.randomUUID()}.db`);
  try {
    const started = performance.now();
    await assertReplicaHost(platform.config);
    await restoreReplica(url, slug, scratch, at);
    checkRestored(scratch);
    log(
      `${slug}: replica ${at ? `as of ${at.toISOString()}` : "latest"} read and checked ` +
        `(${Math.round(performance.now() - started)} ms)`,
    );
    return await restoreTenant(platform, slug, scratch, log);
  } finally {
    for (const f of [scratch, `${scratch}-wal`, `${scratch}-shm`]) rmSync(f, { force: true });
  }
}
