// Online backups of SQLite databases and their restore. A backup is `VACUUM INTO` from a read-only
// connection of its own: one read transaction, so the copy is the database as of one moment, taken while the
// server writes (WAL readers never block the writer). A restore copies a backup into the live file through
// SQLite's backup API, page by page under SQLite's own locks, so connections that other processes hold open
// read the restored data next; a file is never swapped under an open connection.
import { backup, DatabaseSync } from "node:sqlite";
import { mkdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { readMigrations } from "./migrate.ts";
import { createPrivately } from "./local.ts";

/** Writes a consistent copy of the database at `source` to `dest` (0600), through a temporary file. */
export function backupDatabase(source: string, dest: string): { bytes: number; ms: number } {
  const started = performance.now();
  mkdirSync(dirname(dest), { recursive: true, mode: 0o700 });
  const temp = `${dest}.part`;
  rmSync(temp, { force: true });
  // VACUUM INTO takes an empty file; made first so that it is the server's alone from the start.
  writeFileSync(temp, new Uint8Array(), { mode: 0o600 });
  const db = new DatabaseSync(source, { readOnly: true });
  try {
    db.prepare("VACUUM INTO ?").run(temp);
  } catch (err) {
    rmSync(temp, { force: true });
    throw err;
  } finally {
    db.close();
  }
  renameSync(temp, dest);
  return { bytes: Deno.statSync(dest).size, ms: performance.now() - started };
}

/**
 * Refuses a file that is not a sound database of this kind: damaged, without migrations, or with migrations
 * that are not this build's (the control database, another program's file, a newer version's backup).
 */
export function checkBackup(file: string, kind: "control" | "tenant"): void {
  const db = new DatabaseSync(file, { readOnly: true });
  try {
    const check = db.prepare("PRAGMA quick_check").get() as Record<string, unknown>;
    if (Object.values(check)[0] !== "ok") throw new Error(`${file} is damaged: ${Object.values(check)[0]}`);
    const known = readMigrations(kind).map((m) => m.tag);
    let recorded: string[] = [];
    try {
      recorded = (db.prepare("SELECT tag FROM __migrations ORDER BY rowid").all() as { tag: string }[])
        .map((r) => r.tag);
    } catch { /* no table: not ours */ }
    if (recorded.length === 0 || recorded.some((tag, i) => known[i] !== tag)) {
      throw new Error(`${file} is not a ${kind} database of this server`);
    }
  } finally {
    db.close();
  }
}

/** Copies the backup `file` into the live database at `dest` (which other connections may hold open). */
export async function restoreDatabase(
  file: string,
  dest: string,
  kind: "control" | "tenant",
): Promise<{ pages: number; ms: number }> {
  const started = performance.now();
  checkBackup(file, kind);
  const source = new DatabaseSync(file, { readOnly: true });
  try {
    // Onto a new disk (the data directory lost) the file is made first, the server's alone (0600 in 0700).
    createPrivately(dest);
    const pages = await backup(source, dest);
    return { pages, ms: performance.now() - started };
  } finally {
    source.close();
  }
}
