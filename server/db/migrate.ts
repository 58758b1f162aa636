// Applies the SQL migrations that drizzle-kit generated (migrations/<kind>/), recording each applied one
// in `__migrations`, so every database says which version it is at. Pending ones run in one transaction.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { sql } from "drizzle-orm";
import type { Connection } from "./connection.ts";

export interface Migration {
  idx: number;
  tag: string;
  statements: string[];
}

const cache = new Map<string, Migration[]>();

export function migrationsDir(kind: "control" | "tenant"): string {
  return join(fileURLToPath(new URL("../../migrations/", import.meta.url)), kind);
}

export function readMigrations(kind: "control" | "tenant"): Migration[] {
  const hit = cache.get(kind);
  if (hit) return hit;
  const dir = migrationsDir(kind);
  const journal = JSON.parse(readFileSync(join(dir, "meta", "_journal.json"), "utf8")) as {
    entries: Array<{ idx: number; tag: string }>;
  };
  const list = journal.entries.map((e) => ({
    idx: e.idx,
    tag: e.tag,
    statements: readFileSync(join(dir, `${e.tag}.sql`), "utf8")
      .split("--> statement-breakpoint")
      .map((s) => s.trim())
      .filter((s) => s.length > 0),
  }));
  cache.set(kind, list);
  return list;
}

export function latestVersion(kind: "control" | "tenant"): number {
  return readMigrations(kind).length;
}

export async function currentVersion(conn: Connection): Promise<number> {
  await conn.query(
    "CREATE TABLE IF NOT EXISTS __migrations (idx INTEGER PRIMARY KEY, tag TEXT NOT NULL, applied_at INTEGER NOT NULL)",
  );
  const rows = await conn.query("SELECT COUNT(*) AS n FROM __migrations");
  return Number(rows[0].n);
}

/** The applied migrations must be this build's first ones, in order: an edited or foreign history stops. */
function checkHistory(conn: Connection, all: Migration[], applied: Array<[number, string]>): void {
  applied.forEach(([idx, tag], i) => {
    const expected = all[i];
    if (expected && (expected.idx !== Number(idx) || expected.tag !== tag)) {
      throw new Error(
        `Database ${conn.url} records migration ${idx} "${tag}" where this build has ${expected.idx} "${expected.tag}"`,
      );
    }
  });
}

/** Brings the database up to the latest migration; answers how many were applied. */
export async function migrate(conn: Connection, kind: "control" | "tenant"): Promise<number> {
  const all = readMigrations(kind);
  await currentVersion(conn); // creates the bookkeeping table when missing
  const applied = (await conn.query("SELECT idx, tag FROM __migrations ORDER BY idx"))
    .map((r) => [Number(r.idx), String(r.tag)] as [number, string]);
  checkHistory(conn, all, applied);
  if (applied.length >= all.length) return 0;
  // drizzle-kit rebuilds a table (create, copy, drop, rename) to change its constraints, which needs
  // foreign keys off; that pragma is a no-op inside a transaction, so it is set around it, and the
  // transaction checks every foreign key itself before it commits.
  await conn.query("PRAGMA foreign_keys = OFF");
  try {
    return await applyPending(conn, all);
  } finally {
    await conn.query("PRAGMA foreign_keys = ON");
  }
}

function applyPending(conn: Connection, all: Migration[]): Promise<number> {
  // Re-read the version inside the write transaction: another process may have migrated meanwhile.
  return conn.transaction(async (tx) => {
    const rows = await tx.all<[number, string]>(sql`SELECT idx, tag FROM __migrations ORDER BY idx`);
    checkHistory(conn, all, rows);
    const pending = all.slice(rows.length);
    const now = Math.floor(Date.now() / 1000);
    for (const m of pending) {
      for (const statement of m.statements) await tx.run(sql.raw(statement));
      await tx.run(sql`INSERT INTO __migrations (idx, tag, applied_at) VALUES (${m.idx}, ${m.tag}, ${now})`);
    }
    const broken = await tx.all<[string, number, string]>(sql`PRAGMA foreign_key_check`);
    if (broken.length) {
      throw new Error(
        `Migration of ${conn.url} would break foreign keys: ${JSON.stringify(broken.slice(0, 5))}`,
      );
    }
    return pending.length;
  });
}
