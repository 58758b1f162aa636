// The checkpoint rule of decision 0019, seen from outside the server (server/main.ts as a process of its own,
// one shard, a pool of one tenant connection so that each request to the other tenant closes the first's):
// while REPLICA_URL is set only Litestream checkpoints: the pool's timer copies nothing into the database
// and a closing connection does not reset the WAL (no TRUNCATE, no restart: the replica keeps its one
// generation); without REPLICA_URL the timer checkpoints and a closing connection truncates the WAL, as
// before. Read from the files: the WAL-index header in -shm (this process opens no SQLite connection to
// them, so reading -shm here disturbs no lock) and the -wal file's header and size.
import { afterAll, describe, expect, it } from "vitest";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import { freePort, ServerProcess } from "../fixtures/server_process.ts";
import { until } from "../fixtures/harness.ts";
import { walIndex, walSalts } from "../fixtures/wal.ts";

const DENO = "./node_modules/deno/deno";
const HEALTH_TOKEN = "provider-monitoring-token-0123456789";
const PASSWORD = "long-enough-1";
const dirs: string[] = [];
const servers: ServerProcess[] = [];

afterAll(async () => {
  for (const s of servers) await s.kill();
  // A server killed outright leaves its Litestream behind (until it next writes to the dead pipes).
  for (const d of dirs) {
    for (const pid of litestreamsOf(d)) Deno.kill(pid, "SIGTERM");
    await until(() => Promise.resolve(litestreamsOf(d).length === 0), 15_000).catch(() => {});
    rmSync(d, { recursive: true, force: true });
  }
});

/** The Litestream processes running the configuration of `dataDir` (not zombies). */
function litestreamsOf(dataDir: string): number[] {
  return readdirSync("/proc").filter((p) => /^\d+$/.test(p)).flatMap((p) => {
    try {
      const cmd = readFileSync(`/proc/${p}/cmdline`, "utf8");
      const stat = readFileSync(`/proc/${p}/stat`, "utf8");
      return cmd.includes("litestream") && cmd.includes(dataDir) && !/^\d+ \(.*\) Z/.test(stat)
        ? [Number(p)]
        : [];
    } catch {
      return [];
    }
  });
}

/** A server process on a data directory of its own with tenants `a` and `b`, and their admins' tokens. */
async function serverWith(extra: Record<string, string>) {
  const dataDir = resolve(".test-data", `checkpoint-${crypto.randomUUID()}`);
  mkdirSync(dataDir, { recursive: true });
  dirs.push(dataDir);
  const port = freePort();
  const env = {
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: "127.0.0.1",
    PASSWORD_HASH_COST: "1024",
    WORKERS: "1",
    TENANT_POOL_SIZE: "1",
    WAL_CHECKPOINT_SECONDS: "1",
    ...extra,
  };
  for (const slug of ["a", "b"]) {
    const out = await new Deno.Command(DENO, {
      args: [
        "run",
        "-A",
        "tenants/cli.ts",
        "create",
        slug,
        "--name",
        `Tenant ${slug}`,
        "--admin",
        `${slug}-admin`,
      ]
        .concat(["--email", `admin@${slug}.example`, "--password", PASSWORD]),
      env,
      stdout: "piped",
      stderr: "piped",
    }).output();
    expect(out.code, new TextDecoder().decode(out.stderr)).toBe(0);
  }
  const server = new ServerProcess();
  servers.push(server);
  await server.start(env, port);
  const tokens: Record<string, string> = {};
  for (const slug of ["a", "b"]) {
    const r = await fetch(`http://127.0.0.1:${port}/api/Auth`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ username: `${slug}-admin`, password: PASSWORD }),
    });
    expect(r.status).toBe(200);
    tokens[slug] = (await r.json()).token;
  }
  let n = 0;
  return {
    dataDir,
    /** Killed outright (SIGKILL) and started again on the same files. */
    async restart() {
      await server.kill();
      await server.start(env, port);
    },
    db: (slug: string) => join(dataDir, "tenants", `${slug}.db`),
    /** A write to `slug`'s database (a product), through the API: opens its connection, closing the other's. */
    async write(slug: string) {
      const r = await fetch(`http://127.0.0.1:${port}/api/Product`, {
        method: "POST",
        headers: { authorization: `Bearer ${tokens[slug]}`, "content-type": "application/json" },
        body: JSON.stringify({ name: `Product ${++n}`, index: `P-${slug}-${n}` }),
      });
      expect(r.status, await r.text()).toBe(201);
    },
    health: (token: string) =>
      fetch(`http://127.0.0.1:${port}/api/health`, { headers: { authorization: `Bearer ${token}` } }),
    /** The supervisor's state (REPLICA_URL only). */
    state: () => JSON.parse(readFileSync(join(dataDir, "replication", "state.json"), "utf8")),
  };
}

describe("the checkpoint rule", () => {
  it(
    "without REPLICA_URL: the pool's timer checkpoints and a closing connection truncates the WAL",
    async () => {
      const s = await serverWith({});
      await s.write("a");
      await s.write("a");
      expect(walIndex(s.db("a")).mxFrame).toBeGreaterThan(0);
      // The timer (every second) copies the WAL into the database.
      await expect.poll(() => {
        const { mxFrame, nBackfill } = walIndex(s.db("a"));
        return nBackfill > 0 && nBackfill === mxFrame;
      }, { timeout: 15_000 }).toBe(true);
      await s.write("a");
      // A request to b closes a's connection (a pool of one): TRUNCATE empties a's WAL.
      expect(statSync(`${s.db("a")}-wal`).size).toBeGreaterThan(0);
      await s.write("b");
      expect(!existsSync(`${s.db("a")}-wal`) || statSync(`${s.db("a")}-wal`).size === 0).toBe(true);
    },
    60_000,
  );

  it(
    "with REPLICA_URL: the timer copies nothing, a closing connection resets no WAL, one generation",
    async () => {
      const replica = resolve(".test-data", `checkpoint-replica-${crypto.randomUUID()}`);
      dirs.push(replica);
      const s = await serverWith({
        REPLICA_URL: `file://${replica}`,
        REPLICA_SYNC_MS: "100",
        HEALTH_TOKEN: HEALTH_TOKEN,
      });
      const generations = () => readdirSync(join(replica, "tenants", "a", "generations"));
      await s.write("a");
      await s.write("a");
      // (A failure shows the tenant's positions: the local WAL's end against the replica's.)
      const caughtUp = () =>
        expect.poll(() => s.state().databases?.find((d: { tenant: string }) => d.tenant === "a"), {
          timeout: 30_000,
        }).toMatchObject({ behindSince: null, lastSyncAt: expect.any(String) });
      await caughtUp();
      // (When the sign-in to b closed a's connection before Litestream had opened a, that close was the
      // file's last: SQLite copied the whole WAL then. A write now leaves frames to copy in any case.)
      await s.write("a");
      await caughtUp();
      const salts = walSalts(s.db("a"));
      expect(salts).not.toBeNull();
      // Three ticks of the 1 s timer, by the server's own clock (the supervisor's state is rewritten each
      // sample): none copies a page, Litestream's own thresholds (1,000 pages, a minute) being far off.
      const before = walIndex(s.db("a"));
      expect(before.mxFrame).toBeGreaterThan(before.nBackfill);
      const written = Date.parse(s.state().at);
      await expect.poll(() => Date.parse(s.state().at) - written, { timeout: 15_000 }).toBeGreaterThan(3_000);
      expect(walIndex(s.db("a"))).toEqual(before);

      // A request to b closes a's connection: it checkpoints nothing, and its WAL is neither truncated nor
      // started over.
      const size = statSync(`${s.db("a")}-wal`).size;
      await s.write("b");
      expect(statSync(`${s.db("a")}-wal`).size).toBe(size);
      expect(walIndex(s.db("a"))).toEqual(before);
      await s.write("a");
      await caughtUp();
      expect(walSalts(s.db("a"))).toBe(salts);
      expect(generations()).toHaveLength(1);

      // The provider's health, answered by a shard thread, reads the front's supervisor's state. Asked until
      // it says a is caught up: Litestream writes rows of its own into a file (`_litestream_seq` after its
      // checkpoints, decision 0022), and the gate at 68f7b10 asked in the moment one was not yet copied (a
      // behind by 35 ms). (A failure shows the databases as the health answered them.)
      let health: { replication: { databases: Record<string, unknown>[] } } | undefined;
      await expect.poll(async () => {
        health = await (await s.health(HEALTH_TOKEN)).json();
        return health?.replication.databases.find((d) => d.tenant === "a");
      }, { timeout: 30_000 }).toMatchObject({ state: "caught-up", lagSeconds: 0 });
      expect(health!.replication).toMatchObject({ configured: true, live: true, running: true });
      expect(health!.replication.databases, JSON.stringify(health!.replication.databases)).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ tenant: "a", state: "caught-up", lagSeconds: 0 }),
          expect.objectContaining({ tenant: "b", replicated: true }),
        ]),
      );

      // Killed outright, the server leaves its Litestream running; started again, it ends that one before
      // starting its own: never two on the same files.
      const before2 = s.state().pid;
      await s.restart();
      const after = s.state().pid;
      expect(after).not.toBe(before2);
      expect(litestreamsOf(s.dataDir)).toEqual([after]);
    },
    90_000,
  );
});
