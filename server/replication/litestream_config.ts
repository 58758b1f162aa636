// Litestream's configuration for the databases this process owns (decision 0019), pure: the control
// database and every local tenant file, each streamed to its own place under REPLICA_URL. Written as JSON,
// which is YAML too, so no YAML writer is needed.
import type { WalGuardOptions } from "../db/wal_guard.ts";
import { existsSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import type { Config } from "../config.ts";
import { filePathOf } from "../db/local.ts";
import type { Tenant } from "../tenancy/registry.ts";
import { replicationDir } from "./view.ts";

/** Litestream's binary, from the npm package (`@flydotio/litestream-linux-x64`, v0.3.13): no download. */
export const LITESTREAM_BIN = Deno.env.get("LITESTREAM_BIN") ??
  resolve(
    dirname(fileURLToPath(import.meta.url)),
    "../../node_modules/@flydotio/litestream-linux-x64/litestream",
  );

/** One replicated database: the control database (slug null) or a tenant's file. */
export interface ReplicatedDb {
  slug: string | null;
  path: string;
  /** Where its replica lives: `<REPLICA_URL>/control` or `<REPLICA_URL>/tenants/<slug>`. */
  replica: string;
}

/** A database left out, and why (a tenant on a libSQL server is replicated there, not by us). */
export interface SkippedDb {
  slug: string;
  reason: "libsql" | "restoring" | "elsewhere" | "no-file";
}

/** Where `slug`'s replica lives under `base` (null: the control database's). */
export function replicaOf(base: string, slug: string | null): string {
  return `${base.replace(/\/+$/, "")}/${slug === null ? "control" : `tenants/${slug}`}`;
}

/**
 * The mark a restore leaves beside a tenant's file while it replaces it (server/tenancy/backups.ts): Litestream must
 * let go of the file first, and starts a new generation once the mark is gone.
 */
export function restoringMark(dbPath: string): string {
  return `${dbPath}.restoring`;
}

/**
 * The databases to replicate now. A suspended tenant is replicated too (its company's stock is no less worth
 * keeping, and a tenant suspended when replication was turned on would otherwise have no replica at all),
 * except while a restore replaces its file: suspended and marked. A mark left by a restore that died is
 * ignored once the tenant is active again. A tenant of another instance, or moving away, is that instance's
 * to replicate.
 */
export function replicatedDbs(
  config: Config,
  tenants: Tenant[],
): { dbs: ReplicatedDb[]; skipped: SkippedDb[] } {
  const base = config.replicaUrl!;
  const dbs: ReplicatedDb[] = [];
  const skipped: SkippedDb[] = [];
  if (config.controlDbUrl.startsWith("file:")) {
    dbs.push({ slug: null, path: resolve(filePathOf(config.controlDbUrl)), replica: replicaOf(base, null) });
  }
  for (const t of tenants) {
    if (!t.dbUrl.startsWith("file:")) skipped.push({ slug: t.slug, reason: "libsql" });
    else if (t.instance !== config.instance) skipped.push({ slug: t.slug, reason: "elsewhere" });
    else if (!existsSync(filePathOf(t.dbUrl))) skipped.push({ slug: t.slug, reason: "no-file" });
    else if (t.status === "suspended" && existsSync(restoringMark(filePathOf(t.dbUrl)))) {
      skipped.push({ slug: t.slug, reason: "restoring" });
    } else dbs.push({ slug: t.slug, path: resolve(filePathOf(t.dbUrl)), replica: replicaOf(base, t.slug) });
  }
  return { dbs, skipped };
}

/**
 * One replica's entry. An S3-compatible store other than AWS (REPLICA_S3_ENDPOINT) is addressed by path
 * (`endpoint/bucket/key`: such stores rarely serve a bucket as a subdomain) and needs a region for the
 * request's signature even where it has none (REPLICA_S3_REGION, else AWS_REGION, else us-east-1). The
 * credentials stay in the environment (AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY), never in the file.
 */
export function replicaEntry(config: Config, url: string): Record<string, unknown> {
  const sync = `${Math.max(10, config.replicaSyncMs)}ms`;
  const entry: Record<string, unknown> = {
    url,
    "sync-interval": sync,
    retention: `${config.replicaRetentionHours}h`,
    // A fresh snapshot a day keeps a restore from replaying a long WAL.
    "snapshot-interval": "24h",
  };
  return { ...entry, ...storeOptions(url) };
}

/**
 * What a replica at `url` needs besides its URL: an S3-compatible store's endpoint, or the private key an
 * SFTP host takes (REPLICA_SFTP_KEY, a file's path: Litestream 0.3 tries no agent and no default key, and
 * checks no host key, so the host must be one the network path to it is trusted for); {} for the others.
 */
export function storeOptions(url: string): Record<string, unknown> {
  const key = Deno.env.get("REPLICA_SFTP_KEY");
  if (url.startsWith("sftp:")) return key ? { "key-path": key } : {};
  const endpoint = Deno.env.get("REPLICA_S3_ENDPOINT");
  if (!url.startsWith("s3:") || !endpoint) return {};
  return {
    endpoint,
    "force-path-style": true,
    region: Deno.env.get("REPLICA_S3_REGION") || Deno.env.get("AWS_REGION") || "us-east-1",
  };
}

/**
 * The host Litestream reaches for the replica at `url`: an SFTP host, or an S3-compatible store's endpoint;
 * null for a file replica or AWS's own S3. It is an outbound connection on our behalf: the egress policy
 * decides it (the supervisor before replicating, the restore before reading).
 */
export function replicaHost(url: string): string | null {
  if (url.startsWith("sftp:")) return new URL(url).hostname;
  const endpoint = url.startsWith("s3:") ? Deno.env.get("REPLICA_S3_ENDPOINT") : undefined;
  return endpoint ? new URL(endpoint).hostname : null;
}

/**
 * The guard of a replicated file's writer (server/db/wal_guard.ts, decision 0022), in step with Litestream's
 * configuration: a window opens where Litestream checkpoints, and waits for a few of its looks at the WAL
 * (one every sync interval) before it gives up; then none for a while (Litestream down or restarting).
 */
export function walGuardOptions(config: Config): WalGuardOptions {
  const sync = Math.max(10, config.replicaSyncMs);
  return {
    pages: config.replicaCheckpointPages,
    windowMs: Math.max(500, 5 * sync),
    quietMs: 10_000,
    pauseFile: windowPauseFile(config),
  };
}

/** The file that pauses every writer's windows while the supervisor stops Litestream (wal_guard.ts). */
export function windowPauseFile(config: Config): string {
  return join(replicationDir(config), "windows-paused");
}

/** Litestream's configuration file's text for `dbs`, its metrics served on `addr` (loopback) if given. */
export function litestreamConfig(
  config: Config,
  dbs: ReplicatedDb[],
  addr?: string,
  dbOptions: Record<string, unknown> = {},
): string {
  const sync = `${Math.max(10, config.replicaSyncMs)}ms`;
  return JSON.stringify(
    {
      ...(addr ? { addr } : {}),
      dbs: dbs.map((db) => ({
        path: db.path,
        // How often it looks for new frames: with the sync interval, the recovery point.
        "monitor-interval": sync,
        // Where it checkpoints, which is where a tenant file's writer opens its window (wal_guard.ts,
        // decision 0022). No RESTART checkpoint on a tenant file: it would hold the write lock while it
        // waited for the writer's guard to end, again and again, every interval, and starve the writer.
        "min-checkpoint-page-count": config.replicaCheckpointPages,
        ...(db.slug !== null ? { "max-checkpoint-page-count": 0 } : {}),
        replicas: [replicaEntry(config, db.replica)],
        ...dbOptions,
      })),
    },
    null,
    2,
  );
}
