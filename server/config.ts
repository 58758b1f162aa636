// Environment parsed once into a typed configuration. Every setting has a safe default so that
// `npm start` works on a fresh machine; README.md documents each variable.
import { resolve } from "node:path";

export interface Config {
  port: number;
  hostname: string;
  dataDir: string;
  /** The control database (tenants, global logins, sessions); default `file:{dataDir}/control.db`. */
  controlDbUrl: string;
  controlDbAuthToken?: string;
  /** Template of a new tenant's database URL: `{dataDir}` and `{tenant}` are substituted. */
  tenantDbUrl: string;
  tenantDbAuthToken?: string;
  /** Upper bound of tenant connections kept open in this process (LRU). */
  tenantPoolSize: number;
  /** How long this process trusts a cached tenant row (status changes by the provider's CLI). */
  tenantCacheSeconds: number;
  jwtIssuer: string;
  jwtAudience: string;
  accessTokenTtlSeconds: number;
  /** A sign-in's absolute lifetime: its refresh tokens never outlive it, however often they rotate. */
  refreshTokenTtlSeconds: number;
  /** A sign-in unused this long (no token renewed) ends: its next call needs the password again. */
  sessionIdleSeconds: number;
  /** Sign-ins one user may hold at once; signing in once more ends the least recently used. */
  sessionsPerUser: number;
  /** PEM/JWK material may come from the environment; otherwise keys are generated under dataDir/keys. */
  jwtPrivateJwk?: string;
  /** Replaced signing keys (a JSON array of JWKs): what they sealed still opens until it is sealed again. */
  jwtPreviousJwks?: string;
  publicUrl: string;
  smtpUrl?: string;
  mailFrom: string;
  /** The SMS gateway messages are posted to (messaging/gateway.ts); without it texts go to DATA_DIR/outbox. */
  smsGatewayUrl?: string;
  smsGatewayToken?: string;
  /** How long a message's delivery waits before each retry, in milliseconds (then it has failed). */
  messageRetryMs: number[];
  oidcIssuer: string;
  oidcClientId?: string;
  oidcClientSecret?: string;
  oidcRedirectUri: string;
  /** The provider's name on the sign-in button ("Sign in with …"). */
  oidcProviderName: string;
  trustProxy: boolean;
  /**
   * Origins besides the server's own (PUBLIC_URL's and the request's) whose pages may open the real-time hub's
   * socket (`ALLOWED_ORIGINS`: comma-separated, e.g. `https://wms.example.com`); a browser's socket from any
   * other site is refused (403).
   */
  allowedOrigins: string[];
  /** Days the security event log keeps an event (`SECURITY_LOG_DAYS`); older ones are pruned in slices. */
  securityLogDays: number;
  /**
   * Every outbound connection may go anywhere, loopback and private networks included
   * (EXTERNAL_PRIVATE_HOSTS=allow, or `*` in EGRESS_ALLOW): off (the default), the egress policy
   * (kernel/egress) refuses them, so that no tenant reaches the host's network.
   */
  externalPrivateHosts: boolean;
  /**
   * Hosts, addresses and CIDR ranges outbound connections may reach although the egress policy refuses
   * them otherwise (a self-hosted installation's printers, mail relay or shop): EGRESS_ALLOW.
   */
  egressAllow: string[];
  /** The DNS server (`ip[:port]`) outbound names are resolved by; the system's resolver when unset. */
  egressDns?: string;
  /** ClamAV's daemon (host:port) that scans attachments and maps before they are kept; none: no scan. */
  clamdAddress?: string;
  /** Face sign-in (ComputerVision): off here answers face.unsupported whatever a tenant chose. */
  computerVision: boolean;
  /**
   * The breached-password range service (the Pwned Passwords API by k-anonymity): a new password found
   * there is refused. Undefined (`PWNED_PASSWORDS_URL=off`) checks nothing.
   */
  pwnedPasswordsUrl?: string;
  /** The demo users' password (`DEMO_PASSWORD`); none: a random one per installation (demo/seed.ts). */
  demoPassword?: string;
  /** Scrypt cost (N). Lower values are only for tests. */
  passwordHashCost: number;
  /** Failed sign-ins of one user from one address in the window before it waits (429). */
  loginLimitPerUser: number;
  /** Sign-in attempts from one address in the window before it waits (429); a success gives one back. */
  loginLimitPerIp: number;
  /** An API key's calls at once, then a second (429 with Retry-After beyond them). */
  apiKeyBurst: number;
  apiKeyPerSecond: number;
  /** A signed-in user's calls at once, then a second (429 request.rateLimited beyond them). */
  apiUserBurst: number;
  apiUserPerSecond: number;
  /** Failed sign-ins of one user from anywhere after which each attempt is slowed down (never refused). */
  loginSlowDownAfter: number;
  loginLimitWindowSeconds: number;
  activationCodeTtlSeconds: number;
  resetCodeTtlSeconds: number;
  walCheckpointSeconds: number;
  /**
   * Where Litestream streams every database (docs/decisions/0019-continuous-replication.md): `file:///path`,
   * `s3://bucket/prefix` (AWS_* variables), `sftp://user@host/path`; none: no replication.
   */
  replicaUrl?: string;
  /** How often Litestream ships new WAL frames to the replica (the recovery point), in milliseconds. */
  replicaSyncMs: number;
  /**
   * WAL pages past which Litestream checkpoints a file (its min-checkpoint-page-count), and past which the
   * file's writer lets it (server/db/wal_guard.ts, decision 0022).
   */
  replicaCheckpointPages: number;
  /** How long the replica keeps snapshots and WAL (the point-in-time window), in hours. */
  replicaRetentionHours: number;
  /**
   * The provider's monitoring token: `/api/health` with it as bearer also answers the replication's state
   * and each tenant's lag; without it (or with another), health says no more than liveness.
   */
  healthToken?: string;
  /** Where backups go (`<dir>/<slug>/<slug>-<time>.db`). */
  backupDir: string;
  /** Seconds between scheduled backups of every tenant (0: none). */
  backupEverySeconds: number;
  /** How many scheduled backups of a tenant are kept. */
  backupKeep: number;
  /** How long a request's body may take to arrive before the call is refused (408). */
  bodyTimeoutSeconds: number;
  machineName: string;
  /**
   * Shards: worker threads that each own a share of the tenants' databases (server/cluster/). 0 runs
   * everything on the main thread (tests, small installs); the default is one per core.
   */
  workers: number;
  /** Reader workers answering long reads (reports, statistics, deep pages) read-only; 0: the shards do. */
  readers: number;
  /** A shard that answers no heartbeat for this long is restarted (its requests answer 503 meanwhile). */
  shardStallSeconds: number;
  /**
   * The job pool (server/kernel/jobs/): worker threads that parse and draw what users send or ask for (maps,
   * import files, printouts), one job each at a time; each job's heap limit (MiB) and longest time (s).
   */
  jobWorkers: number;
  jobMemoryMb: number;
  jobSeconds: number;
  /** This instance's name in the tenant directory: it serves the tenants the directory gives it. */
  instance: string;
  /** Where a proxy (or another instance) reaches this instance; by default http://<HOST>:<PORT>. */
  instanceUrl: string;
  /**
   * The client build this server claims to serve, answered as `X-App-Version`; by default the id that
   * client/build.mjs wrote to dist/assets.json. Set only to claim another (tests).
   */
  clientBuild?: string;
}

function env(name: string): string | undefined {
  const v = Deno.env.get(name);
  return v === undefined || v === "" ? undefined : v;
}

function int(name: string, fallback: number): number {
  const raw = env(name);
  if (raw === undefined) return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0) {
    throw new Error(`Environment variable ${name} must be a non-negative integer, found "${raw}"`);
  }
  return n;
}

/** Comma-separated origins, each read as a URL's origin (`https://a.example/` is `https://a.example`). */
function origins(raw: string | undefined): string[] {
  if (!raw) return [];
  return raw.split(",").map((o) => o.trim()).filter((o) => o !== "").map((o) => {
    const origin = URL.canParse(o) ? new URL(o).origin : "null";
    if (origin === "null") throw new Error(`ALLOWED_ORIGINS: "${o}" is not an origin (https://host[:port])`);
    return origin;
  });
}

/** The provider's monitoring token: long enough that guessing it is hopeless, or none. */
function healthToken(raw: string | undefined): string | undefined {
  if (!raw) return undefined;
  if (raw.length < 24) {
    throw new Error("HEALTH_TOKEN must be at least 24 characters (e.g. openssl rand -hex 24)");
  }
  return raw;
}

export function loadConfig(overrides: Partial<Config> = {}): Config {
  const port = overrides.port ?? int("PORT", 8000);
  const dataDir = overrides.dataDir ?? resolve(env("DATA_DIR") ?? "./data");
  const publicUrl = overrides.publicUrl ?? env("PUBLIC_URL") ?? `http://localhost:${port}`;
  return {
    port,
    hostname: env("HOST") ?? "0.0.0.0",
    dataDir,
    controlDbUrl: env("CONTROL_DB_URL") ?? `file:${dataDir}/control.db`,
    controlDbAuthToken: env("CONTROL_DB_AUTH_TOKEN"),
    tenantDbUrl: env("TENANT_DB_URL") ?? "file:{dataDir}/tenants/{tenant}.db",
    tenantDbAuthToken: env("TENANT_DB_AUTH_TOKEN"),
    tenantPoolSize: int("TENANT_POOL_SIZE", 256),
    tenantCacheSeconds: int("TENANT_CACHE_SECONDS", 30),
    jwtIssuer: env("JWT_ISSUER") ?? "wms",
    jwtAudience: env("JWT_AUDIENCE") ?? "wms-api",
    accessTokenTtlSeconds: int("ACCESS_TOKEN_TTL", 15 * 60),
    refreshTokenTtlSeconds: int("REFRESH_TOKEN_TTL", 30 * 24 * 3600),
    sessionIdleSeconds: int("SESSION_IDLE_TIMEOUT", 24 * 3600),
    sessionsPerUser: int("SESSIONS_PER_USER", 100),
    jwtPrivateJwk: env("JWT_PRIVATE_JWK"),
    jwtPreviousJwks: env("JWT_PREVIOUS_JWKS"),
    publicUrl,
    smtpUrl: env("SMTP_URL"),
    mailFrom: env("MAIL_FROM") ?? "WMS <no-reply@localhost>",
    smsGatewayUrl: env("SMS_GATEWAY_URL"),
    smsGatewayToken: env("SMS_GATEWAY_TOKEN"),
    messageRetryMs: (env("MESSAGE_RETRY_MS") ?? "5000,30000,300000").split(",").map(Number)
      .filter((n) => Number.isFinite(n) && n >= 0),
    oidcIssuer: env("OIDC_ISSUER") ?? "https://accounts.google.com",
    oidcClientId: env("OIDC_CLIENT_ID"),
    oidcClientSecret: env("OIDC_CLIENT_SECRET"),
    oidcRedirectUri: env("OIDC_REDIRECT_URI") ?? `${publicUrl}/signin/oidc`,
    oidcProviderName: env("OIDC_PROVIDER_NAME") ?? "Google",
    trustProxy: env("TRUST_PROXY") === "true",
    allowedOrigins: origins(env("ALLOWED_ORIGINS")),
    securityLogDays: int("SECURITY_LOG_DAYS", 365),
    computerVision: env("COMPUTER_VISION") !== "off",
    clamdAddress: env("CLAMD_ADDRESS"),
    externalPrivateHosts: env("EXTERNAL_PRIVATE_HOSTS") === "allow",
    egressAllow: (env("EGRESS_ALLOW") ?? "").split(",").map((e) => e.trim()).filter(Boolean),
    egressDns: env("EGRESS_DNS"),
    pwnedPasswordsUrl: env("PWNED_PASSWORDS_URL") === "off"
      ? undefined
      : env("PWNED_PASSWORDS_URL") ?? "https://api.pwnedpasswords.com/range/",
    demoPassword: env("DEMO_PASSWORD"),
    passwordHashCost: int("PASSWORD_HASH_COST", 1 << 15),
    loginLimitPerUser: int("LOGIN_LIMIT_PER_USER", 5),
    loginLimitPerIp: int("LOGIN_LIMIT_PER_IP", 30),
    loginSlowDownAfter: int("LOGIN_SLOW_DOWN_AFTER", 10),
    apiKeyBurst: int("API_KEY_BURST", 20),
    apiKeyPerSecond: int("API_KEY_PER_SECOND", 10),
    apiUserBurst: int("API_USER_BURST", 300),
    apiUserPerSecond: int("API_USER_PER_SECOND", 50),
    loginLimitWindowSeconds: int("LOGIN_LIMIT_WINDOW", 15 * 60),
    activationCodeTtlSeconds: int("ACTIVATION_CODE_TTL", 7 * 24 * 3600),
    resetCodeTtlSeconds: int("RESET_CODE_TTL", 3600),
    walCheckpointSeconds: int("WAL_CHECKPOINT_SECONDS", 30),
    replicaUrl: env("REPLICA_URL") || undefined,
    replicaSyncMs: int("REPLICA_SYNC_MS", 100),
    replicaCheckpointPages: int("REPLICA_CHECKPOINT_PAGES", 1000),
    replicaRetentionHours: int("REPLICA_RETENTION_HOURS", 72),
    healthToken: healthToken(env("HEALTH_TOKEN")),
    bodyTimeoutSeconds: int("BODY_TIMEOUT_SECONDS", 30),
    backupDir: env("BACKUP_DIR") ?? `${dataDir}/backups`,
    backupEverySeconds: int("BACKUP_EVERY", 0),
    backupKeep: int("BACKUP_KEEP", 7),
    machineName: env("MACHINE_NAME") ?? Deno.hostname(),
    workers: int("WORKERS", navigator.hardwareConcurrency || 1),
    readers: int("READERS", 1),
    shardStallSeconds: int("SHARD_STALL_SECONDS", 60),
    jobWorkers: int("JOB_WORKERS", Math.max(1, (navigator.hardwareConcurrency || 1) - 1)),
    jobMemoryMb: int("JOB_MEMORY_MB", 1536),
    jobSeconds: int("JOB_SECONDS", 30),
    instance: env("INSTANCE") ?? "main",
    instanceUrl: env("INSTANCE_URL") ??
      `http://${(env("HOST") ?? "0.0.0.0") === "0.0.0.0" ? "127.0.0.1" : env("HOST")}:${port}`,
    ...overrides,
  };
}

export function tenantDbUrlFor(config: Config, slug: string): string {
  return config.tenantDbUrl.replaceAll("{dataDir}", config.dataDir).replaceAll("{tenant}", slug);
}
