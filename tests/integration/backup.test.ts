// Backups while the server serves: a tenant is backed up (on the backup worker, as the schedule does, and by
// the provider's command line) during a stream of confirmations; restored, with the tenant suspended
// meanwhile, it has every document acknowledged before the backup began and stock equal to its ledger.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import {
  assertStockEqualsLedger,
  location,
  product,
  receive,
  startStockWorld,
  type StockWorld,
} from "./stock/fixture.ts";
import { BackupSchedule, pruneBackups, restoreTenant } from "../../server/tenancy/backups.ts";

let w: StockWorld;
let at: number;
let goods: number;

beforeAll(async () => {
  w = await startStockWorld("backed", { tenantCacheSeconds: 1, backupKeep: 2 });
  at = await location(w, "B-01");
  goods = await product(w, "BACKED-UP");
});
afterAll(() => w.s.close());

async function cli(...args: string[]) {
  const out = await new Deno.Command("./node_modules/deno/deno", {
    args: ["run", "-A", "tenants/cli.ts", ...args],
    env: { DATA_DIR: w.s.dataDir, TENANT_CACHE_SECONDS: "1" },
    stdout: "piped",
    stderr: "piped",
  }).output();
  const dec = new TextDecoder();
  return { code: out.code, stdout: dec.decode(out.stdout), stderr: dec.decode(out.stderr) };
}

describe("backups", () => {
  it("taken during confirmations restore every acknowledged document, with stock equal to its ledger", async () => {
    const acknowledged: number[] = [];
    let stop = false;
    const stream = (async () => {
      while (!stop) acknowledged.push(await receive(w, goods, at, 1));
    })();
    while (acknowledged.length < 5) await new Promise((r) => setTimeout(r, 20));
    const before = [...acknowledged];
    const schedule = new BackupSchedule(w.s.platform);
    const [file] = await schedule.runOnce();
    schedule.stop();
    const countAtBackupEnd = acknowledged.length;
    while (acknowledged.length < countAtBackupEnd + 5) await new Promise((r) => setTimeout(r, 20));
    stop = true;
    await stream;
    expect(existsSync(file)).toBe(true);
    expect(Deno.statSync(file).mode! & 0o077).toBe(0);

    const restored = await restoreTenant(w.s.platform, "backed", file);
    expect(restored.status).toBe("active");
    const docs = await w.api("GET", "/WmsDocument?PageSize=1000");
    expect(docs.status).toBe(200);
    const present = new Map(
      docs.body.results.map((d: { id: number; statusCode: string }) => [d.id, d.statusCode]),
    );
    for (const id of before) expect(present.get(id), `document ${id}`).toBe("confirmed");
    // What came after the backup is gone; what stands is consistent.
    expect(present.has(acknowledged[acknowledged.length - 1])).toBe(false);
    await assertStockEqualsLedger(w);
    const [line] = await w.query("SELECT sum(quantity) AS q FROM stock_lines");
    // A document caught between its creation and its confirmation is a working copy, which moved nothing.
    const confirmed = [...present.values()].filter((status) => status === "confirmed").length;
    expect(Number(line.q)).toBe(confirmed * 1000);
    // And it keeps working.
    expect(await receive(w, goods, at, 1)).toBeGreaterThan(0);
  });

  it("by the command line, for every tenant, while the server runs; restore suspends meanwhile", async () => {
    const dir = join(w.s.dataDir, "cli-backups");
    const made = await cli("backup", "--all", "--dir", dir);
    expect([made.code, made.stderr]).toEqual([0, ""]);
    expect(made.stdout).toMatch(/^backed: .*backed-\d{8}T\d{6}Z\.db \(\d+ KiB, \d+ ms\)$/m);
    const file = join(dir, "backed", readdirSync(join(dir, "backed"))[0]);
    await receive(w, goods, at, 3);
    const restore = await cli("restore", "backed", file);
    expect([restore.code, restore.stderr]).toEqual([0, ""]);
    expect(restore.stdout).toContain("backed suspended; waiting 1 s");
    expect(restore.stdout).toContain("tenant backed is active");
    await new Promise((r) => setTimeout(r, 1100)); // this server's cache of the tenant row
    await assertStockEqualsLedger(w);
    const refused = await cli("restore", "backed", join(w.s.dataDir, "control.db"));
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toContain("is not a tenant database of this server");
    // Refused before anything changed: the tenant is still active and whole.
    expect((await w.s.platform.registry.bySlug("backed"))!.status).toBe("active");
    await assertStockEqualsLedger(w);
  });

  it("keeps the newest BACKUP_KEEP of a tenant", async () => {
    const schedule = new BackupSchedule(w.s.platform);
    for (let i = 0; i < 3; i++) {
      await schedule.runOnce();
      await new Promise((r) => setTimeout(r, 1100)); // names have a second's precision
    }
    schedule.stop();
    const files = readdirSync(join(w.s.platform.config.backupDir, "backed"));
    expect(files).toHaveLength(2);
    expect(pruneBackups(w.s.platform.config.backupDir, "backed", 1)).toHaveLength(1);
  });
});
