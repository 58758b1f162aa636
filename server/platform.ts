// Everything a request may need that outlives it: configuration, the control database and tenant
// registry, the pool of tenant connections, signing keys, the mailer and the attempt limits.
import { type Config, loadConfig } from "./config.ts";
import type { Connection } from "./db/connection.ts";
import { openControl } from "./tenancy/control.ts";
import { configureApiKeyRate } from "./domain/sharing/keys.ts";
import { TenantRegistry } from "./tenancy/registry.ts";
import { TenantPool } from "./tenancy/pool.ts";
import { leaveWalResetsToReplication } from "./db/local.ts";
import { walGuardOptions } from "./replication/litestream_config.ts";
import { areaHooks } from "./hooks.ts";
import type { Hooks } from "./kernel/hooks.ts";
import { loadSigningKeys, type SigningKeys } from "./domain/access/auth/keys.ts";
import { createMailer, type Mailer } from "./kernel/mail.ts";
import { egressOf } from "./kernel/egress/egress.ts";
import { SharedAttempts } from "./domain/access/auth/attempts.ts";
import { SessionStore } from "./domain/access/auth/sessions.ts";
import { Hub, type HubEventBody } from "./hub/hub.ts";
import { type Placement, type Role, singlePlacement } from "./cluster/placement.ts";
import type { Jobs } from "./kernel/jobs/contract.ts";
import { JobPool } from "./kernel/jobs/pool.ts";
import { SecurityLog } from "./domain/logs/security_log/service.ts";
import { ApiKeys } from "./domain/sharing/keys.ts";

export { VERSION } from "./kernel/version.ts";

export interface Platform {
  config: Config;
  control: Connection;
  registry: TenantRegistry;
  pool: TenantPool;
  keys: SigningKeys;
  mailer: Mailer;
  /** Sign-in attempts and other failed-attempt limits, counted in the control database (every process). */
  attempts: SharedAttempts;
  sessions: SessionStore;
  /** The real-time hub: open /dataHub sockets, edit modes, post-commit fan-out. */
  hub: Hub;
  /** Which thread this is: the only one, the front, a shard or a reader (server/cluster/placement.ts). */
  placement: Placement;
  /** Parsing and drawing off the request thread (kernel/jobs/): this process's pool, or the front's. */
  jobs: Jobs;
  /** The security event log's writer: events queued per tenant, appended off the request's path. */
  security: SecurityLog;
  apiKeys: ApiKeys;
  /** The areas' lifecycle hooks (server/hooks.ts), for its app and for the work it does outside a request. */
  hooks: Hooks;
  close(): Promise<void>;
}

/** How a thread of a sharded server joins it (server/cluster/); a server without shards needs none. */
export interface PlatformRole {
  role: Role;
  placement(platform: { pool: TenantPool; config: Config }): Placement;
  /** A shard's or reader's hub hands committed changes to the front, which holds the sockets. */
  forwardEvents?(tenantId: number, events: HubEventBody[], correlationId: string | null): void;
  /** A shard's or reader's jobs go to the front's pool (one pool per process). */
  jobs?: Jobs;
}

export async function createPlatform(
  overrides: Partial<Config> = {},
  role?: PlatformRole,
): Promise<Platform> {
  const config = loadConfig(overrides);
  configureApiKeyRate(config);
  // The egress policy read now: an EGRESS_ALLOW or EGRESS_DNS it cannot read stops the start.
  const egress = egressOf(config);
  if (config.replicaUrl) leaveWalResetsToReplication();
  const control = await openControl(config);
  const registry = new TenantRegistry(control, config.tenantCacheSeconds);
  let platform: Platform | undefined;
  const pool = new TenantPool(
    config.tenantPoolSize,
    config.tenantDbAuthToken,
    // Replicated files are checkpointed by Litestream alone, which must see every WAL frame (decision 0019).
    config.replicaUrl ? 0 : config.walCheckpointSeconds,
    role?.role === "reader",
    // Where tenant files are written, a replicated one's connection guards its WAL frames until Litestream
    // has read them (decision 0022).
    config.replicaUrl && (!role || role.role === "shard") ? walGuardOptions(config) : undefined,
  );
  // Where a tenant's file is written (no front or reader), an import its last process left is taken back.
  // And work left in it by its last owner (a tenant moved here) is taken up once it is open (sweep.ts).
  if (!role || role.role === "shard") {
    pool.onOpen = async (conn, url) => {
      await (await import("./domain/imports/recover.ts")).recoverImports(pool, conn, url);
      if (platform) (await import("./domain/messaging/sweep.ts")).takeUpOnOpen(platform, url, platform.hooks);
    };
  }
  const keys = await loadSigningKeys(config.dataDir, config.jwtPrivateJwk, config.jwtPreviousJwks);
  const sessions = new SessionStore(control, {
    ttlSeconds: config.refreshTokenTtlSeconds,
    idleSeconds: config.sessionIdleSeconds,
    perUser: config.sessionsPerUser,
  });
  const hub = new Hub({
    isSessionActive: (sessionId) => sessions.isActive(sessionId),
    forward: role?.forwardEvents,
  });
  const jobs = role?.jobs ??
    new JobPool({
      size: config.jobWorkers,
      memoryMb: config.jobMemoryMb,
      timeoutMs: config.jobSeconds * 1000,
    });
  const placement = role ? role.placement({ pool, config }) : singlePlacement({ pool, config });
  const security = new SecurityLog({ placement, config });
  const apiKeys = new ApiKeys({ placement });
  return platform = {
    hooks: areaHooks(),
    placement,
    jobs,
    security,
    apiKeys,
    config,
    control,
    registry,
    pool,
    keys,
    mailer: createMailer(config.smtpUrl, config.mailFrom, config.dataDir, egress),
    attempts: new SharedAttempts(control, config.loginLimitWindowSeconds),
    sessions,
    hub,
    async close() {
      await jobs.close();
      await security.close();
      await apiKeys.close();
      hub.closeAll();
      sessions.close();
      await pool.closeAll();
      await control.close();
    },
  };
}
