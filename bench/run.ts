// `deno task bench [name...]`: runs each benchmark in its own process (so that one's memory and file
// descriptors do not colour another's), each bounded in time, and prints a summary. Every benchmark
// writes bench/results/<name>.json; work data under bench/.data/ is removed at the end. Exits non-zero
// when a benchmark fails, overruns its time or exceeds a bound it checks (see bench/README.md).
import { fileURLToPath } from "node:url";
import { type BenchResult, DATA_ROOT, DENO, loadAvgNow, readResult, removeDir } from "./lib.ts";
import * as lookup from "./lookup.ts";
import * as auth from "./auth.ts";
import * as tenantOpen from "./tenant_open.ts";
import * as memory from "./memory.ts";
import * as generator from "./generator.ts";
import * as lists from "./lists.ts";
import * as inventory from "./inventory.ts";
import * as confirm from "./confirm.ts";
import * as transfer from "./transfer.ts";
import * as shards from "./shards.ts";
import * as orders from "./orders.ts";
import * as terminal from "./terminal.ts";
import * as widgets from "./widgets.ts";
import * as calendar from "./calendar.ts";
import * as maps from "./maps.ts";
import * as exportsBench from "./exports.ts";
import * as faces from "./faces.ts";
import * as shopImport from "./shop_import.ts";
import * as ui from "./ui.ts";
import * as replication from "./replication.ts";
import * as parseCosts from "./parse_costs.ts";
import * as pathological from "./pathological.ts";
import * as importSlices from "./import_slices.ts";
import * as windows from "./windows.ts";

interface Bench {
  name: string;
  file: string;
  /** Seconds after which the benchmark is stopped. */
  limit: number;
  summarize(r: BenchResult): string[];
}

const BENCHES: Bench[] = [
  { name: lookup.NAME, file: "lookup.ts", limit: 90, summarize: lookup.summarize },
  { name: auth.NAME, file: "auth.ts", limit: 150, summarize: auth.summarize },
  { name: tenantOpen.NAME, file: "tenant_open.ts", limit: 600, summarize: tenantOpen.summarize },
  { name: memory.NAME, file: "memory.ts", limit: 300, summarize: memory.summarize },
  { name: generator.NAME, file: "generator.ts", limit: 60, summarize: generator.summarize },
  { name: lists.NAME, file: "lists.ts", limit: 480, summarize: lists.summarize },
  { name: inventory.NAME, file: "inventory.ts", limit: 420, summarize: inventory.summarize },
  { name: confirm.NAME, file: "confirm.ts", limit: 420, summarize: confirm.summarize },
  { name: transfer.NAME, file: "transfer.ts", limit: 120, summarize: transfer.summarize },
  { name: shards.NAME, file: "shards.ts", limit: 1500, summarize: shards.summarize },
  { name: orders.NAME, file: "orders.ts", limit: 540, summarize: orders.summarize },
  { name: terminal.NAME, file: "terminal.ts", limit: 480, summarize: terminal.summarize },
  { name: widgets.NAME, file: "widgets.ts", limit: 420, summarize: widgets.summarize },
  { name: calendar.NAME, file: "calendar.ts", limit: 240, summarize: calendar.summarize },
  { name: maps.NAME, file: "maps.ts", limit: 300, summarize: maps.summarize },
  { name: exportsBench.NAME, file: "exports.ts", limit: 900, summarize: exportsBench.summarize },
  { name: faces.NAME, file: "faces.ts", limit: 240, summarize: faces.summarize },
  { name: shopImport.NAME, file: "shop_import.ts", limit: 300, summarize: shopImport.summarize },
  { name: ui.NAME, file: "ui.ts", limit: 540, summarize: ui.summarize },
  { name: replication.NAME, file: "replication.ts", limit: 540, summarize: replication.summarize },
  { name: parseCosts.NAME, file: "parse_costs.ts", limit: 120, summarize: parseCosts.summarize },
  { name: pathological.NAME, file: "pathological.ts", limit: 300, summarize: pathological.summarize },
  { name: importSlices.NAME, file: "import_slices.ts", limit: 180, summarize: importSlices.summarize },
  { name: windows.NAME, file: "windows.ts", limit: 300, summarize: windows.summarize },
];

/**
 * The whole run stops after 90 minutes, whatever each benchmark's own limit: all of them take about 35
 * minutes on a 2-core machine, and up to about 60 in its slow hours (issue 35 asks for the whole run before
 * and after a change, so none may be skipped for want of time; each one's own limit still stops a benchmark
 * that hangs). The limits leave room for those hours: on 2026-12-02 `shards` passed 900 s (its plateau of
 * a million requests alone took over 500 s) and `tenant_open`'s measuring process its 220 s.
 */
const TOTAL_LIMIT_SECONDS = 5400;

const unknown = Deno.args.filter((a) => !BENCHES.some((b) => b.name === a));
if (unknown.length > 0) {
  console.error(`Unknown benchmark ${unknown.join(", ")}; known: ${BENCHES.map((b) => b.name).join(", ")}`);
  Deno.exit(2);
}
const selected = Deno.args.length > 0 ? BENCHES.filter((b) => Deno.args.includes(b.name)) : BENCHES;

const runStart = performance.now();
const runDate = new Date();
let failed = 0;
let current: Deno.ChildProcess | undefined;

/**
 * Signals a benchmark's whole process group: it runs in a group of its own (`detached`), with the servers and
 * helper processes it starts. Killing the benchmark alone left them running: on 2026-12-02 a `shards` server
 * stopped with its benchmark went on at 60 % of a core through the `orders` and `terminal` runs after it.
 */
function signalGroup(child: Deno.ChildProcess, signal: Deno.Signal): void {
  try {
    Deno.kill(-child.pid, signal);
  } catch {
    try {
      child.kill(signal);
    } catch { /* already gone */ }
  }
}

const onInterrupt = () => {
  if (current) signalGroup(current, "SIGTERM");
  removeDir(DATA_ROOT);
  Deno.exit(130);
};
Deno.addSignalListener("SIGINT", onInterrupt);

console.log(
  `WMS benchmarks — ${runDate.toISOString()}, ${navigator.hardwareConcurrency} cores, ` +
    `load average ${loadAvgNow()}`,
);
try {
  for (const bench of selected) {
    const elapsed = (performance.now() - runStart) / 1000;
    const limit = Math.min(bench.limit, TOTAL_LIMIT_SECONDS - elapsed);
    if (limit < 10) {
      console.log(`\n== ${bench.name}: skipped, the run's time is spent`);
      failed++;
      continue;
    }
    console.log(`\n== ${bench.name} (stopped after ${Math.round(limit)} s)`);
    const t0 = performance.now();
    const child = new Deno.Command(DENO, {
      args: ["run", "-A", "--v8-flags=--expose-gc", fileURLToPath(new URL(bench.file, import.meta.url))],
      env: { BENCH_CHILD: "1" },
      stdout: "inherit",
      stderr: "inherit",
      detached: true,
    }).spawn();
    current = child;
    const timer = setTimeout(() => {
      console.error(`  ${bench.name} overran ${Math.round(limit)} s: stopping it`);
      signalGroup(child, "SIGKILL");
    }, limit * 1000);
    const status = await child.status;
    clearTimeout(timer);
    // Whatever it started and left behind goes with it (none when it stopped its own servers).
    signalGroup(child, "SIGKILL");
    current = undefined;
    const seconds = ((performance.now() - t0) / 1000).toFixed(1);
    const result = readResult(bench.name);
    const fresh = result !== undefined && new Date(result.date) >= runDate;
    if (fresh) { for (const line of bench.summarize(result)) console.log(`  ${line}`); }
    if (!status.success || !fresh || !result.ok) {
      failed++;
      const why = !fresh ? "no result written" : !result.ok ? "a checked bound was exceeded" : "it failed";
      console.log(`  FAILED (exit ${status.code}${status.signal ? `, ${status.signal}` : ""}): ${why}`);
    }
    console.log(`  ${seconds} s → bench/results/${bench.name}.json`);
  }
} finally {
  removeDir(DATA_ROOT);
  Deno.removeSignalListener("SIGINT", onInterrupt);
}

const total = ((performance.now() - runStart) / 1000).toFixed(0);
console.log(`\n${selected.length - failed}/${selected.length} benchmarks ok in ${total} s`);
if (failed > 0) Deno.exit(1);
