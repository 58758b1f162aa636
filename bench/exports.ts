// Export and import at size (issue 18):
//  1. the detailed inventory of 1,000,000 stock lines exported over loopback HTTP as CSV and as XLSX
//     (GET WmsInventory/inventory/export): time, rows a second, bytes, and the process's peak resident memory
//     above where it started (the file streams: it must not grow with the rows); beside it the raw driver
//     walking the same lines and writing the same CSV with papaparse, in this process;
//  2. an import of 50,000 product rows (POST Import: a job, its progress read until done): rows a second and
//     peak memory, beside the raw driver inserting the same rows in one transaction;
// and, through both, another tenant's list page asked every 100 ms from a client on a thread of its own: its
// p50 and p99 while the heavy work runs on the server's one thread (WORKERS=0), which is what slicing it (and
// the XLSX writer's thread of its own) is for. Through the import, the importing tenant's own writes too (a
// tag added every 100 ms): each waits for one slice of it, not for all of it (decision 0017).
import Papa from "papaparse";
import { createTenant, signIn } from "../tests/fixtures/harness.ts";
import { filePathOf } from "../server/db/local.ts";
import { filledTenant } from "./confirm.ts";
import {
  begin,
  type BenchResult,
  besideClients,
  collectGarbage,
  type Distribution,
  distribution,
  memorySample,
  p50p99,
  progress,
  rawCopy,
  readerThread,
  startBenchServer,
  writeResult,
} from "./lib.ts";

export const NAME = "exports";

const PARAMS = {
  lines: 1_000_000,
  importRows: 50_000,
  pingEveryMs: 100,
  memoryEveryMs: 50,
  seed: 41,
  /** Bound: the export's peak resident memory above its start (MB): it streams. */
  exportPeakBoundMb: 600,
  /** Bound (issue 35): the import within this many times the raw insert. */
  importRatioBound: 2,
  /** Bounds (issue 35): the CSV within this many times the raw driver's, the XLSX in seconds, each export's peak. */
  csvRatioBound: 2,
  xlsxSecondsBound: 15,
  streamPeakBoundMb: 64,
};

interface Run {
  seconds: number;
  rows: number;
  rowsPerSecond: number;
  bytes?: number;
  peakRssAboveStartMb: number;
  /**
   * The peak split (Linux): the process's own memory (RssAnon) and the pages of the tenant files it maps
   * (RssFile: the OS's file cache, shared and given back under pressure), each above its start.
   */
  peakOwnAboveStartMb?: number;
  peakFileAboveStartMb?: number;
  otherTenant: Distribution;
}

type Results = {
  fillSeconds: number;
  csv: Run;
  xlsx: Run;
  rawCsv: { seconds: number; rowsPerSecond: number; bytes: number };
  csvRatioToRaw: number;
  import: Run & { sameTenantWrites: Distribution };
  rawInsert: { seconds: number; rowsPerSecond: number };
  importRatioToRaw: number;
};

/**
 * Runs `work` while sampling the resident memory and timing another tenant's list page from a thread of its
 * own (readerThread: on this one its own client code would wait for the server's slices too), and, with
 * `writer`, a write of the working tenant: a tag added every 100 ms (one answered other than 201 fails the
 * bench).
 */
async function measured<T>(base: string, otherToken: string, work: () => Promise<T>, writer?: string) {
  const clients = [readerThread(base, otherToken, ["/api/Tags?PageSize=10"], PARAMS.pingEveryMs)];
  if (writer) {
    clients.push(readerThread(base, writer, ["/api/Tags"], PARAMS.pingEveryMs, {
      method: "POST",
      body: JSON.stringify({ name: `W${Date.now().toString(36)}-{n}` }),
      status: 201,
    }));
  }
  // The clients' threads up before the memory's start is taken: their own isolates are not the work's.
  await Promise.all(clients.map((c) => c.ready));
  collectGarbage();
  const first = memorySample();
  const start = first.rssMb;
  let peak = start;
  let peakOwn = first.rssAnonMb ?? NaN;
  let peakFile = first.rssFileMb ?? NaN;
  const sampler = setInterval(() => {
    const m = memorySample();
    peak = Math.max(peak, m.rssMb);
    peakOwn = Math.max(peakOwn, m.rssAnonMb ?? NaN);
    peakFile = Math.max(peakFile, m.rssFileMb ?? NaN);
  }, PARAMS.memoryEveryMs);
  const t0 = performance.now();
  try {
    const { result, times: [pings, writes = []] } = await besideClients(clients, work);
    return {
      result,
      seconds: (performance.now() - t0) / 1000,
      peak: peak - start,
      peakOwn: peakOwn - (first.rssAnonMb ?? NaN),
      peakFile: peakFile - (first.rssFileMb ?? NaN),
      pings,
      writes,
    };
  } finally {
    clearInterval(sampler);
  }
}

const round = (x: number, digits = 1) => Math.round(x * 10 ** digits) / 10 ** digits;

export async function run(): Promise<BenchResult> {
  const started = begin();
  const server = await startBenchServer(NAME, { passwordHashCost: 1024 });
  try {
    const { tenant, token, raw, fillSeconds } = await filledTenant(server, NAME, PARAMS.seed);
    const other = await createTenant(server, `bench-${NAME}-other`);
    const otherToken = (await signIn(server, `bench-${NAME}-other-admin`)).token;
    void other;

    const exportRun = async (format: "csv" | "xlsx"): Promise<Run> => {
      progress(NAME, `exporting ${PARAMS.lines.toLocaleString("en")} stock lines as ${format}`);
      const m = await measured(server.baseUrl, otherToken, async () => {
        const r = await fetch(`${server.baseUrl}/api/WmsInventory/inventory/export?format=${format}`, {
          headers: { authorization: `Bearer ${token}` },
        });
        if (r.status !== 200) throw new Error(`${format}: ${r.status} ${await r.text()}`);
        let bytes = 0;
        for await (const chunk of r.body!) bytes += chunk.byteLength;
        return { bytes, rows: Number(r.headers.get("x-total-count")) };
      });
      return {
        seconds: round(m.seconds),
        rows: m.result.rows,
        rowsPerSecond: Math.round(m.result.rows / m.seconds),
        bytes: m.result.bytes,
        peakRssAboveStartMb: round(m.peak),
        ...(Number.isFinite(m.peakOwn)
          ? { peakOwnAboveStartMb: round(m.peakOwn), peakFileAboveStartMb: round(m.peakFile) }
          : {}),
        otherTenant: distribution(m.pings),
      };
    };
    const csv = await exportRun("csv");
    const xlsx = await exportRun("xlsx");

    progress(NAME, "the raw driver writing the same CSV");
    const t0 = performance.now();
    const lines = raw.prepare(
      `SELECT p.product_index, p.name, s.label, c.number, l.expiry_date, l.production_date, l.serial_number,
              l.quantity / 1000.0 AS quantity, p.unit, l.quantity / 1000.0 * p.cash_value AS value,
              l.quantity / 1000.0 * p.weight AS weight
       FROM stock_lines l JOIN products p ON p.id = l.product_id JOIN storage_spaces s ON s.id = l.location_id
       LEFT JOIN containers c ON c.id = l.container_id ORDER BY l.id`,
    );
    lines.setReturnArrays(true);
    let rawBytes = 0;
    let chunk: unknown[][] = [];
    const encoder = new TextEncoder();
    for (const row of lines.iterate() as Iterable<unknown[]>) {
      chunk.push(row);
      if (chunk.length === 1000) {
        rawBytes += encoder.encode(Papa.unparse(chunk, { newline: "\r\n" })).byteLength;
        chunk = [];
      }
    }
    if (chunk.length) rawBytes += encoder.encode(Papa.unparse(chunk, { newline: "\r\n" })).byteLength;
    const rawSeconds = (performance.now() - t0) / 1000;

    // The import: 50,000 new products as a file, the job followed to its end.
    const file = [
      "index,name,weight,unit",
      ...Array.from(
        { length: PARAMS.importRows },
        (_, i) => `IMP-${i},Imported product ${i},${(i % 97) / 10},pcs`,
      ),
    ].join("\n");
    const beforeImport = rawCopy(raw, filePathOf(tenant.dbUrl));
    progress(NAME, `importing ${PARAMS.importRows.toLocaleString("en")} product rows`);
    const imported = await measured(server.baseUrl, otherToken, async () => {
      const form = new FormData();
      form.append("file", new File([file], "products.csv"));
      form.append("recordType", "Product");
      const r = await fetch(`${server.baseUrl}/api/Import`, {
        method: "POST",
        headers: { authorization: `Bearer ${token}` },
        body: form,
      });
      const { jobId } = await r.json();
      if (r.status !== 202) throw new Error(`import: ${r.status}`);
      for (;;) {
        await new Promise((resolve) => setTimeout(resolve, 200));
        const job = await (await fetch(`${server.baseUrl}/api/Import/${jobId}`, {
          headers: { authorization: `Bearer ${token}` },
        })).json();
        if (job.status === "done") return job.imported as number;
        if (job.status !== "running") throw new Error(`import: ${JSON.stringify(job).slice(0, 300)}`);
      }
    }, token);

    progress(NAME, "the raw driver inserting the same rows");
    // Into a copy of the tenant's file as the import met it (rawCopy, taken before it): the same products
    // table, its 10,000 products and their search index, that each insert adds to.
    const scratch = beforeImport.db;
    const insert = scratch.prepare(
      "INSERT INTO products (product_index, name, weight, unit, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)",
    );
    const t1 = performance.now();
    scratch.exec("BEGIN IMMEDIATE");
    const now = new Date().toISOString();
    for (let i = 0; i < PARAMS.importRows; i++) {
      insert.run(`IMP-${i}`, `Imported product ${i}`, (i % 97) / 10, "pcs", now, now);
    }
    scratch.exec("COMMIT");
    const rawInsertSeconds = (performance.now() - t1) / 1000;
    beforeImport.remove();
    raw.close();

    const results: Results = {
      fillSeconds,
      csv,
      xlsx,
      rawCsv: {
        seconds: round(rawSeconds),
        rowsPerSecond: Math.round(PARAMS.lines / rawSeconds),
        bytes: rawBytes,
      },
      csvRatioToRaw: round(csv.seconds / rawSeconds, 2),
      import: {
        seconds: round(imported.seconds),
        rows: imported.result,
        rowsPerSecond: Math.round(imported.result / imported.seconds),
        peakRssAboveStartMb: round(imported.peak),
        otherTenant: distribution(imported.pings),
        sameTenantWrites: distribution(imported.writes),
      },
      rawInsert: {
        seconds: round(rawInsertSeconds, 2),
        rowsPerSecond: Math.round(PARAMS.importRows / rawInsertSeconds),
      },
      importRatioToRaw: round(imported.seconds / rawInsertSeconds, 1),
    };
    return writeResult(
      NAME,
      started,
      PARAMS,
      results,
      csv.rows === PARAMS.lines && xlsx.rows === PARAMS.lines && imported.result === PARAMS.importRows &&
        csv.peakRssAboveStartMb <= PARAMS.exportPeakBoundMb &&
        xlsx.peakRssAboveStartMb <= PARAMS.exportPeakBoundMb &&
        results.importRatioToRaw <= PARAMS.importRatioBound &&
        results.csvRatioToRaw <= PARAMS.csvRatioBound && xlsx.seconds <= PARAMS.xlsxSecondsBound &&
        (csv.peakOwnAboveStartMb ?? csv.peakRssAboveStartMb) <= PARAMS.streamPeakBoundMb &&
        (xlsx.peakOwnAboveStartMb ?? xlsx.peakRssAboveStartMb) <= PARAMS.streamPeakBoundMb,
      [
        "One thread serves the HTTP calls and runs this script (WORKERS=0): the export's reads, the CSV's writing",
        "and the client reading the file share it; the XLSX's workbook is written on a thread of its own",
        "(server/domain/exports/xlsx_worker.ts), and the other tenant's pings and the importing tenant's writes",
        "come from clients on threads of their own (readerThread). On the sharded server an export goes to a",
        "reader thread and an import to the tenant's shard. Memory is the process's resident set, sampled every",
        "50 ms, above its level (after a garbage collection) when the work began. The raw CSV joins the same tables",
        "in SQL and unparses 1,000 rows at a time; the raw insert writes bare product rows, in one transaction,",
        "into a copy of the tenant's file as the import met it (its 10,000 products and their search index, whose",
        "trigger fires for it too; until 2026-12-01 into a new tenant's empty table), without the engine's",
        "checks, record log, import journal or events. The importing tenant's own writes meanwhile are",
        "tags added by its administrator every 100 ms (a failed one, e.g. the lock not acquired in 30 s, fails",
        "the bench). ok is false when a row is missing, an export's peak passes 600 MB, or an aim of issue 35",
        "is not met: the import within 2x the raw insert, the CSV within 2x the raw CSV, the XLSX within 15 s, each",
        "export's own memory (RssAnon) within 64 MB. The tenant file is read through a memory map: its pages count",
        "in the resident set (RssFile) but are the OS's file cache, shared and given back under pressure.",
      ],
    );
  } finally {
    await server.close();
  }
}

const d = p50p99;

export function summarize(r: BenchResult): string[] {
  const x = r.results as Results;
  const line = (name: string, run: Run) =>
    `  ${name} ${run.seconds} s (${run.rowsPerSecond.toLocaleString("en")} rows/s${
      run.bytes ? `, ${Math.round(run.bytes / 1_048_576)} MB` : ""
    }), peak +${run.peakRssAboveStartMb} MB${
      run.peakOwnAboveStartMb === undefined
        ? ""
        : ` (own +${run.peakOwnAboveStartMb}, mapped file pages +${run.peakFileAboveStartMb})`
    }; another tenant meanwhile ${d(run.otherTenant)}`;
  return [
    `${PARAMS.lines.toLocaleString("en")} stock lines (filled in ${x.fillSeconds} s):`,
    line("CSV export", x.csv),
    line("XLSX export", x.xlsx),
    `  raw CSV ${x.rawCsv.seconds} s (${
      x.rawCsv.rowsPerSecond.toLocaleString("en")
    } rows/s); CSV export ${x.csvRatioToRaw}x`,
    line(`import of ${PARAMS.importRows.toLocaleString("en")} products`, x.import),
    `  the importing tenant's own writes meanwhile ${d(x.import.sameTenantWrites)}`,
    `  raw insert ${x.rawInsert.seconds} s; import ${x.importRatioToRaw}x`,
  ];
}

if (import.meta.main) {
  const r = await run();
  if (!Deno.env.get("BENCH_CHILD")) { for (const l of summarize(r)) console.log(l); }
  Deno.exit(0);
}
