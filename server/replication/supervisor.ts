// Litestream as a supervised child of the process that owns the database files (the front of a sharded
// server, or the single process): decision 0019. It keeps Litestream's configuration in step with the
// tenant directory (polled, since the provider's command line provisions, moves, suspends and deletes
// tenants from another process), restarts Litestream with the new configuration when the set changes, and
// starts it again with backoff when it dies. A state file tells a restore which tenants it replicates now.
import { mkdirSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Config } from "../config.ts";
import type { TenantRegistry } from "../../tenants/registry.ts";
import {
  LITESTREAM_BIN,
  litestreamConfig,
  type ReplicatedDb,
  replicatedDbs,
  type SkippedDb,
} from "./litestream_config.ts";

const RESTART_FIRST_MS = 200;
const RESTART_MAX_MS = 30_000;
/** A child that ran this long before dying starts the backoff over. */
const HEALTHY_MS = 30_000;
/** Lines of Litestream's output kept to explain a death. */
const KEPT_LINES = 20;

/** What the running supervisor writes for a restore in another process (`<dataDir>/replication/state.json`). */
export interface ReplicationState {
  /** Litestream's process id, null while it is down. */
  pid: number | null;
  /** Slugs it replicates now (the control database is not listed). */
  slugs: string[];
  /** Refreshed every poll: a state older than a few polls belongs to a stopped server. */
  at: string;
}

export function replicationDir(config: Config): string {
  return join(config.dataDir, "replication");
}

export function statePath(config: Config): string {
  return join(replicationDir(config), "state.json");
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
  #pollTimer: ReturnType<typeof setInterval> | undefined;
  #polling: Promise<void> | undefined;
  readonly #lines: string[] = [];
  /** Times Litestream was started again after dying (not after a configuration change). */
  restarts = 0;

  constructor(
    readonly config: Config,
    readonly registry: TenantRegistry,
    readonly pollMs = 2000,
    readonly bin = LITESTREAM_BIN,
  ) {}

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
    await this.sync();
    this.#pollTimer = setInterval(() => void this.sync().catch(() => {}), this.pollMs);
    Deno.unrefTimer(this.#pollTimer as unknown as number);
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
    if (key !== this.#key) {
      this.#key = key;
      this.#dbs = dbs;
      await this.#stopChild();
      if (this.#stopping) return;
      this.#writeConfig();
      this.#spawn();
    }
    this.#writeState();
  }

  #writeConfig(): void {
    const tmp = `${this.configPath}.tmp`;
    writeFileSync(tmp, litestreamConfig(this.config, this.#dbs), { mode: 0o600 });
    renameSync(tmp, this.configPath);
  }

  #writeState(): void {
    const state: ReplicationState = {
      pid: this.#child?.pid ?? null,
      slugs: this.#dbs.flatMap((d) => d.slug === null ? [] : [d.slug]),
      at: new Date().toISOString(),
    };
    const path = statePath(this.config);
    writeFileSync(`${path}.tmp`, JSON.stringify(state), { mode: 0o600 });
    renameSync(`${path}.tmp`, path);
  }

  #spawn(): void {
    if (this.#dbs.length === 0) return;
    const started = Date.now();
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
      if (this.#child !== child) return; // stopped on purpose
      this.#child = undefined;
      if (this.#stopping) return;
      if (Date.now() - started > HEALTHY_MS) this.#failures = 0;
      const delay = Math.min(RESTART_MAX_MS, RESTART_FIRST_MS * 2 ** this.#failures++);
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
        }
      }
    } catch { /* the child is gone */ }
  }

  async #stopChild(): Promise<void> {
    if (this.#restartTimer !== undefined) clearTimeout(this.#restartTimer);
    this.#restartTimer = undefined;
    const child = this.#child;
    if (!child) return;
    this.#child = undefined;
    try {
      // SIGTERM: Litestream ships what it has read before it exits.
      child.kill("SIGTERM");
    } catch { /* already gone */ }
    await child.status;
  }

  async stop(): Promise<void> {
    this.#stopping = true;
    if (this.#pollTimer !== undefined) clearInterval(this.#pollTimer);
    await this.#polling?.catch(() => {});
    await this.#stopChild();
    await this.#exited;
    try {
      this.#writeState();
    } catch { /* the data directory is gone */ }
  }
}
