// The warehouse map at size (issue 17): a hall whose plan holds 2,000 racks (bench/confirm.ts's 2,000
// locations, moved under one hall and placed on a grid), 1,000,000 stock lines on them, and
//  1. the occupancy overlay over loopback HTTP (GET StorageSpace/{hall}/occupancy: every rack's load
//     against its capacity, from the maintained per-location weights), beside the raw driver running the
//     same two reads;
//  2. what the same figures cost read from the stock lines instead (the scan the summary saves).
import { call } from "../tests/fixtures/harness.ts";
import { filledTenant } from "./confirm.ts";
import {
  analyse,
  begin,
  type BenchResult,
  type Distribution,
  distribution,
  p50p99,
  progress,
  startBenchServer,
  timeEach,
  versus,
  writeResult,
} from "./lib.ts";

export const NAME = "maps";

const PARAMS = {
  lines: 1_000_000,
  racks: 2_000,
  answers: 100,
  warmup: 5,
  scans: 5,
  seed: 37,
  /** Bound: the overlay's p99 (ms). */
  overlayP99BoundMs: 250,
};

type Results = {
  fillSeconds: number;
  places: number;
  overlay: { api: Distribution; raw: Distribution; ratioP50: number; ratioP99: number };
  fromLines: Distribution;
};

export async function run(): Promise<BenchResult> {
  const started = begin();
  const server = await startBenchServer(NAME, { passwordHashCost: 1024 });
  try {
    const { token, raw, fillSeconds } = await filledTenant(server, NAME, PARAMS.seed);
    progress(NAME, "a hall over the 2,000 locations, each placed and given a capacity");
    const now = new Date().toISOString();
    raw.exec(
      `INSERT INTO storage_spaces (label, barcode, path, created_at, updated_at) VALUES ('HALL', 'HALL', 'HALL', '${now}', '${now}')`,
    );
    const hall = Number(
      (raw.prepare("SELECT id FROM storage_spaces WHERE label = 'HALL'").get() as { id: number }).id,
    );
    // 50 columns of 40 racks, 2 m by 1 m each with 1 m aisles, in cm.
    raw.exec(
      `UPDATE storage_spaces SET parent_id = ${hall}, path = 'HALL/' || label, capacity_kg = 20000,
         coordinate_x = ((id - 1) % 50) * 300, coordinate_y = ((id - 1) / 50) * 200,
         dimension_x = 200, dimension_y = 100 WHERE id <> ${hall}`,
    );
    analyse(raw);
    const plan =
      `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 15000 8000"><rect x="0" y="0" width="15000" height="8000" fill="#eee"/></svg>`;
    const put = await call(server, "POST", `/api/StorageSpace/${hall}/schema`, {
      token,
      body: { fileName: "hall.svg", content: plan },
    });
    if (put.status !== 201) throw new Error(`map: ${put.status} ${JSON.stringify(put.body)}`);

    let places = 0;
    const ask = async () => {
      const r = await fetch(`${server.baseUrl}/api/StorageSpace/${hall}/occupancy`, {
        headers: { authorization: `Bearer ${token}` },
      });
      const body = await r.json();
      if (r.status !== 200) throw new Error(`${r.status} ${JSON.stringify(body)}`);
      places = body.places.length;
    };
    for (let i = 0; i < PARAMS.warmup; i++) await ask();
    progress(NAME, "the overlay over HTTP");
    const api = await timeEach(PARAMS.answers, ask);
    const sums = raw.prepare(`
      WITH RECURSIVE sub(id, top) AS (
        SELECT id, id FROM storage_spaces WHERE parent_id = ?
        UNION ALL
        SELECT s.id, sub.top FROM storage_spaces s JOIN sub ON s.parent_id = sub.id
      )
      SELECT sub.top, sum(l.weight_g), sum(CASE WHEN sub.id <> sub.top THEN s.capacity_kg END)
      FROM sub JOIN storage_spaces s ON s.id = sub.id
      LEFT JOIN stock_location_loads l ON l.location_id = sub.id GROUP BY sub.top`);
    const children = raw.prepare("SELECT * FROM storage_spaces WHERE parent_id = ? ORDER BY label");
    const rawTimes = await timeEach(PARAMS.answers, () => {
      sums.all(hall);
      children.all(hall);
    });
    progress(NAME, "the same weights from the stock lines");
    const scan = raw.prepare(
      "SELECT l.location_id, sum(l.quantity * coalesce(p.weight, 0)) FROM stock_lines l " +
        "JOIN products p ON p.id = l.product_id GROUP BY l.location_id",
    );
    const fromLines = await timeEach(PARAMS.scans, () => scan.all());
    raw.close();
    const results: Results = {
      fillSeconds,
      places,
      overlay: { ...versus(api, rawTimes) },
      fromLines: distribution(fromLines),
    };
    return writeResult(
      NAME,
      started,
      PARAMS,
      results,
      places === PARAMS.racks && results.overlay.api.p99 <= PARAMS.overlayP99BoundMs,
      [
        "One thread serves the HTTP calls and runs this script (WORKERS=0): the figures include the client's own",
        "fetch and JSON parse. The raw side runs the overlay's two reads (the weights and capacities under each",
        "rack, the racks) with prepared statements; fromLines is the scan of the 1,000,000 stock lines the",
        "maintained weights (stock_location_loads) spare every overlay.",
      ],
    );
  } finally {
    await server.close();
  }
}

const d = p50p99;

export function summarize(r: BenchResult): string[] {
  const x = r.results as Results;
  return [
    `${PARAMS.lines.toLocaleString("en")} stock lines on ${
      x.places.toLocaleString("en")
    } racks of one hall (filled in ${x.fillSeconds} s):`,
    `  occupancy overlay ${d(x.overlay.api)}  raw ${
      d(x.overlay.raw)
    }  ratio p50 ${x.overlay.ratioP50}, p99 ${x.overlay.ratioP99}`,
    `  the same weights from the stock lines ${d(x.fromLines)}`,
  ];
}

if (import.meta.main) {
  const r = await run();
  if (!Deno.env.get("BENCH_CHILD")) { for (const l of summarize(r)) console.log(l); }
  Deno.exit(0);
}
