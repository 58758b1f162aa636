// The replication's state as the supervisor publishes it (`<DATA_DIR>/replication/state.json`, rewritten
// every sample) and as the provider reads it: `/api/health` with the provider's token, from any thread of
// the server, and `deno task tenant replication`, from another process (decision 0019).
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import type { Config } from "../config.ts";
import { type DbReplication, lagSeconds } from "./lag.ts";

/** What the running supervisor writes for a restore and for the provider, in another process or thread. */
export interface ReplicationState {
  /** Litestream's process id, null while it is down. */
  pid: number | null;
  /** Slugs it replicates now (the control database is not listed). */
  slugs: string[];
  /** Refreshed every sample: a state older than a few samples belongs to a stopped server. */
  at: string;
  /** Times Litestream was started again after dying (not after a configuration change). */
  restarts?: number;
  /** Why Litestream last died or could not start, and when. */
  lastError?: { at: string; message: string } | null;
  /** Where Litestream's metrics are read (loopback). */
  metrics?: string | null;
  /** Every database of this instance: replicated ones with their positions, and those left out. */
  databases?: DbReplication[];
}

/** A state not refreshed for this long belongs to a server that is not running (or is stuck). */
export const STATE_STALE_MS = 10_000;

export function replicationDir(config: Config): string {
  return join(config.dataDir, "replication");
}

export function statePath(config: Config): string {
  return join(replicationDir(config), "state.json");
}

/** One database in the provider's view: its state, its lag now, its last sync. */
export interface DbLag extends DbReplication {
  /** caught-up, behind, or not-replicated. */
  state: "caught-up" | "behind" | "not-replicated";
  lagSeconds: number;
}

/** The provider's view of replication now. */
export interface ReplicationView {
  configured: boolean;
  /** The supervisor's state file is fresh: a server replicates here now. */
  live: boolean;
  running: boolean;
  pid: number | null;
  restarts: number;
  lastError: { at: string; message: string } | null;
  /** When the supervisor last sampled (ISO), null if it never has. */
  sampledAt: string | null;
  /** The largest lag of any replicated database, in seconds. */
  maxLagSeconds: number;
  /** How many replicated databases are behind. */
  behind: number;
  databases: DbLag[];
}

/**
 * What a lost disk would take that the replica cannot bring back: the signing key generated under
 * DATA_DIR/keys (Litestream replicates databases only, and the key must not sit in the replica beside what it
 * seals). Without the same key, sign-ins end and sealed secrets (e-mail account passwords, external services'
 * secrets, authenticator-app secrets) cannot be opened after a restore. Null when nothing is at risk.
 */
export function keyRisk(config: Config): string | null {
  if (!config.replicaUrl || config.jwtPrivateJwk) return null;
  return "REPLICA_URL is set but the signing key is kept in DATA_DIR/keys, which is not replicated: a lost " +
    "disk takes it, and with it every sign-in and every sealed secret (e-mail account passwords, external " +
    "services' secrets, authenticator apps). Keep it off the data disk: set JWT_PRIVATE_JWK to the content " +
    "of DATA_DIR/keys/jwt-signing.jwk.json (from a secret store).";
}

/** How long a running server may take to let go of a tenant being restored. */
const RELEASE_LIMIT_MS = 30_000;

/**
 * Waits until a running server's Litestream no longer replicates `slug` (a restore marked its file, see
 * restoringMark); at once when no server replicates here.
 */
export async function waitReleased(config: Config, slug: string, limitMs = RELEASE_LIMIT_MS): Promise<void> {
  const end = Date.now() + limitMs;
  while (true) {
    const state = await readReplicationState(config);
    const live = state && Date.now() - Date.parse(state.at) < STATE_STALE_MS && state.pid !== null;
    if (!live || !state.slugs.includes(slug)) return;
    if (Date.now() > end) throw new Error(`the server still replicates ${slug}: is it stuck?`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The supervisor's state file, or null if no server has replicated from this data directory. */
export async function readReplicationState(config: Config): Promise<ReplicationState | null> {
  try {
    return JSON.parse(await readFile(statePath(config), "utf8"));
  } catch {
    return null;
  }
}

/** The provider's view at `now`: each database's lag counted to now from when it fell behind. */
export function replicationView(
  config: Config,
  state: ReplicationState | null,
  now = Date.now(),
): ReplicationView {
  const live = state !== null && now - Date.parse(state.at) < STATE_STALE_MS;
  const databases: DbLag[] = (state?.databases ?? []).map((db) => {
    const lag = lagSeconds(db, now);
    return {
      ...db,
      state: !db.replicated ? "not-replicated" : lag > 0 ? "behind" : "caught-up",
      lagSeconds: Math.round(lag * 1000) / 1000,
    };
  });
  return {
    configured: config.replicaUrl !== undefined,
    live,
    running: live && state!.pid !== null,
    pid: state?.pid ?? null,
    restarts: state?.restarts ?? 0,
    lastError: state?.lastError ?? null,
    sampledAt: state?.at ?? null,
    maxLagSeconds: databases.reduce((m, d) => Math.max(m, d.lagSeconds), 0),
    behind: databases.filter((d) => d.state === "behind").length,
    databases,
  };
}
