// Litestream as a supervised child of the process that owns the database files (the front of a sharded
// server, or the single process): decision 0019. It keeps Litestream's configuration in step with the
// tenant directory (polled, since the provider's command line provisions, moves, suspends and deletes
// tenants from another process), restarts Litestream with the new configuration when the set changes, and
// starts it again with backoff when it dies. It samples each database's replication lag (lag.ts) from
// Litestream's metrics on a loopback port, and a state file tells a restore which tenants it replicates now
// and the provider (health, the CLI) how far each replica is behind (view.ts).
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Config } from "../config.ts";
import { Egress, egressOf, isRefusal, refusalReason } from "../kernel/egress/egress.ts";
import type { TenantRegistry } from "../tenancy/registry.ts";
import {
  LITESTREAM_BIN,
  litestreamConfig,
  replicaHost,
  type ReplicatedDb,
  replicatedDbs,
  type SkippedDb,
  windowPauseFile,
} from "./litestream_config.ts";
import {
  type DbReplication,
  type LagTracker,
  NEW_TRACKER,
  parseLitestreamMetrics,
  readLocalWal,
  track,
  type WalScan,
} from "./lag.ts";
import { readReplicationState, replicationDir, type ReplicationState, statePath } from "./view.ts";

export { replicationDir, type ReplicationState, statePath };

const RESTART_FIRST_MS = 200;
const RESTART_MAX_MS = 30_000;
/** A child that ran this long before dying starts the backoff over. */
const HEALTHY_MS = 30_000;
/** Lines of Litestream's output kept to explain a death. */
const KEPT_LINES = 20;
/**
 * How long the supervisor waits between writing the pause file and stopping Litestream: an open window sees
 * the file at its next look (every 5 ms: wal_guard.ts), or ends at its own bound, once its thread gets a
 * turn; so a writer's thread may be busy this long (a big synchronous statement, a collection) and still
 * have let go of nothing when Litestream makes its last checkpoint.
 */
const PAUSE_REACHES_MS = 1_000;

/** Litestream's metrics are read through a policy that allows the loopback address and nothing else. */
const LOOPBACK = new Egress({ allow: ["127.0.0.1"] });

/** A loopback port nothing listens on now, for Litestream's metrics. */
function freeLoopbackPort(): number {
  const l = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const port = (l.addr as Deno.NetAddr).port;
  l.close();
  return port;
}

export class ReplicationSupervisor {
  #child: Deno.ChildProcess | undefined;
  #exited: Promise<void> = Promise.resolve();
  #dbs: ReplicatedDb[] = [];
  #skipped: SkippedDb[] = [];
  #key = "";
  #stopping = false;
  #failures = 0;
  #restartTimer: ReturnType<typeof setTimeout> | undefined;
  /** Whether the Litestream running now replicates tenant files (whose writers have windows). */
  #childTenants = false;
  /** The Litestream being stopped on purpose (its exit is not a failure to restart after). */
  #ending: Deno.ChildProcess | undefined;
  #pollTimer: ReturnType<typeof setInterval> | undefined;
  #sampleTimer: ReturnType<typeof setInterval> | undefined;
  #polling: Promise<void> | undefined;
  #sampling: Promise<void> | undefined;
  #metricsPort: number | undefined;
  #endpointChecked = false;
  readonly #trackers = new Map<string, LagTracker>();
  readonly #scans = new Map<string, WalScan>();
  #lag: DbReplication[] = [];
  readonly #lines: string[] = [];
  /** Times Litestream was started again after dying (not after a configuration change). */
  restarts = 0;
  /** Why Litestream last died, could not start, or failed to sync. */
  lastError: { at: string; message: string } | null = null;

  constructor(
    readonly config: Config,
    readonly registry: TenantRegistry,
    readonly pollMs = 2000,
    readonly bin = LITESTREAM_BIN,
    readonly options: {
      /** How often the lag is sampled: its resolution (default: the poll's interval, at most 500 ms). */
      sampleMs?: number;
      /** Litestream's settings for every database (its checkpoint thresholds, for a test). */
      dbOptions?: Record<string, unknown>;
      /** Told when the egress policy refuses the replica's host (a security event), once per refusal. */
      refused?: (detail: string) => void;
    } = {},
  ) {
    this.sampleMs = options.sampleMs ?? Math.min(500, pollMs);
  }

  readonly sampleMs: number;

  get configPath(): string {
    return join(replicationDir(this.config), "litestream.yml");
  }

  /** Litestream's process id, if it runs. */
  get pid(): number | undefined {
    return this.#child?.pid;
  }

  get databases(): readonly ReplicatedDb[] {
    return this.#dbs;
  }

  get skipped(): readonly SkippedDb[] {
    return this.#skipped;
  }

  async start(): Promise<void> {
    mkdirSync(replicationDir(this.config), { recursive: true, mode: 0o700 });
    await this.#endLeftover();
    await this.sync();
    this.#pollTimer = setInterval(() => void this.sync().catch(() => {}), this.pollMs);
    Deno.unrefTimer(this.#pollTimer as unknown as number);
    this.#sampleTimer = setInterval(() => void this.sample().catch(() => {}), this.sampleMs);
    Deno.unrefTimer(this.#sampleTimer as unknown as number);
  }

  /**
   * A server killed outright (SIGKILL, a crash) leaves its Litestream running until it next writes to the
   * pipes of the dead parent; two on the same files must never run. The one the state file names is ended
   * first, if it still runs this data directory's configuration (a process id can be reused).
   */
  async #endLeftover(): Promise<void> {
    const pid = (await readReplicationState(this.config))?.pid;
    if (!pid || !this.#isOurs(pid)) return;
    await this.#windowsPaused(async () => {
      try {
        Deno.kill(pid, "SIGTERM");
      } catch {
        return;
      }
      const until = Date.now() + 10_000;
      while (this.#isOurs(pid) && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
      if (this.#isOurs(pid)) {
        try {
          Deno.kill(pid, "SIGKILL");
        } catch { /* gone meanwhile */ }
      }
    }, true);
  }

  /**
   * Ends Litestream (`stop`) with every writer's windows paused (wal_guard.ts) until it is started again:
   * on its way out Litestream 0.3.13 checkpoints once more and, its context cancelled, never writes the row
   * that starts the WAL over. A writer whose window were open then would find its WAL copied whole into the
   * database file, and its next write would start the WAL over behind Litestream's back: when Litestream
   * comes back, "wal overwritten by another process", a new generation and a full snapshot of that tenant.
   * Writers read the pause file before opening a window and at every look of an open one (every 5 ms): a
   * window opened before the file was written has ended once its thread has had a turn, which the wait
   * (PAUSE_REACHES_MS) allows a thread busy for up to a second. The pause lasts until Litestream runs again
   * (`#spawn`): a window while it is down cannot end well anyway, and would let the writer start over a WAL
   * that its last checkpoint copied. Ctrl+C in a terminal or a service manager's SIGTERM to the whole process
   * group reaches Litestream without the pause (decision 0022 says what that leaves).
   */
  async #windowsPaused(
    stop: () => Promise<void>,
    tenants = this.#childTenants,
  ): Promise<void> {
    if (!tenants) return stop();
    // The pausing process, for whoever finds the file.
    writeFileSync(windowPauseFile(this.config), `${Deno.pid}\n`, { mode: 0o600 });
    await new Promise((r) => setTimeout(r, PAUSE_REACHES_MS));
    await stop();
  }

  #isOurs(pid: number): boolean {
    try {
      const cmdline = readFileSync(`/proc/${pid}/cmdline`, "utf8");
      const state = readFileSync(`/proc/${pid}/stat`, "utf8");
      // A zombie (state Z) is gone already, waiting for its dead parent's reaper.
      return cmdline.includes("litestream") && cmdline.includes(this.configPath) &&
        !/^\d+ \(.*\) Z/.test(state);
    } catch {
      return false;
    }
  }

  /** Reads the tenant directory and, if the replicated set changed, restarts Litestream on it. */
  sync(): Promise<void> {
    return this.#polling ??= this.#sync().finally(() => (this.#polling = undefined));
  }

  async #sync(): Promise<void> {
    if (this.#stopping) return;
    const { dbs, skipped } = replicatedDbs(this.config, await this.registry.list());
    const key = JSON.stringify(dbs);
    for (const s of skipped) {
      if (s.reason === "libsql" && !this.#skipped.some((o) => o.slug === s.slug && o.reason === s.reason)) {
        console.log(`replication: tenant ${s.slug} is on a libSQL server, not replicated by Litestream`);
      }
    }
    this.#skipped = skipped;
    if (key !== this.#key && await this.#endpointAllowed()) {
      this.#key = key;
      this.#dbs = dbs;
      await this.#stopChild();
      if (this.#stopping) return;
      this.#spawn();
    }
    this.#writeState();
  }

  /**
   * The replica's host is an outbound connection (Litestream's, on our behalf): an S3 endpoint or SFTP host
   * the egress policy refuses (a loopback or private address not in EGRESS_ALLOW) is not replicated to,
   * and said so in the state; asked again at the next poll.
   */
  async #endpointAllowed(): Promise<boolean> {
    if (this.#endpointChecked) return true;
    const host = replicaHost(this.config.replicaUrl!);
    try {
      if (host) await egressOf(this.config).assert(host);
      this.#endpointChecked = true;
      return true;
    } catch (err) {
      const message = isRefusal(err)
        ? `the replica's host ${host} is refused by the egress policy (${refusalReason(err)}): ` +
          "allow it in EGRESS_ALLOW"
        : `the replica's host ${host} cannot be checked: ${err instanceof Error ? err.message : err}`;
      if (this.lastError?.message !== message) {
        console.error(`replication: ${message}`);
        if (isRefusal(err)) this.options.refused?.(`replica's host ${host}: ${refusalReason(err)}`);
      }
      this.lastError = { at: new Date().toISOString(), message };
      return false;
    }
  }

  /** One lag sample of every replicated database (lag.ts), published in the state file. */
  sample(): Promise<void> {
    return this.#sampling ??= this.#sample().finally(() => (this.#sampling = undefined));
  }

  async #sample(): Promise<void> {
    if (this.#stopping) return;
    const metrics = await this.#metrics();
    const now = Date.now();
    const lag: DbReplication[] = [];
    for (const db of this.#dbs) {
      const local = await readLocalWal(db.path, this.#scans.get(db.path));
      if (local) this.#scans.set(db.path, local);
      else this.#scans.delete(db.path);
      const seen = metrics?.get(db.path);
      const t = track(this.#trackers.get(db.path) ?? NEW_TRACKER, local, seen, now);
      this.#trackers.set(db.path, t);
      lag.push({
        tenant: db.slug,
        replicated: true,
        localOffset: local?.offset ?? null,
        litestreamIndex: seen?.index ?? null,
        replica: seen?.replica ?? null,
        behindSince: t.behindSince === null ? null : new Date(t.behindSince).toISOString(),
        lastSyncAt: t.lastSyncAt === null ? null : new Date(t.lastSyncAt).toISOString(),
        syncErrors: seen?.syncErrors ?? 0,
      });
    }
    for (const s of this.#skipped) lag.push({ tenant: s.slug, replicated: false, reason: s.reason });
    const paths = new Set(this.#dbs.map((d) => d.path));
    for (const path of this.#trackers.keys()) if (!paths.has(path)) this.#trackers.delete(path);
    for (const path of this.#scans.keys()) if (!paths.has(path)) this.#scans.delete(path);
    this.#lag = lag;
    if (!this.#stopping) this.#writeState();
  }

  /** Litestream's metrics, or undefined when it does not answer within the sample interval. */
  async #metrics() {
    if (!this.#child || this.#metricsPort === undefined) return undefined;
    try {
      const r = await LOOPBACK.fetch(`http://127.0.0.1:${this.#metricsPort}/metrics`, {
        signal: AbortSignal.timeout(Math.max(200, this.sampleMs)),
      });
      if (!r.ok) {
        await r.body?.cancel();
        return undefined;
      }
      return parseLitestreamMetrics(await r.text());
    } catch {
      return undefined;
    }
  }

  #writeConfig(): void {
    const tmp = `${this.configPath}.tmp`;
    const addr = `127.0.0.1:${this.#metricsPort}`;
    writeFileSync(tmp, litestreamConfig(this.config, this.#dbs, addr, this.options.dbOptions), {
      mode: 0o600,
    });
    renameSync(tmp, this.configPath);
  }

  #writeState(): void {
    const state: ReplicationState = {
      pid: this.#child?.pid ?? null,
      slugs: this.#dbs.flatMap((d) => d.slug === null ? [] : [d.slug]),
      at: new Date().toISOString(),
      restarts: this.restarts,
      lastError: this.lastError,
      metrics: this.#child && this.#metricsPort ? `127.0.0.1:${this.#metricsPort}` : null,
      databases: this.#lag,
    };
    const path = statePath(this.config);
    writeFileSync(`${path}.tmp`, JSON.stringify(state), { mode: 0o600 });
    renameSync(`${path}.tmp`, path);
  }

  #spawn(): void {
    if (this.#dbs.length === 0) return;
    // A fresh port each start: one taken meanwhile would keep Litestream from starting.
    this.#metricsPort = freeLoopbackPort();
    this.#writeConfig();
    const started = Date.now();
    // Writers' windows again (paused while Litestream was stopped: #windowsPaused).
    rmSync(windowPauseFile(this.config), { force: true });
    this.#childTenants = this.#dbs.some((d) => d.slug !== null);
    const child = new Deno.Command(this.bin, {
      args: ["replicate", "-no-expand-env", "-config", this.configPath],
      stdin: "null",
      stdout: "piped",
      stderr: "piped",
    }).spawn();
    this.#child = child;
    void this.#keep(child.stdout);
    void this.#keep(child.stderr);
    this.#exited = child.status.then((status) => {
      if (this.#child !== child || this.#ending === child) return; // stopped on purpose
      this.#child = undefined;
      if (this.#stopping) return;
      if (Date.now() - started > HEALTHY_MS) this.#failures = 0;
      const delay = Math.min(RESTART_MAX_MS, RESTART_FIRST_MS * 2 ** this.#failures++);
      const said = this.#lines.findLast((l) => l.includes("level=ERROR")) ?? this.#lines.at(-1);
      this.lastError = {
        at: new Date().toISOString(),
        message: `Litestream exited (${status.signal ?? status.code})${said ? `: ${said}` : ""}`,
      };
      console.error(
        `replication: Litestream exited (${status.signal ?? status.code}); restarting in ${delay} ms\n` +
          this.#lines.join("\n"),
      );
      this.#restartTimer = setTimeout(() => {
        this.#restartTimer = undefined;
        if (this.#stopping || this.#child) return;
        this.restarts++;
        this.#spawn();
        this.#writeState();
      }, delay);
    });
  }

  async #keep(stream: ReadableStream<Uint8Array>): Promise<void> {
    const decoder = new TextDecoder();
    try {
      for await (const bytes of stream) {
        for (const line of decoder.decode(bytes, { stream: true }).split("\n")) {
          if (!line) continue;
          this.#lines.push(line);
          if (this.#lines.length > KEPT_LINES) this.#lines.shift();
          // A sync that fails (the store unreachable, refused credentials) while Litestream keeps running.
          if (line.includes("level=ERROR")) this.lastError = { at: new Date().toISOString(), message: line };
        }
      }
    } catch { /* the child is gone */ }
  }

  async #stopChild(): Promise<void> {
    if (this.#restartTimer !== undefined) clearTimeout(this.#restartTimer);
    this.#restartTimer = undefined;
    const child = this.#child;
    if (!child) return;
    // Still the running Litestream while the pause reaches the writers (its pid in the state file, for a
    // restarted server to end it), but no longer one to start again if it exits meanwhile.
    this.#ending = child;
    await this.#windowsPaused(async () => {
      if (this.#child === child) this.#child = undefined;
      try {
        // SIGTERM: Litestream ships what it has read before it exits.
        child.kill("SIGTERM");
      } catch { /* already gone */ }
      await child.status;
    });
  }

  async stop(): Promise<void> {
    this.#stopping = true;
    if (this.#pollTimer !== undefined) clearInterval(this.#pollTimer);
    if (this.#sampleTimer !== undefined) clearInterval(this.#sampleTimer);
    await this.#polling?.catch(() => {});
    await this.#sampling?.catch(() => {});
    await this.#stopChild();
    await this.#exited;
    try {
      this.#writeState();
    } catch { /* the data directory is gone */ }
  }
}
