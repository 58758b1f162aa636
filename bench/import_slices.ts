// A write beside a long import (issue 32, item 1; decision 0017): the import writes in slices, each its own
// short transaction, so another user's write waits one slice, not the import. An import of 20,000 products
// is started (as tests/integration/import_slices.test.ts does); once it writes, another user of the tenant
// adds a product, one after another, while it runs. Bound: every such write answered within 5 s (the test
// proves by states that it lands while the import runs; its time is held here).
import { addStaffUser, send, worldOn } from "../tests/integration/stock/fixture.ts";
import {
  begin,
  type BenchResult,
  type Distribution,
  distribution,
  p50p99,
  progress,
  startBenchServer,
  writeResult,
} from "./lib.ts";

export const NAME = "import_slices";

const PARAMS = { rows: 20_000, boundMaxMs: 5_000, maxWrites: 50 };

interface Results {
  writes: Distribution;
  /** Writes answered while the import was still running (all of those timed). */
  writesDuringImport: number;
  importSeconds: number;
}

export async function run(): Promise<BenchResult> {
  const started = begin();
  const server = await startBenchServer(NAME, { passwordHashCost: 1024 });
  try {
    const w = await worldOn(server, "bench-slices");
    const other = await addStaffUser(w, "bench-slices-clerk", { isPowerUser: true, logisticsEnabled: true });
    const rows = [
      "index,name,weight",
      ...Array.from({ length: PARAMS.rows }, (_, i) => `LONG-${i},Product ${i},${(i % 50) / 10}`),
    ].join("\n");
    progress(NAME, `an import of ${PARAMS.rows} products, a write beside it one after another`);
    const t0 = performance.now();
    const r = await send(w, "/Import", rows, { recordType: "Product" });
    if (r.status !== 202) {
      throw new Error(`the import answered ${r.status}: ${JSON.stringify(r.body).slice(0, 300)}`);
    }
    const id = r.body.jobId as string;
    const job = async () => (await w.api("GET", `/Import/${id}`)).body;
    // Until the import writes, past its first slice.
    for (;;) {
      const j = await job();
      if (j.status !== "running" && j.status !== undefined) {
        throw new Error(`the job ended: ${JSON.stringify(j)}`);
      }
      if (j.phase === "importing" && j.processed > 0) break;
      await new Promise((res) => setTimeout(res, 50));
    }
    const samples: number[] = [];
    for (let i = 0; i < PARAMS.maxWrites; i++) {
      const w0 = performance.now();
      const add = await w.api("POST", "/Product", { index: `CLERK-${i}`, name: "Added meanwhile" }, other);
      const ms = performance.now() - w0;
      if (add.status !== 201) throw new Error(`a write answered ${add.status}`);
      const j = await job();
      if (!(j.status === "running" && j.processed < j.total)) break; // the import ended: no longer "beside" it
      samples.push(ms);
    }
    for (;;) {
      const j = await job();
      if (j.status !== "running") break;
      await new Promise((res) => setTimeout(res, 100));
    }
    const writes = distribution(samples);
    const results: Results = {
      writes,
      writesDuringImport: samples.length,
      importSeconds: Math.round((performance.now() - t0) / 100) / 10,
    };
    return writeResult(NAME, started, PARAMS, results, samples.length > 0 && writes.max < PARAMS.boundMaxMs, [
      "writes: milliseconds per POST /api/Product by another user of the tenant, over HTTP on 127.0.0.1, " +
      "one after another while the import ran (a write answered after the import had ended is not counted).",
      "Bound: the slowest within boundMaxMs; at least one write must have been answered during the import.",
    ]);
  } finally {
    await server.close();
  }
}

export function summarize(r: BenchResult): string[] {
  const x = r.results as Results;
  return [
    `writes beside an import of 20,000 rows: ${p50p99(x.writes)}, max ${x.writes.max.toFixed(0)} ms`,
    `the import took ${x.importSeconds} s`,
  ];
}

if (import.meta.main) {
  const r = await run();
  if (!Deno.env.get("BENCH_CHILD")) { for (const line of summarize(r)) console.log(line); }
}
