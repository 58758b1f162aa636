// Backups of tenant databases, by the provider's command line (`deno task tenant backup|restore`) or on a
// schedule in the server (BACKUP_EVERY, BACKUP_KEEP, BACKUP_DIR). A backup is taken while the server serves
// (server/db/backup.ts: one read transaction, on a worker thread in the server); a restore suspends the
// tenant, waits until every server has seen that (TENANT_CACHE_SECONDS), copies the backup into the live
// file, brings it to the current schema and gives the tenant its status back. A tenant's attachments are
// in its database (decision 0020), so its one backup file holds them.
import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import type { Services } from "../kernel/services.ts";
import { backupDatabase, checkBackup, restoreDatabase } from "../db/backup.ts";
import type { BackupReply, BackupRequest } from "../db/backup_worker.ts";
import { filePathOf, LocalConnection } from "../db/local.ts";
import { migrate } from "../db/migrate.ts";
import { restoringMark } from "../replication/litestream_config.ts";
import { waitReleased } from "../replication/view.ts";
import type { Tenant } from "./registry.ts";
import { importTenantFiles } from "./files.ts";

/** `<dir>/<slug>/<slug>-20261125T164500Z.db`: names that sort by time. */
export function backupPath(dir: string, slug: string, at = new Date()): string {
  const stamp = at.toISOString().replace(/[-:]/g, "").replace(/\.\d+Z$/, "Z");
  return join(dir, slug, `${slug}-${stamp}.db`);
}

function localPath(tenant: Tenant): string {
  if (!tenant.dbUrl.startsWith("file:")) {
    throw new Error(`${tenant.slug} is on a libSQL server (${tenant.dbUrl}): back it up there`);
  }
  return filePathOf(tenant.dbUrl);
}

/** Backs `tenant` up now, on this thread (the command line); answers the file. */
export function backupTenant(tenant: Tenant, dir: string): { file: string; bytes: number; ms: number } {
  const file = backupPath(dir, tenant.slug);
  return { file, ...backupDatabase(localPath(tenant), file) };
}

/** Deletes all but the newest `keep` backups of `slug`. */
export function pruneBackups(dir: string, slug: string, keep: number): string[] {
  const folder = join(dir, slug);
  if (!existsSync(folder)) return [];
  const files = readdirSync(folder).filter((f) => f.startsWith(`${slug}-`) && f.endsWith(".db")).sort();
  const gone = files.slice(0, Math.max(0, files.length - keep));
  for (const f of gone) rmSync(join(folder, f), { force: true });
  return gone;
}

/** Restores `slug` from `file`; the tenant is suspended meanwhile and answers with its status again. */
export async function restoreTenant(
  platform: Pick<Services, "config" | "pool" | "registry">,
  slug: string,
  file: string,
  log: (line: string) => void = () => {},
): Promise<Tenant> {
  const tenant = await platform.registry.bySlug(slug);
  if (!tenant) throw new Error(`no tenant ${slug}`);
  const path = localPath(tenant);
  // Refused before anything changes: the tenant is not suspended for a file that cannot be restored.
  checkBackup(file, "tenant");
  const status = tenant.status;
  // Marked before it is suspended: a replicating server lets go of the file (its Litestream would otherwise
  // go on reading the file being replaced) and takes it up again, a new generation, once the mark is gone.
  const mark = restoringMark(path);
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  writeFileSync(mark, `${Deno.pid}\n`, { mode: 0o600 });
  await platform.registry.update(tenant.id, { status: "suspended" });
  try {
    const wait = platform.config.tenantCacheSeconds;
    if (wait > 0) {
      log(`${slug} suspended; waiting ${wait} s until every server has seen it`);
      await new Promise((r) => setTimeout(r, wait * 1000 + 250));
    }
    await waitReleased(platform.config, slug);
    await platform.pool.forget(tenant.dbUrl);
    const { pages, ms } = await restoreDatabase(file, path, "tenant");
    // A backup of an older version is brought to this one's schema before anyone reads it.
    const conn = new LocalConnection(tenant.dbUrl);
    try {
      await migrate(conn, "tenant");
    } finally {
      await conn.close();
    }
    log(`${slug} restored from ${file} (${pages} pages, ${Math.round(ms)} ms)`);
  } finally {
    await platform.registry.update(tenant.id, { status });
    rmSync(mark, { force: true });
  }
  return (await platform.registry.bySlug(slug))!;
}

/** Scheduled backups in the server: every tenant on a worker thread, one after the other. */
export class BackupSchedule {
  #worker: Worker | undefined;
  #timer: ReturnType<typeof setInterval> | undefined;
  #next = 1;
  #running = false;
  readonly #pending = new Map<number, (r: BackupReply) => void>();

  constructor(readonly platform: Services) {}

  start(): void {
    const every = this.platform.config.backupEverySeconds;
    if (every <= 0 || this.#timer) return;
    this.#timer = setInterval(() => {
      this.runOnce().catch((err) => console.error("scheduled backups failed:", err));
    }, every * 1000);
  }

  /** Backs up every active tenant on a file, keeping the newest BACKUP_KEEP of each; answers the files. */
  async runOnce(): Promise<string[]> {
    if (this.#running) return [];
    this.#running = true;
    const { backupDir, backupKeep } = this.platform.config;
    const written: string[] = [];
    try {
      for (const tenant of await this.platform.registry.list()) {
        if (tenant.status !== "active" || !tenant.dbUrl.startsWith("file:")) continue;
        // Its attachments are in its database (decision 0020); any still on disk are brought in first.
        await importTenantFiles(this.platform, tenant).catch((err) =>
          console.error(`files of ${tenant.slug} not brought into its database:`, err)
        );
        const file = backupPath(backupDir, tenant.slug);
        const reply = await this.#onWorker({ source: filePathOf(tenant.dbUrl), dest: file });
        if (!reply.ok) {
          console.error(`backup of ${tenant.slug} failed: ${reply.error}`);
          continue;
        }
        written.push(file);
        pruneBackups(backupDir, tenant.slug, backupKeep);
      }
    } finally {
      this.#running = false;
    }
    return written;
  }

  #onWorker(request: Omit<BackupRequest, "id">): Promise<BackupReply> {
    const worker = this.#worker ??= this.#startWorker();
    const id = this.#next++;
    return new Promise((resolve) => {
      this.#pending.set(id, resolve);
      worker.postMessage({ id, ...request } satisfies BackupRequest);
    });
  }

  #startWorker(): Worker {
    const worker = new Worker(new URL("../db/backup_worker.ts", import.meta.url).href, {
      type: "module",
    });
    worker.onmessage = (event: MessageEvent<BackupReply>) => {
      const done = this.#pending.get(event.data.id);
      this.#pending.delete(event.data.id);
      done?.(event.data);
    };
    worker.onerror = (event) => {
      event.preventDefault();
      for (const [id, done] of this.#pending) done({ id, ok: false, error: event.message });
      this.#pending.clear();
      this.#worker?.terminate();
      this.#worker = undefined;
    };
    return worker;
  }

  stop(): void {
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = undefined;
    this.#worker?.terminate();
    this.#worker = undefined;
  }
}
