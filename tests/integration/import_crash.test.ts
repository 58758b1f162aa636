// An import cut short by the end of its process is taken back (decision 0018). Its slices commit as they go,
// so a SIGKILL midway leaves some of them in the tenant's file; the journal written with each slice names
// what they wrote, and when the restarted server next opens the file it holds those records again and takes
// them back: the added ones erased, the updated ones as they were (version and all), their history gone.
// The job's wizard, asking after its job, learns that it was interrupted. A run is taken for left behind only
// once nobody has touched it for a while (IMPORT_STALE_SECONDS), so that one another process is still writing
// is never taken back under it. The real server runs as a process
// of its own (server/main.ts with shard threads, as `npm start` runs it) on its own data directory.
import { freePort, ServerProcess } from "../fixtures/server_process.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DatabaseSync } from "node:sqlite";
import { mkdirSync, rmSync } from "node:fs";
import { join, resolve } from "node:path";

const DENO = "./node_modules/deno/deno";
const PASSWORD = "long-enough-1";
const ROWS = 20_000;

const dataDir = resolve(".test-data", `import-crash-${crypto.randomUUID()}`);
const tenantDb = join(dataDir, "tenants", "impcrash.db");
let port = 0;
let token = "";

const env = () => ({
  DATA_DIR: dataDir,
  PORT: String(port),
  HOST: "127.0.0.1",
  PASSWORD_HASH_COST: "1024",
  ACCESS_TOKEN_TTL: String(24 * 3600),
  WORKERS: "2",
  // A run untouched this long was left behind (60 s in production, longer than a slice may wait for the
  // lock); the restart comes at once, so the server first holds the run and then takes it back once stale.
  IMPORT_STALE_SECONDS: "3",
});

const serverProcess = new ServerProcess();
const startProcess = () => serverProcess.start(env(), port);
const killProcess = () => serverProcess.kill();

// deno-lint-ignore no-explicit-any
async function api(method: string, path: string, body?: unknown): Promise<{ status: number; body: any }> {
  const r = await fetch(`http://127.0.0.1:${port}/api${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      "accept-language": "en-US",
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await r.text();
  return { status: r.status, body: text ? JSON.parse(text) : null };
}

/** Polls `ok` until it holds (a state, not a time). */
async function until(ok: () => Promise<boolean>, ms = 60_000): Promise<void> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await ok()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`not within ${ms} ms`);
}

/** The tenant's database as the server left it, read by a connection of this process. */
function query(sql: string): Record<string, unknown>[] {
  const db = new DatabaseSync(tenantDb, { readOnly: true });
  try {
    return db.prepare(sql).all() as Record<string, unknown>[];
  } finally {
    db.close();
  }
}

beforeAll(async () => {
  mkdirSync(dataDir, { recursive: true });
  port = freePort();
  const out = await new Deno.Command(DENO, {
    args: [
      "run",
      "-A",
      "tenants/cli.ts",
      "create",
      "impcrash",
      "--name",
      "Import Crash",
      "--admin",
      "ic-admin",
    ]
      .concat(["--email", "admin@impcrash.example", "--password", PASSWORD]),
    env: env(),
    stdout: "piped",
    stderr: "piped",
  }).output();
  expect(new TextDecoder().decode(out.stderr)).toBe("");
  await startProcess();
  const auth = await fetch(`http://127.0.0.1:${port}/api/Auth`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username: "ic-admin", password: PASSWORD }),
  });
  expect(auth.status).toBe(200);
  token = (await auth.json()).token;
  expect((await api("POST", "/Product", { index: "KEPT-1", name: "As it was" })).status).toBe(201);
}, 120_000);

afterAll(async () => {
  await killProcess();
  rmSync(dataDir, { recursive: true, force: true });
});

describe("an import whose process ends midway", () => {
  it(
    "is taken back when the restarted server opens the tenant, and its job says it was interrupted",
    async () => {
      const before = query("SELECT id, name, version, updated_at FROM products");
      const history = query("SELECT count(*) AS n FROM record_log")[0].n;
      // The first row updates a stored product, the others add.
      const rows = [
        "KEPT-1,Changed by the import",
        ...Array.from({ length: ROWS - 1 }, (_, i) => `CUT-${i},Cut ${i}`),
      ];
      const form = new FormData();
      form.append("file", new File([["index,name", ...rows].join("\n")], "products.csv"));
      form.append("recordType", "Product");
      form.append("mode", "update");
      const r = await fetch(`http://127.0.0.1:${port}/api/Import`, {
        method: "POST",
        headers: { authorization: `Bearer ${token}` },
        body: form,
      });
      expect(r.status).toBe(202);
      const { jobId } = await r.json();
      // Killed once some slices are in the file and before the last.
      await until(async () => {
        const j = (await api("GET", `/Import/${jobId}`)).body;
        expect(j.status).toBe("running");
        return j.phase === "importing" && j.processed >= 500;
      });
      await killProcess();
      const written = Number(
        query("SELECT count(*) AS n FROM products WHERE product_index LIKE 'CUT-%'")[0].n,
      );
      expect(written).toBeGreaterThan(0);
      expect(written).toBeLessThan(ROWS - 1);
      expect(query("SELECT name FROM products WHERE product_index = 'KEPT-1'")).toEqual([{
        name: "Changed by the import",
      }]);

      await startProcess();
      // The first call for the tenant opens its file: the run is held again and taken back.
      await until(async () => (await api("GET", `/Import/${jobId}`)).body.status === "failed");
      const job = (await api("GET", `/Import/${jobId}`)).body;
      expect(job).toMatchObject({ status: "failed", error: { code: "import.interrupted" } });
      expect(job.error.message).toMatch(/interrupted/);
      expect(query("SELECT id, name, version, updated_at FROM products")).toEqual(before);
      expect(query("SELECT count(*) AS n FROM record_log")[0].n).toBe(history);
      expect(query("SELECT rowid FROM products_search WHERE rowid NOT IN (SELECT id FROM products)")).toEqual(
        [],
      );
      expect(query("SELECT state FROM import_runs")).toEqual([{ state: "interrupted" }]);
      expect(query("SELECT count(*) AS n FROM import_writes")).toEqual([{ n: 0 }]);
      // Nothing is held any more: the restored product is the tenant's to change again.
      const [kept] = query("SELECT id, version FROM products WHERE product_index = 'KEPT-1'");
      const edit = await api("PUT", "/Product", {
        id: kept.id,
        version: kept.version,
        index: "KEPT-1",
        name: "Now",
      });
      expect(edit.status, JSON.stringify(edit.body)).toBe(200);
    },
    120_000,
  );

  it(
    "cut short while its rows are checked, its job answers failed with import.interrupted after the restart",
    async () => {
      const before = query("SELECT count(*) AS n FROM products")[0].n;
      const rows = Array.from({ length: 40_000 }, (_, i) => `CHK-${i},Checked ${i}`);
      const { jobId } = await startImport(rows);
      let seen: { phase?: string; status?: string } = {};
      await until(async () => {
        seen = (await api("GET", `/Import/${jobId}`)).body;
        return seen.status === "running";
      });
      await killProcess();
      // The process ended before any row was written: nothing of the file is in it.
      expect(seen.phase).toBe("checking");
      expect(query("SELECT count(*) AS n FROM products")[0].n).toBe(before);
      expect(query(`SELECT count(*) AS n FROM import_runs WHERE id = '${jobId}'`)).toEqual([{ n: 0 }]);
      await startProcess();
      await until(async () => (await api("GET", `/Import/${jobId}`)).body.status === "failed");
      const job = (await api("GET", `/Import/${jobId}`)).body;
      expect(job).toMatchObject({ kind: "import", status: "failed", error: { code: "import.interrupted" } });
      expect(job.error.message).toMatch(/interrupted/);
    },
    120_000,
  );

  it("finished before a restart, its job still answers its result after it", async () => {
    const rows = Array.from({ length: 2_500 }, (_, i) => `DONE-${i},Done ${i}`);
    const { jobId } = await startImport(rows);
    await until(async () => (await api("GET", `/Import/${jobId}`)).body.status !== "running");
    const done = (await api("GET", `/Import/${jobId}`)).body;
    expect(done).toMatchObject({ status: "done", added: 2_500, imported: 2_500 });
    await killProcess();
    await startProcess();
    const after = await api("GET", `/Import/${jobId}`);
    expect(after.status).toBe(200);
    expect(after.body).toEqual(done);
  }, 120_000);
});

/** Starts a product import of `rows` ("index,name" lines) as a job. */
async function startImport(rows: string[]): Promise<{ jobId: string }> {
  const form = new FormData();
  form.append("file", new File([["index,name", ...rows].join("\n")], "products.csv"));
  form.append("recordType", "Product");
  const r = await fetch(`http://127.0.0.1:${port}/api/Import`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  expect(r.status).toBe(202);
  return await r.json();
}
